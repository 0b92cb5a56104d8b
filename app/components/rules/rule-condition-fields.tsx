import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { FieldError, invalidProps } from "~/components/ui/field-error";
import { Icon } from "~/components/ui/icon";
import { nativeSelectClassName, Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { transactionKinds } from "../../../db/enums";
import { type ConditionValues, conditionFor, operatorsOf, type RuleConditionField } from "./rule-values";

export type RulePlace = { value: string; name: string; group: "account" | "card" };

const fields = Object.keys(operatorsOf) as RuleConditionField[];
const maxConditions = 10;

type Props = {
  conditions: ConditionValues[];
  onChange(conditions: ConditionValues[]): void;
  places: readonly RulePlace[];
  errorAt(path: string): string | undefined;
};

/** The rule's conditions, every one of which must hold: a field, its test and the value, each row removable. */
export function RuleConditionFields({ conditions, onChange, places, errorAt }: Props) {
  const { t } = useTranslation("rules");
  const change = (index: number, condition: ConditionValues) =>
    onChange(conditions.map((current, at) => (at === index ? condition : current)));
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-semibold text-foreground">{t("form.when")}</legend>
      <ol className="grid gap-3">
        {conditions.map((condition, index) => {
          const number = index + 1;
          const id = `rule-condition-${index}`;
          const valueError = errorAt(`conditions.${index}.value`) ?? errorAt(`conditions.${index}`);
          const maxError = errorAt(`conditions.${index}.max`);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a condition has no id; its place is its name ("Condition 2")
            <li key={index}>
              <fieldset className="grid gap-2 rounded-xl border bg-muted/30 p-3 sm:grid-cols-[10rem_9rem_1fr_auto] sm:items-start">
                <legend className="sr-only">{t("form.condition", { number })}</legend>
                <div className="grid gap-1">
                  <Label htmlFor={`${id}-field`} className="sr-only">
                    {t("form.field")}
                  </Label>
                  <select
                    id={`${id}-field`}
                    value={condition.field}
                    onChange={(event) => change(index, conditionFor(event.target.value as RuleConditionField))}
                    className={nativeSelectClassName}
                  >
                    {fields.map((field) => (
                      <option key={field} value={field}>
                        {t(`form.fields.${field}`)}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="grid gap-1">
                  <Label htmlFor={`${id}-operator`} className="sr-only">
                    {t("form.operator")}
                  </Label>
                  <select
                    id={`${id}-operator`}
                    value={condition.operator}
                    disabled={operatorsOf[condition.field].length === 1}
                    onChange={(event) => change(index, { ...condition, operator: event.target.value })}
                    className={nativeSelectClassName}
                  >
                    {operatorsOf[condition.field].map((operator) => (
                      <option key={operator} value={operator}>
                        {t(`form.operators.${operator}`)}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="grid gap-2 sm:grid-cols-[repeat(auto-fit,minmax(7rem,1fr))]">
                  <div className="grid gap-1">
                    <Label htmlFor={`${id}-value`} className={condition.operator === "between" ? undefined : "sr-only"}>
                      {condition.operator === "between" ? t("form.min") : t("form.value")}
                    </Label>
                    <ConditionValue
                      id={`${id}-value`}
                      condition={condition}
                      places={places}
                      onChange={(value) => change(index, { ...condition, value })}
                      error={valueError}
                    />
                    <FieldError id={`${id}-value-error`} message={valueError} />
                  </div>
                  {condition.operator === "between" ? (
                    <div className="grid gap-1">
                      <Label htmlFor={`${id}-max`}>{t("form.max")}</Label>
                      <Input
                        id={`${id}-max`}
                        inputMode="decimal"
                        autoComplete="off"
                        value={condition.max}
                        onChange={(event) => change(index, { ...condition, max: event.target.value })}
                        {...invalidProps(`${id}-max-error`, maxError)}
                      />
                      <FieldError id={`${id}-max-error`} message={maxError} />
                    </div>
                  ) : null}
                </div>
                {conditions.length > 1 ? (
                  <Button
                    variant="ghost"
                    size="icon"
                    className="justify-self-end"
                    aria-label={t("form.removeCondition", { number })}
                    onClick={() => onChange(conditions.filter((_, at) => at !== index))}
                  >
                    <Icon name="x" />
                  </Button>
                ) : null}
              </fieldset>
            </li>
          );
        })}
      </ol>
      <FieldError id="rule-conditions-error" message={errorAt("conditions")} />
      <Button
        variant="outline"
        size="sm"
        className="justify-self-start"
        disabled={conditions.length >= maxConditions}
        onClick={() => onChange([...conditions, conditionFor("description")])}
      >
        <Icon name="plus" />
        {t("form.addCondition")}
      </Button>
    </fieldset>
  );
}

function ConditionValue({
  id,
  condition,
  places,
  onChange,
  error,
}: {
  id: string;
  condition: ConditionValues;
  places: readonly RulePlace[];
  onChange(value: string): void;
  error: string | undefined;
}) {
  const { t } = useTranslation("rules");
  const errorProps = invalidProps(`${id}-error`, error);
  if (condition.field === "type")
    return (
      <select
        id={id}
        value={condition.value}
        onChange={(event) => onChange(event.target.value)}
        className={nativeSelectClassName}
        {...errorProps}
      >
        {transactionKinds.map((kind) => (
          <option key={kind} value={kind}>
            {t(`form.kinds.${kind}`)}
          </option>
        ))}
      </select>
    );
  if (condition.field === "place") {
    const group = (kind: RulePlace["group"]) => places.filter((place) => place.group === kind);
    return (
      <select
        id={id}
        value={condition.value}
        onChange={(event) => onChange(event.target.value)}
        className={nativeSelectClassName}
        {...errorProps}
      >
        <option value="" disabled>
          {t("form.fields.place")}
        </option>
        {(["account", "card"] as const).map((kind) =>
          group(kind).length > 0 ? (
            <optgroup key={kind} label={t(kind === "account" ? "form.accounts" : "form.cards")}>
              {group(kind).map((place) => (
                <option key={place.value} value={place.value}>
                  {place.name}
                </option>
              ))}
            </optgroup>
          ) : null,
        )}
      </select>
    );
  }
  return (
    <Input
      id={id}
      value={condition.value}
      maxLength={100}
      autoComplete="off"
      inputMode={condition.field === "amount" ? "decimal" : undefined}
      onChange={(event) => onChange(event.target.value)}
      {...errorProps}
    />
  );
}
