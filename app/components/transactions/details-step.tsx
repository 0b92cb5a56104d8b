import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { DateField } from "~/components/ui/date-field";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { formatDate, formatMoney } from "~/lib/format";
import { rateSourceName } from "../../../worker/currency/rate-sources";
import { useLanguage } from "~/lib/use-language";
import { parseTypedAmount, parseTypedRate, refusalOf } from "~/lib/typed-amount";
import type { FieldMessages, Message } from "../../../worker/http/messages";
import { percentRate, schedule, zeroRate } from "../../../worker/planning/money-schedules";
import { FieldError } from "./leg-select";
import { SplitFields } from "./split-fields";
import { withSplit } from "./split-parts";
import { TagPicker } from "./tag-picker";
import type { TagOption } from "./types";
import { conversionPreview, typedNumbersOf, type WizardValues } from "./wizard-state";

export type TypedField = "amount" | "rate";

type Props = {
  values: WizardValues;
  onChange(values: WizardValues): void;
  tags: TagOption[];
  currency: string;
  destinationCurrency: string;
  isCrossCurrency: boolean;
  /** The kept rate of the pair, shown as where the rate came from while the field still holds it. */
  rateSuggestion?: { text: string; date: string; source: string } | null;
  errors: FieldMessages;
  /** The typed fields whose refusal shows: left, or tried to save. */
  checked: ReadonlySet<TypedField>;
  onChecked(checked: ReadonlySet<TypedField>): void;
  /** A planned item's date says what it is (scheduled for, starts on). */
  dateLabel?: string;
  /** A planned item's notes; else a transaction's note, and it may be split in parts. */
  isPlanned?: boolean;
  /** An income or expense may be split, and names its payee. */
  canSplit?: boolean;
  /** The workspace's payees' names, offered as the payee is typed. */
  payees?: readonly string[];
  /** A new purchase on a card acting as credit: "parcelar em N vezes". */
  offersInstallments?: boolean;
};

const invalid = (messages?: Message[], describedBy?: string) =>
  messages?.length ? { "aria-invalid": true, ...(describedBy ? { "aria-describedby": describedBy } : {}) } : {};

/** Step 3: amount, currency (read-only), conversion rate across currencies, description, date, note, tags or parts. */
export function DetailsStep({
  values,
  onChange,
  tags,
  currency,
  destinationCurrency,
  isCrossCurrency,
  rateSuggestion,
  errors,
  checked,
  onChecked,
  dateLabel,
  isPlanned,
  canSplit,
  payees = [],
  offersInstallments,
}: Props) {
  const { t } = useTranslation("transactions");
  const language = useLanguage();
  const set = (field: keyof WizardValues) => (event: React.ChangeEvent<HTMLInputElement>) =>
    onChange({ ...values, [field]: event.target.value });
  const preview = isCrossCurrency
    ? conversionPreview(values, language, { from: currency, to: destinationCurrency })
    : null;
  const typed = typedNumbersOf(values, language, currency);
  const messages = {
    amount: checked.has("amount") && !typed.amount.ok ? refusalOf("amount", typed.amount.reason, currency) : undefined,
    rate: checked.has("rate") && !typed.rate.ok ? refusalOf("rate", typed.rate.reason) : undefined,
  };
  const check = (field: TypedField, isChecked: boolean) => () => {
    if (checked.has(field) !== isChecked)
      onChecked(isChecked ? new Set([...checked, field]) : new Set([...checked].filter((item) => item !== field)));
  };
  const typedInput = (field: TypedField) => ({
    inputMode: "decimal" as const,
    autoComplete: "off",
    value: values[field],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      check(field, false)();
      set(field)(event);
    },
    onBlur: check(field, true),
  });
  const noteErrors = isPlanned ? errors.notes : errors.note;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="grid gap-2">
        <Label htmlFor="tx-amount">{t("details.amount")}</Label>
        <Input
          id="tx-amount"
          {...typedInput("amount")}
          autoFocus
          {...invalid(messages.amount ? [messages.amount] : errors.amount, "tx-amount-error")}
        />
        <FieldError id="tx-amount-error" messages={messages.amount ? [messages.amount] : errors.amount} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="tx-currency">{t("details.currency")}</Label>
        <Input id="tx-currency" value={currency} readOnly aria-describedby="tx-currency-hint" className="bg-muted" />
        <p id="tx-currency-hint" className="text-xs text-muted-foreground">
          {t("details.currencyHint")}
        </p>
      </div>
      {isCrossCurrency ? (
        <div className="grid gap-2 rounded-xl border border-info/25 bg-info/5 p-4 sm:col-span-2">
          <Label htmlFor="tx-rate">{t("details.rate", { from: currency, to: destinationCurrency })}</Label>
          <Input
            id="tx-rate"
            {...typedInput("rate")}
            aria-describedby="tx-rate-preview"
            {...invalid(messages.rate ? [messages.rate] : errors.currency_conversion, "tx-rate-preview tx-rate-error")}
          />
          <p id="tx-rate-preview" className="text-sm font-medium text-foreground" aria-live="polite">
            {preview
              ? t("details.preview", {
                  leaves: formatMoney(preview.leavesCents, currency, language),
                  arrives: formatMoney(preview.arrivesCents, destinationCurrency, language),
                })
              : t("details.previewHint")}
          </p>
          {rateSuggestion && values.rate === rateSuggestion.text ? (
            <p id="tx-rate-source" className="text-xs text-muted-foreground">
              {t("details.rateSuggested", {
                source: rateSourceName(rateSuggestion.source),
                date: formatDate(rateSuggestion.date, language),
              })}
            </p>
          ) : null}
          <FieldError id="tx-rate-error" messages={messages.rate ? [messages.rate] : errors.currency_conversion} />
        </div>
      ) : null}
      {offersInstallments ? (
        <InstallmentFields values={values} onChange={onChange} errors={errors} currency={currency} />
      ) : null}
      <div className="grid gap-2 sm:col-span-2">
        <Label htmlFor="tx-description">{t("details.description")}</Label>
        <Input
          id="tx-description"
          value={values.description}
          onChange={set("description")}
          maxLength={255}
          placeholder={t("details.descriptionPlaceholder")}
          {...invalid(errors.description)}
        />
        <FieldError id="tx-description-error" messages={errors.description} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="tx-date">{dateLabel ?? t("details.date")}</Label>
        <DateField
          id="tx-date"
          value={values.date}
          onValueChange={(date) => onChange({ ...values, date })}
          {...invalid(errors.date, "tx-date-error")}
        />
        <FieldError id="tx-date-error" messages={errors.date} />
      </div>
      {canSplit && !isPlanned ? (
        <div className="grid gap-2 sm:col-span-2">
          <Label htmlFor="tx-payee">{values.kind === "income" ? t("details.payer") : t("details.payee")}</Label>
          <Input
            id="tx-payee"
            value={values.payee ?? ""}
            onChange={(event) => onChange({ ...values, payee: event.target.value })}
            list={payees.length ? "tx-payee-names" : undefined}
            maxLength={80}
            autoComplete="off"
            placeholder={t("details.payeePlaceholder")}
            {...invalid(errors.payee, "tx-payee-error")}
          />
          {payees.length ? (
            <datalist id="tx-payee-names">
              {payees.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
          ) : null}
          <FieldError id="tx-payee-error" messages={errors.payee} />
        </div>
      ) : null}
      <div className="grid gap-2 sm:col-span-2">
        <Label htmlFor="tx-notes">{isPlanned ? t("details.notes") : t("details.note")}</Label>
        <Textarea
          id="tx-notes"
          value={values.notes}
          onChange={(event) => onChange({ ...values, notes: event.target.value })}
          maxLength={1000}
          rows={2}
          {...invalid(noteErrors, "tx-notes-error")}
        />
        <FieldError id="tx-notes-error" messages={noteErrors} />
      </div>
      {values.parts ? (
        <SplitFields values={values} onChange={onChange} tags={tags} currency={currency} errors={errors} />
      ) : (
        <fieldset className="grid content-start gap-2 sm:col-span-2">
          <legend className="mb-2 text-sm font-medium text-foreground">{t("details.tags")}</legend>
          {tags.length === 0 ? <p className="text-sm text-muted-foreground">{t("details.noTags")}</p> : null}
          <TagPicker tags={tags} chosen={values.tagIds} onChange={(tagIds) => onChange({ ...values, tagIds })} />
          <FieldError id="tx-tags-error" messages={errors.tag_ids} />
          {canSplit && tags.length ? (
            <div className="grid justify-items-start gap-1">
              <Button
                variant="outline"
                size="sm"
                aria-describedby="tx-split-hint"
                onClick={() => onChange(withSplit(values))}
              >
                <Icon name="layers" />
                {t("split.start")}
              </Button>
              <p id="tx-split-hint" className="text-xs text-muted-foreground">
                {t("split.hint")}
              </p>
            </div>
          ) : null}
        </fieldset>
      )}
    </div>
  );
}

/**
 * "Parcelar em N vezes": a card purchase split in installments becomes an installment plan, each
 * installment on its own statement; the first one and the total are worked out as the person types.
 */
function InstallmentFields({
  values,
  onChange,
  errors,
  currency,
}: Pick<Props, "values" | "onChange" | "errors" | "currency">) {
  const { t } = useTranslation("transactions");
  const language = useLanguage();
  const count = Number(values.installments?.trim());
  const amount = parseTypedAmount(values.amount, language, { currency });
  const rate = values.installmentRate?.trim() ? parseTypedRate(values.installmentRate, language) : null;
  const monthly = rate === null ? zeroRate : rate.ok ? percentRate(rate.text) : null;
  const rows =
    amount.ok && monthly && Number.isInteger(count) && count >= 2 && count <= 360
      ? schedule(BigInt(amount.units), monthly, count)
      : null;
  return (
    <fieldset className="grid gap-3 rounded-xl border p-4 sm:col-span-2 sm:grid-cols-2">
      <legend className="px-1 text-sm font-medium text-foreground">{t("details.installments.legend")}</legend>
      <div className="grid content-start gap-2">
        <Label htmlFor="tx-installments">{t("details.installments.count")}</Label>
        <Input
          id="tx-installments"
          inputMode="numeric"
          autoComplete="off"
          placeholder="1"
          value={values.installments ?? ""}
          onChange={(event) => onChange({ ...values, installments: event.target.value })}
          aria-describedby="tx-installments-hint"
          {...invalid(errors.installments_count, "tx-installments-hint tx-installments-error")}
        />
        <p id="tx-installments-hint" className="text-xs text-muted-foreground">
          {t("details.installments.hint")}
        </p>
        <FieldError id="tx-installments-error" messages={errors.installments_count} />
      </div>
      <div className="grid content-start gap-2">
        <Label htmlFor="tx-installment-rate">{t("details.installments.rate")}</Label>
        <Input
          id="tx-installment-rate"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          value={values.installmentRate ?? ""}
          onChange={(event) => onChange({ ...values, installmentRate: event.target.value })}
          {...invalid(errors.interest_rate, "tx-installment-rate-error")}
        />
        <FieldError id="tx-installment-rate-error" messages={errors.interest_rate} />
      </div>
      {rows ? (
        <p className="text-sm font-medium text-foreground sm:col-span-2" aria-live="polite">
          {t("details.installments.preview", {
            count: rows.length,
            first: formatMoney(rows[0]!.paymentCents, currency, language),
            total: formatMoney(
              rows.reduce((total, row) => total + row.paymentCents, 0n),
              currency,
              language,
            ),
          })}
        </p>
      ) : null}
    </fieldset>
  );
}
