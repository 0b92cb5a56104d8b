import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel } from "~/components/ui/dropdown-menu";
import { Icon } from "~/components/ui/icon";
import { useLanguage } from "~/lib/use-language";

export type ExportMenuContentProps = {
  workspaceId: string;
  searchParams: URLSearchParams;
  /** The owner's plan has export_features: Excel and PDF are downloads, not upgrade notes. */
  hasExportFeatures: boolean;
};

/**
 * The Export menu's items: the list as it is filtered, as CSV with either separator — ";" for Excel
 * where the decimal mark is a comma (Brazil), "," elsewhere — or as an Excel workbook or a PDF
 * statement on the Unlimited plan (elsewhere those items look unavailable, say why, and lead to the plans).
 */
export function ExportMenuContent({ workspaceId, searchParams, hasExportFeatures }: ExportMenuContentProps) {
  const { t } = useTranslation("transactions");
  const language = useLanguage();
  const hrefWith = (file: "csv" | "xlsx" | "pdf", separator?: ";" | ",") => {
    const query = new URLSearchParams(searchParams);
    query.delete("page");
    query.set("language", language);
    if (separator) query.set("separator", separator);
    return `/api/workspaces/${workspaceId}/exports/transactions.${file}?${query}`;
  };
  return (
    <DropdownMenuContent align="end" className="w-72">
      <DropdownMenuLabel className="font-normal text-muted-foreground">{t("export.hint")}</DropdownMenuLabel>
      {([";", ","] as const).map((separator) => (
        <DropdownMenuItem key={separator} asChild>
          <a href={hrefWith("csv", separator)} download>
            <Icon name="download" />
            {t(separator === ";" ? "export.csvSemicolon" : "export.csvComma")}
          </a>
        </DropdownMenuItem>
      ))}
      {(["xlsx", "pdf"] as const).map((file) => (
        <DropdownMenuItem key={file} asChild className={hasExportFeatures ? undefined : "flex-wrap"}>
          {hasExportFeatures ? (
            <a href={hrefWith(file)} download>
              <Icon name="download" />
              {t(`export.${file}`)}
            </a>
          ) : (
            <Link to="/#planos">
              <span className="text-muted-foreground">{t(`export.${file}`)}</span>
              <span className="ml-auto rounded-full bg-accent-50 px-2 text-xs font-medium text-accent-text">
                {t("export.unlimited")}
              </span>
              <span className="w-full text-xs text-muted-foreground">{t("export.locked")}</span>
            </Link>
          )}
        </DropdownMenuItem>
      ))}
    </DropdownMenuContent>
  );
}
