import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { formatMoney } from "~/lib/format";
import { parseTypedAmount, refusalOf } from "~/lib/typed-amount";
import { useLanguage } from "~/lib/use-language";
import type { FieldMessages, Message } from "../../../worker/http/messages";
import { FieldError } from "./leg-select";
import {
  maxParts,
  minParts,
  splitRemainder,
  withoutSplit,
  withPartAdded,
  withPartChanged,
  withPartRemoved,
  remainderPartOf,
  withRemainderFilled,
} from "./split-parts";
import { TagPicker } from "./tag-picker";
import type { TagOption } from "./types";
import type { WizardPart, WizardValues } from "./wizard-values";

type Props = {
  values: WizardValues;
  onChange(values: WizardValues): void;
  tags: TagOption[];
  currency: string;
  errors: FieldMessages;
};

const invalid = (messages: Message[] | undefined, describedBy: string) =>
  messages?.length ? { "aria-invalid": true, "aria-describedby": describedBy } : {};

/**
 * A split's parts in place of the transaction's tags: each with an amount, tags and a note, and below
 * them what is left to assign, which the wizard's button waits on until it is nothing.
 */
export function SplitFields({ values, onChange, tags, currency, errors }: Props) {
  const { t } = useTranslation("transactions");
  const language = useLanguage();
  const parts = values.parts ?? [];
  const container = useRef<HTMLFieldSetElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  // A part added takes the focus; a part removed gives it to "Add part".
  const partCount = useRef(parts.length);
  useEffect(() => {
    if (parts.length > partCount.current)
      container.current?.querySelector<HTMLElement>(`#tx-part-${parts.length - 1}-amount`)?.focus();
    else if (parts.length < partCount.current) addButton.current?.focus();
    partCount.current = parts.length;
  }, [parts.length]);
  // "Fill the remainder" is offered on one part: the first still empty, else the last.
  const filled = withRemainderFilled(values, language, currency);
  const fillsPart = filled ? remainderPartOf(values) : null;
  return (
    <fieldset ref={container} className="grid gap-3 sm:col-span-2" aria-describedby="tx-split-remainder">
      <legend className="mb-2 text-sm font-medium text-foreground">{t("split.legend")}</legend>
      <ol className="grid gap-3">
        {parts.map((_, index) => (
          <PartFields
            // biome-ignore lint/suspicious/noArrayIndexKey: a part has no id until it is saved, and its place is its name ("Part 2")
            key={index}
            index={index}
            values={values}
            onChange={onChange}
            tags={tags}
            currency={currency}
            errors={errors}
            onFill={filled && fillsPart === index ? () => onChange(filled) : null}
          />
        ))}
      </ol>
      <RemainderLine remainder={splitRemainder(values, language, currency)} currency={currency} />
      <FieldError id="tx-split-error" messages={errors.parts} />
      <div className="flex flex-wrap gap-2">
        <Button
          ref={addButton}
          variant="outline"
          size="sm"
          disabled={parts.length >= maxParts}
          onClick={() => onChange(withPartAdded(values))}
        >
          <Icon name="plus" />
          {t("split.add")}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => onChange(withoutSplit(values))}>
          {t("split.stop")}
        </Button>
      </div>
    </fieldset>
  );
}

/** One part: its amount (and the remainder, when it is offered it), note and tags, named by its place. */
function PartFields({
  index,
  values,
  onChange,
  tags,
  currency,
  errors,
  onFill,
}: Props & { index: number; onFill: (() => void) | null }) {
  const { t } = useTranslation("transactions");
  const language = useLanguage();
  // The amount shows why it is refused once the person leaves it.
  const [isLeft, setIsLeft] = useState(false);
  const part = values.parts![index]!;
  const number = index + 1;
  const id = `tx-part-${index}`;
  const typed = parseTypedAmount(part.amount, language, { currency });
  const amountErrors =
    isLeft && part.amount.trim() !== "" && !typed.ok
      ? [refusalOf("amount", typed.reason, currency)]
      : errors[`parts.${index}.amount`];
  const change = (edit: Partial<WizardPart>) => onChange(withPartChanged(values, index, edit));
  return (
    <li className="grid gap-3 rounded-xl border bg-muted/30 p-3 sm:grid-cols-2">
      <div className="flex items-center justify-between gap-2 sm:col-span-2">
        <h3 className="text-sm font-semibold text-foreground">{t("split.part", { number })}</h3>
        {(values.parts?.length ?? 0) > minParts ? (
          <Button
            variant="ghost"
            size="sm"
            aria-label={t("split.removePart", { number })}
            onClick={() => onChange(withPartRemoved(values, index))}
          >
            <Icon name="x" />
            {t("split.remove")}
          </Button>
        ) : null}
      </div>
      <div className="grid content-start gap-2">
        <Label htmlFor={`${id}-amount`}>{t("details.amount")}</Label>
        <Input
          id={`${id}-amount`}
          aria-label={t("split.partAmount", { number })}
          inputMode="decimal"
          autoComplete="off"
          value={part.amount}
          onChange={(event) => {
            setIsLeft(false);
            change({ amount: event.target.value });
          }}
          onBlur={() => setIsLeft(true)}
          {...invalid(amountErrors, `${id}-amount-error`)}
        />
        <FieldError id={`${id}-amount-error`} messages={amountErrors} />
        {onFill ? (
          <Button
            variant="link"
            size="sm"
            className="h-auto justify-self-start px-0 py-1"
            aria-label={t("split.fillPart", { number })}
            onClick={onFill}
          >
            {t("split.fill")}
          </Button>
        ) : null}
      </div>
      <div className="grid content-start gap-2">
        <Label htmlFor={`${id}-note`}>{t("split.note")}</Label>
        <Input
          id={`${id}-note`}
          aria-label={t("split.partNote", { number })}
          value={part.note}
          maxLength={1000}
          onChange={(event) => change({ note: event.target.value })}
          {...invalid(errors[`parts.${index}.note`], `${id}-note-error`)}
        />
        <FieldError id={`${id}-note-error`} messages={errors[`parts.${index}.note`]} />
      </div>
      <fieldset className="grid gap-2 sm:col-span-2" aria-label={t("split.partTags", { number })}>
        <legend className="mb-2 text-sm font-medium text-foreground">{t("details.tags")}</legend>
        <TagPicker tags={tags} chosen={part.tagIds} onChange={(tagIds) => change({ tagIds })} />
        <FieldError id={`${id}-tags-error`} messages={errors[`parts.${index}.tag_ids`]} />
      </fieldset>
    </li>
  );
}

/** "R$ 20,00 left to assign", "R$ 5,00 over" or "All assigned", read out as it changes. */
function RemainderLine({ remainder, currency }: { remainder: number | null; currency: string }) {
  const { t } = useTranslation("transactions");
  const language = useLanguage();
  const money = (units: number) => formatMoney(units, currency, language);
  if (remainder === 0)
    return (
      <p
        id="tx-split-remainder"
        aria-live="polite"
        className="flex items-center gap-1.5 text-sm font-medium text-success"
      >
        <Icon name="circle-check" />
        {t("split.assigned")}
      </p>
    );
  return (
    <p
      id="tx-split-remainder"
      aria-live="polite"
      className={`text-sm font-medium ${remainder !== null && remainder < 0 ? "text-destructive" : "text-foreground"}`}
    >
      {remainder === null
        ? t("split.amountFirst")
        : remainder > 0
          ? t("split.left", { amount: money(remainder) })
          : t("split.over", { amount: money(-remainder) })}
    </p>
  );
}
