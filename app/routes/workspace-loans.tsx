import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import { LoanCalculator } from "~/components/calculators/loan-calculator";
import { PlannedIntro } from "~/components/calculators/planned-intro";
import { detectLanguage } from "~/lib/i18n";
import { serverI18n } from "~/lib/i18n.server";
import { workspacePageTitle } from "~/lib/workspace-meta";
import { todayIn } from "../../worker/ledger/dates";
import type { loader as layoutLoader } from "./workspace-layout";
import type { Route } from "./+types/workspace-loans";

export const handle = { i18n: ["calculators", "workspaces"] };

/** Membership is the layout's check; the calculator needs only the workspace's today, for the first payment. */
export function loader({ request }: Route.LoaderArgs) {
  return { pageTitle: serverI18n(detectLanguage(request)).t("workspaces:areas.loans"), now: new Date().toISOString() };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => workspacePageTitle(loaderData?.pageTitle, matches);

/** Loans: saving them is still to come; the calculator and its amortization table work today. */
export default function WorkspaceLoans({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("calculators");
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/workspace-layout");
  const timeZone = layout?.workspace.time_zone ?? "UTC";
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <PlannedIntro title={t("loans.title")} subtitle={t("loans.subtitle")} note={t("loans.comingSoon")} />
      <h2 className="text-lg font-semibold text-foreground">{t("loans.calculator")}</h2>
      <LoanCalculator
        currency={layout?.workspace.currency ?? "BRL"}
        today={todayIn(timeZone, new Date(loaderData.now))}
      />
    </div>
  );
}
