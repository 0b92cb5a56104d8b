import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import { useIntentToast } from "~/lib/result-toasts";
import { FieldError, invalidProps, useFieldMessage } from "~/components/ui/field-error";
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
import { Switch } from "~/components/ui/switch";
import { formatAmountInput, formatMoney } from "~/lib/format";
import { submitAtOnce } from "~/lib/submit-at-once";
import { useLanguage } from "~/lib/use-language";
import { loanTypes } from "../../../db/planning-enums";
import { decimalToExactUnits } from "../../../worker/ledger/amounts";
import type { Loan, LoansPageData } from "./loan-types";

type Open = { open: boolean; onOpenChange(open: boolean): void };

/** A form posted to the page's action; closes itself once saved, its fields' refusals under them. */
function useLoanForm(namespace = "loans") {
  const fetcher = useFetcher<ActionResult>();
  const messageFor = useFieldMessage();
  useIntentToast(fetcher.data, namespace);
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {};
  return { fetcher, error: (field: string) => messageFor(errors[field]), isBusy: fetcher.state !== "idle" };
}

function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
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

function Choice({
  id,
  name,
  options,
  defaultValue,
}: {
  id: string;
  name: string;
  options: { value: string; label: string }[];
  defaultValue?: string;
}) {
  return (
    <select id={id} name={name} defaultValue={defaultValue} className={nativeSelectClassName}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/** A new loan: what was borrowed, at what rate (as the lender quotes it), over how long, from which account, and whether it pays itself. */
export function NewLoanDialog({
  open,
  onOpenChange,
  accounts,
  today,
  workspaceId,
}: Open & Pick<LoansPageData, "accounts" | "today"> & { workspaceId: string }) {
  const { t } = useTranslation("loans");
  const { fetcher, error, isBusy } = useLoanForm();
  const [accountId, setAccountId] = useState(accounts[0]?.uuid ?? "");
  const payingAccount = accounts.find((account) => account.uuid === accountId);
  const currency = payingAccount?.currency ?? "BRL";
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) onOpenChange(false);
  }, [fetcher.state, fetcher.data, onOpenChange]);
  const field = (id: string, name: string) => ({
    id,
    name,
    autoComplete: "off",
    ...invalidProps(`${id}-error`, error(name)),
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t("form.title")}</DialogTitle>
          <DialogDescription>{t("form.description")}</DialogDescription>
        </DialogHeader>
        {accounts.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("form.noAccounts")}</p>
        ) : (
          <fetcher.Form
            method="post"
            action={`/workspaces/${workspaceId}/loans`}
            className="grid gap-4"
            noValidate
            onSubmit={submitAtOnce(fetcher)}
          >
            <input type="hidden" name="intent" value="create" />
            <div className="grid gap-4 sm:grid-cols-3">
              <Field id="new-loan-name" label={t("form.name")} error={error("name")}>
                <Input {...field("new-loan-name", "name")} maxLength={100} placeholder={t("form.namePlaceholder")} />
              </Field>
              <Field id="new-loan-type" label={t("form.type")}>
                <Choice
                  id="new-loan-type"
                  name="type"
                  options={loanTypes.map((type) => ({ value: type, label: t(`types.${type}`) }))}
                />
              </Field>
              <Field id="new-loan-lender" label={t("form.lender")}>
                <Input id="new-loan-lender" name="lender" maxLength={255} autoComplete="off" />
              </Field>
            </div>
            <div className="grid gap-4 sm:grid-cols-3">
              <Field
                id="new-loan-principal"
                label={t("form.principal", { currency })}
                error={error("principal_amount")}
              >
                <Input {...field("new-loan-principal", "principal_amount")} inputMode="decimal" />
              </Field>
              <Field id="new-loan-account" label={t("form.account")} error={error("payment_account_id")}>
                <select
                  id="new-loan-account"
                  name="payment_account_id"
                  value={accountId}
                  onChange={(event) => setAccountId(event.target.value)}
                  className={nativeSelectClassName}
                >
                  {accounts.map((account) => (
                    <option key={account.uuid} value={account.uuid}>
                      {account.name} ({account.currency})
                    </option>
                  ))}
                </select>
              </Field>
              <Field id="new-loan-extra" label={t("form.extraMode")}>
                <Choice
                  id="new-loan-extra"
                  name="extra_payment_mode"
                  options={(["shorten_term", "lower_payment"] as const).map((value) => ({
                    value,
                    label: t(`form.extraModes.${value}`),
                  }))}
                />
              </Field>
            </div>
            <TermsFields prefix="new-loan" error={error} />
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <Field id="new-loan-start" label={t("form.startDate")} error={error("start_date")}>
                <DateField id="new-loan-start" name="start_date" defaultValue={today} />
              </Field>
              <Field
                id="new-loan-first"
                label={t("form.firstPayment")}
                hint={t("form.firstPaymentHint")}
                error={error("first_payment_date")}
              >
                <DateField id="new-loan-first" name="first_payment_date" aria-describedby="new-loan-first-hint" />
              </Field>
              <Field id="new-loan-monthly-fee" label={t("form.monthlyFee")} error={error("monthly_fee")}>
                <Input {...field("new-loan-monthly-fee", "monthly_fee")} inputMode="decimal" placeholder="0" />
              </Field>
              <Field id="new-loan-origination-fee" label={t("form.originationFee")} error={error("origination_fee")}>
                <Input {...field("new-loan-origination-fee", "origination_fee")} inputMode="decimal" placeholder="0" />
              </Field>
            </div>
            <div className="flex items-start gap-3 rounded-xl border p-3">
              <Switch
                id="new-loan-auto-pay"
                name="auto_pay"
                value="true"
                aria-describedby="new-loan-auto-pay-hint"
                className="mt-0.5"
              />
              <div className="grid min-w-0 gap-1">
                <Label htmlFor="new-loan-auto-pay">{t("form.autoPay")}</Label>
                <p id="new-loan-auto-pay-hint" className="text-xs text-muted-foreground">
                  {t("form.autoPayHint", { account: payingAccount?.name ?? "—" })}
                </p>
              </div>
            </div>
            <DialogFooter>
              <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
                {t("common:actions.cancel")}
              </Button>
              <Button type="submit" variant="accent" disabled={isBusy}>
                {isBusy ? t("form.creating") : t("form.create")}
              </Button>
            </DialogFooter>
          </fetcher.Form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** A payment on a loan: the payment due by default, or principal paid ahead. */
export function LoanPaymentDialog({
  open,
  onOpenChange,
  loan,
  today,
  workspaceId,
}: Open & { loan: Loan | null; today: string; workspaceId: string }) {
  const { t } = useTranslation("loans");
  const language = useLanguage();
  const { fetcher, error, isBusy } = useLoanForm();
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) onOpenChange(false);
  }, [fetcher.state, fetcher.data, onOpenChange]);
  if (!loan) return null;
  const due = loan.payment_amount
    ? formatAmountInput(Number(decimalToExactUnits(loan.payment_amount, loan.currency)), loan.currency, language)
    : "";
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("payment.title", { name: loan.name })}</DialogTitle>
          <DialogDescription>
            {t("payment.description", { account: loan.payment_account.name ?? "—" })}
          </DialogDescription>
        </DialogHeader>
        <fetcher.Form
          method="post"
          action={`/workspaces/${workspaceId}/loans`}
          className="grid gap-4"
          noValidate
          onSubmit={submitAtOnce(fetcher)}
        >
          <input type="hidden" name="intent" value="pay" />
          <input type="hidden" name="id" value={loan.uuid} />
          <input type="hidden" name="description" value={t("payment.transactionDescription", { name: loan.name })} />
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium text-foreground">{t("payment.kind")}</legend>
            {(["scheduled", "extra"] as const).map((kind) => (
              <label key={kind} className="flex items-center gap-2 text-sm">
                <input type="radio" name="kind" value={kind} defaultChecked={kind === "scheduled"} className="size-4" />
                {t(`payment.kinds.${kind}`)}
              </label>
            ))}
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="payment-amount" label={t("payment.amount", { currency: loan.currency })} error={error("amount")}>
              <Input
                id="payment-amount"
                name="amount"
                inputMode="decimal"
                autoComplete="off"
                defaultValue={due}
                {...invalidProps("payment-amount-error", error("amount"))}
              />
            </Field>
            <Field id="payment-date" label={t("payment.date")} error={error("date")}>
              <DateField id="payment-date" name="date" defaultValue={today} />
            </Field>
          </div>
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
              {t("common:actions.cancel")}
            </Button>
            <Button type="submit" variant="accent" disabled={isBusy}>
              {isBusy ? t("payment.saving") : t("payment.save")}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

/** How a loan is quoted and paid: its rate (per year or month, nominal or effective), term, frequency and system. */
function TermsFields({ prefix, error }: { prefix: string; error(field: string): string | undefined }) {
  const { t } = useTranslation("loans");
  const { t: calculatorText } = useTranslation("calculators");
  const id = (name: string) => `${prefix}-${name}`;
  const input = (name: string, field: string) => ({
    id: id(name),
    name: field,
    autoComplete: "off",
    ...invalidProps(`${id(name)}-error`, error(field)),
  });
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id={id("rate")} label={t("form.rate")} error={error("interest_rate")}>
          <Input {...input("rate", "interest_rate")} inputMode="decimal" />
        </Field>
        <Field id={id("rate-period")} label={t("form.ratePeriod")}>
          <Choice
            id={id("rate-period")}
            name="interest_rate_period"
            options={[
              { value: "year", label: calculatorText("loans.ratePeriod.year") },
              { value: "month", label: calculatorText("loans.ratePeriod.month") },
            ]}
          />
        </Field>
        <Field id={id("conversion")} label={t("form.conversion")}>
          <Choice
            id={id("conversion")}
            name="rate_conversion"
            options={[
              { value: "nominal", label: calculatorText("loans.conversion.nominal") },
              { value: "effective", label: calculatorText("loans.conversion.effective") },
            ]}
          />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id={id("term")} label={t("form.term")} error={error("term_months")}>
          <Input {...input("term", "term_months")} inputMode="numeric" defaultValue="12" />
        </Field>
        <Field id={id("frequency")} label={t("form.frequency")}>
          <Choice
            id={id("frequency")}
            name="payment_frequency"
            options={(["monthly", "biweekly", "weekly"] as const).map((value) => ({
              value,
              label: t(`form.frequencies.${value}`),
            }))}
          />
        </Field>
        <Field id={id("system")} label={t("form.system")}>
          <Choice
            id={id("system")}
            name="amortization_system"
            options={(["price", "sac"] as const).map((value) => ({ value, label: t(`detail.systems.${value}`) }))}
          />
        </Field>
      </div>
    </>
  );
}

/** New terms for what is owed today: a new loan linked to this one, which is kept as refinanced. */
export function RefinanceDialog({
  open,
  onOpenChange,
  loan,
  workspaceId,
}: Open & { loan: Loan | null; workspaceId: string }) {
  const { t } = useTranslation("loans");
  const language = useLanguage();
  const { fetcher, error, isBusy } = useLoanForm();
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) onOpenChange(false);
  }, [fetcher.state, fetcher.data, onOpenChange]);
  if (!loan) return null;
  const owed = loan.payoff_today
    ? formatMoney(
        decimalToExactUnits(loan.payoff_today.balance, loan.currency) +
          decimalToExactUnits(loan.payoff_today.interest, loan.currency),
        loan.currency,
        language,
      )
    : "—";
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t("refinance.title", { name: loan.name })}</DialogTitle>
          <DialogDescription>{t("refinance.description", { amount: owed })}</DialogDescription>
        </DialogHeader>
        <fetcher.Form
          method="post"
          action={`/workspaces/${workspaceId}/loans`}
          className="grid gap-4"
          noValidate
          onSubmit={submitAtOnce(fetcher)}
        >
          <input type="hidden" name="intent" value="refinance" />
          <input type="hidden" name="id" value={loan.uuid} />
          <TermsFields prefix="refinance" error={error} />
          <Field
            id="refinance-first"
            label={t("form.firstPayment")}
            hint={t("form.firstPaymentHint")}
            error={error("first_payment_date")}
          >
            <DateField id="refinance-first" name="first_payment_date" aria-describedby="refinance-first-hint" />
          </Field>
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
              {t("common:actions.cancel")}
            </Button>
            <Button type="submit" variant="accent" disabled={isBusy}>
              {isBusy ? t("refinance.saving") : t("refinance.save")}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
