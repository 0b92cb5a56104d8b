import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";

/**
 * docs/product.md#dashboard-and-projection: 'Error Loading Data' with Retry, when the dashboard's figures
 * could not be read.
 */
export function DashboardError() {
  const { t } = useTranslation("dashboard");
  const revalidator = useRevalidator();
  const isRetrying = revalidator.state === "loading";
  return (
    <section
      role="alert"
      className="mx-auto mt-6 flex max-w-lg flex-col items-center rounded-2xl border border-destructive/30 bg-card px-6 py-12 text-center shadow-xs"
    >
      <span className="grid size-12 place-items-center rounded-2xl bg-red-50 text-destructive" aria-hidden>
        <Icon name="triangle-exclamation-point" className="size-6" />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-foreground">{t("error.title")}</h2>
      <p className="mt-2 text-sm text-muted-foreground">{t("error.body")}</p>
      <Button className="mt-6" onClick={() => revalidator.revalidate()} disabled={isRetrying}>
        {isRetrying ? t("error.retrying") : t("error.retry")}
      </Button>
    </section>
  );
}
