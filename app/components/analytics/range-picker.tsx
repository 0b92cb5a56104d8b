import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigate, useSearchParams } from "react-router";
import { Button } from "~/components/ui/button";
import { fieldClassName } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { LazyDateField } from "~/components/ui/lazy-date-field";
import { cn } from "~/lib/utils";
import { type DateRange, presetOf, presetRange, type RangePreset, rangePresets } from "./range";

const selectClass = `${fieldClassName} h-9 px-3 text-sm`;

/** Changes the page's query (keeping the rest) without scrolling to the top: the cards reload in place. */
function useQueryChange() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) next.set(name, value);
    navigate({ search: `?${next}` }, { preventScrollReset: true });
  };
}

/** The range of every report: a preset or two dates, kept in the address (`from`, `to`) so it can be shared. */
export function RangePicker({ range, today }: { range: DateRange; today: string }) {
  const { t } = useTranslation("analytics");
  const [params] = useSearchParams();
  const change = useQueryChange();
  // The choice shows at once; the page remounts the picker with the range the reports answered for.
  const [choice, setChoice] = useState<RangePreset | "custom">(presetOf(range, today));
  const choose = (value: string) => {
    setChoice(value as RangePreset | "custom");
    if (value !== "custom") change(presetRange(value as RangePreset, today));
  };
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor="analytics-range">{t("range.label")}</Label>
        <select
          id="analytics-range"
          className={cn(selectClass, "min-w-48")}
          value={choice}
          onChange={(event) => choose(event.target.value)}
        >
          {rangePresets.map((value) => (
            <option key={value} value={value}>
              {t(`range.presets.${value}`)}
            </option>
          ))}
          <option value="custom">{t("range.presets.custom")}</option>
        </select>
      </div>
      {choice === "custom" ? (
        <Form method="get" preventScrollReset className="flex flex-wrap items-end gap-3" data-testid="custom-range">
          {["group_by", "breakdown"].map((name) =>
            params.get(name) ? <input key={name} type="hidden" name={name} value={params.get(name)!} /> : null,
          )}
          <div className="grid w-36 gap-1.5">
            <Label htmlFor="analytics-from">{t("range.from")}</Label>
            <LazyDateField id="analytics-from" name="from" defaultValue={range.from} max={today} />
          </div>
          <div className="grid w-36 gap-1.5">
            <Label htmlFor="analytics-to">{t("range.to")}</Label>
            <LazyDateField id="analytics-to" name="to" defaultValue={range.to} />
          </div>
          <Button type="submit" variant="outline" className="h-9">
            {t("range.apply")}
          </Button>
        </Form>
      ) : null}
    </div>
  );
}

/** A select that sets one query parameter of the page's address (a card's own view of its report). */
function QuerySelect({
  id,
  label,
  param,
  value,
  options,
}: {
  id: string;
  label: string;
  param: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string; isDisabled?: boolean }>;
}) {
  const change = useQueryChange();
  return (
    <div className="flex items-center gap-2">
      <Label htmlFor={id} className="text-xs whitespace-nowrap text-muted-foreground">
        {label}
      </Label>
      <select
        id={id}
        className={selectClass}
        value={value}
        onChange={(event) => change({ [param]: event.target.value })}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.isDisabled}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The spending trend's periods: months, weeks or days (days only up to 366 of them). */
export function GroupBySelect({ value, isDayOff }: { value: "day" | "week" | "month"; isDayOff: boolean }) {
  const { t } = useTranslation("analytics");
  return (
    <QuerySelect
      id="analytics-group-by"
      label={t("groupBy.label")}
      param="group_by"
      value={value}
      options={(["month", "week", "day"] as const).map((option) => ({
        value: option,
        label: t(`groupBy.${option}`),
        isDisabled: option === "day" && isDayOff,
      }))}
    />
  );
}

/** The breakdown's kind: where the money went, or where it came from. */
export function BreakdownTypeSelect({ value }: { value: "expense" | "income" }) {
  const { t } = useTranslation("analytics");
  return (
    <QuerySelect
      id="analytics-breakdown"
      label={t("breakdown.show")}
      param="breakdown"
      value={value}
      options={(["expense", "income"] as const).map((option) => ({ value: option, label: t(`breakdown.${option}`) }))}
    />
  );
}
