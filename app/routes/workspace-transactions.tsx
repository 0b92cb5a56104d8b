import { useState } from "react";
import { useTranslation } from "react-i18next";
import { data, redirect, useLoaderData, useSearchParams } from "react-router";
import { DeleteTransactionDialog, useDeleteToast } from "~/components/transactions/delete-transaction-dialog";
import { TransactionsEmpty } from "~/components/transactions/transactions-empty";
import { filterValuesOf } from "~/components/transactions/filters";
import { parseFilters } from "~/components/transactions/filters.server";
import { Pagination } from "~/components/transactions/pagination";
import { TransactionDialog } from "~/components/transactions/lazy-transaction-dialog";
import { TransactionFilters } from "~/components/transactions/transaction-filters";
import { TransactionList } from "~/components/transactions/transaction-list";
import type { Transaction, TransactionActionResult } from "~/components/transactions/types";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { detectLanguage, type Language } from "~/lib/i18n";
import { serverI18n } from "~/lib/i18n.server";
import { parseOptional, parseTypedAmount, parseTypedRate, refusalOf } from "~/lib/typed-amount";
import { requireViewerForAction, asPerson } from "~/lib/session.server";
import { AppError } from "../../worker/http/errors";
import { fieldErrorsFrom } from "../../worker/http/validation";
import { idempotencyKeyField, parseIdempotencyKey } from "../../worker/idempotency/idempotency-key";
import { can } from "../../worker/workspaces/permissions";
import { loadTransactionsPage } from "../../worker/transactions/transactions-page.service";
import { normaliseTransactionBody, transactionSchema } from "../../worker/transactions/transactions.schemas";
import {
  createTransaction,
  deleteTransaction,
  updateTransaction,
} from "../../worker/transactions/transactions.service";
import { workspacePageTitle } from "~/lib/workspace-meta";
import type { Route } from "./+types/workspace-transactions";

export const handle = { i18n: ["transactions", "workspaces"] };

export async function loader(args: Route.LoaderArgs) {
  const language = detectLanguage(args.request);
  const filters = parseFilters(new URL(args.request.url).searchParams, language);
  const page = await asPerson(args, (ctx) =>
    loadTransactionsPage({ ctx, input: { workspaceId: args.params.workspaceId, filters } }),
  );
  return { ...page, pageTitle: serverI18n(language).t("transactions:title") };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" && value !== "" ? value : undefined;
};

/**
 * The wizard's fields, read as the API's second payload form and validated by the same schema.
 * The amount and rate come as typed and are read in the page's language first: a refusal is the
 * field's message, in that language, and nothing is saved.
 */
function transactionInput(form: FormData, language: Language) {
  const amount = parseTypedAmount(text(form, "amount") ?? "", language);
  const rate = parseOptional(text(form, "currency_conversion"), (typed) => parseTypedRate(typed, language));
  if (!amount.ok || !rate.ok) {
    return {
      success: false as const,
      fieldErrors: {
        ...(amount.ok ? {} : { amount: [refusalOf("amount", amount.reason)] }),
        ...(rate.ok ? {} : { currency_conversion: [refusalOf("rate", rate.reason)] }),
      },
    };
  }
  const parsed = transactionSchema.safeParse(
    normaliseTransactionBody({
      type: text(form, "type"),
      amount: amount.text,
      description: text(form, "description") ?? "",
      date: text(form, "date"),
      origin_id: text(form, "origin_id"),
      destination_id: text(form, "destination_id"),
      currency_conversion: rate.text,
      tag_ids: form.getAll("tag_ids").filter((id) => typeof id === "string"),
    }),
  );
  return parsed.success
    ? { success: true as const, data: parsed.data }
    : { success: false as const, fieldErrors: fieldErrorsFrom(parsed.error) };
}

function failed(intent: string, error: unknown) {
  if (!(error instanceof AppError)) throw error;
  if (error.code === "NOT_FOUND" && intent !== "update" && intent !== "delete") throw redirect("/workspaces");
  return data<TransactionActionResult>(
    { intent, ok: false, code: error.code, fieldErrors: error.fieldErrors },
    { status: error.status },
  );
}

/** POST intent=create|update|delete — the wizard (from any page) and the list's delete post here. */
export async function action(args: Route.ActionArgs) {
  const viewer = await requireViewerForAction(args);
  const form = await args.request.formData();
  const intent = text(form, "intent") ?? "";
  const ref = { workspaceId: args.params.workspaceId };
  try {
    if (intent === "delete") {
      await deleteTransaction({ ctx: viewer.ctx, input: { ...ref, transactionId: text(form, "id") ?? "" } });
      return { intent, ok: true } satisfies TransactionActionResult;
    }
    if (intent !== "create" && intent !== "update")
      return data<TransactionActionResult>({ intent, ok: false, code: "BAD_REQUEST" }, { status: 400 });
    const parsed = transactionInput(form, detectLanguage(args.request));
    if (!parsed.success) {
      return data<TransactionActionResult>(
        { intent, ok: false, code: "VALIDATION_FAILED", fieldErrors: parsed.fieldErrors },
        { status: 422 },
      );
    }
    // The wizard sends one key per draft, so a double click or a retried submit posts once.
    const idempotencyKey = parseIdempotencyKey(text(form, idempotencyKeyField));
    if (intent === "create")
      await createTransaction({ ctx: viewer.ctx, input: { ...ref, ...parsed.data, idempotencyKey } });
    else
      await updateTransaction({
        ctx: viewer.ctx,
        input: { ...ref, transactionId: text(form, "id") ?? "", ...parsed.data },
      });
    return { intent, ok: true } satisfies TransactionActionResult;
  } catch (error) {
    return failed(intent, error);
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => workspacePageTitle(loaderData?.pageTitle, matches);

type DialogState = { open: boolean; transaction: Transaction | null };

export default function WorkspaceTransactions({ params }: Route.ComponentProps) {
  const { t } = useTranslation("transactions");
  const page = useLoaderData<typeof loader>();
  const [searchParams] = useSearchParams();
  const [dialog, setDialog] = useState<DialogState>({ open: false, transaction: null });
  const [deleting, setDeleting] = useState<Transaction | null>(null);
  useDeleteToast();
  const canEdit = can(page.role, "finances.write");
  const filterValues = filterValuesOf(searchParams);
  const options = { accounts: page.accounts, cards: page.cards, tags: page.tags };
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-foreground">{t("title")}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{t("count", { count: page.meta.total })}</p>
        </div>
        {canEdit ? (
          <Button variant="accent" onClick={() => setDialog({ open: true, transaction: null })}>
            <Icon name="plus" />
            {t("new")}
          </Button>
        ) : null}
      </div>
      {page.hasAnyTransaction ? <TransactionFilters values={filterValues} {...options} /> : null}
      {page.transactions.length ? (
        <>
          <TransactionList
            transactions={page.transactions}
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
      <TransactionDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
        transaction={dialog.transaction}
        workspaceId={params.workspaceId}
        currency={page.currency}
        today={page.today}
        {...options}
      />
    </div>
  );
}
