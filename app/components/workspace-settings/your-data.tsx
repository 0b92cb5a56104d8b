import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { useLanguage } from "~/lib/use-language";
import { cn } from "~/lib/utils";
import { workspaceZipHref } from "~/lib/workspace-zip-href";

/**
 * "Your data": the whole workspace as one zip (GET /exports/workspace.zip), a plain download link.
 * The owner may always take it (a right, on every plan); an admin on a plan with export features,
 * elsewhere told so with the export menu's Unlimited badge. Shown to owners and admins only.
 */
export function YourData({ workspaceId, canDownload }: { workspaceId: string; canDownload: boolean }) {
  const { t } = useTranslation("workspace-settings");
  const language = useLanguage();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("yourData.title")}</CardTitle>
        <CardDescription>{t("yourData.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm text-muted-foreground">{t("yourData.streamed")}</p>
        {canDownload ? (
          <a
            href={workspaceZipHref(workspaceId, language)}
            download
            className={cn(buttonVariants({ variant: "outline" }), "w-fit")}
          >
            <Icon name="download" />
            {t("yourData.download")}
          </a>
        ) : (
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="rounded-full bg-accent-50 px-2 text-xs font-medium text-accent-text">
              {t("yourData.unlimited")}
            </span>
            <span className="text-muted-foreground">{t("yourData.locked")}</span>
            <Link to="/#planos" className="font-medium text-accent-text underline-offset-4 hover:underline">
              {t("yourData.plans")}
            </Link>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
