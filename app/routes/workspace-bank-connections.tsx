import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLoaderData, useRevalidator, useRouteLoaderData } from "react-router";
import { ConnectPanel } from "~/components/bank-connections/connect-panel";
import { ConnectionCard } from "~/components/bank-connections/connection-card";
import { Icon } from "~/components/ui/icon";
import { failedWith, formText, invalidInput, unknownIntent, type ActionResult } from "~/lib/action-result";
import { formatDate } from "~/lib/format";
import { detectLanguage } from "~/lib/i18n";
import { useLanguage } from "~/lib/use-language";
import { useRowActions } from "~/lib/use-row-actions";
import { serverI18n } from "~/lib/i18n.server";
import { asPerson, requireViewerForAction, servicesOf } from "~/lib/session.server";
import { workspacePageTitle } from "~/lib/workspace-meta";
import { pageContext } from "../../worker/context";
import { listAccounts } from "../../worker/accounts/accounts.service";
import { can } from "../../worker/access/permissions";
import { allowPluggyWidget, bankConnectionsAvailability } from "../../worker/bank-connections/bank-provider-settings";
import {
  pluggyConnectSchema,
  reconcileSchema,
  remoteAccountLinkSchema,
  simplefinConnectSchema,
} from "../../worker/bank-connections/bank-connections.schemas";
import {
  connectPluggy,
  connectPluggySandbox,
  connectSimplefin,
  disconnectBankConnection,
  linkRemoteAccount,
  listBankConnections,
  pluggyConnectToken,
  alignCardBillDays,
} from "../../worker/bank-connections/bank-connections.service";
import {
  explainDifference,
  listMatchedLines,
  reconcileBalance,
  undoMatch,
} from "../../worker/bank-connections/bank-lines.service";
import { requestSync } from "../../worker/bank-connections/bank-sync.service";
import { listCards } from "../../worker/cards/cards.service";
import type { loader as layoutLoader } from "./workspace-layout";
import type { Route } from "./+types/workspace-bank-connections";

export const handle = { i18n: ["bank-connections", "workspaces", "errors"] };

export async function loader(args: Route.LoaderArgs) {
  const workspaceId = args.params.workspaceId;
  const availability = bankConnectionsAvailability(servicesOf(args).env);
  // Pluggy's widget may load here, and only here (the CSP of this page's document).
  if (availability.pluggy && !availability.sandbox) allowPluggyWidget(args.context.get(pageContext).scope);
  const { connections, accounts, cards } = await asPerson(args, async (ctx) => {
    const [connections, accounts, cards] = await Promise.all([
      listBankConnections({ ctx, input: { workspaceId } }),
      listAccounts({ ctx, input: { workspaceId } }),
      listCards({ ctx, input: { workspaceId } }),
    ]);
    return { connections, accounts, cards };
  });
  const search = new URL(args.request.url).searchParams;
  const matchedConnection = search.get("matched");
  const matched =
    matchedConnection && connections.some((connection) => connection.uuid === matchedConnection)
      ? await asPerson(args, (ctx) =>
          listMatchedLines({ ctx, input: { workspaceId, connectionId: matchedConnection } }),
        )
      : null;
  // The reconcile dialog of an account whose balance differs: what makes up the difference.
  const differenceAccount = search.get("difference");
  const differenceConnection = connections.find((connection) =>
    connection.accounts.some((account) => account.uuid === differenceAccount && account.balance_difference !== null),
  );
  const difference = differenceConnection
    ? await asPerson(args, (ctx) =>
        explainDifference({
          ctx,
          input: { workspaceId, connectionId: differenceConnection.uuid, remoteAccountId: differenceAccount! },
        }),
      )
    : null;
  return {
    connections,
    difference: difference ? { remoteAccountId: differenceAccount!, ...difference } : null,
    accounts: accounts
      .filter((account) => account.is_active)
      .map(({ uuid, name, currency }) => ({ uuid, name, currency })),
    cards: cards
      .filter((card) => card.is_active && card.type !== "debit")
      .map(({ uuid, name, account }) => ({ uuid, name, currency: account.currency })),
    availability,
    matched: matched ? { connectionId: matchedConnection!, lines: matched } : null,
    title: serverI18n(detectLanguage(args.request)).t("workspaces:areas.bank-connections"),
  };
}

export type BankConnectionsData = Awaited<ReturnType<typeof loader>>;

/**
 * POST intent=connect-simplefin | connect-sandbox | connect-token | connect-pluggy (connecting), link
 * (where an account's lines go), sync, disconnect, undo-match, reconcile, card-days (a card's bill days as
 * the bank's). The services check the role.
 */
export async function action(args: Route.ActionArgs) {
  const viewer = await requireViewerForAction(args);
  const form = await args.request.formData();
  const intent = formText(form, "intent") ?? "";
  const workspaceId = args.params.workspaceId;
  const connectionId = formText(form, "id") ?? "";
  const call = <I,>(input: I) => ({ ctx: viewer.ctx, input: { workspaceId, ...input } });
  try {
    switch (intent) {
      case "connect-simplefin": {
        const parsed = simplefinConnectSchema.safeParse({ setup_token: formText(form, "setup_token") });
        if (!parsed.success) return invalidInput(intent, parsed.error);
        const connection = await connectSimplefin(call(parsed.data));
        return { intent, ok: true, name: connection.institution } satisfies ActionResult;
      }
      case "connect-sandbox": {
        const connection = await connectPluggySandbox(
          call({ user: formText(form, "user") ?? "", password: formText(form, "password") ?? "" }),
        );
        return { intent, ok: true, name: connection.institution } satisfies ActionResult;
      }
      case "connect-token": {
        const answer = await pluggyConnectToken(call(connectionId ? { connection_id: connectionId } : {}));
        return { intent, ok: true, token: answer.connect_token };
      }
      case "connect-pluggy": {
        const parsed = pluggyConnectSchema.safeParse({ item_id: formText(form, "item_id") });
        if (!parsed.success) return invalidInput(intent, parsed.error);
        const connection = await connectPluggy(call(parsed.data));
        return { intent, ok: true, name: connection.institution } satisfies ActionResult;
      }
      case "link": {
        const [type, id] = (formText(form, "link") ?? "").split(":");
        const link = type === "account" ? { type, account_id: id } : type === "card" ? { type, card_id: id } : { type };
        const parsed = remoteAccountLinkSchema.safeParse({ link });
        if (!parsed.success) return invalidInput(intent, parsed.error);
        await linkRemoteAccount(
          call({ connectionId, remoteAccountId: formText(form, "remote") ?? "", ...parsed.data }),
        );
        return { intent, ok: true } satisfies ActionResult;
      }
      case "sync":
        await requestSync(call({ connectionId }));
        return { intent, ok: true } satisfies ActionResult;
      case "disconnect": {
        const connection = await disconnectBankConnection(call({ connectionId }));
        return { intent, ok: true, name: connection.institution } satisfies ActionResult;
      }
      case "undo-match":
        await undoMatch(call({ connectionId, lineId: formText(form, "line") ?? "" }));
        return { intent, ok: true } satisfies ActionResult;
      case "reconcile": {
        const parsed = reconcileSchema.safeParse({ difference: formText(form, "difference") });
        if (!parsed.success) return invalidInput(intent, parsed.error);
        await reconcileBalance(
          call({
            connectionId,
            remoteAccountId: formText(form, "remote") ?? "",
            language: detectLanguage(args.request),
            ...parsed.data,
          }),
        );
        return { intent, ok: true } satisfies ActionResult;
      }
      case "card-days":
        await alignCardBillDays(call({ connectionId, remoteAccountId: formText(form, "remote") ?? "" }));
        return { intent, ok: true } satisfies ActionResult;
      default:
        return unknownIntent(intent);
    }
  } catch (error) {
    return failedWith(intent, error);
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => workspacePageTitle(loaderData?.title, matches);

/** Settings → Bank connections: connect a bank, choose where its accounts' lines go, watch it sync. */
export default function WorkspaceBankConnections() {
  const { t } = useTranslation("bank-connections");
  const language = useLanguage();
  const data = useLoaderData<typeof loader>();
  const { workspace, hasBankConnections } = useRouteLoaderData<typeof layoutLoader>("routes/workspace-layout")!;
  const canConnect = can(workspace.role, "banks.connect");
  const canWrite = can(workspace.role, "finances.write");
  const actions = useRowActions("bank-connections");
  const revalidator = useRevalidator();
  const isSyncing = data.connections.some((connection) => connection.sync.running);
  // While a sync runs, the page follows it.
  useEffect(() => {
    if (!isSyncing) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 3000);
    return () => clearInterval(timer);
  }, [isSyncing, revalidator]);
  const isAvailable = data.availability.pluggy || data.availability.simplefin;
  const live = data.connections.filter((connection) => connection.disconnected_at === null);
  const past = data.connections.filter((connection) => connection.disconnected_at !== null);
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-foreground">{t("title")}</h1>
          <p className="mt-1 max-w-2xl text-muted-foreground">{t("subtitle")}</p>
        </div>
      </header>
      {!hasBankConnections ? (
        <section className="rounded-2xl border bg-card p-6 shadow-xs" aria-labelledby="bank-plan-heading">
          <h2 id="bank-plan-heading" className="flex items-center gap-2 text-lg font-semibold">
            <Icon name="sparkles" className="size-5 text-accent-text" />
            {t("plan.title")}
          </h2>
          <p className="mt-2 text-muted-foreground">{t("plan.body")}</p>
          <ul className="mt-3 grid gap-1.5 text-sm">
            {(["arrive", "once", "rules", "balances"] as const).map((point) => (
              <li key={point} className="flex gap-2">
                <Icon name="check" className="mt-0.5 size-4 shrink-0 text-success" />
                {t(`plan.points.${point}`)}
              </li>
            ))}
          </ul>
        </section>
      ) : !isAvailable ? (
        <p className="rounded-2xl border bg-card p-6 text-muted-foreground">{t("unavailable")}</p>
      ) : (
        <>
          {canConnect ? (
            <ConnectPanel availability={data.availability} isFirst={live.length === 0} />
          ) : live.length === 0 ? (
            <p className="rounded-2xl border bg-card p-6 text-muted-foreground">{t("empty.readOnly")}</p>
          ) : null}
          {live.map((connection) => (
            <ConnectionCard
              key={connection.uuid}
              connection={connection}
              accounts={data.accounts}
              cards={data.cards}
              matched={data.matched?.connectionId === connection.uuid ? data.matched.lines : null}
              difference={data.difference}
              canConnect={canConnect}
              canWrite={canWrite}
              availability={data.availability}
              actions={actions}
            />
          ))}
          {past.length > 0 ? (
            <section aria-labelledby="bank-past-heading" className="grid gap-2">
              <h2 id="bank-past-heading" className="text-sm font-semibold text-muted-foreground">
                {t("past.title")}
              </h2>
              <ul className="grid gap-1 text-sm text-muted-foreground">
                {past.map((connection) => (
                  <li key={connection.uuid}>
                    {t("past.item", {
                      institution: connection.institution,
                      provider: t(`provider.${connection.provider}`),
                      date: formatDate(connection.disconnected_at!.slice(0, 10), language, { style: "medium" }),
                    })}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}
