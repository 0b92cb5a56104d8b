import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { CardResponse } from "../../../worker/cards/cards.mapper";
import type { FieldMessages } from "../../../worker/http/messages";
import { bestPurchaseDay, dueDayTenDaysAfter } from "../../../worker/ledger/rules/card-rules";

const invalid = (errors: FieldMessages, field: string) => (errors[field] ? { "aria-invalid": true as const } : {});

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
      <div className="grid gap-2">
        <Label htmlFor="card-billing-day">{t("form.billingDay")}</Label>
        <Input
          id="card-billing-day"
          name="billing_cycle_day"
          type="number"
          inputMode="numeric"
          min={1}
          max={31}
          step={1}
          value={billingDay}
          onChange={(event) => setBillingDay(event.target.value)}
          aria-describedby="card-cycle-hint"
          {...invalid(errors, "billing_cycle_day")}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="card-due-day">{t("form.dueDay")}</Label>
        <Input
          id="card-due-day"
          name="due_day"
          type="number"
          inputMode="numeric"
          min={1}
          max={31}
          step={1}
          value={dueDay}
          onChange={(event) => setTypedDueDay(event.target.value)}
          aria-describedby="card-cycle-hint"
          {...invalid(errors, "due_day")}
        />
      </div>
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
