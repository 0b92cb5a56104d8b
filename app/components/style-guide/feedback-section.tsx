import { useTranslation } from "react-i18next";
import { Badge, type BadgeProps } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Icon, type IconName } from "~/components/ui/icon";
import { Skeleton } from "~/components/ui/skeleton";
import { toast, toastDurations, type ToastKind } from "~/components/ui/toast";
import { formatMoney } from "~/lib/format";
import { demoCurrency } from "./demo-data";
import { Section, Specimen } from "./section";
import { useLanguage } from "~/lib/use-language";

const toastButtons = [
  { kind: "success", icon: "circle-check", className: "text-success" },
  { kind: "error", icon: "circle-exclamation-point", className: "text-destructive" },
  { kind: "warning", icon: "triangle-exclamation-point", className: "text-warning" },
  { kind: "info", icon: "info", className: "text-info" },
] as const satisfies { kind: ToastKind; icon: IconName; className: string }[];

const badges = [
  { key: "paid", variant: "success" },
  { key: "pending", variant: "warning" },
  { key: "overdue", variant: "destructive" },
  { key: "scheduled", variant: "info" },
  { key: "beta", variant: "accent" },
  { key: "pro", variant: "secondary" },
  { key: "credit", variant: "primary" },
  { key: "archived", variant: "neutral" },
  { key: "tag", variant: "outline" },
] as const satisfies { key: string; variant: BadgeProps["variant"] }[];

function SkeletonRow() {
  return (
    <div className="flex items-center gap-3">
      <Skeleton className="size-10 rounded-full" />
      <div className="grid flex-1 gap-2">
        <Skeleton className="h-3.5 w-2/5" />
        <Skeleton className="h-3 w-1/4" />
      </div>
      <Skeleton className="h-4 w-20" />
    </div>
  );
}

export function FeedbackSection() {
  const { t } = useTranslation("style-guide");
  const language = useLanguage();
  const amount = formatMoney(8990, demoCurrency, language);
  return (
    <Section id="feedback" title={t("sections.feedback.title")} description={t("sections.feedback.description")}>
      <div className="grid gap-4 md:grid-cols-2">
        <Specimen label={t("feedback.toastsLabel")} className="md:col-span-2">
          <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap">
            {toastButtons.map(({ kind, icon, className }) => (
              <Button
                key={kind}
                variant="outline"
                onClick={() =>
                  toast[kind](t(`feedback.toast.${kind}.title`), t(`feedback.toast.${kind}.body`, { amount }))
                }
              >
                <Icon name={icon} className={className} />
                {t(`feedback.toast.${kind}.button`)}
              </Button>
            ))}
          </div>
          <p className="mt-4 text-xs text-muted-foreground">
            {t("feedback.toastNote", {
              success: toastDurations.success / 1000,
              error: toastDurations.error / 1000,
              warning: toastDurations.warning / 1000,
            })}
          </p>
        </Specimen>
        <Specimen label={t("feedback.badgesLabel")}>
          <div className="flex flex-wrap gap-2">
            {badges.map(({ key, variant }) => (
              <Badge key={key} variant={variant}>
                {t(`feedback.badge.${key}`)}
              </Badge>
            ))}
          </div>
          <p className="mt-5 mb-2.5 text-xs text-muted-foreground">{t("feedback.badgesWithIcons")}</p>
          <div className="flex flex-wrap gap-2">
            <Badge variant="success">
              <Icon name="circle-check" />
              {t("feedback.badge.paid")}
            </Badge>
            <Badge variant="warning">
              <Icon name="clock" />
              {t("feedback.badge.dueSoon", { count: 3 })}
            </Badge>
            <Badge variant="accent">
              <Icon name="sparkles" />
              {t("feedback.badge.beta")}
            </Badge>
          </div>
        </Specimen>
        <Specimen label={t("feedback.skeletonLabel")}>
          <div role="status" aria-busy aria-label={t("feedback.loadingTransactions")} className="grid gap-4">
            <SkeletonRow />
            <SkeletonRow />
            <SkeletonRow />
          </div>
        </Specimen>
      </div>
    </Section>
  );
}
