import { useTranslation } from "react-i18next";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Icon, type IconName } from "~/components/ui/icon";
import {
  SheetBody,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from "~/components/ui/sheet";
import { cn } from "~/lib/utils";
import { formatDate, formatMoney } from "~/lib/format";
import { demoCurrency } from "./demo-data";
import { useLanguage } from "~/lib/use-language";

type NavItem = { key: string; icon: IconName; isBeta?: boolean };

const navigation: { group: string; items: NavItem[] }[] = [
  {
    group: "overview",
    items: [
      { key: "dashboard", icon: "layout-dashboard" },
      { key: "analytics", icon: "chart-column" },
    ],
  },
  {
    group: "finance",
    items: [
      { key: "accounts", icon: "wallet" },
      { key: "cards", icon: "credit-card" },
    ],
  },
  {
    group: "transactions",
    items: [
      { key: "transactions", icon: "arrow-left-right" },
      { key: "scheduled", icon: "calendar-clock" },
      { key: "installments", icon: "layers" },
      { key: "loans", icon: "landmark" },
      { key: "recurring", icon: "repeat", isBeta: true },
    ],
  },
  { group: "organization", items: [{ key: "tags", icon: "tag" }] },
];

/** The app's sidebar as phones will see it: a drawer from the left. */
export function NavigationSheetContent() {
  const { t } = useTranslation("style-guide");
  return (
    <SheetContent side="left">
      <SheetHeader>
        <SheetTitle>{t("overlays.nav.title")}</SheetTitle>
        <SheetDescription>{t("overlays.nav.description")}</SheetDescription>
      </SheetHeader>
      <SheetBody>
        <nav aria-label={t("overlays.nav.title")} className="grid gap-5 pb-6">
          {navigation.map(({ group, items }) => (
            <div key={group}>
              <p className="px-2 pb-1.5 text-xs font-semibold tracking-wider text-muted-foreground uppercase">
                {t(`overlays.nav.groups.${group}`)}
              </p>
              <ul className="grid gap-0.5">
                {items.map(({ key, icon, isBeta }) => (
                  <li key={key}>
                    <SheetClose
                      aria-current={key === "dashboard" ? "page" : undefined}
                      className={cn(
                        "flex w-full items-center gap-3 rounded-md px-2 py-2 text-left text-sm font-medium text-foreground transition hover:bg-muted",
                        "aria-[current=page]:bg-accent-50 aria-[current=page]:text-accent-text",
                      )}
                    >
                      <Icon name={icon} className="size-4 shrink-0 opacity-80" />
                      {t(`overlays.nav.items.${key}`)}
                      {isBeta ? (
                        <Badge variant="accent" className="ml-auto">
                          {t("feedback.badge.beta")}
                        </Badge>
                      ) : null}
                    </SheetClose>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </SheetBody>
    </SheetContent>
  );
}

/** Details of one transaction in a drawer from the right. */
export function TransactionSheetContent() {
  const { t } = useTranslation("style-guide");
  const language = useLanguage();
  const details = [
    { key: "date", value: formatDate("2025-06-13", language, { style: "long" }) },
    { key: "account", value: t("forms.accounts.nubank") },
    { key: "category", value: t("categories.groceries") },
  ];
  return (
    <SheetContent side="right">
      <SheetHeader>
        <SheetTitle>{t("overlays.details.title")}</SheetTitle>
        <SheetDescription>{t("transactions.groceries")}</SheetDescription>
      </SheetHeader>
      <SheetBody className="grid content-start gap-6">
        <div>
          <p className="text-sm text-muted-foreground">{t("overlays.details.amount")}</p>
          <p className="mt-1 text-3xl font-semibold tracking-tight text-destructive tabular">
            {formatMoney(-48790, demoCurrency, language)}
          </p>
          <Badge variant="success" className="mt-3">
            {t("feedback.badge.paid")}
          </Badge>
        </div>
        <dl className="divide-y rounded-lg border">
          {details.map(({ key, value }) => (
            <div key={key} className="flex items-center justify-between gap-4 px-4 py-3 text-sm">
              <dt className="text-muted-foreground">{t(`overlays.details.${key}`)}</dt>
              <dd className="text-right font-medium text-foreground">{value}</dd>
            </div>
          ))}
        </dl>
        <div>
          <p className="mb-2 text-sm text-muted-foreground">{t("overlays.details.tags")}</p>
          <div className="flex flex-wrap gap-2">
            <Badge variant="outline">{t("overlays.details.tagHome")}</Badge>
            <Badge variant="outline">{t("overlays.details.tagMonthly")}</Badge>
          </div>
        </div>
      </SheetBody>
      <SheetFooter>
        <SheetClose asChild>
          <Button variant="outline">{t("common:actions.close")}</Button>
        </SheetClose>
        <Button>{t("overlays.details.edit")}</Button>
      </SheetFooter>
    </SheetContent>
  );
}
