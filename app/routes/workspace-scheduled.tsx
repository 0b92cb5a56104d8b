import { useTranslation } from "react-i18next";
import { Link, useLoaderData } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import { ScheduledDialog } from "~/components/planned/lazy-planned-dialogs";
import { NewItemButton, PlannedPage, useItemDialog } from "~/components/planned/planned-page";
import { ScheduledRow } from "~/components/planned/scheduled-row";
import { useRowActions } from "~/lib/use-row-actions";
import type { ScheduledItem } from "~/components/planned/planned-types";
import { perPage } from "~/components/ui/pagination";
import { Button } from "~/components/ui/button";
import { detectLanguage } from "~/lib/i18n";
import { serverI18n } from "~/lib/i18n.server";
import { formText, readLedgerForm, refusedAction, refusedForm, statusTabFilters } from "~/lib/ledger-form.server";
import { asPerson, requireViewerForAction } from "~/lib/session.server";
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

export default function WorkspaceScheduled({ params }: Route.ComponentProps) {
  const { t } = useTranslation("planned");
  const page = useLoaderData<typeof loader>();
  const { openNew, openEdit, dialog } = useItemDialog<ScheduledItem>();
  const { post, busyId } = useRowActions("planned");
  const canEdit = can(page.role, "finances.write");
  const newButton = canEdit ? <NewItemButton label={t("scheduled.new")} onClick={openNew} /> : null;
  // A new item is pending: the tabs that would list it offer one, the others the way back to them.
  const listsPending = page.status === "pending" || page.status === "all";
  return (
    <PlannedPage
      title={t("scheduled.title")}
      subtitle={t("scheduled.subtitle")}
      newItem={newButton}
      statusTabs={{
        label: t("scheduled.statusLabel"),
        current: page.status,
        tabs: statusTabs.map((tab) => ({ value: tab, label: t(`scheduled.tabs.${tab}`) })),
      }}
      list={{
        label: t("scheduled.listLabel", { count: page.meta.total }),
        rows: page.data.map((item) => (
          <ScheduledRow
            key={item.uuid}
            item={item}
            today={page.today}
            canEdit={canEdit}
            isBusy={busyId === item.uuid}
            onEdit={() => openEdit(item)}
            onAction={(intent) => post(intent, item.uuid)}
          />
        )),
        pages: { current: page.meta.current_page, last: page.meta.last_page },
      }}
      empty={{
        icon: "calendar-clock",
        title: t(`scheduled.empty.${page.status}.title`),
        body: t(`scheduled.empty.${page.status}.body`),
        action: listsPending ? (
          newButton
        ) : (
          <Button variant="outline" asChild>
            <Link to="?status=pending">{t("scheduled.showPending")}</Link>
          </Button>
        ),
      }}
      dialogs={
        canEdit ? (
          <ScheduledDialog
            {...dialog}
            workspaceId={params.workspaceId}
            currency={page.currency}
            today={page.today}
            accounts={page.accounts}
            cards={page.cards}
            tags={page.tags}
          />
        ) : null
      }
    />
  );
}
