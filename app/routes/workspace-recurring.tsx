import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLoaderData, useSearchParams } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import { plans } from "~/lib/pricing";
import { RecurringDialog } from "~/components/planned/lazy-planned-dialogs";
import { EmptyState, ListCard, StatusTabs } from "~/components/ui/list-page";
import { PlannedRow } from "~/components/planned/planned-row";
import type { RowAction } from "~/components/ui/row-actions-menu";
import { useRowActions } from "~/lib/use-row-actions";
import type { RecurringItem } from "~/components/planned/planned-types";
import { describeRecurrence, ruleOfItem } from "~/components/planned/recurrence-summary";
import { Pagination, perPage } from "~/components/ui/pagination";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { formatDate, formatMoney } from "~/lib/format";
import { detectLanguage } from "~/lib/i18n";
import { serverI18n } from "~/lib/i18n.server";
import { formText, readLedgerForm, refusedAction, refusedForm, statusTabFilters } from "~/lib/ledger-form.server";
import { asPerson, requireViewerForAction } from "~/lib/session.server";
import { useLanguage } from "~/lib/use-language";
import { workspacePageTitle } from "~/lib/workspace-meta";
import { loadRecurringPage } from "../../worker/pages/planned-pages.service";
import { recurringFiltersSchema, recurringSchema } from "../../worker/planning/recurring/recurring.schemas";
import {
  createRecurringTransaction,
  deleteRecurringTransaction,
  executeRecurringTransaction,
  pauseRecurringTransaction,
  resumeRecurringTransaction,
  updateRecurringTransaction,
} from "../../worker/planning/recurring/recurring.service";
import { can } from "../../worker/access/permissions";
import { updateWorkspace } from "../../worker/workspaces/workspaces.service";
import type { Route } from "./+types/workspace-recurring";

export const handle = { i18n: ["planned", "transactions", "errors"] };

const statusTabs = ["all", "active", "paused", "inactive"] as const;

export async function loader(args: Route.LoaderArgs) {
  const { status, filters } = statusTabFilters(args.request.url, statusTabs, "all", recurringFiltersSchema, perPage);
  const page = await asPerson(args, (ctx) =>
    loadRecurringPage({ ctx, input: { workspaceId: args.params.workspaceId, filters } }),
  );
  return {
    ...page,
    status,
    pageTitle: serverI18n(detectLanguage(args.request)).t("workspaces:areas.recurring-transactions"),
  };
}

const numbers = (form: FormData, name: string) =>
  form.getAll(name).flatMap((value) => (typeof value === "string" && /^\d+$/.test(value) ? [Number(value)] : []));

const wholeNumber = (form: FormData, name: string) => {
  const value = formText(form, name);
  return value === undefined ? undefined : /^\d+$/.test(value.trim()) ? Number(value.trim()) : value;
};

/** POST intent=create|update (the dialog), execute|pause|resume|delete (a row's menu) or enable-beta (the gate). */
export async function action(args: Route.ActionArgs) {
  const viewer = await requireViewerForAction(args);
  const form = await args.request.formData();
  const intent = formText(form, "intent") ?? "";
  const ref = { workspaceId: args.params.workspaceId, recurringId: formText(form, "id") ?? "" };
  const ctx = viewer.ctx;
  try {
    if (intent === "create" || intent === "update") {
      const parsed = readLedgerForm(form, detectLanguage(args.request), recurringSchema, {
        extra: {
          name: formText(form, "name") ?? "",
          frequency: formText(form, "frequency"),
          interval: wholeNumber(form, "interval"),
          days_of_week: numbers(form, "days_of_week"),
          day_of_month: wholeNumber(form, "day_of_month"),
          month: wholeNumber(form, "month"),
          weekend_rule: formText(form, "weekend_rule"),
          start_date: formText(form, "date"),
          end_date: formText(form, "end_date"),
          max_executions: wholeNumber(form, "max_executions"),
        },
        renamed: { start_date: "date" },
      });
      if (!parsed.success) return refusedForm(intent, parsed.fieldErrors);
      if (intent === "create") await createRecurringTransaction({ ctx, input: { ...ref, ...parsed.data } });
      else await updateRecurringTransaction({ ctx, input: { ...ref, ...parsed.data } });
    } else if (intent === "execute") await executeRecurringTransaction({ ctx, input: ref });
    else if (intent === "pause") await pauseRecurringTransaction({ ctx, input: ref });
    else if (intent === "resume") await resumeRecurringTransaction({ ctx, input: ref });
    else if (intent === "delete") await deleteRecurringTransaction({ ctx, input: ref });
    else if (intent === "enable-beta")
      await updateWorkspace({
        ctx,
        input: { workspaceId: ref.workspaceId, description: undefined, beta_features_enabled: true },
      });
    else return refusedForm(intent, {});
    return { intent, ok: true } satisfies ActionResult;
  } catch (error) {
    return refusedAction(intent, error, ["update", "execute", "pause", "resume", "delete"]);
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => workspacePageTitle(loaderData?.pageTitle, matches);

const badgeVariants = { active: "success", paused: "warning", inactive: "neutral" } as const;

type DialogState = { open: boolean; item: RecurringItem | null };

export default function WorkspaceRecurring({ params }: Route.ComponentProps) {
  const { t } = useTranslation("planned");
  const page = useLoaderData<typeof loader>();
  const language = useLanguage();
  const [searchParams] = useSearchParams();
  const [dialog, setDialog] = useState<DialogState>({ open: false, item: null });
  const { post: postIntent, busyId, busyIntent } = useRowActions("planned");
  const canEdit = can(page.role, "finances.write") && page.beta.allowed;
  const post = (intent: string, item: RecurringItem) => postIntent(intent, item.uuid);
  const actionsOf = (item: RecurringItem): RowAction[] | null => {
    if (!canEdit) return null;
    return [
      ...(item.status === "active"
        ? [
            { label: t("actions.executeNow"), icon: "play", onSelect: () => post("execute", item) } as const,
            { label: t("actions.pause"), icon: "pause", onSelect: () => post("pause", item) } as const,
          ]
        : []),
      ...(item.status === "paused"
        ? [{ label: t("actions.resume"), icon: "play", onSelect: () => post("resume", item) } as const]
        : []),
      { label: t("actions.edit"), icon: "pencil", onSelect: () => setDialog({ open: true, item }) },
      {
        label: t("actions.delete"),
        icon: "trash",
        isDestructive: true,
        onSelect: () => post("delete", item),
        confirm: {
          title: t("recurring.deleteDialog.title", { name: item.name }),
          body: t("recurring.deleteDialog.body", { count: item.execution_count }),
          confirmLabel: t("actions.delete"),
        },
      },
    ];
  };
  const nextLine = (item: RecurringItem) => {
    if (item.status === "paused") return t("recurring.pausedLine");
    if (!item.next_posting_date || !item.next_execution) return t("recurring.endedLine");
    const next = formatDate(item.next_posting_date, language, { style: "long" });
    return item.next_posting_date === item.next_execution
      ? t("recurring.next", { date: next })
      : t("recurring.nextMoved", {
          date: next,
          from: formatDate(item.next_execution, language, { style: "dayMonth" }),
        });
  };
  const countLine = (item: RecurringItem) =>
    item.max_executions
      ? t("recurring.postedOf", { count: item.execution_count, max: item.max_executions })
      : t("recurring.posted", { count: item.execution_count });
  const openNew = () => setDialog({ open: true, item: null });
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-foreground">
            {t("recurring.title")}
            <Badge variant="accent" className="ml-3 align-middle">
              {t("recurring.beta")}
            </Badge>
          </h1>
          <p className="mt-1 text-sm text-muted-foreground">{t("recurring.subtitle")}</p>
        </div>
        {canEdit ? (
          <Button variant="accent" onClick={openNew}>
            <Icon name="plus" />
            {t("recurring.new")}
          </Button>
        ) : null}
      </div>
      {page.beta.allowed ? null : (
        <BetaGate
          ownerHasBeta={page.beta.ownerHasBeta}
          canTurnOn={can(page.role, "workspace.update")}
          isTurningOn={busyIntent === "enable-beta"}
          onTurnOn={() => postIntent("enable-beta")}
        />
      )}
      {page.data.length || page.status !== "all" ? (
        <StatusTabs
          label={t("recurring.statusLabel")}
          current={page.status}
          tabs={statusTabs.map((tab) => ({ value: tab, label: t(`recurring.tabs.${tab}`) }))}
          searchParams={searchParams}
        />
      ) : null}
      {page.data.length ? (
        <>
          <ListCard label={t("recurring.listLabel", { count: page.meta.total })}>
            {page.data.map((item) => (
              <PlannedRow
                key={item.uuid}
                title={item.name}
                template={item}
                badge={{ label: t(`recurring.statuses.${item.status}`), variant: badgeVariants[item.status] }}
                lines={[describeRecurrence(ruleOfItem(item), t, language), `${nextLine(item)} · ${countLine(item)}`]}
                failure={item.failure && item.status === "active" ? t(item.failure.key) : null}
                actions={actionsOf(item)}
                isBusy={busyId === item.uuid}
              />
            ))}
          </ListCard>
          <Pagination current={page.meta.current_page} last={page.meta.last_page} />
        </>
      ) : page.beta.allowed || page.status !== "all" ? (
        <EmptyState
          icon="repeat"
          title={t(`recurring.empty.${page.status}.title`)}
          body={t(`recurring.empty.${page.status}.body`)}
          action={
            canEdit && page.status === "all" ? (
              <Button variant="accent" onClick={openNew}>
                <Icon name="plus" />
                {t("recurring.new")}
              </Button>
            ) : page.status !== "all" ? (
              <Button variant="outline" asChild>
                <Link to="?status=all">{t("recurring.showAll")}</Link>
              </Button>
            ) : null
          }
        />
      ) : null}
      {canEdit ? (
        <RecurringDialog
          open={dialog.open}
          onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
          item={dialog.item}
          workspaceId={params.workspaceId}
          currency={page.currency}
          today={page.today}
          accounts={page.accounts}
          cards={page.cards}
          tags={page.tags}
        />
      ) : null}
    </div>
  );
}

type BetaGateProps = { ownerHasBeta: boolean; canTurnOn: boolean; isTurningOn: boolean; onTurnOn(): void };

/** Why the page cannot be used yet, and the way there: a beta plan, or the workspace's beta switch. */
function BetaGate({ ownerHasBeta, canTurnOn, isTurningOn, onTurnOn }: BetaGateProps) {
  const { t } = useTranslation("planned");
  const language = useLanguage();
  const betaPlan = plans.find((plan) => plan.key === "beta")!;
  return (
    <section
      className="grid gap-4 rounded-2xl border border-accent-200 bg-accent-50 p-6 sm:grid-cols-[auto_1fr] sm:items-start"
      aria-labelledby="beta-gate-title"
    >
      <div className="grid size-12 place-items-center rounded-xl bg-card text-accent-text shadow-xs">
        <Icon name="sparkles" className="size-6" />
      </div>
      <div className="grid gap-2">
        <h2 id="beta-gate-title" className="text-lg font-semibold text-foreground">
          {t(ownerHasBeta ? "gate.offTitle" : "gate.title")}
        </h2>
        <p className="text-sm text-foreground">
          {ownerHasBeta
            ? t(canTurnOn ? "gate.offBody" : "gate.offBodyAskOwner")
            : t("gate.body", { price: formatMoney(betaPlan.monthlyCents, "BRL", language) })}
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          {ownerHasBeta && canTurnOn ? (
            <Button variant="accent" onClick={onTurnOn} disabled={isTurningOn}>
              {isTurningOn ? t("gate.turningOn") : t("gate.turnOn")}
            </Button>
          ) : null}
          {ownerHasBeta ? null : (
            <Button variant="accent" asChild>
              <Link to="/#planos">{t("gate.seePlans")}</Link>
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}
