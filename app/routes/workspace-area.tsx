import { useTranslation } from "react-i18next";
import { data, Link, useLoaderData, useRouteLoaderData } from "react-router";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { detectLanguage } from "~/lib/i18n";
import { serverI18n } from "~/lib/i18n.server";
import type { loader as layoutLoader } from "./workspace-layout";
import { workspacePageTitle } from "~/lib/workspace-meta";
import type { Route } from "./+types/workspace-area";

export const handle = { i18n: ["workspaces"] };

/** The areas still to be built; the built ones have routes of their own (app/routes.ts). */
const workspaceAreas = ["analytics"] as const;
type WorkspaceArea = (typeof workspaceAreas)[number];

/** Areas not built yet say so plainly, inside the shell; unknown areas are a 404. */
export function loader({ params, request }: Route.LoaderArgs) {
  const area = params.area as WorkspaceArea;
  if (!workspaceAreas.includes(area)) throw data(null, { status: 404 });
  return { area, areaTitle: serverI18n(detectLanguage(request)).t(`workspaces:areas.${area}`) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => workspacePageTitle(loaderData?.areaTitle, matches);

export default function WorkspaceArea() {
  const { t } = useTranslation("workspaces");
  const { area } = useLoaderData<typeof loader>();
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/workspace-layout");
  const areaName = t(`areas.${area}`);
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-3xl font-bold tracking-tight text-foreground">{areaName}</h1>
      <section className="mt-8 flex flex-col items-center rounded-2xl border bg-card px-6 py-16 text-center shadow-sm">
        <div className="grid size-14 place-items-center rounded-2xl bg-secondary-100 text-foreground">
          <Icon name="construction" className="size-7" />
        </div>
        <p className="mt-5 text-sm font-semibold tracking-wide text-accent-text uppercase">{t("comingSoon.eyebrow")}</p>
        <h2 className="mt-2 text-xl font-semibold text-foreground">{t("comingSoon.title", { area: areaName })}</h2>
        <p className="mt-3 max-w-md text-muted-foreground">
          {t("comingSoon.body", { workspace: layout?.workspace.name ?? "" })}
        </p>
        <Button variant="outline" className="mt-6" asChild>
          <Link to="/workspaces">{t("comingSoon.back")}</Link>
        </Button>
      </section>
    </div>
  );
}
