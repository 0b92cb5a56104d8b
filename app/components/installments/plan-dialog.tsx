import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import { useIntentToast } from "~/lib/result-toasts";
import { FieldError, invalidProps, useFieldMessage } from "~/components/ui/field-error";
import {
  paymentsHeadline,
  typedCents,
  typedPercent,
  typedWhole,
  useCalculatorMessages,
} from "~/components/calculators/calculator-parts";
import { Button } from "~/components/ui/button";
import { DateField } from "~/components/ui/date-field";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { nativeSelectClassName, Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { formatAmountText, formatMoney } from "~/lib/format";
import { submitAtOnce } from "~/lib/submit-at-once";
import { useLanguage } from "~/lib/use-language";
import { schedule } from "../../../worker/planning/money-schedules";
import type { InstallmentsPageData } from "./plan-types";

type Props = Pick<InstallmentsPageData, "cards" | "accounts" | "today"> & {
  open: boolean;
  onOpenChange(open: boolean): void;
  workspaceId: string;
};

/** A new installment plan: what was bought, paid with which card or account, in how many installments. */
export function InstallmentPlanDialog({ open, onOpenChange, ...props }: Props) {
  const { t } = useTranslation("installments");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{t("form.title")}</DialogTitle>
          <DialogDescription>{t("form.description")}</DialogDescription>
        </DialogHeader>
        {open ? <PlanForm {...props} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function PlanForm({
  cards,
  accounts,
  today,
  workspaceId,
  onDone,
}: Omit<Props, "open" | "onOpenChange"> & { onDone(): void }) {
  const { t } = useTranslation("installments");
  const { t: calculatorText } = useTranslation("calculators");
  const language = useLanguage();
  const fetcher = useFetcher<ActionResult>();
  const messageFor = useFieldMessage();
  const calculatorMessages = useCalculatorMessages();
  useIntentToast(fetcher.data, "installments");
  const firstSource = cards[0] ? `card:${cards[0].uuid}` : accounts[0] ? `account:${accounts[0].uuid}` : "";
  const [origin, setOrigin] = useState(firstSource);
  const [amount, setAmount] = useState("");
  const [count, setCount] = useState("10");
  const [rate, setRate] = useState("");
  const [purchaseDate, setPurchaseDate] = useState(today);
  const [firstPayment, setFirstPayment] = useState("");
  const isCard = origin.startsWith("card:");
  const currency =
    (isCard
      ? cards.find((card) => `card:${card.uuid}` === origin)?.currency
      : accounts.find((account) => `account:${account.uuid}` === origin)?.currency) ?? "BRL";
  const cents = typedCents(amount, language, currency);
  const months = typedWhole(count, 1, 360);
  const percent = typedPercent(rate, language);
  const rows = cents?.ok && months !== null && percent.ok ? schedule(BigInt(cents.units), percent.rate, months) : null;
  const money = (value: bigint) => formatMoney(value, currency, language);
  const isBusy = fetcher.state !== "idle";
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {};
  const error = (field: string) => messageFor(errors[field]);

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) onDone();
  }, [fetcher.state, fetcher.data, onDone]);

  if (!firstSource) return <p className="text-sm text-muted-foreground">{t("form.noSources")}</p>;
  const sourceError = error("origin");
  const amountError = error("total_amount") ?? error("amount") ?? calculatorMessages.amount(cents, currency);
  const countError = error("installments_count") ?? calculatorMessages.whole(count, months, "errors.installmentCount");
  const rateError = error("interest_rate") ?? calculatorMessages.percent(percent);
  return (
    <fetcher.Form
      method="post"
      action={`/workspaces/${workspaceId}/installment-plans`}
      className="grid gap-4"
      noValidate
      onSubmit={submitAtOnce(fetcher)}
    >
      <input type="hidden" name="intent" value="create" />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="plan-description">{t("form.what")}</Label>
          <Input
            id="plan-description"
            name="description"
            maxLength={255}
            placeholder={t("form.whatPlaceholder")}
            autoComplete="off"
            {...invalidProps("plan-description-error", error("description"))}
          />
          <FieldError id="plan-description-error" message={error("description")} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="plan-merchant">{t("form.merchant")}</Label>
          <Input id="plan-merchant" name="merchant" maxLength={255} autoComplete="off" />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="plan-origin">{t("form.paidWith")}</Label>
        <select
          id="plan-origin"
          name="origin_id"
          value={origin}
          onChange={(event) => setOrigin(event.target.value)}
          className={nativeSelectClassName}
          {...invalidProps("plan-origin-error", sourceError)}
        >
          {cards.length ? (
            <optgroup label={t("form.cardsGroup")}>
              {cards.map((card) => (
                <option key={card.uuid} value={`card:${card.uuid}`}>
                  {card.available_credit === null
                    ? card.display_name
                    : `${card.display_name} — ${t("form.available", {
                        amount: formatAmountText(card.available_credit, card.currency, language),
                      })}`}
                </option>
              ))}
            </optgroup>
          ) : null}
          {accounts.length ? (
            <optgroup label={t("form.accountsGroup")}>
              {accounts.map((account) => (
                <option key={account.uuid} value={`account:${account.uuid}`}>
                  {account.name}
                </option>
              ))}
            </optgroup>
          ) : null}
        </select>
        <p className="text-xs text-muted-foreground">{t(isCard ? "form.cardNote" : "form.accountNote")}</p>
        <FieldError id="plan-origin-error" message={sourceError} />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <PlanField id="plan-amount" label={t("form.total", { currency })} error={amountError}>
          <Input
            name="total_amount"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            {...controlProps("plan-amount", amountError)}
          />
        </PlanField>
        <PlanField id="plan-count" label={t("form.count")} error={countError}>
          <Input
            name="installments_count"
            inputMode="numeric"
            autoComplete="off"
            value={count}
            onChange={(event) => setCount(event.target.value)}
            {...controlProps("plan-count", countError)}
          />
        </PlanField>
        <PlanField id="plan-rate" label={t("form.rate")} hint={t("form.rateHint")} error={rateError}>
          <Input
            name="interest_rate"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            value={rate}
            onChange={(event) => setRate(event.target.value)}
            {...controlProps("plan-rate", rateError, { hasHint: true })}
          />
        </PlanField>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <PlanField id="plan-purchase-date" label={t("form.purchaseDate")} error={error("purchase_date")}>
          <DateField
            name="purchase_date"
            value={purchaseDate}
            onValueChange={setPurchaseDate}
            {...controlProps("plan-purchase-date", error("purchase_date"))}
          />
        </PlanField>
        {isCard ? null : (
          <PlanField id="plan-first-payment" label={t("form.firstPayment")} error={error("first_payment_date")}>
            <DateField
              name="first_payment_date"
              value={firstPayment}
              onValueChange={setFirstPayment}
              {...controlProps("plan-first-payment", error("first_payment_date"))}
            />
          </PlanField>
        )}
        <PlanField
          id="plan-paid"
          label={t("form.alreadyPaid")}
          hint={t("form.alreadyPaidHint")}
          error={error("installments_paid")}
        >
          <Input
            name="installments_paid"
            inputMode="numeric"
            autoComplete="off"
            defaultValue="0"
            {...controlProps("plan-paid", error("installments_paid"), { hasHint: true })}
          />
        </PlanField>
      </div>
      {rows ? (
        <p
          className="rounded-xl bg-muted/50 px-4 py-3 text-sm font-medium text-foreground tabular-nums"
          aria-live="polite"
        >
          {t("form.preview", {
            headline: paymentsHeadline(rows, money, calculatorText),
            total: money(rows.reduce((total, row) => total + row.paymentCents, 0n)),
          })}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t("common:actions.cancel")}
        </Button>
        <Button type="submit" variant="accent" disabled={isBusy}>
          {isBusy ? t("form.creating") : t("form.create")}
        </Button>
      </DialogFooter>
    </fetcher.Form>
  );
}

type PlanFieldProps = { id: string; label: string; hint?: string; error: string | undefined; children: ReactNode };

/** One of the plan's figures or dates: its label, the control, a hint under it, then its error. */
function PlanField({ id, label, hint, error, children }: PlanFieldProps) {
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** A PlanField's control: its id, and what describes it, the error while there is one, else the hint. */
function controlProps(id: string, error: string | undefined, { hasHint = false } = {}) {
  if (error) return { id, ...invalidProps(`${id}-error`, error) };
  return hasHint ? { id, "aria-describedby": `${id}-hint` } : { id };
}
