import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { redirect, useFetcher, useLoaderData, useRouteLoaderData, useSearchParams } from "react-router";
import {
  failedWith,
  formText,
  invalidInput,
  refusedField,
  unknownIntent,
  type ActionResult,
} from "~/lib/action-result";
import { useIntentToast } from "~/lib/result-toasts";
import { cardInputFrom } from "~/components/cards/card-dialog";
import { CardDialog } from "~/components/cards/lazy-card-dialog";
import { cardActionsKey, CardTile } from "~/components/cards/card-tile";
import { StatementPanel, type SelectedStatement } from "~/components/cards/statement-panel";
import { TransactionDialog } from "~/components/transactions/lazy-transaction-dialog";
import { cardPaymentValues, type WizardValues } from "~/components/transactions/wizard-values";
import { formatDate } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { detectLanguage } from "~/lib/i18n";
import { serverI18n } from "~/lib/i18n.server";
import { refusalOf } from "~/lib/typed-amount";
import { requireViewerForAction, asPerson } from "~/lib/session.server";
import { getCardsPage } from "../../worker/pages/cards-page.service";
import type { CardResponse } from "../../worker/cards/cards.mapper";
import { cardSchema } from "../../worker/cards/cards.schemas";
import { createCard, deleteCard, setCardActive, updateCard } from "../../worker/cards/cards.service";
import { isIsoDate } from "../../worker/ledger/dates";
import { can } from "../../worker/access/permissions";
import type { loader as layoutLoader } from "./workspace-layout";
import { workspacePageTitle } from "~/lib/workspace-meta";
import type { Route } from "./+types/workspace-cards";
import { keepsDataWhenKept } from "~/lib/offline-revalidation";

export const handle = { i18n: ["cards", "accounts", "workspaces", "errors"] };

/**
 * `?card=` picks the card whose statements show and `&statement=` (a closing date) the statement
 * shown in full, the open one by default; `&pay=1` opens its payment (the dashboard's "Pay");
 * everything comes in one round trip. A statement that is
 * not one of the card's listed ones (its billing day changed, say) leads to the card's open one.
 */
export async function loader(args: Route.LoaderArgs) {
  const workspaceId = args.params.workspaceId;
  const query = new URL(args.request.url).searchParams;
  const selectedCardId = query.get("card");
  const statement = query.get("statement");
  const selectedClosing = statement && isIsoDate(statement) ? statement : null;
  const loaded = await asPerson(args, async (ctx) => {
    const page = await getCardsPage({
      ctx,
      input: { workspaceId, selectedCardId, selectedClosing, statementCount: 6 },
    });
    return { ...page, selectedId: page.statements?.card.uuid ?? null };
  });
  if (loaded.selectedId && statement !== null && (loaded.isStatementMissing || !selectedClosing)) {
    throw redirect(`/workspaces/${workspaceId}/cards?card=${loaded.selectedId}`);
  }
  return { ...loaded, title: serverI18n(detectLanguage(args.request)).t("workspaces:areas.cards") };
}

/** An entry kept on the device while offline changed nothing on the server: the page keeps its data. */
export const shouldRevalidate = keepsDataWhenKept;

export async function action(args: Route.ActionArgs) {
  const viewer = await requireViewerForAction(args);
  const form = await args.request.formData();
  const intent = formText(form, "intent") ?? "";
  const ref = { workspaceId: args.params.workspaceId, cardId: formText(form, "cardId") ?? "" };
  try {
    switch (intent) {
      case "create":
      case "update": {
        // The limit arrives as typed; the page's language reads it (before hydration too).
        const language = detectLanguage(args.request);
        const { input, limit } = cardInputFrom(form, language);
        if (!limit.ok) return refusedField(intent, "credit_limit", refusalOf("amount", limit.reason));
        const parsed = cardSchema.safeParse(input);
        if (!parsed.success) return invalidInput(intent, parsed.error);
        const card =
          intent === "create"
            ? await createCard({ ctx: viewer.ctx, input: { workspaceId: ref.workspaceId, ...parsed.data } })
            : await updateCard({ ctx: viewer.ctx, input: { ...ref, ...parsed.data } });
        return { intent, ok: true, name: card.name } satisfies ActionResult;
      }
      case "archive":
      case "restore": {
        const card = await setCardActive({ ctx: viewer.ctx, input: { ...ref, isActive: intent === "restore" } });
        return { intent, ok: true, name: card.name } satisfies ActionResult;
      }
      case "delete":
        await deleteCard({ ctx: viewer.ctx, input: ref });
        return { intent, ok: true } satisfies ActionResult;
      default:
        return unknownIntent(intent);
    }
  } catch (error) {
    return failedWith(intent, error);
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => workspacePageTitle(loaderData?.title, matches);

export default function WorkspaceCards() {
  const { t } = useTranslation("cards");
  const { cards, accounts, tags, rates, today, statements, selectedId } = useLoaderData<typeof loader>();
  const { workspace } = useRouteLoaderData<typeof layoutLoader>("routes/workspace-layout")!;
  const canEdit = can(workspace.role, "finances.write");
  const language = useLanguage();
  const [dialog, setDialog] = useState<{ isOpen: boolean; card?: CardResponse }>({ isOpen: false });
  const [payment, setPayment] = useState<{ isOpen: boolean; draft: WizardValues | null }>({
    isOpen: false,
    draft: null,
  });
  const payStatement = (statement: SelectedStatement) => {
    if (!statements) return;
    const month = formatDate(statement.closing_date, language, { style: "monthYear" });
    const description = t("statement.paymentDescription", { card: statements.card.name, month });
    const amount = { amountCents: statement.to_settle_cents, description, date: today };
    setPayment({ isOpen: true, draft: cardPaymentValues(statements.card, amount, language) });
  };
  // The dashboard's "Pay" lands here with `pay=1`: the statement's payment opens once, and the address forgets it.
  const [searchParams, setSearchParams] = useSearchParams();
  const selectedStatement = statements?.selected;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the payment opens once per arrival with pay=1, not when the page's data changes
  useEffect(() => {
    if (searchParams.get("pay") !== "1") return;
    setSearchParams(
      (params) => {
        params.delete("pay");
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
    if (canEdit && selectedStatement && selectedStatement.to_settle_cents > 0) payStatement(selectedStatement);
  }, [searchParams]);
  const rowActions = useFetcher<ActionResult>({ key: cardActionsKey });
  useIntentToast(rowActions.data, "cards");
  const hasAccounts = accounts.some((account) => account.is_active);
  const openCreate = () => setDialog({ isOpen: true });
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-foreground">{t("title")}</h1>
          <p className="mt-1 text-muted-foreground">{canEdit ? t("subtitle") : t("readOnly")}</p>
        </div>
        {canEdit && cards.length > 0 ? (
          <Button onClick={openCreate} disabled={!hasAccounts}>
            <Icon name="plus" />
            {t("create")}
          </Button>
        ) : null}
      </header>
      {cards.length === 0 ? (
        <section className="flex flex-col items-center rounded-2xl border border-dashed bg-card px-6 py-14 text-center">
          <span className="grid size-14 place-items-center rounded-2xl bg-accent-50 text-accent-text">
            <Icon name="credit-card" className="size-7" />
          </span>
          <h2 className="mt-4 text-lg font-semibold text-foreground">{t("empty.title")}</h2>
          <p className="mt-2 max-w-sm text-sm text-muted-foreground">
            {hasAccounts ? t("empty.body") : t("empty.needsAccount")}
          </p>
          {canEdit && hasAccounts ? (
            <Button className="mt-5" variant="accent" onClick={openCreate}>
              <Icon name="plus" />
              {t("empty.action")}
            </Button>
          ) : null}
        </section>
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
          <ul className="grid items-start gap-4 sm:grid-cols-2" aria-label={t("listLabel")}>
            {cards.map((card) => (
              <CardTile
                key={card.uuid}
                card={card}
                isSelected={card.uuid === selectedId}
                canEdit={canEdit}
                onEdit={() => setDialog({ isOpen: true, card })}
              />
            ))}
          </ul>
          {statements ? (
            <StatementPanel statements={statements} onPay={canEdit ? payStatement : undefined} />
          ) : (
            <p className="flex items-center gap-3 rounded-2xl border border-dashed bg-card p-5 text-sm text-muted-foreground">
              <Icon name="receipt-text" className="size-5 shrink-0" />
              {t("statement.choose")}
            </p>
          )}
        </div>
      )}
      {canEdit ? (
        <CardDialog
          key={dialog.card?.uuid ?? "new"}
          open={dialog.isOpen}
          onOpenChange={(isOpen) => setDialog((current) => ({ ...current, isOpen }))}
          card={dialog.card}
          accounts={accounts}
        />
      ) : null}
      {canEdit ? (
        <TransactionDialog
          open={payment.isOpen}
          onOpenChange={(isOpen) => setPayment((current) => ({ ...current, isOpen }))}
          draft={payment.draft}
          workspaceId={workspace.uuid}
          currency={workspace.currency}
          today={today}
          accounts={accounts}
          cards={cards}
          tags={tags}
          rates={rates}
        />
      ) : null}
    </div>
  );
}
