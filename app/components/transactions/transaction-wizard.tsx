import { useEffect, useMemo, useRef, useState } from "react";
import type { i18n as I18n } from "i18next";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { DialogDescription, DialogFooter } from "~/components/ui/dialog";
import { toast } from "~/components/ui/toast";
import { useLanguage } from "~/lib/use-language";
import { idempotencyKeyField } from "../../../worker/idempotency/idempotency-key";
import { DetailsStep, type TypedField } from "./details-step";
import { KindStep } from "./kind-step";
import { LegsStep } from "./legs-step";
import { StepIndicator } from "./step-indicator";
import type { LedgerOptions, Transaction, TransactionActionResult } from "./types";
import type { FieldMessages } from "../../../worker/http/messages";
import {
  currenciesOf,
  emptyValues,
  isStepValid,
  missingDetails,
  stepOfField,
  toFormData,
  valuesFromTransaction,
  withKind,
  type WizardStep,
  type WizardValues,
} from "./wizard-state";

type Props = LedgerOptions & {
  workspaceId: string;
  currency: string;
  today: string;
  transaction: Transaction | null;
  /** A new transaction's values, given by the page that opens the wizard; it starts on the last step. */
  draft: WizardValues | null;
  onDone(): void;
  onCancel(): void;
};

/** Offered: active accounts and cards, and whatever the edited transaction already uses. */
function offered(options: LedgerOptions, transaction: Transaction | null): LedgerOptions {
  const used = new Set([transaction?.origin.uuid, transaction?.destination.uuid].filter(Boolean));
  return {
    accounts: options.accounts.filter((account) => account.is_active || used.has(account.uuid)),
    cards: options.cards.filter((card) => card.is_active || used.has(card.uuid)),
    tags: options.tags,
  };
}

/** Each step starts on its chosen option, else its first field. */
const firstField = (container: HTMLElement | null) =>
  container?.querySelector<HTMLElement>("input:checked") ??
  container?.querySelector<HTMLElement>("input:not([readonly]), select");

/** Why saving failed: the page's words for the code, else the code's general sentence, else "try again". */
function failureReason(result: { code: string }, i18n: Pick<I18n, "exists" | "t">) {
  for (const key of [`transactions:errors.${result.code}`, `errors:${result.code}`]) {
    if (i18n.exists(key)) return i18n.t(key);
  }
  return i18n.t("transactions:errors.failed");
}

export function TransactionWizard({
  workspaceId,
  currency: workspaceCurrency,
  today,
  transaction,
  draft,
  onDone,
  onCancel,
  accounts,
  cards,
  tags,
}: Props) {
  // "errors" too: the field messages and failures are keys of that namespace.
  const { t, i18n } = useTranslation(["transactions", "errors"]);
  const fetcher = useFetcher<TransactionActionResult>();
  const options = useMemo(() => offered({ accounts, cards, tags }, transaction), [accounts, cards, tags, transaction]);
  const [step, setStep] = useState<WizardStep>(!transaction && draft ? 3 : 1);
  const language = useLanguage();
  const [values, setValues] = useState<WizardValues>(() =>
    transaction ? valuesFromTransaction(transaction, language) : (draft ?? emptyValues(today)),
  );
  // Typed amounts show why they are refused once the person leaves the field or tries to save.
  const [checked, setChecked] = useState<ReadonlySet<TypedField>>(new Set());
  const [errors, setErrors] = useState<FieldMessages>({});
  // One Idempotency-Key per draft: resubmitting it (after a lost or failed answer) posts once; a changed draft is a new request.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const stepRef = useRef<HTMLDivElement>(null);
  const isBusy = fetcher.state !== "idle";
  const { currency, destinationCurrency, isCrossCurrency } = currenciesOf(values, options, workspaceCurrency);
  const canGoOn = isStepValid(step, values, options, workspaceCurrency, language);
  // The details step says what keeps its button off (an unclear amount, no description) while it is off.
  const missing =
    step === 3 && values.kind !== null ? missingDetails(values, options, workspaceCurrency, language) : [];
  const stillNeeded = missing.length
    ? t("wizard.stillNeeded", {
        count: missing.length,
        list: new Intl.ListFormat(language, { type: "conjunction" }).format(
          missing.map((detail) => t(`wizard.needed.${detail}`)),
        ),
      })
    : null;
  const result = fetcher.data;

  // biome-ignore lint/correctness/useExhaustiveDependencies: each new step moves the focus to its first field
  useEffect(() => {
    firstField(stepRef.current)?.focus();
  }, [step]);

  // Each answer is handled once, however often the parent re-renders meanwhile.
  const handled = useRef<TransactionActionResult | undefined>(undefined);
  useEffect(() => {
    if (!result || fetcher.state !== "idle" || handled.current === result) return;
    handled.current = result;
    if (result.ok) {
      toast.success(t(transaction ? "toasts.updated" : "toasts.created"));
      onDone();
      return;
    }
    const fieldErrors = result.fieldErrors ?? {};
    setErrors(fieldErrors);
    const steps = Object.keys(fieldErrors).map(stepOfField);
    if (steps.length) setStep(Math.min(...steps) as WizardStep);
  }, [result, fetcher.state, t, transaction, onDone]);

  const change = (next: WizardValues) => {
    setValues(next);
    setIdempotencyKey(crypto.randomUUID());
    if (Object.keys(errors).length) setErrors({});
  };

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (step === 3 && !canGoOn) setChecked(new Set(["amount", "rate"]));
    if (!canGoOn || isBusy) return;
    if (step < 3) {
      setStep((step + 1) as WizardStep);
      return;
    }
    const form = toFormData(values, isCrossCurrency, transaction?.uuid);
    if (!transaction) form.set(idempotencyKeyField, idempotencyKey);
    fetcher.submit(form, { method: "post", action: `/workspaces/${workspaceId}/transactions` });
  };

  // Enter on a tile or a list goes on, as it does in a text field.
  const enterGoesOn = (event: React.KeyboardEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement;
    const isChoice =
      target instanceof HTMLSelectElement || (target instanceof HTMLInputElement && target.type === "radio");
    if (event.key === "Enter" && isChoice) {
      event.preventDefault();
      event.currentTarget.requestSubmit();
    }
  };

  const saveLabel = transaction
    ? isBusy
      ? t("wizard.updating")
      : t("wizard.update")
    : isBusy
      ? t("wizard.creating")
      : t("wizard.create");
  return (
    <form onSubmit={submit} onKeyDown={enterGoesOn} className="grid gap-5" noValidate>
      <DialogDescription asChild>
        <div>
          <StepIndicator step={step} />
        </div>
      </DialogDescription>
      <div ref={stepRef}>
        {step === 1 ? <KindStep kind={values.kind} onChange={(kind) => change(withKind(values, kind))} /> : null}
        {step === 2 ? <LegsStep values={values} onChange={change} options={options} errors={errors} /> : null}
        {step === 3 ? (
          <DetailsStep
            values={values}
            onChange={change}
            tags={options.tags}
            currency={currency}
            destinationCurrency={destinationCurrency}
            isCrossCurrency={isCrossCurrency}
            errors={errors}
            checked={checked}
            onChecked={setChecked}
          />
        ) : null}
      </div>
      {result && !result.ok && !isBusy ? (
        <p
          role="alert"
          className="rounded-lg border border-destructive/30 bg-destructive/10 px-4 py-3 text-sm text-destructive"
        >
          {t("failedToSave")} {failureReason(result, i18n)}
        </p>
      ) : null}
      {stillNeeded ? (
        <p id="wizard-still-needed" className="text-sm text-muted-foreground sm:text-right">
          {stillNeeded}
        </p>
      ) : null}
      <DialogFooter className="sm:items-center">
        <Button variant="ghost" onClick={onCancel} className="sm:mr-auto">
          {t("wizard.cancel")}
        </Button>
        {step > 1 ? (
          <Button variant="outline" onClick={() => setStep((step - 1) as WizardStep)} disabled={isBusy}>
            {t("wizard.back")}
          </Button>
        ) : null}
        <Button
          type="submit"
          variant={step === 3 ? "accent" : "primary"}
          disabled={!canGoOn || isBusy}
          aria-describedby={stillNeeded ? "wizard-still-needed" : undefined}
        >
          {step < 3 ? t("wizard.next") : saveLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
