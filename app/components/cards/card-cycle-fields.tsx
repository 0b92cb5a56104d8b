import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { CardResponse } from "../../../worker/cards/cards.mapper";
import type { FieldMessages } from "../../../worker/http/messages";
import { bestPurchaseDay, dueDayTenDaysAfter } from "../../../worker/ledger/rules/card-rules";

/** One of the two day fields; both are explained by the hint under them. */
function DayOfMonthField(props: {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange(value: string): void;
  isInvalid: boolean;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={props.id}>{props.label}</Label>
      <Input
        id={props.id}
        name={props.name}
        type="number"
        inputMode="numeric"
        min={1}
        max={31}
        step={1}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        aria-describedby="card-cycle-hint"
        aria-invalid={props.isInvalid || undefined}
      />
    </div>
  );
}

/** A day of the month as typed, when it is one (1–31). */
const dayOf = (typed: string) => {
  const day = Number(typed);
  return Number.isInteger(day) && day >= 1 && day <= 31 ? day : null;
};

/**
 * The closing (billing) day and the due day, with what they mean: the best day to buy (the day
 * after closing) and whether the statement is due in the closing month or the next. A new card's
 * due day follows its closing day, 10 days on, until the person sets it.
 */
export function CardCycleFields({ card, errors }: { card?: CardResponse; errors: FieldMessages }) {
  const { t } = useTranslation("cards");
  const [billingDay, setBillingDay] = useState(String(card?.billing_cycle_day ?? 1));
  // Null until the person types a due day: it then stays as typed, even empty.
  const [typedDueDay, setTypedDueDay] = useState<string | null>(card ? String(card.due_day) : null);
  const closing = dayOf(billingDay);
  const dueDay = typedDueDay ?? (closing ? String(dueDayTenDaysAfter(closing)) : "");
  const due = dayOf(dueDay);
  return (
    <>
      <DayOfMonthField
        id="card-billing-day"
        name="billing_cycle_day"
        label={t("form.billingDay")}
        value={billingDay}
        onChange={setBillingDay}
        isInvalid={Boolean(errors.billing_cycle_day)}
      />
      <DayOfMonthField
        id="card-due-day"
        name="due_day"
        label={t("form.dueDay")}
        value={dueDay}
        onChange={setTypedDueDay}
        isInvalid={Boolean(errors.due_day)}
      />
      <p id="card-cycle-hint" className="text-xs text-muted-foreground sm:col-span-2" data-testid="card-cycle-hint">
        {closing && due
          ? `${t("form.bestDay", { day: bestPurchaseDay(closing) })} ${t(
              due <= closing ? "form.dueNextMonth" : "form.dueSameMonth",
              { closing, due },
            )}`
          : t("form.cycleHint")}
      </p>
    </>
  );
}
