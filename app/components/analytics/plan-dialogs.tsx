import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import { useIntentToast } from "~/lib/result-toasts";
import { FieldError, invalidProps, useFieldMessage } from "~/components/ui/field-error";
import { SwatchPicker } from "~/components/ui/swatch-picker";
import { Button } from "~/components/ui/button";
import { DateField } from "~/components/ui/date-field";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { nativeSelectClassName, Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { formatAmountInput } from "~/lib/format";
import { submitAtOnce } from "~/lib/submit-at-once";
import { useLanguage } from "~/lib/use-language";
import { accountColors } from "../../../worker/accounts/accounts.presets";
import { addDays } from "../../../worker/ledger/dates";
import type { AccountOption, Budget, Goal, TagOption } from "./report-state";

type Open = { open: boolean; onOpenChange(open: boolean): void };

/** A form posted to the page's action: it closes once saved, and its fields' refusals show under them. */
function usePlanForm(onOpenChange: (open: boolean) => void) {
  const fetcher = useFetcher<ActionResult>();
  const messageFor = useFieldMessage();
  useIntentToast(fetcher.data, "analytics");
  // Closes once per saved answer: the form stays mounted while closed, with that answer still in it.
  const closedFor = useRef<unknown>(undefined);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data?.ok || closedFor.current === fetcher.data) return;
    closedFor.current = fetcher.data;
    onOpenChange(false);
  }, [fetcher.state, fetcher.data, onOpenChange]);
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {};
  const error = (field: string) => messageFor(errors[field]);
  const input = (id: string, name: string) => ({
    id,
    name,
    autoComplete: "off",
    ...invalidProps(`${id}-error`, error(name)),
  });
  return { fetcher, error, input, isBusy: fetcher.state !== "idle" };
}

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

function Footer({
  isBusy,
  label,
  busyLabel,
  onCancel,
}: {
  isBusy: boolean;
  label: string;
  busyLabel: string;
  onCancel(): void;
}) {
  const { t } = useTranslation("common");
  return (
    <DialogFooter>
      <Button type="button" variant="ghost" onClick={onCancel}>
        {t("actions.cancel")}
      </Button>
      <Button type="submit" variant="accent" disabled={isBusy}>
        {isBusy ? busyLabel : label}
      </Button>
    </DialogFooter>
  );
}

const amountText = (units: number, currency: string, language: ReturnType<typeof useLanguage>) =>
  formatAmountInput(units, currency, language);

/** A monthly limit on one tag's spending, or on all of it; the tag stays once set. */
export function BudgetDialog({
  open,
  onOpenChange,
  budget,
  tags,
  budgets,
  currency,
  today,
}: Open & { budget: Budget | null; tags: TagOption[]; budgets: Budget[]; currency: string; today: string }) {
  const { t } = useTranslation("analytics");
  const language = useLanguage();
  const { fetcher, error, input, isBusy } = usePlanForm(onOpenChange);
  const taken = new Set(budgets.map((existing) => existing.tag?.uuid ?? ""));
  const free = [{ uuid: "", name: t("budgets.allSpending") }, ...tags].filter((tag) => !taken.has(tag.uuid));
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{budget ? t("budgetForm.editTitle") : t("budgetForm.title")}</DialogTitle>
          <DialogDescription>{t("budgetForm.description")}</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" className="grid gap-4" noValidate onSubmit={submitAtOnce(fetcher)}>
          <input type="hidden" name="intent" value={budget ? "budget-update" : "budget-create"} />
          {budget ? <input type="hidden" name="id" value={budget.uuid} /> : null}
          {budget ? (
            <p className="text-sm">
              <span className="text-muted-foreground">{t("budgetForm.tag")}: </span>
              <span className="font-medium text-foreground">{budget.tag?.name ?? t("budgets.allSpending")}</span>
            </p>
          ) : (
            <Field id="budget-tag" label={t("budgetForm.tag")} error={error("tag_id")}>
              <select {...input("budget-tag", "tag_id")} className={nativeSelectClassName}>
                {free.map((tag) => (
                  <option key={tag.uuid} value={tag.uuid}>
                    {tag.name}
                  </option>
                ))}
              </select>
            </Field>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id="budget-amount"
              label={t("budgetForm.amount", { currency: budget?.currency ?? currency })}
              error={error("amount")}
            >
              <Input
                {...input("budget-amount", "amount")}
                inputMode="decimal"
                defaultValue={budget ? amountText(budget.amount_cents, budget.currency, language) : ""}
              />
            </Field>
            <Field id="budget-start" label={t("budgetForm.startMonth")} error={error("start_month")}>
              <Input
                {...input("budget-start", "start_month")}
                type="month"
                defaultValue={budget?.start_month ?? today.slice(0, 7)}
              />
            </Field>
          </div>
          <label className="flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              name="rollover"
              value="true"
              defaultChecked={budget?.rollover ?? false}
              className="mt-0.5 size-4"
              style={{ accentColor: "var(--accent)" }}
            />
            <span>
              <span className="font-medium text-foreground">{t("budgetForm.rollover")}</span>
              <span className="block text-muted-foreground">{t("budgetForm.rolloverHint")}</span>
            </span>
          </label>
          <Footer
            isBusy={isBusy}
            label={t("budgetForm.save")}
            busyLabel={t("budgetForm.saving")}
            onCancel={() => onOpenChange(false)}
          />
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

const goalSwatches = Object.values(accountColors);

/** A target amount, maybe by a date, counting the linked accounts' balances and what is put aside by hand. */
export function GoalDialog({
  open,
  onOpenChange,
  goal,
  accounts,
  currency,
  today,
}: Open & { goal: Goal | null; accounts: AccountOption[]; currency: string; today: string }) {
  const { t } = useTranslation("analytics");
  const language = useLanguage();
  const { fetcher, error, input, isBusy } = usePlanForm(onOpenChange);
  const [color, setColor] = useState(goal?.color ?? goalSwatches[1]!);
  const linked = new Set(goal?.accounts.map((account) => account.uuid) ?? []);
  const swatches = goalSwatches.map((hex) => ({ value: hex, label: t("goalForm.colorOption", { hex }) }));
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{goal ? t("goalForm.editTitle") : t("goalForm.title")}</DialogTitle>
          <DialogDescription>{t("goalForm.description")}</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" className="grid gap-4" noValidate onSubmit={submitAtOnce(fetcher)}>
          <input type="hidden" name="intent" value={goal ? "goal-update" : "goal-create"} />
          {goal ? <input type="hidden" name="id" value={goal.uuid} /> : null}
          <Field id="goal-name" label={t("goalForm.name")} error={error("name")}>
            <Input
              {...input("goal-name", "name")}
              maxLength={100}
              defaultValue={goal?.name}
              placeholder={t("goalForm.namePlaceholder")}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id="goal-target"
              label={t("goalForm.target", { currency: goal?.currency ?? currency })}
              error={error("target_amount")}
            >
              <Input
                {...input("goal-target", "target_amount")}
                inputMode="decimal"
                defaultValue={goal ? amountText(goal.target_cents, goal.currency, language) : ""}
              />
            </Field>
            <Field id="goal-date" label={t("goalForm.targetDate")} error={error("target_date")}>
              <DateField
                id="goal-date"
                name="target_date"
                defaultValue={goal?.target_date ?? ""}
                min={addDays(today, 1)}
                {...invalidProps("goal-date-error", error("target_date"))}
              />
            </Field>
          </div>
          <fieldset className="grid gap-2" {...invalidProps("goal-accounts-error", error("account_ids"))}>
            <legend className="mb-1 text-sm font-medium text-foreground">{t("goalForm.accounts")}</legend>
            <p className="text-xs text-muted-foreground">{t("goalForm.accountsHint")}</p>
            {accounts.length ? (
              <ul className="grid gap-1.5 sm:grid-cols-2">
                {accounts.map((account) => (
                  <li key={account.uuid}>
                    <label className="flex items-center gap-2 text-sm text-foreground">
                      <input
                        type="checkbox"
                        name="account_ids"
                        value={account.uuid}
                        defaultChecked={linked.has(account.uuid)}
                        className="size-4"
                        style={{ accentColor: "var(--accent)" }}
                      />
                      {account.name} <span className="text-muted-foreground">({account.currency})</span>
                    </label>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">{t("goalForm.noAccounts")}</p>
            )}
            <FieldError id="goal-accounts-error" message={error("account_ids")} />
          </fieldset>
          <SwatchPicker
            name="color"
            legend={t("goalForm.color")}
            swatches={swatches}
            value={color}
            onChange={setColor}
            size="sm"
          />
          <Footer
            isBusy={isBusy}
            label={t("goalForm.save")}
            busyLabel={t("goalForm.saving")}
            onCancel={() => onOpenChange(false)}
          />
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

/** Money put aside for a goal by hand (or, with a minus sign, taken out). */
export function ContributionDialog({ open, onOpenChange, goal, today }: Open & { goal: Goal | null; today: string }) {
  const { t } = useTranslation("analytics");
  const { fetcher, error, input, isBusy } = usePlanForm(onOpenChange);
  if (!goal) return null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("contributionForm.title", { name: goal.name })}</DialogTitle>
          <DialogDescription>{t("contributionForm.description")}</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" className="grid gap-4" noValidate onSubmit={submitAtOnce(fetcher)}>
          <input type="hidden" name="intent" value="goal-contribute" />
          <input type="hidden" name="id" value={goal.uuid} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id="contribution-amount"
              label={t("contributionForm.amount", { currency: goal.currency })}
              error={error("amount")}
            >
              <Input {...input("contribution-amount", "amount")} inputMode="decimal" />
            </Field>
            <Field id="contribution-date" label={t("contributionForm.date")} error={error("date")}>
              <DateField id="contribution-date" name="date" defaultValue={today} max={today} />
            </Field>
          </div>
          <Field id="contribution-note" label={t("contributionForm.note")} error={error("note")}>
            <Input {...input("contribution-note", "note")} maxLength={255} />
          </Field>
          <Footer
            isBusy={isBusy}
            label={t("contributionForm.save")}
            busyLabel={t("contributionForm.saving")}
            onCancel={() => onOpenChange(false)}
          />
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
