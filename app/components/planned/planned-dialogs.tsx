import type { TFunction } from "i18next";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { TransactionWizard, type WizardPlan } from "~/components/transactions/transaction-wizard";
import type { LedgerOptions } from "~/components/transactions/types";
import { legValue, type WizardValues } from "~/components/transactions/wizard-values";
import { Dialog, DialogContent, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { formatAmountInput, formatRateInput } from "~/lib/format";
import type { Language } from "~/lib/i18n";
import { useLanguage } from "~/lib/use-language";
import { decimalToUnits } from "../../../worker/ledger/amounts";
import type { RecurringItem, ScheduledItem } from "./planned-types";
import { RecurrenceStep } from "./recurrence-step";
import {
  emptyRecurrence,
  fillRecurrence,
  type RecurrenceValues,
  recurrenceFields,
  recurrenceFromItem,
  recurrenceProblems,
  resumesFrom,
} from "./recurrence-values";

type DialogProps<Item> = LedgerOptions & {
  open: boolean;
  onOpenChange(open: boolean): void;
  workspaceId: string;
  currency: string;
  today: string;
  /** Given: edit it; null: a new one. */
  item: Item | null;
};

/** An item's transaction as the wizard's values, amounts as the page's language writes them. */
function valuesOfItem(item: ScheduledItem | RecurringItem, date: string, language: Language): WizardValues {
  const leg = (side: ScheduledItem["origin"]) => (side.type !== "external" ? legValue(side.type, side.uuid) : "");
  return {
    kind: item.type,
    origin: leg(item.origin),
    destination: leg(item.destination),
    amount: formatAmountInput(item.amount_cents, item.currency, language),
    description: item.description,
    notes: item.notes ?? "",
    date,
    rate: item.currency_conversion ? formatRateInput(decimalToUnits(item.currency_conversion, 6) ?? 0, language) : "",
    tagIds: item.tag_ids,
  };
}

/** What the wizard saves a planned item with: its page's action, the item, and the words for saving it. */
function plannedPlan(
  kind: "scheduled" | "recurring",
  workspaceId: string,
  item: { uuid: string } | null,
  t: TFunction,
): Omit<WizardPlan, "dateLabel"> {
  return {
    action: `/workspaces/${workspaceId}/${kind}-transactions`,
    itemId: item?.uuid ?? null,
    labels: {
      create: t(`${kind}.create`),
      creating: t("saving"),
      update: t("saveChanges"),
      updating: t("saving"),
      created: t(`${kind}.toasts.created`),
      updated: t(`${kind}.toasts.updated`),
    },
  };
}

/** A scheduled (one-off) transaction: the transaction wizard, saved as an item posted on its date. */
export function ScheduledDialog({ open, onOpenChange, item, workspaceId, ...props }: DialogProps<ScheduledItem>) {
  const { t } = useTranslation("planned");
  const language = useLanguage();
  const draft = useMemo(() => (item ? valuesOfItem(item, item.scheduled_date, language) : null), [item, language]);
  const plan: WizardPlan = { ...plannedPlan("scheduled", workspaceId, item, t), dateLabel: t("scheduled.date") };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{item ? t("scheduled.editTitle") : t("scheduled.createTitle")}</DialogTitle>
        </DialogHeader>
        {open ? (
          <TransactionWizard
            key={item?.uuid ?? "new"}
            transaction={null}
            draft={draft}
            plan={plan}
            workspaceId={workspaceId}
            onDone={() => onOpenChange(false)}
            onCancel={() => onOpenChange(false)}
            {...props}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** A recurring transaction: the transaction wizard, then how it repeats (step 4). */
export function RecurringDialog({ open, onOpenChange, item, workspaceId, ...props }: DialogProps<RecurringItem>) {
  const { t } = useTranslation("planned");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{item ? t("recurring.editTitle") : t("recurring.createTitle")}</DialogTitle>
        </DialogHeader>
        {open ? (
          <RecurringWizard
            key={item?.uuid ?? "new"}
            item={item}
            workspaceId={workspaceId}
            onDone={() => onOpenChange(false)}
            {...props}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function RecurringWizard({
  item,
  workspaceId,
  today,
  onDone,
  ...props
}: Omit<DialogProps<RecurringItem>, "open" | "onOpenChange"> & { onDone(): void }) {
  const { t } = useTranslation("planned");
  const language = useLanguage();
  const draft = useMemo(() => (item ? valuesOfItem(item, item.start_date, language) : null), [item, language]);
  const [recurrence, setRecurrence] = useState<RecurrenceValues>(() =>
    item ? recurrenceFromItem(item) : emptyRecurrence(today),
  );
  // A new rule's day and weekday follow its start date until the person picks them.
  const [isRuleTouched, setRuleTouched] = useState(item !== null);
  const ruleFor = (startDate: string) =>
    isRuleTouched || !/^\d{4}-\d{2}-\d{2}$/.test(startDate)
      ? recurrence
      : {
          ...emptyRecurrence(startDate),
          ...pick(recurrence, ["name", "frequency", "interval", "ends", "endDate", "maxExecutions", "weekendRule"]),
        };
  const plan: WizardPlan = {
    ...plannedPlan("recurring", workspaceId, item, t),
    dateLabel: t("recurring.startDate"),
    lastStep: {
      fields: recurrenceFields,
      isValid: (values) => recurrenceProblems(ruleFor(values.date), values.date).length === 0,
      render: (values, errors) => (
        <RecurrenceStep
          values={ruleFor(values.date)}
          onChange={(next) => {
            setRuleTouched(true);
            setRecurrence(next);
          }}
          startDate={values.date}
          description={values.description}
          previewFrom={item ? resumesFrom(item.last_execution, today) : values.date}
          executed={item?.execution_count ?? 0}
          errors={errors}
        />
      ),
    },
    fill: (form, values) => fillRecurrence(form, ruleFor(values.date), values.description),
  };
  return (
    <TransactionWizard
      transaction={null}
      draft={draft}
      plan={plan}
      workspaceId={workspaceId}
      today={today}
      onDone={onDone}
      onCancel={onDone}
      {...props}
    />
  );
}

function pick<Values, Key extends keyof Values>(values: Values, keys: readonly Key[]): Pick<Values, Key> {
  return Object.fromEntries(keys.map((key) => [key, values[key]])) as Pick<Values, Key>;
}
