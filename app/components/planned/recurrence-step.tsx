import { useTranslation } from "react-i18next";
import { FieldError } from "~/components/transactions/leg-select";
import { DateField } from "~/components/ui/date-field";
import { nativeSelectClassName, Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { formatDate } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import { cn } from "~/lib/utils";
import { recurrenceFrequencies, weekendRules } from "../../../db/planning-enums";
import type { FieldMessages } from "../../../worker/http/messages";
import { describeRecurrence, monthNames, weekdayNames } from "./recurrence-summary";
import {
  type EndKind,
  movesOffWeekends,
  previewOf,
  type RecurrenceValues,
  recurrenceProblems,
  ruleOf,
} from "./recurrence-values";

type Props = {
  values: RecurrenceValues;
  onChange(values: RecurrenceValues): void;
  /** The details step's date: when the rule starts. */
  startDate: string;
  /** The details step's description: the name's default. */
  description: string;
  /** Where the preview starts (an edited rule picks up after today and its last posting) and what it has posted. */
  previewFrom: string;
  executed: number;
  errors: FieldMessages;
};

const endKinds: readonly EndKind[] = ["never", "onDate", "afterCount"];
const daysOfMonth = Array.from({ length: 31 }, (_, index) => index + 1);

/** Step 4 of a recurring item: how it repeats, in words, with the next five dates it posts on. */
export function RecurrenceStep({ values, onChange, startDate, description, previewFrom, executed, errors }: Props) {
  const { t } = useTranslation(["planned", "errors"]);
  const language = useLanguage();
  const set = <Field extends keyof RecurrenceValues>(field: Field, value: RecurrenceValues[Field]) =>
    onChange({ ...values, [field]: value });
  const problems = new Set(recurrenceProblems(values, startDate));
  const rule = ruleOf(values, startDate);
  const preview = rule ? previewOf(rule, previewFrom, executed) : [];
  const weekdays = weekdayNames(language);
  const shortWeekdays = weekdayNames(language, "short");
  const interval = Number(values.interval) || 1;
  const toggleDay = (day: number) =>
    set(
      "daysOfWeek",
      values.daysOfWeek.includes(day) ? values.daysOfWeek.filter((d) => d !== day) : [...values.daysOfWeek, day],
    );
  // A field left empty keeps the save button off but is not called wrong before anything is typed.
  const typed = { interval: values.interval, maxExecutions: values.maxExecutions, endBeforeStart: values.endDate };
  const problemMessage = (problem: keyof typeof typed) =>
    problems.has(problem) && typed[problem].trim() ? [{ key: `errors:fields.${problem}` }] : undefined;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="grid gap-2 sm:col-span-2">
        <Label htmlFor="rec-name">{t("recurrence.name")}</Label>
        <Input
          id="rec-name"
          value={values.name}
          onChange={(event) => set("name", event.target.value)}
          maxLength={100}
          placeholder={description}
          aria-describedby="rec-name-hint"
        />
        <p id="rec-name-hint" className="text-xs text-muted-foreground">
          {t("recurrence.nameHint")}
        </p>
        <FieldError id="rec-name-error" messages={errors.name} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="rec-frequency">{t("recurrence.repeats")}</Label>
        <select
          id="rec-frequency"
          className={nativeSelectClassName}
          value={values.frequency}
          onChange={(event) => set("frequency", event.target.value as RecurrenceValues["frequency"])}
        >
          {recurrenceFrequencies.map((frequency) => (
            <option key={frequency} value={frequency}>
              {t(`recurrence.frequencies.${frequency}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="rec-interval">{t("recurrence.every")}</Label>
        <div className="flex items-center gap-2">
          <Input
            id="rec-interval"
            inputMode="numeric"
            className="w-20"
            value={values.interval}
            onChange={(event) => set("interval", event.target.value)}
            aria-invalid={problemMessage("interval") ? true : undefined}
            aria-describedby={`rec-interval-unit${problemMessage("interval") ? " rec-interval-error" : ""}`}
          />
          <span id="rec-interval-unit" className="text-sm text-foreground">
            {t(`recurrence.units.${values.frequency}`, { count: interval })}
          </span>
        </div>
        <FieldError id="rec-interval-error" messages={problemMessage("interval") ?? errors.interval} />
      </div>
      {values.frequency === "weekly" ? (
        <fieldset className="grid gap-2 sm:col-span-2">
          <legend className="mb-2 text-sm font-medium text-foreground">{t("recurrence.onDays")}</legend>
          <div className="flex flex-wrap gap-2">
            {weekdays.map((name, day) => (
              <button
                // biome-ignore lint/suspicious/noArrayIndexKey: the index is the weekday
                key={day}
                type="button"
                aria-pressed={values.daysOfWeek.includes(day)}
                aria-label={name}
                onClick={() => toggleDay(day)}
                className={cn(
                  "min-w-12 rounded-full border px-3 py-1.5 text-sm capitalize transition focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                  values.daysOfWeek.includes(day)
                    ? "border-transparent bg-primary text-primary-foreground"
                    : "bg-card text-foreground hover:bg-muted",
                )}
              >
                {shortWeekdays[day]}
              </button>
            ))}
          </div>
          <FieldError
            id="rec-days-error"
            messages={problems.has("daysOfWeek") ? [{ key: "errors:fields.daysOfWeek" }] : errors.days_of_week}
          />
        </fieldset>
      ) : null}
      {values.frequency === "yearly" ? (
        <div className="grid gap-2">
          <Label htmlFor="rec-month">{t("recurrence.month")}</Label>
          <select
            id="rec-month"
            className={cn(nativeSelectClassName, "capitalize")}
            value={values.month}
            onChange={(event) => set("month", Number(event.target.value))}
          >
            {monthNames(language).map((name, index) => (
              <option key={name} value={index + 1}>
                {name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {movesOffWeekends(values.frequency) ? (
        <div className="grid gap-2">
          <Label htmlFor="rec-day">{t("recurrence.dayOfMonth")}</Label>
          <select
            id="rec-day"
            className={nativeSelectClassName}
            value={values.dayOfMonth}
            onChange={(event) => set("dayOfMonth", Number(event.target.value))}
            aria-describedby={values.dayOfMonth >= 29 ? "rec-day-hint" : undefined}
          >
            {daysOfMonth.map((day) => (
              <option key={day} value={day}>
                {day}
              </option>
            ))}
          </select>
          {values.dayOfMonth >= 29 ? (
            <p id="rec-day-hint" className="text-xs text-muted-foreground">
              {t("recurrence.monthEndHint")}
            </p>
          ) : null}
        </div>
      ) : null}
      {movesOffWeekends(values.frequency) ? (
        <div className="grid gap-2 sm:col-span-2">
          <Label htmlFor="rec-weekend">{t("recurrence.weekendRule")}</Label>
          <select
            id="rec-weekend"
            className={nativeSelectClassName}
            value={values.weekendRule}
            onChange={(event) => set("weekendRule", event.target.value as RecurrenceValues["weekendRule"])}
          >
            {weekendRules.map((rule) => (
              <option key={rule} value={rule}>
                {t(`recurrence.weekendRules.${rule}`)}
              </option>
            ))}
          </select>
          <FieldError id="rec-weekend-error" messages={errors.weekend_rule} />
        </div>
      ) : null}
      <fieldset className="grid gap-3 sm:col-span-2">
        <legend className="mb-2 text-sm font-medium text-foreground">{t("recurrence.ends")}</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {endKinds.map((kind) => (
            <label key={kind} className="flex items-center gap-2 text-sm text-foreground">
              <input
                type="radio"
                name="rec-ends"
                value={kind}
                checked={values.ends === kind}
                onChange={() => set("ends", kind)}
                className="size-4 accent-[var(--color-accent)]"
              />
              {t(`recurrence.endKinds.${kind}`)}
            </label>
          ))}
        </div>
        {values.ends === "onDate" ? (
          <div className="grid gap-2 sm:max-w-xs">
            <Label htmlFor="rec-end-date">{t("recurrence.endDate")}</Label>
            <DateField id="rec-end-date" value={values.endDate} onValueChange={(date) => set("endDate", date)} />
            <FieldError id="rec-end-date-error" messages={problemMessage("endBeforeStart") ?? errors.end_date} />
          </div>
        ) : null}
        {values.ends === "afterCount" ? (
          <div className="grid gap-2 sm:max-w-xs">
            <Label htmlFor="rec-max">{t("recurrence.maxExecutions")}</Label>
            <Input
              id="rec-max"
              inputMode="numeric"
              value={values.maxExecutions}
              onChange={(event) => set("maxExecutions", event.target.value)}
              aria-invalid={problemMessage("maxExecutions") ? true : undefined}
            />
            <FieldError id="rec-max-error" messages={problemMessage("maxExecutions") ?? errors.max_executions} />
          </div>
        ) : null}
      </fieldset>
      <section
        className="grid gap-3 rounded-xl border border-info/25 bg-info/5 p-4 sm:col-span-2"
        aria-labelledby="rec-summary-title"
      >
        <h3 id="rec-summary-title" className="text-sm font-semibold text-foreground">
          {t("recurrence.summaryTitle")}
        </h3>
        <p className="text-sm text-foreground" aria-live="polite" data-testid="recurrence-summary">
          {rule ? describeRecurrence(rule, t, language) : t("recurrence.summaryIncomplete")}
        </p>
        {rule ? (
          <div className="grid gap-1.5">
            <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
              {t("recurrence.nextDates", { count: preview.length })}
            </p>
            {preview.length ? (
              <ol
                className="grid gap-1 text-sm text-foreground tabular-nums"
                aria-label={t("recurrence.nextDatesLabel")}
              >
                {preview.map((occurrence) => (
                  <li key={occurrence.date}>
                    <time dateTime={occurrence.postingDate}>
                      {formatDate(occurrence.postingDate, language, { style: "long" })}
                    </time>
                    {occurrence.postingDate !== occurrence.date ? (
                      <span className="ml-1 text-muted-foreground">
                        {t("recurrence.movedFrom", {
                          date: formatDate(occurrence.date, language, { style: "dayMonth" }),
                        })}
                      </span>
                    ) : null}
                  </li>
                ))}
              </ol>
            ) : (
              <p className="text-sm text-muted-foreground">{t("errors:fields.noOccurrences")}</p>
            )}
          </div>
        ) : null}
      </section>
    </div>
  );
}
