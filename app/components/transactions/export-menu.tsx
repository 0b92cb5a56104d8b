import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { Icon } from "~/components/ui/icon";
import { useLanguage } from "~/lib/use-language";

type ExportMenuProps = { workspaceId: string; searchParams: URLSearchParams };

/**
 * "Export": the list as it is filtered, downloaded as CSV with either separator — ";" for Excel where
 * the decimal mark is a comma (Brazil), "," elsewhere. The file streams from the API, so a large
 * workspace starts downloading at once.
 */
export function ExportMenu({ workspaceId, searchParams }: ExportMenuProps) {
  const { t } = useTranslation("transactions");
  const language = useLanguage();
  const hrefWith = (separator: ";" | ",") => {
    const query = new URLSearchParams(searchParams);
    query.delete("page");
    query.set("language", language);
    query.set("separator", separator);
    return `/api/workspaces/${workspaceId}/exports/transactions.csv?${query}`;
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">
          <Icon name="download" />
          {t("export.button")}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-72">
        <DropdownMenuLabel className="font-normal text-muted-foreground">{t("export.hint")}</DropdownMenuLabel>
        {([";", ","] as const).map((separator) => (
          <DropdownMenuItem key={separator} asChild>
            <a href={hrefWith(separator)} download>
              <Icon name="download" />
              {t(separator === ";" ? "export.csvSemicolon" : "export.csvComma")}
            </a>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
