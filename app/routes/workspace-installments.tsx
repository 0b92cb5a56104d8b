import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import { InstallmentCalculator } from "~/components/calculators/installment-calculator";
import { PlannedIntro } from "~/components/calculators/planned-intro";
import { detectLanguage } from "~/lib/i18n";
import { serverI18n } from "~/lib/i18n.server";
import { workspacePageTitle } from "~/lib/workspace-meta";
import type { loader as layoutLoader } from "./workspace-layout";
import type { Route } from "./+types/workspace-installments";

export const handle = { i18n: ["calculators", "workspaces"] };

/** Membership is the layout's check; the calculator needs nothing more from the server. */
export function loader({ request }: Route.LoaderArgs) {
  return { pageTitle: serverI18n(detectLanguage(request)).t("workspaces:areas.installment-plans") };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => workspacePageTitle(loaderData?.pageTitle, matches);

/** Installment plans: saving them is still to come; the calculator works today. */
export default function WorkspaceInstallments() {
  const { t } = useTranslation("calculators");
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/workspace-layout");
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <PlannedIntro
        title={t("installments.title")}
        subtitle={t("installments.subtitle")}
        note={t("installments.comingSoon")}
      />
      <h2 className="text-lg font-semibold text-foreground">{t("installments.calculator")}</h2>
      <InstallmentCalculator currency={layout?.workspace.currency ?? "BRL"} />
    </div>
  );
}
