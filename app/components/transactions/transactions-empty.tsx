import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { pageHref } from "~/components/ui/pagination";

/**
 * Nothing recorded yet (an invitation to start), nothing matching the filters (a way out), or a page
 * past the last one, from an old link or a list that shrank (the way back to the last page).
 */
export function TransactionsEmpty({
  hasAny,
  canEdit,
  onCreate,
  pages,
}: {
  hasAny: boolean;
  canEdit: boolean;
  onCreate(): void;
  /** The page asked for and the list's last page, when the list has rows. */
  pages: { current: number; last: number; total: number };
}) {
  const { t } = useTranslation("transactions");
  const [searchParams] = useSearchParams();
  if (pages.total > 0 && pages.current > pages.last) {
    return (
      <section className="flex flex-col items-center rounded-2xl border bg-card px-6 py-14 text-center shadow-sm">
        <div className="grid size-14 place-items-center rounded-2xl bg-secondary-100 text-primary">
          <Icon name="search-x" className="size-7" />
        </div>
        <h2 className="mt-5 text-xl font-semibold text-foreground">
          {t("empty.pastEndTitle", { page: pages.current, count: pages.last })}
        </h2>
        <p className="mt-2 max-w-md text-muted-foreground">{t("empty.pastEndBody", { count: pages.total })}</p>
        <Button variant="outline" className="mt-6" asChild>
          <Link to={pageHref(searchParams, pages.last)}>{t("empty.lastPage", { page: pages.last })}</Link>
        </Button>
      </section>
    );
  }
  return (
    <section className="flex flex-col items-center rounded-2xl border bg-card px-6 py-14 text-center shadow-sm">
      <div className="grid size-14 place-items-center rounded-2xl bg-secondary-100 text-foreground">
        <Icon name={hasAny ? "search-x" : "receipt-text"} className="size-7" />
      </div>
      <h2 className="mt-5 text-xl font-semibold text-foreground">
        {hasAny ? t("empty.noMatchTitle") : t("empty.noneTitle")}
      </h2>
      <p className="mt-2 max-w-md text-muted-foreground">
        {hasAny ? t("empty.noMatchBody") : canEdit ? t("empty.noneBody") : t("empty.noneBodyViewer")}
      </p>
      {hasAny ? (
        <Button variant="outline" className="mt-6" asChild>
          <Link to={{ search: "" }}>{t("filters.clear")}</Link>
        </Button>
      ) : canEdit ? (
        <Button variant="accent" className="mt-6" onClick={onCreate}>
          {t("new")}
        </Button>
      ) : null}
    </section>
  );
}
