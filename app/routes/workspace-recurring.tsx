import { useTranslation } from "react-i18next";
import { Link, useLoaderData } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import { RecurringDialog } from "~/components/planned/lazy-planned-dialogs";
import { NewItemButton, PlannedPage, useItemDialog } from "~/components/planned/planned-page";
import { RecurringRow } from "~/components/planned/recurring-row";
import { useRowActions } from "~/lib/use-row-actions";
import type { RecurringItem } from "~/components/planned/planned-types";
import { perPage } from "~/components/ui/pagination";
import { Button } from "~/components/ui/button";
import { detectLanguage } from "~/lib/i18n";
import { serverI18n } from "~/lib/i18n.server";
import { formText, readLedgerForm, refusedAction, refusedForm, statusTabFilters } from "~/lib/ledger-form.server";
import { asPerson, requireViewerForAction } from "~/lib/session.server";
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

export default function WorkspaceRecurring({ params }: Route.ComponentProps) {
  const { t } = useTranslation("planned");
  const page = useLoaderData<typeof loader>();
  const { openNew, openEdit, dialog } = useItemDialog<RecurringItem>();
  const { post, busyId, busyIntent } = useRowActions("planned");
  const canEdit = can(page.role, "finances.write") && page.beta.allowed;
  const newButton = canEdit ? <NewItemButton label={t("recurring.new")} onClick={openNew} /> : null;
  const isFiltered = page.status !== "all";
  return (
    <PlannedPage
      title={t("recurring.title")}
      titleBadge={t("recurring.beta")}
      subtitle={t("recurring.subtitle")}
      newItem={newButton}
      gate={
        page.beta.allowed
          ? null
          : {
              ownerHasBeta: page.beta.ownerHasBeta,
              canTurnOn: can(page.role, "workspace.update"),
              isTurningOn: busyIntent === "enable-beta",
              onTurnOn: () => post("enable-beta"),
            }
      }
      statusTabs={
        page.data.length || isFiltered
          ? {
              label: t("recurring.statusLabel"),
              current: page.status,
              tabs: statusTabs.map((tab) => ({ value: tab, label: t(`recurring.tabs.${tab}`) })),
            }
          : null
      }
      list={{
        label: t("recurring.listLabel", { count: page.meta.total }),
        rows: page.data.map((item) => (
          <RecurringRow
            key={item.uuid}
            item={item}
            canEdit={canEdit}
            isBusy={busyId === item.uuid}
            onEdit={() => openEdit(item)}
            onAction={(intent) => post(intent, item.uuid)}
          />
        )),
        pages: { current: page.meta.current_page, last: page.meta.last_page },
      }}
      empty={
        page.beta.allowed || isFiltered
          ? {
              icon: "repeat",
              title: t(`recurring.empty.${page.status}.title`),
              body: t(`recurring.empty.${page.status}.body`),
              action: isFiltered ? (
                <Button variant="outline" asChild>
                  <Link to="?status=all">{t("recurring.showAll")}</Link>
                </Button>
              ) : (
                newButton
              ),
            }
          : null
      }
      dialogs={
        canEdit ? (
          <RecurringDialog
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
