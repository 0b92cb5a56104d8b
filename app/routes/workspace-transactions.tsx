import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, useLoaderData, useRouteLoaderData, useSearchParams } from "react-router";
import { DeleteTransactionDialog, useDeleteToast } from "~/components/transactions/delete-transaction-dialog";
import { amountFiltersOf, filterValuesOf } from "~/components/transactions/filters";
import { parseFilters } from "~/components/transactions/filters.server";
import { refusedAmountFilters } from "~/components/transactions/amount-filter-refusals";
import { Pagination } from "~/components/ui/pagination";
import { TransactionDialog } from "~/components/transactions/lazy-transaction-dialog";
import { ExportMenu } from "~/components/transactions/export-menu";
import { ImportDialog } from "~/components/imports/lazy-import-dialog";
import { TransactionFilters } from "~/components/transactions/transaction-filters";
import { TransactionList } from "~/components/transactions/transaction-list";
import { QueuedEntriesList } from "~/components/shell/shell-parts-later";
import type { Transaction, LedgerActionResult } from "~/components/transactions/types";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { detectLanguage, type Language, toLanguage } from "~/lib/i18n";
import { keepsDataWhenKept } from "~/lib/offline-revalidation";
import { recordedByField, typedInField } from "~/lib/queued-entries";
import { serverI18n } from "~/lib/i18n.server";
import { formText, readLedgerForm, refusedAction, refusedForm } from "~/lib/ledger-form.server";
import { requireViewerForAction, asPerson } from "~/lib/session.server";
import { idempotencyKeyField, parseIdempotencyKey } from "../../worker/idempotency/idempotency-key";
import { workspaceWriteRequest } from "../../worker/idempotency/idempotent-write";
import { can } from "../../worker/access/permissions";
import { loadTransactionsPage } from "../../worker/pages/transactions-page.service";
import { type TransactionInput, transactionSchema } from "../../worker/transactions/transactions.schemas";
import { installmentPlanSchema } from "../../worker/planning/installments/installments.schemas";
import { createInstallmentPlan } from "../../worker/planning/installments/installments.service";
import { fieldErrorsFrom } from "../../worker/http/validation";
import { hundredthsToDecimal } from "../../worker/ledger/amounts";
import { parseOptional, parseTypedRate, refusalOf } from "~/lib/typed-amount";
import { typedWholeNumber } from "~/lib/typed-whole-number";
import {
  createTransaction,
  deleteTransaction,
  updateTransaction,
} from "../../worker/transactions/transactions.service";
import { workspacePageTitle } from "~/lib/workspace-meta";
import type { Route } from "./+types/workspace-transactions";
import type { loader as layoutLoader } from "./workspace-layout";
import { renderedWhenNeeded } from "~/components/ui/opened-later";

// Shown on some visits only: before the first transaction, and when a rule is worth suggesting.
const TransactionsEmpty = renderedWhenNeeded(() =>
  import("~/components/transactions/transactions-empty").then((module) => module.TransactionsEmpty),
);
const RuleSuggestionBanner = renderedWhenNeeded(() =>
  import("~/components/rules/rule-suggestion-banner").then((module) => module.RuleSuggestionBanner),
);

export const handle = { i18n: ["transactions", "workspaces", "rules"] };

export async function loader(args: Route.LoaderArgs) {
  const language = detectLanguage(args.request);
  const { searchParams } = new URL(args.request.url);
  const filters = parseFilters(searchParams, language);
  const page = await asPerson(args, (ctx) =>
    loadTransactionsPage({ ctx, input: { workspaceId: args.params.workspaceId, filters } }),
  );
  return {
    ...page,
    amountRefusals: refusedAmountFilters(amountFiltersOf(filterValuesOf(searchParams)), language),
    pageTitle: serverI18n(language).t("transactions:title"),
  };
}

/** POST intent=create|update|delete — the wizard (from any page) and the list's delete post here. */
export async function action(args: Route.ActionArgs) {
  const viewer = await requireViewerForAction(args);
  const form = await args.request.formData();
  const intent = formText(form, "intent") ?? "";
  const ref = { workspaceId: args.params.workspaceId };
  try {
    if (intent === "delete") {
      await deleteTransaction({ ctx: viewer.ctx, input: { ...ref, transactionId: formText(form, "id") ?? "" } });
      return { intent, ok: true } satisfies LedgerActionResult;
    }
    if (intent !== "create" && intent !== "update")
      return data<LedgerActionResult>({ intent, ok: false, code: "BAD_REQUEST" }, { status: 400 });
    // An entry kept on a device is taken only from the person who recorded it (someone else may have signed in there).
    const recordedBy = formText(form, recordedByField);
    if (intent === "create" && recordedBy !== undefined && recordedBy !== viewer.ctx.actor.userId)
      return data<LedgerActionResult>({ intent, ok: false, code: "FORBIDDEN" }, { status: 403 });
    // An entry recorded offline names the language its amounts were typed in; the wizard's own post is read in the page's.
    const language = toLanguage(formText(form, typedInField)) ?? detectLanguage(args.request);
    const parsed = readLedgerForm(form, language, transactionSchema);
    if (!parsed.success) return refusedForm(intent, parsed.fieldErrors);
    // The wizard sends one key per draft, so a double click or a retried submit posts once.
    const idempotencyKey = parseIdempotencyKey(formText(form, idempotencyKeyField));
    if (intent === "create" && formText(form, "installments_count") !== undefined)
      return await createPlanFromWizard(viewer.ctx, ref.workspaceId, form, language, {
        purchase: parsed.data,
        idempotencyKey,
      });
    if (intent === "create") {
      const answer = await createTransaction({ ctx: viewer.ctx, input: { ...ref, ...parsed.data, idempotencyKey } });
      // The wizard attaches the receipts chosen with it to the transaction just made.
      return { intent, ok: true, transactionId: answer.body.data.uuid } satisfies LedgerActionResult;
    }
    await updateTransaction({
      ctx: viewer.ctx,
      input: { ...ref, transactionId: formText(form, "id") ?? "", ...parsed.data },
    });
    return { intent, ok: true } satisfies LedgerActionResult;
  } catch (error) {
    return refusedAction(intent, error, ["update", "delete"]);
  }
}

/** Without a connection, a new transaction from the wizard is kept on the device and sent later. */
export async function clientAction({ request, serverAction, params }: Route.ClientActionArgs) {
  // Fetched when something is posted, not with the page (the build's files are on the device offline).
  const { sendOrKeep } = await import("~/lib/offline-writes");
  return sendOrKeep(request, serverAction, params.workspaceId);
}

export const shouldRevalidate = keepsDataWhenKept;

/**
 * "Parcelar em N vezes" from the wizard: the card purchase becomes an installment plan (its
 * installments on the card's statements). The plan's fields are the purchase's; a refusal goes
 * back to the purchase's own fields.
 */
async function createPlanFromWizard(
  ctx: Parameters<typeof createInstallmentPlan>[0]["ctx"],
  workspaceId: string,
  form: FormData,
  language: Language,
  { purchase, idempotencyKey }: { purchase: TransactionInput; idempotencyKey: string | undefined },
) {
  const rate = parseOptional(formText(form, "interest_rate"), (typed) => parseTypedRate(typed, language));
  const intent = "installments";
  if (!rate.ok) return refusedForm(intent, { interest_rate: [refusalOf("rate", rate.reason)] });
  const parsed = installmentPlanSchema.safeParse({
    description: purchase.description,
    purchase_date: purchase.date,
    total_amount: hundredthsToDecimal(purchase.amount),
    installments_count: typedWholeNumber(form.get("installments_count")),
    interest_rate: rate.text ?? "0",
    origin: purchase.origin ? `${purchase.origin.type}:${purchase.origin.id}` : "",
    tag_ids: purchase.tag_ids,
  });
  if (!parsed.success) {
    const { total_amount, purchase_date, ...rest } = fieldErrorsFrom(parsed.error);
    return refusedForm(intent, {
      ...rest,
      ...(total_amount ? { amount: total_amount } : {}),
      ...(purchase_date ? { date: purchase_date } : {}),
    });
  }
  await createInstallmentPlan(
    { ctx, input: { workspaceId, ...parsed.data } },
    workspaceWriteRequest(idempotencyKey, workspaceId, "installment-plans", parsed.data),
  );
  return { intent, ok: true } satisfies LedgerActionResult;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => workspacePageTitle(loaderData?.pageTitle, matches);

type DialogState = { open: boolean; transaction: Transaction | null };

export default function WorkspaceTransactions({ params }: Route.ComponentProps) {
  const { t } = useTranslation("transactions");
  const page = useLoaderData<typeof loader>();
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/workspace-layout");
  const [searchParams] = useSearchParams();
  const [dialog, setDialog] = useState<DialogState>({ open: false, transaction: null });
  const [deleting, setDeleting] = useState<Transaction | null>(null);
  const [isImporting, setIsImporting] = useState(false);
  useDeleteToast();
  const canEdit = can(page.role, "finances.write");
  const filterValues = filterValuesOf(searchParams);
  const options = { accounts: page.accounts, cards: page.cards, tags: page.tags, rates: page.rates };
  const payeeNames = useMemo(() => page.payees.map((payee) => payee.name), [page.payees]);
  // The `/` key from another page lands here with `focus=search`: the search field of the filter bar takes the focus.
  const wantsSearch = searchParams.get("focus") === "search";
  useEffect(() => {
    if (wantsSearch) document.querySelector<HTMLInputElement>("#filter-search")?.focus();
  }, [wantsSearch]);
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-foreground">{t("title")}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{t("count", { count: page.meta.total })}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {page.hasAnyTransaction ? (
            <ExportMenu
              workspaceId={params.workspaceId}
              searchParams={searchParams}
              hasExportFeatures={layout?.hasExportFeatures ?? false}
            />
          ) : null}
          {canEdit ? (
            <Button variant="outline" onClick={() => setIsImporting(true)}>
              <Icon name="upload" />
              {t("importButton")}
            </Button>
          ) : null}
          {canEdit ? (
            <Button variant="accent" onClick={() => setDialog({ open: true, transaction: null })}>
              <Icon name="plus" />
              {t("new")}
            </Button>
          ) : null}
        </div>
      </div>
      {page.suggestion ? (
        <RuleSuggestionBanner
          key={`${page.suggestion.payee.uuid}:${page.suggestion.tags.map((tag) => tag.uuid).join()}`}
          workspaceId={params.workspaceId}
          suggestion={page.suggestion}
        />
      ) : null}
      {page.hasAnyTransaction ? (
        <TransactionFilters values={filterValues} refused={page.amountRefusals} payees={page.payees} {...options} />
      ) : null}
      {layout ? (
        <QueuedEntriesList
          workspaceId={params.workspaceId}
          personId={layout.user.uuid}
          accounts={page.accounts}
          cards={page.cards}
        />
      ) : null}
      {page.transactions.length ? (
        <>
          <TransactionList
            transactions={page.transactions}
            today={page.today}
            canEdit={canEdit}
            onEdit={(transaction) => setDialog({ open: true, transaction })}
            onDelete={setDeleting}
          />
          <Pagination current={page.meta.current_page} last={page.meta.last_page} />
        </>
      ) : (
        <TransactionsEmpty
          hasAny={page.hasAnyTransaction}
          canEdit={canEdit}
          pages={{ current: page.meta.current_page, last: page.meta.last_page, total: page.meta.total }}
          onCreate={() => setDialog({ open: true, transaction: null })}
        />
      )}
      <DeleteTransactionDialog transaction={deleting} onClose={() => setDeleting(null)} />
      <ImportDialog
        open={isImporting}
        onOpenChange={setIsImporting}
        workspaceId={params.workspaceId}
        accounts={page.accounts}
        cards={page.cards}
      />
      <TransactionDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
        transaction={dialog.transaction}
        workspaceId={params.workspaceId}
        currency={page.currency}
        today={page.today}
        payeeNames={payeeNames}
        {...options}
      />
    </div>
  );
}
