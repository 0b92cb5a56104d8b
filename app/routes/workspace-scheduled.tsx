import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLoaderData, useSearchParams } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import { ScheduledDialog } from "~/components/planned/lazy-planned-dialogs";
import { EmptyState, ListCard, StatusTabs } from "~/components/ui/list-page";
import { PlannedRow } from "~/components/planned/planned-row";
import type { RowAction } from "~/components/ui/row-actions-menu";
import { useRowActions } from "~/lib/use-row-actions";
import type { ScheduledItem } from "~/components/planned/planned-types";
import { Pagination, perPage } from "~/components/ui/pagination";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { formatDate } from "~/lib/format";
import { detectLanguage } from "~/lib/i18n";
import { serverI18n } from "~/lib/i18n.server";
import { formText, readLedgerForm, refusedAction, refusedForm, statusTabFilters } from "~/lib/ledger-form.server";
import { asPerson, requireViewerForAction } from "~/lib/session.server";
import { useLanguage } from "~/lib/use-language";
import { workspacePageTitle } from "~/lib/workspace-meta";
import { loadScheduledPage } from "../../worker/pages/planned-pages.service";
import { scheduledFiltersSchema, scheduledSchema } from "../../worker/planning/scheduled/scheduled.schemas";
import {
  cancelScheduledTransaction,
  createScheduledTransaction,
  deleteScheduledTransaction,
  executeScheduledTransaction,
  updateScheduledTransaction,
} from "../../worker/planning/scheduled/scheduled.service";
import { can } from "../../worker/access/permissions";
import type { Route } from "./+types/workspace-scheduled";

export const handle = { i18n: ["planned", "transactions", "errors"] };

/** Pending first: what is still to come is what a person opens the page for. */
const statusTabs = ["pending", "executed", "cancelled", "all"] as const;

export async function loader(args: Route.LoaderArgs) {
  const { status, filters } = statusTabFilters(
    args.request.url,
    statusTabs,
    "pending",
    scheduledFiltersSchema,
    perPage,
  );
  const page = await asPerson(args, (ctx) =>
    loadScheduledPage({ ctx, input: { workspaceId: args.params.workspaceId, filters } }),
  );
  return {
    ...page,
    status,
    pageTitle: serverI18n(detectLanguage(args.request)).t("workspaces:areas.scheduled-transactions"),
  };
}

/** POST intent=create|update (the dialog) or execute|cancel|delete (a row's menu). */
export async function action(args: Route.ActionArgs) {
  const viewer = await requireViewerForAction(args);
  const form = await args.request.formData();
  const intent = formText(form, "intent") ?? "";
  const ref = { workspaceId: args.params.workspaceId, scheduledId: formText(form, "id") ?? "" };
  const ctx = viewer.ctx;
  try {
    if (intent === "create" || intent === "update") {
      const parsed = readLedgerForm(form, detectLanguage(args.request), scheduledSchema, {
        extra: { scheduled_date: formText(form, "date") },
        renamed: { scheduled_date: "date" },
      });
      if (!parsed.success) return refusedForm(intent, parsed.fieldErrors);
      if (intent === "create") await createScheduledTransaction({ ctx, input: { ...ref, ...parsed.data } });
      else await updateScheduledTransaction({ ctx, input: { ...ref, ...parsed.data } });
    } else if (intent === "execute") await executeScheduledTransaction({ ctx, input: ref });
    else if (intent === "cancel") await cancelScheduledTransaction({ ctx, input: ref });
    else if (intent === "delete") await deleteScheduledTransaction({ ctx, input: ref });
    else return refusedForm(intent, {});
    return { intent, ok: true } satisfies ActionResult;
  } catch (error) {
    return refusedAction(intent, error, ["update", "execute", "cancel", "delete"]);
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => workspacePageTitle(loaderData?.pageTitle, matches);

const badgeVariants = { pending: "info", executed: "success", cancelled: "neutral" } as const;

type DialogState = { open: boolean; item: ScheduledItem | null };

export default function WorkspaceScheduled({ params }: Route.ComponentProps) {
  const { t } = useTranslation("planned");
  const page = useLoaderData<typeof loader>();
  const language = useLanguage();
  const [searchParams] = useSearchParams();
  const [dialog, setDialog] = useState<DialogState>({ open: false, item: null });
  const { post: postIntent, busyId } = useRowActions("planned");
  const canEdit = can(page.role, "finances.write");
  const post = (intent: string, item: ScheduledItem) => postIntent(intent, item.uuid);
  const actionsOf = (item: ScheduledItem): RowAction[] | null => {
    if (!canEdit) return null;
    const remove: RowAction = {
      label: t("actions.delete"),
      icon: "trash",
      isDestructive: true,
      onSelect: () => post("delete", item),
      confirm: {
        title: t("scheduled.deleteDialog.title", { name: item.description }),
        body: t(item.status === "executed" ? "scheduled.deleteDialog.bodyExecuted" : "scheduled.deleteDialog.body"),
        confirmLabel: t("actions.delete"),
      },
    };
    if (item.status !== "pending") return [remove];
    return [
      { label: t("actions.executeNow"), icon: "play", onSelect: () => post("execute", item) },
      { label: t("actions.edit"), icon: "pencil", onSelect: () => setDialog({ open: true, item }) },
      {
        label: t("actions.cancel"),
        icon: "x",
        onSelect: () => post("cancel", item),
        confirm: {
          title: t("scheduled.cancelDialog.title", { name: item.description }),
          body: t("scheduled.cancelDialog.body"),
          confirmLabel: t("scheduled.cancelDialog.confirm"),
        },
      },
      remove,
    ];
  };
  const whenLine = (item: ScheduledItem) => {
    const date = formatDate(item.scheduled_date, language, { style: "long" });
    if (item.status === "executed")
      return t("scheduled.postedOn", {
        date: formatDate(item.executed_at ?? item.scheduled_date, language, { style: "long" }),
      });
    if (item.status === "cancelled") return t("scheduled.wasFor", { date });
    if (item.scheduled_date === page.today) return t("scheduled.dueToday");
    return item.scheduled_date < page.today ? t("scheduled.overdue", { date }) : t("scheduled.on", { date });
  };
  const openNew = () => setDialog({ open: true, item: null });
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-foreground">{t("scheduled.title")}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{t("scheduled.subtitle")}</p>
        </div>
        {canEdit ? (
          <Button variant="accent" onClick={openNew}>
            <Icon name="plus" />
            {t("scheduled.new")}
          </Button>
        ) : null}
      </div>
      <StatusTabs
        label={t("scheduled.statusLabel")}
        current={page.status}
        tabs={statusTabs.map((tab) => ({ value: tab, label: t(`scheduled.tabs.${tab}`) }))}
        searchParams={searchParams}
      />
      {page.data.length ? (
        <>
          <ListCard label={t("scheduled.listLabel", { count: page.meta.total })}>
            {page.data.map((item) => (
              <PlannedRow
                key={item.uuid}
                title={item.description}
                template={item}
                badge={{ label: t(`scheduled.statuses.${item.status}`), variant: badgeVariants[item.status] }}
                lines={[whenLine(item), ...(item.notes ? [item.notes] : [])]}
                failure={item.failure && item.status === "pending" ? t(item.failure.key) : null}
                actions={actionsOf(item)}
                isBusy={busyId === item.uuid}
              />
            ))}
          </ListCard>
          <Pagination current={page.meta.current_page} last={page.meta.last_page} />
        </>
      ) : (
        <EmptyState
          icon="calendar-clock"
          title={t(`scheduled.empty.${page.status}.title`)}
          body={t(`scheduled.empty.${page.status}.body`)}
          action={
            canEdit && (page.status === "pending" || page.status === "all") ? (
              <Button variant="accent" onClick={openNew}>
                <Icon name="plus" />
                {t("scheduled.new")}
              </Button>
            ) : page.status !== "pending" && page.status !== "all" ? (
              <Button variant="outline" asChild>
                <Link to="?status=pending">{t("scheduled.showPending")}</Link>
              </Button>
            ) : null
          }
        />
      )}
      {canEdit ? (
        <ScheduledDialog
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
