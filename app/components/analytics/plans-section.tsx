import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import { useIntentToast } from "~/lib/result-toasts";
import { Button } from "~/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Icon } from "~/components/ui/icon";
import { BudgetDialog, ContributionDialog, GoalDialog } from "./lazy-plan-dialogs";
import { useMoney } from "./money";
import { ReportEmpty } from "./report-card";
import type { AccountOption, Budget, Goal, TagOption } from "./report-state";

type PlansSectionProps = {
  budgets: Budget[];
  goals: Goal[];
  tags: TagOption[];
  accounts: AccountOption[];
  currency: string;
  today: string;
  canEdit: boolean;
};

type Editing<T> = { isOpen: boolean; item: T | null };
type Deleting = {
  intent: "budget-delete" | "goal-delete" | "contribution-delete";
  id: string;
  name: string;
  goalId?: string;
} | null;

/**
 * Budgets and goals, set up on the page whose reports follow them: on every plan (the reports that
 * analyse them are advanced analytics). Deleting asks first.
 */
export function PlansSection({ budgets, goals, tags, accounts, currency, today, canEdit }: PlansSectionProps) {
  const { t } = useTranslation("analytics");
  const money = useMoney(currency);
  const [budgetForm, setBudgetForm] = useState<Editing<Budget>>({ isOpen: false, item: null });
  const [goalForm, setGoalForm] = useState<Editing<Goal>>({ isOpen: false, item: null });
  const [contributing, setContributing] = useState<Goal | null>(null);
  const [deleting, setDeleting] = useState<Deleting>(null);
  const deletion = useFetcher<ActionResult>();
  useIntentToast(deletion.data, "analytics");
  const budgetName = (budget: Budget) => budget.tag?.name ?? t("budgets.allSpending");
  const iconButton = (label: string, icon: "pencil" | "trash" | "plus", onClick: () => void) => (
    <Button variant="ghost" size="icon" className="size-8" aria-label={label} title={label} onClick={onClick}>
      <Icon name={icon} />
    </Button>
  );
  return (
    <section aria-labelledby="plans-title" className="grid gap-4">
      <div>
        <h2 id="plans-title" className="text-xl font-semibold tracking-tight text-foreground">
          {t("plans.title")}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t("plans.subtitle")}</p>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t("plans.budgets")}</CardTitle>
            <CardDescription>{t("plans.budgetsHint")}</CardDescription>
            {canEdit ? (
              <CardAction>
                <Button variant="outline" size="sm" onClick={() => setBudgetForm({ isOpen: true, item: null })}>
                  <Icon name="plus" />
                  {t("plans.newBudget")}
                </Button>
              </CardAction>
            ) : null}
          </CardHeader>
          <CardContent>
            {budgets.length ? (
              <ul className="divide-y" data-testid="budget-list">
                {budgets.map((budget) => (
                  <li key={budget.uuid} className="flex items-center gap-3 py-2.5">
                    <div className="min-w-0 flex-1">
                      <p className="truncate font-medium text-foreground">{budgetName(budget)}</p>
                      <p className="text-xs text-muted-foreground">
                        {[
                          t("plans.perMonth", { amount: money.textIn(budget.amount, budget.currency) }),
                          budget.rollover ? t("plans.rollover") : null,
                          t("plans.since", { month: money.date(budget.start_month, { style: "monthYear" }) }),
                        ]
                          .filter(Boolean)
                          .join(" · ")}
                      </p>
                    </div>
                    {canEdit ? (
                      <>
                        {iconButton(t("plans.editBudget", { name: budgetName(budget) }), "pencil", () =>
                          setBudgetForm({ isOpen: true, item: budget }),
                        )}
                        {iconButton(t("plans.deleteBudget", { name: budgetName(budget) }), "trash", () =>
                          setDeleting({ intent: "budget-delete", id: budget.uuid, name: budgetName(budget) }),
                        )}
                      </>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : (
              <ReportEmpty>{t("plans.noBudgets")}</ReportEmpty>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t("plans.goals")}</CardTitle>
            <CardDescription>{t("plans.goalsHint")}</CardDescription>
            {canEdit ? (
              <CardAction>
                <Button variant="outline" size="sm" onClick={() => setGoalForm({ isOpen: true, item: null })}>
                  <Icon name="plus" />
                  {t("plans.newGoal")}
                </Button>
              </CardAction>
            ) : null}
          </CardHeader>
          <CardContent>
            {goals.length ? (
              <ul className="divide-y" data-testid="goal-list">
                {goals.map((goal) => (
                  <li key={goal.uuid} className="flex items-center gap-3 py-2.5">
                    <span
                      className="size-2.5 shrink-0 rounded-full"
                      style={{ backgroundColor: goal.color }}
                      aria-hidden
                    />
                    <div className="min-w-0 flex-1">
                      <p className="truncate font-medium text-foreground">{goal.name}</p>
                      <p className="text-xs text-muted-foreground">
                        {[
                          goal.target_date
                            ? t("plans.targetBy", {
                                amount: money.textIn(goal.target_amount, goal.currency),
                                date: money.date(goal.target_date),
                              })
                            : t("plans.target", { amount: money.textIn(goal.target_amount, goal.currency) }),
                          goal.accounts.length
                            ? goal.accounts.map((account) => account.name).join(", ")
                            : t("plans.noLinkedAccounts"),
                        ].join(" · ")}
                      </p>
                      {goal.contributions.length ? (
                        <details className="mt-1 text-xs">
                          <summary className="cursor-pointer text-accent-text underline-offset-4 hover:underline">
                            {t("plans.contributions", { count: goal.contributions.length })}
                          </summary>
                          <ul className="mt-1 grid gap-0.5" data-testid="contribution-list">
                            {goal.contributions.map((contribution) => {
                              const label = t("plans.contribution", {
                                amount: money.textIn(contribution.amount, goal.currency),
                                date: money.date(contribution.date),
                              });
                              return (
                                <li key={contribution.uuid} className="flex items-center gap-2">
                                  <span className="min-w-0 flex-1 truncate text-muted-foreground tabular">
                                    {contribution.note ? `${label} · ${contribution.note}` : label}
                                  </span>
                                  {canEdit
                                    ? iconButton(t("plans.deleteContribution", { contribution: label }), "trash", () =>
                                        setDeleting({
                                          intent: "contribution-delete",
                                          id: contribution.uuid,
                                          goalId: goal.uuid,
                                          name: label,
                                        }),
                                      )
                                    : null}
                                </li>
                              );
                            })}
                          </ul>
                        </details>
                      ) : null}
                    </div>
                    {canEdit ? (
                      <>
                        {iconButton(t("plans.contribute", { name: goal.name }), "plus", () => setContributing(goal))}
                        {iconButton(t("plans.editGoal", { name: goal.name }), "pencil", () =>
                          setGoalForm({ isOpen: true, item: goal }),
                        )}
                        {iconButton(t("plans.deleteGoal", { name: goal.name }), "trash", () =>
                          setDeleting({ intent: "goal-delete", id: goal.uuid, name: goal.name }),
                        )}
                      </>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : (
              <ReportEmpty>{t("plans.noGoals")}</ReportEmpty>
            )}
          </CardContent>
        </Card>
      </div>
      {canEdit ? (
        <>
          <BudgetDialog
            key={`budget-${budgetForm.item?.uuid ?? "new"}`}
            open={budgetForm.isOpen}
            onOpenChange={(isOpen) =>
              setBudgetForm((current) => (current.isOpen === isOpen ? current : { ...current, isOpen }))
            }
            budget={budgetForm.item}
            budgets={budgets}
            tags={tags}
            currency={currency}
            today={today}
          />
          <GoalDialog
            key={`goal-${goalForm.item?.uuid ?? "new"}`}
            open={goalForm.isOpen}
            onOpenChange={(isOpen) =>
              setGoalForm((current) => (current.isOpen === isOpen ? current : { ...current, isOpen }))
            }
            goal={goalForm.item}
            accounts={accounts}
            currency={currency}
            today={today}
          />
          <ContributionDialog
            key={`contribution-${contributing?.uuid ?? "none"}`}
            open={contributing !== null}
            onOpenChange={(isOpen) => (isOpen ? null : setContributing(null))}
            goal={contributing}
            today={today}
          />
          <ConfirmDialog
            open={deleting !== null}
            onOpenChange={(isOpen) => (isOpen ? null : setDeleting(null))}
            title={deleting ? t(`confirm.${deleting.intent}.title`, { name: deleting.name }) : ""}
            description={deleting ? t(`confirm.${deleting.intent}.description`) : ""}
            confirmLabel={t("confirm.delete")}
            isBusy={deletion.state !== "idle"}
            onConfirm={() => {
              if (deleting)
                void deletion.submit(
                  { intent: deleting.intent, id: deleting.id, goal_id: deleting.goalId ?? "" },
                  { method: "post" },
                );
            }}
          />
        </>
      ) : null}
    </section>
  );
}
