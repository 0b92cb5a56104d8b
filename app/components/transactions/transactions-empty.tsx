import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";

/** Nothing recorded yet (an invitation to start) vs. nothing matching the filters (a way out). */
export function TransactionsEmpty({
  hasAny,
  canEdit,
  onCreate,
}: {
  hasAny: boolean;
  canEdit: boolean;
  onCreate(): void;
}) {
  const { t } = useTranslation("transactions");
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
