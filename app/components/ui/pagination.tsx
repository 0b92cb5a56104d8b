import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/utils";

/** Rows per page of every paged list (transactions, scheduled, recurring). */
export const perPage = 20;

/** The current query with one page number, for the pagination links. */
export function pageHref(searchParams: URLSearchParams, page: number): string {
  const next = new URLSearchParams(searchParams);
  if (page <= 1) next.delete("page");
  else next.set("page", String(page));
  const query = next.toString();
  return query ? `?${query}` : "?";
}

/** 1 … 4 5 [6] 7 8 … 20: the first, the last, and two either side of the current page. */
export function visiblePages(current: number, last: number): Array<number | "gap"> {
  const pages: Array<number | "gap"> = [];
  for (let page = 1; page <= last; page++) {
    if (page === 1 || page === last || Math.abs(page - current) <= 2) pages.push(page);
    else if (pages.at(-1) !== "gap") pages.push("gap");
  }
  return pages;
}

export function Pagination({ current, last }: { current: number; last: number }) {
  const { t } = useTranslation("transactions");
  const [searchParams] = useSearchParams();
  if (last <= 1) return null;
  const link = (page: number) => pageHref(searchParams, page);
  const arrow = (page: number, label: string, icon: React.ReactNode, isOff: boolean) =>
    isOff ? (
      <span
        className={cn(buttonVariants({ variant: "ghost", size: "icon" }), "pointer-events-none opacity-40")}
        aria-hidden
      >
        {icon}
      </span>
    ) : (
      <Link to={link(page)} className={buttonVariants({ variant: "ghost", size: "icon" })} aria-label={label}>
        {icon}
      </Link>
    );
  return (
    <nav aria-label={t("pagination.label")} className="flex flex-wrap items-center justify-center gap-1">
      {arrow(current - 1, t("pagination.previous"), <Icon name="chevron-left" />, current <= 1)}
      {visiblePages(current, last).map((page, index) =>
        page === "gap" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the two gaps are told apart by their place
          <span key={`gap-${index}`} className="px-2 text-muted-foreground" aria-hidden>
            …
          </span>
        ) : (
          <Link
            key={page}
            to={link(page)}
            aria-current={page === current ? "page" : undefined}
            aria-label={t("pagination.page", { page })}
            className={cn(buttonVariants({ variant: page === current ? "primary" : "ghost", size: "icon" }), "size-9")}
          >
            {page}
          </Link>
        ),
      )}
      {arrow(current + 1, t("pagination.next"), <Icon name="chevron-right" />, current >= last)}
    </nav>
  );
}
