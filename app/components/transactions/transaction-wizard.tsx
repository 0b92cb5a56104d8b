import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { useFetcher, useRouteLoaderData } from "react-router";
import type { loader as layoutLoader } from "~/routes/workspace-layout";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { DialogDescription, DialogFooter } from "~/components/ui/dialog";
import { toast } from "~/components/ui/toast";
import { useLanguage } from "~/lib/use-language";
import { idempotencyKeyField } from "../../../worker/idempotency/idempotency-key";
import { isKeepable, keepOffline } from "~/lib/offline-writes";
import { failureReason } from "./failure-reason";
import { maxReceiptsPerTransaction } from "../../../worker/receipts/receipt.rules";
import { ReceiptPicker } from "./receipts-panel";
import { receiptsApi } from "./receipts-api";
import { recordedByField } from "~/lib/queued-entries";
import { DetailsStep, type TypedField } from "./details-step";
import { KindStep } from "./kind-step";
import { LegsStep } from "./legs-step";
import { isSplittable } from "./split-parts";
import { StepIndicator } from "./step-indicator";
import type { LedgerOptions, Transaction, LedgerActionResult } from "./types";
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
  withSuggestedRate,
  suggestedRateOf,
  type WizardStep,
  type WizardValues,
} from "./wizard-state";

/**
 * A planned item's wizard (scheduled or recurring): where it is saved and what it adds to a
 * transaction's steps. Without a plan, the wizard makes or edits a transaction.
 */
export type WizardPlan = {
  /** The page route whose action saves it. */
  action: string;
  /** The item edited; null for a new one. */
  itemId: string | null;
  /** The details step's date: when it is posted, or when it starts. A planned item also keeps notes. */
  dateLabel: string;
  labels: { create: string; creating: string; update: string; updating: string; created: string; updated: string };
  /** A recurring item's 4th step: the recurrence, drawn from the values of the first three. */
  lastStep?: {
    render(values: WizardValues, errors: FieldMessages): ReactNode;
    isValid(values: WizardValues): boolean;
    /** The server's field names shown on it, so a refusal goes back to it. */
    fields: readonly string[];
  };
  /** Adds the plan's own fields to the form posted. */
  fill?(form: FormData, values: WizardValues): void;
};

type Props = LedgerOptions & {
  workspaceId: string;
  currency: string;
  today: string;
  transaction: Transaction | null;
  /** A new transaction's values, given by the page that opens the wizard; it starts on the last step. With a plan, the item's values. */
  draft: WizardValues | null;
  /** A new transaction of this kind: the wizard starts on its second step. */
  startKind?: WizardValues["kind"];
  plan?: WizardPlan;
  onDone(): void;
  onCancel(): void;
};

/** Offered: active accounts and cards, and whatever the edited transaction or item already uses. */
function offered(options: LedgerOptions, transaction: Transaction | null, draft: WizardValues | null): LedgerOptions {
  const used = new Set(
    [transaction?.origin.uuid, transaction?.destination.uuid, draft?.origin, draft?.destination]
      .filter(Boolean)
      .map((leg) => leg?.replace(/^(account|card):/, "")),
  );
  return {
    accounts: options.accounts.filter((account) => account.is_active || used.has(account.uuid)),
    cards: options.cards.filter((card) => card.is_active || used.has(card.uuid)),
    tags: options.tags,
    rates: options.rates,
    payeeNames: options.payeeNames,
  };
}

/** Each step starts on its chosen option, else its first field. */
const firstField = (container: HTMLElement | null) =>
  container?.querySelector<HTMLElement>("input:checked") ??
  container?.querySelector<HTMLElement>("input:not([readonly]), select");

export function TransactionWizard({
  workspaceId,
  currency: workspaceCurrency,
  today,
  transaction,
  draft,
  startKind = null,
  onDone,
  onCancel,
  accounts,
  cards,
  tags,
  rates,
  payeeNames,
  plan,
}: Props) {
  // "errors" too: the field messages and failures are keys of that namespace.
  const { t, i18n } = useTranslation(["transactions", "errors"]);
  const fetcher = useFetcher<LedgerActionResult>();
  const personId = useRouteLoaderData<typeof layoutLoader>("routes/workspace-layout")?.user.uuid;
  const options = useMemo(
    () => offered({ accounts, cards, tags, rates, payeeNames }, transaction, draft),
    [accounts, cards, tags, rates, payeeNames, transaction, draft],
  );
  const isEdit = transaction !== null || Boolean(plan?.itemId);
  const lastStep: WizardStep = plan?.lastStep ? 4 : 3;
  const [step, setStep] = useState<WizardStep>(!isEdit && draft && !plan ? 3 : !isEdit && startKind ? 2 : 1);
  const language = useLanguage();
  const [values, setValues] = useState<WizardValues>(() =>
    transaction ? valuesFromTransaction(transaction, language) : (draft ?? { ...emptyValues(today), kind: startKind }),
  );
  // Typed amounts show why they are refused once the person leaves the field or tries to save.
  const [checked, setChecked] = useState<ReadonlySet<TypedField>>(new Set());
  const [errors, setErrors] = useState<FieldMessages>({});
  // One Idempotency-Key per draft: resubmitting it (after a lost or failed answer) posts once; a changed draft is a new request.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const stepRef = useRef<HTMLDivElement>(null);
  /** Photos or PDFs chosen with a new transaction, attached once it is saved. */
  const [pendingReceipts, setPendingReceipts] = useState<File[]>([]);
  const offersReceipts = !isEdit && !plan;
  const isBusy = fetcher.state !== "idle";
  const { currency, destinationCurrency, isCrossCurrency } = currenciesOf(values, options, workspaceCurrency);
  const canGoOn =
    step === 4
      ? (plan?.lastStep?.isValid(values) ?? false)
      : isStepValid(step, values, options, workspaceCurrency, language);
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
  // A new purchase on a card acting as credit may be split in installments (an installment plan); one split in parts is not.
  const offersInstallments =
    !isEdit &&
    !plan &&
    !values.parts &&
    values.kind === "expense" &&
    options.cards.some((card) => values.origin === `card:${card.uuid}` && card.mode === "credit");

  // biome-ignore lint/correctness/useExhaustiveDependencies: each new step moves the focus to its first field
  useEffect(() => {
    firstField(stepRef.current)?.focus();
  }, [step]);

  // Each answer is handled once, however often the parent re-renders meanwhile.
  const handled = useRef<LedgerActionResult | undefined>(undefined);
  useEffect(() => {
    if (!result || fetcher.state !== "idle" || handled.current === result) return;
    handled.current = result;
    if (result.ok && result.kept) {
      toast.info(t("toasts.kept"), t("toasts.keptDetail"));
      onDone();
      return;
    }
    if (result.ok && result.transactionId && pendingReceipts.length) {
      void attachReceipts(workspaceId, result.transactionId, pendingReceipts, t);
    }
    if (result.ok) {
      toast.success(
        plan
          ? isEdit
            ? plan.labels.updated
            : plan.labels.created
          : t(
              transaction
                ? "toasts.updated"
                : result.intent === "installments"
                  ? "toasts.installments"
                  : "toasts.created",
            ),
      );
      onDone();
      return;
    }
    const fieldErrors = result.fieldErrors ?? {};
    setErrors(fieldErrors);
    const steps = Object.keys(fieldErrors).map((field) => stepOfField(field, plan?.lastStep?.fields));
    if (steps.length) setStep(Math.min(...steps) as WizardStep);
  }, [result, fetcher.state, t, transaction, onDone, plan, isEdit, pendingReceipts, workspaceId]);

  const change = (proposed: WizardValues) => {
    const next = withSuggestedRate(values, proposed, options, workspaceCurrency, language);
    setValues(next);
    setIdempotencyKey(crypto.randomUUID());
    if (Object.keys(errors).length) setErrors({});
  };

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (step === 3 && !canGoOn) setChecked(new Set(["amount", "rate"]));
    if (!canGoOn || isBusy) return;
    if (step < lastStep) {
      setStep((step + 1) as WizardStep);
      return;
    }
    const form = toFormData(
      offersInstallments ? values : { ...values, installments: undefined },
      isCrossCurrency,
      plan
        ? { type: "planned", itemId: plan.itemId ?? undefined }
        : { type: "transaction", transactionId: transaction?.uuid, language, currency },
    );
    if (!isEdit) form.set(idempotencyKeyField, idempotencyKey);
    if (!isEdit && personId) form.set(recordedByField, personId);
    plan?.fill?.(form, values);
    // Offline, a new transaction is kept on this device and sent when the connection is back.
    if (!plan && !navigator.onLine && isKeepable(form)) {
      void keepOffline(form, workspaceId, `/workspaces/${workspaceId}/transactions`).then(() => {
        toast.info(t("toasts.kept"), pendingReceipts.length ? t("receipts.notKeptOffline") : t("toasts.keptDetail"));
        onDone();
      });
      return;
    }
    // The pending label is drawn before the click returns, not after a transition.
    fetcher.submit(form, {
      method: "post",
      action: plan?.action ?? `/workspaces/${workspaceId}/transactions`,
      flushSync: true,
    });
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

  const labels = plan?.labels ?? {
    create: t("wizard.create"),
    creating: t("wizard.creating"),
    update: t("wizard.update"),
    updating: t("wizard.updating"),
  };
  const saveLabel = isEdit ? (isBusy ? labels.updating : labels.update) : isBusy ? labels.creating : labels.create;
  return (
    <form onSubmit={submit} onKeyDown={enterGoesOn} className="grid gap-5" noValidate>
      <DialogDescription asChild>
        <div>
          <StepIndicator step={step} total={lastStep} />
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
            rateSuggestion={isCrossCurrency ? suggestedRateOf(options, currency, destinationCurrency, language) : null}
            errors={errors}
            checked={checked}
            onChecked={setChecked}
            dateLabel={plan?.dateLabel}
            isPlanned={plan !== undefined}
            canSplit={!plan && isSplittable(values.kind)}
            payees={options.payeeNames}
            offersInstallments={offersInstallments}
          />
        ) : null}
        {step === 4 ? plan?.lastStep?.render(values, errors) : null}
        {offersReceipts && step === lastStep ? (
          <PendingReceipts files={pendingReceipts} onChange={setPendingReceipts} />
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
      {/* On a phone, Back and the main button side by side at the bottom, the main one under the right thumb;
          the sheet closes from its X, Escape or the backdrop. */}
      <DialogFooter className="max-sm:flex-row max-sm:[&>*]:flex-1 sm:items-center">
        <Button variant="ghost" onClick={onCancel} className="max-sm:hidden sm:mr-auto">
          {t("wizard.cancel")}
        </Button>
        {step > 1 ? (
          <Button variant="outline" onClick={() => setStep((step - 1) as WizardStep)} disabled={isBusy}>
            {t("wizard.back")}
          </Button>
        ) : null}
        <Button
          type="submit"
          variant={step === lastStep ? "accent" : "primary"}
          disabled={!canGoOn || isBusy}
          aria-describedby={stillNeeded ? "wizard-still-needed" : undefined}
        >
          {step < lastStep ? t("wizard.next") : saveLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Attaches the receipts chosen with a new transaction; one that fails is said, the transaction stays. */
async function attachReceipts(workspaceId: string, transactionId: string, files: File[], t: TFunction) {
  const api = receiptsApi(workspaceId);
  for (const file of files) {
    try {
      await api.attach(transactionId, file);
    } catch (failure) {
      toast.error(t("receipts.notAttached"), (failure as Error).message);
    }
  }
}

/** The receipts chosen for a new transaction, each removable before it is saved. */
function PendingReceipts({ files, onChange }: { files: File[]; onChange(files: File[]): void }) {
  const { t } = useTranslation("transactions");
  return (
    <div className="mt-4 grid gap-2 border-t pt-4">
      <p className="text-sm font-medium">{t("receipts.title")}</p>
      {files.length ? (
        <ul className="flex flex-wrap gap-2" aria-label={t("receipts.chosen")}>
          {files.map((file, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: two photos may share a name; the list only grows or loses one
              key={`${file.name}-${index}`}
              className="flex items-center gap-1 rounded-full border bg-muted/40 px-2 py-1 text-xs"
            >
              <span className="max-w-64 truncate">{file.name}</span>
              <button
                type="button"
                className="grid size-6 place-items-center rounded-full hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                aria-label={t("receipts.remove", { name: file.name })}
                onClick={() => onChange(files.filter((_, other) => other !== index))}
              >
                <Icon name="x" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-xs text-muted-foreground">{t("receipts.hint")}</p>
      )}
      {files.length < maxReceiptsPerTransaction ? (
        <ReceiptPicker onPick={(picked) => onChange([...files, ...picked].slice(0, maxReceiptsPerTransaction))} />
      ) : null}
    </div>
  );
}
