import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { useLanguage } from "~/lib/use-language";
import type { DateRange } from "./range";

/**
 * "Export PDF": the reports of the range shown, as an A4 report in the page's language
 * (GET /exports/analytics.pdf). Without export features in the plan it looks unavailable, says it
 * comes with Unlimited, and leads to the plans, as the transactions' Export menu does.
 */
export function ExportPdfLink({
  workspaceId,
  range,
  hasExportFeatures,
}: {
  workspaceId: string;
  range: DateRange;
  hasExportFeatures: boolean;
}) {
  const { t } = useTranslation("analytics");
  const language = useLanguage();
  if (!hasExportFeatures)
    return (
      <Button asChild variant="outline" title={t("exportPdf.locked")}>
        <Link to="/#planos">
          <Icon name="download" className="text-muted-foreground" />
          <span className="text-muted-foreground">{t("exportPdf.button")}</span>
          <span className="rounded-full bg-accent-50 px-2 text-xs font-medium text-accent-text">
            {t("exportPdf.unlimited")}
          </span>
          <span className="sr-only">{t("exportPdf.locked")}</span>
        </Link>
      </Button>
    );
  const query = new URLSearchParams({ from: range.from, to: range.to, language });
  return (
    <Button asChild variant="outline">
      <a href={`/api/workspaces/${workspaceId}/exports/analytics.pdf?${query}`} download>
        <Icon name="download" />
        {t("exportPdf.button")}
      </a>
    </Button>
  );
}
