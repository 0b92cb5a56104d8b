import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ProgressLine } from "~/components/ui/list-page";
import { RowActionsMenu, type RowAction } from "~/components/ui/row-actions-menu";
import { Badge } from "~/components/ui/badge";
import { Icon } from "~/components/ui/icon";
import { formatAmountText, formatDate } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import { cn } from "~/lib/utils";
import type { Loan } from "./loan-types";

const statusVariants = {
  active: "info",
  paid_off: "success",
  defaulted: "destructive",
  refinanced: "neutral",
} as const;

type Props = {
  loan: Loan;
  canEdit: boolean;
  isBusy: boolean;
  isSelected: boolean;
  onPay(): void;
  onRefinance(): void;
  onAction(intent: "pay-off" | "default" | "reactivate" | "auto-pay-on" | "auto-pay-off" | "delete"): void;
};

/** One loan: what it is, how much of it is paid (a bar), the next payment (paid by itself or not) and what is owed. */
export function LoanRow({ loan, canEdit, isBusy, isSelected, onPay, onRefinance, onAction }: Props) {
  const { t } = useTranslation("loans");
  const language = useLanguage();
  const navigate = useNavigate();
  const money = (amount: string) => formatAmountText(amount, loan.currency, language);
  const isActive = loan.status === "active";
  const isAutoPaid = isActive && loan.auto_pay;
  const actions: RowAction[] = [
    { label: t("actions.view"), icon: "receipt-text", onSelect: () => navigate(`?loan=${loan.uuid}`) },
  ];
  if (canEdit && isActive) {
    actions.push({ label: t("actions.pay"), icon: "banknote", onSelect: onPay });
    actions.push({ label: t("actions.refinance"), icon: "repeat", onSelect: onRefinance });
    if (loan.payoff_today)
      actions.push({
        label: t("actions.payOff"),
        icon: "circle-check",
        onSelect: () => onAction("pay-off"),
        confirm: {
          title: t("payOffDialog.title", { name: loan.name }),
          body: t("payOffDialog.body", {
            amount: money(loan.payoff_today.amount),
            balance: money(loan.payoff_today.balance),
            interest: money(loan.payoff_today.interest),
            fees: money(loan.payoff_today.fees),
            account: loan.payment_account.name ?? "—",
          }),
          confirmLabel: t("payOffDialog.confirm", { amount: money(loan.payoff_today.amount) }),
        },
      });
  }
  if (canEdit && isActive)
    actions.push({
      label: t(loan.auto_pay ? "actions.autoPayOff" : "actions.autoPayOn"),
      icon: loan.auto_pay ? "pause" : "calendar-clock",
      onSelect: () => onAction(loan.auto_pay ? "auto-pay-off" : "auto-pay-on"),
    });
  if (canEdit && isActive)
    actions.push({
      label: t("actions.markDefaulted"),
      icon: "triangle-exclamation-point",
      onSelect: () => onAction("default"),
    });
  if (canEdit && loan.status === "defaulted")
    actions.push({ label: t("actions.reactivate"), icon: "play", onSelect: () => onAction("reactivate") });
  if (canEdit)
    actions.push({
      label: t("actions.delete"),
      icon: "trash",
      isDestructive: true,
      onSelect: () => onAction("delete"),
      confirm: {
        title: t("deleteDialog.title", { name: loan.name }),
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
      data-testid="loan-row"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="grid size-9 shrink-0 place-items-center rounded-full bg-secondary-100 text-foreground">
          <Icon name="landmark" className="size-4" />
        </span>
        <div className="grid min-w-0 flex-1 gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="truncate font-medium text-foreground">{loan.name}</h3>
            <Badge variant={statusVariants[loan.status]}>{t(`status.${loan.status}`)}</Badge>
            {isAutoPaid ? (
              <Badge variant="neutral">
                <Icon name="calendar-clock" />
                {t("autoPay.badge")}
              </Badge>
            ) : null}
          </div>
          <p className="truncate text-sm text-muted-foreground">
            {[t(`types.${loan.type}`), loan.lender].filter(Boolean).join(" · ")}
          </p>
          <ProgressLine
            label={t("progress", { paid: money(loan.principal_paid), total: money(loan.principal_amount) })}
            value={loan.progress}
            max={100}
          />
          {isActive && loan.next_payment_date && loan.payment_amount ? (
            <p className="text-sm text-muted-foreground">
              {t("next", {
                amount: money(loan.payment_amount),
                date: formatDate(loan.next_payment_date, language, { style: "long" }),
              })}
            </p>
          ) : null}
          {isAutoPaid && loan.failure ? <AutoPayFailure reason={loan.failure.key} /> : null}
        </div>
      </div>
      <div className="flex items-center justify-between gap-3 pl-12 sm:pl-0">
        <p className="font-semibold text-foreground tabular-nums">
          {t("balance", { amount: money(loan.current_balance) })}
        </p>
        <RowActionsMenu title={loan.name} actions={actions} isBusy={isBusy} />
      </div>
    </li>
  );
}

/** Why the last automatic payment could not be posted (it is tried again every few minutes). */
export function AutoPayFailure({ reason }: { reason: string }) {
  const { t } = useTranslation("loans");
  return (
    <p className="flex items-start gap-1.5 text-sm text-destructive" role="note">
      <Icon name="triangle-exclamation-point" className="mt-0.5 size-4 shrink-0" />
      {t("autoPay.failure", { reason: t(reason) })}
    </p>
  );
}
