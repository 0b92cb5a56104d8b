import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ProgressLine } from "~/components/ui/list-page";
import { RowActionsMenu, type RowAction } from "~/components/ui/row-actions-menu";
import { Badge } from "~/components/ui/badge";
import { Icon } from "~/components/ui/icon";
import { formatAmountText, formatDate } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import { cn } from "~/lib/utils";
import type { InstallmentPlan } from "./plan-types";

const statusVariants = {
  active: "info",
  completed: "success",
  paused: "neutral",
  cancelled: "neutral",
  overdue: "destructive",
} as const;

type Props = {
  plan: InstallmentPlan;
  canEdit: boolean;
  isBusy: boolean;
  isSelected: boolean;
  onAction(intent: "pay" | "pause" | "resume" | "cancel" | "delete"): void;
};

/** One plan: what it is, where it is paid from, how far along ("3 of 10 paid", a bar), what comes next. */
export function PlanRow({ plan, canEdit, isBusy, isSelected, onAction }: Props) {
  const { t } = useTranslation("installments");
  const language = useLanguage();
  const navigate = useNavigate();
  const money = (amount: string) => formatAmountText(amount, plan.currency, language);
  const isCard = plan.payment_method === "card";
  const next = plan.next_installment;
  const isLive = plan.status !== "cancelled" && plan.status !== "completed";
  const view: RowAction = {
    label: t("actions.view"),
    icon: "receipt-text",
    onSelect: () => navigate(`?plan=${plan.uuid}`, { preventScrollReset: false }),
  };
  const actions: RowAction[] = [view];
  if (canEdit && isLive && !isCard) {
    if (plan.is_paused) actions.push({ label: t("actions.resume"), icon: "play", onSelect: () => onAction("resume") });
    else {
      actions.push({ label: t("actions.pay"), icon: "banknote", onSelect: () => onAction("pay") });
      actions.push({ label: t("actions.pause"), icon: "pause", onSelect: () => onAction("pause") });
    }
  }
  if (canEdit && plan.status !== "cancelled")
    actions.push({
      label: t("actions.cancel"),
      icon: "x",
      onSelect: () => onAction("cancel"),
      confirm: {
        title: t("cancelDialog.title", { name: plan.description }),
        body: t(isCard ? "cancelDialog.bodyCard" : "cancelDialog.bodyAccount"),
        confirmLabel: t("cancelDialog.confirm"),
      },
    });
  if (canEdit)
    actions.push({
      label: t("actions.delete"),
      icon: "trash",
      isDestructive: true,
      onSelect: () => onAction("delete"),
      confirm: {
        title: t("deleteDialog.title", { name: plan.description }),
        body: t("deleteDialog.body"),
        confirmLabel: t("deleteDialog.confirm"),
      },
    });
  return (
    <li
      className={cn(
        "flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:gap-4",
        isBusy && "opacity-60",
        isSelected && "bg-accent-50",
      )}
      data-testid="plan-row"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="grid size-9 shrink-0 place-items-center rounded-full bg-secondary-100 text-foreground">
          <Icon name={isCard ? "credit-card" : "landmark"} className="size-4" />
        </span>
        <div className="grid min-w-0 flex-1 gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="truncate font-medium text-foreground">{plan.description}</h3>
            <Badge variant={statusVariants[plan.status]}>{t(`status.${plan.status}`)}</Badge>
          </div>
          <p className="truncate text-sm text-muted-foreground">
            {[plan.merchant, t(isCard ? "source.card" : "source.account", { name: plan.origin.name ?? "—" })]
              .filter(Boolean)
              .join(" · ")}
          </p>
          <ProgressLine
            label={t(isCard ? "progressCard" : "progress", {
              paid: plan.installments_paid,
              count: plan.installments_count,
            })}
            value={plan.installments_paid}
            max={plan.installments_count}
          />
          {next && plan.status !== "cancelled" ? (
            <p className={cn("text-sm", next.state === "overdue" ? "text-destructive" : "text-muted-foreground")}>
              {t(next.state === "overdue" ? "nextOverdue" : "next", {
                amount: money(next.amount),
                date: formatDate(next.date, language, { style: "long" }),
              })}
            </p>
          ) : null}
          {plan.failure ? (
            <p className="flex items-start gap-1.5 text-sm text-destructive" role="note">
              <Icon name="triangle-exclamation-point" className="mt-0.5 size-4 shrink-0" />
              {t("failure", { reason: t(plan.failure.key) })}
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex items-center justify-between gap-3 pl-12 sm:pl-0">
        <div className="text-left sm:text-right">
          <p className="font-semibold text-foreground tabular-nums">{money(plan.monthly_payment)}</p>
          <p className="text-xs text-muted-foreground">
            {isLive
              ? t("remaining", { amount: money(plan.remaining_amount) })
              : plan.status === "completed"
                ? t("done")
                : t("status.cancelled")}
          </p>
        </div>
        <RowActionsMenu title={plan.description} actions={actions} isBusy={isBusy} />
      </div>
    </li>
  );
}
