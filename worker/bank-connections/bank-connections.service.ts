import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { isUuid, newId } from "../../db/ids.ts";
import { batchOfStatements } from "../../db/named-batch.ts";
import { accounts, bankConnections, bankRemoteAccounts, cards, workspaces } from "../../db/schema/index.ts";
import type { ServiceContext } from "../context.ts";
import { AppError, fieldError } from "../http/errors.ts";
import { unitsToDecimal } from "../ledger/amounts.ts";
import { resolveTier } from "../tiers/tiers.ts";
import { workspaceOwnerTierQuery } from "../tiers/tier-queries.ts";
import type { ServiceCall } from "../access/actor.ts";
import { actorStillMay, readInWorkspace } from "../access/actor-access.ts";
import type { WorkspaceRef } from "../access/workspace-access.ts";
import type { BankConnectionResponse } from "./bank-connections.responses.ts";
import { emptySummary, firstSyncDays, type SyncSummary, syncStep } from "./bank-sync.ts";
import { addDays, latestToday, todayIn } from "../ledger/dates.ts";
import type {
  PluggyConnectInput,
  PluggyConnectTokenInput,
  RemoteAccountLinkInput,
  SimplefinConnectInput,
} from "./bank-connections.schemas.ts";
import { bankConnectionsAvailability, bankProviderFailed, pluggyOf, simplefinOf } from "./bank-provider-settings.ts";
import { itemFailure } from "./providers/pluggy.ts";
import { BankProviderError } from "./providers/bank-provider.ts";
import { claimSetupToken } from "./providers/simplefin.ts";
import { sealSecret } from "./sealed-secrets.ts";
import { aheadOf, connectionRemoteQuery, failedWith, heldAheadQuery } from "./bank-legs.ts";
import { openedAccess, providerOf, remoteAccountStatements, statusAfter } from "./remote-accounts.ts";

/**
 * Bank connections (README: "Bank connections"): a bank reached through Pluggy (Open Finance Brasil) or
 * SimpleFIN, the accounts it reaches, and where each one's lines go. Reads: any member; connecting,
 * linking and disconnecting: `banks.connect` (owner, admin), on a plan with `bank_connections`.
 */

type ConnectionRef = WorkspaceRef & { connectionId: string };
type RemoteAccountRef = ConnectionRef & { remoteAccountId: string };
type ConnectionRow = typeof bankConnections.$inferSelect;
type RemoteAccountRow = typeof bankRemoteAccounts.$inferSelect;

const connectionNotFound = () => new AppError("NOT_FOUND", "errors:details.bankConnectionNotFound");
const remoteAccountNotFound = () => new AppError("NOT_FOUND", "errors:details.bankAccountNotFound");
const connectionDisconnected = () => new AppError("BANK_CONNECTION_DISCONNECTED");

/** The owner's plan must have bank connections (Unlimited); Free is told which plan has them. */
function requireBankConnections(ownerTierRows: Array<Parameters<typeof resolveTier>[0]>) {
  const tier = resolveTier(ownerTierRows[0] ?? { tier: "free", hasBetaAccess: false });
  if (!tier.features.bank_connections)
    throw new AppError("PLAN_UPGRADE_REQUIRED", { key: "errors:details.bankConnectionsPlan" });
}

const connectionsQuery = (ctx: ServiceContext, workspaceId: string, connectionId?: string) =>
  ctx.db
    .select()
    .from(bankConnections)
    .where(
      and(
        eq(bankConnections.workspaceId, workspaceId),
        connectionId === undefined ? undefined : eq(bankConnections.id, isUuid(connectionId) ? connectionId : ""),
      ),
    )
    .orderBy(asc(bankConnections.createdAt), asc(bankConnections.id));

/** The connections' accounts with the names of the Moneta accounts and cards they are linked to. */
const remoteAccountsQuery = (ctx: ServiceContext, workspaceId: string, connectionId?: string) =>
  ctx.db
    .select({
      remote: bankRemoteAccounts,
      accountName: accounts.name,
      accountBalance: accounts.balanceCents,
      cardName: cards.name,
      cardDebt: cards.debtCents,
      cardClosingDay: cards.billingCycleDay,
      cardDueDay: cards.dueDay,
    })
    .from(bankRemoteAccounts)
    .leftJoin(accounts, eq(accounts.id, bankRemoteAccounts.accountId))
    .leftJoin(cards, eq(cards.id, bankRemoteAccounts.cardId))
    .where(
      and(
        eq(bankRemoteAccounts.workspaceId, workspaceId),
        connectionId === undefined
          ? undefined
          : eq(bankRemoteAccounts.connectionId, isUuid(connectionId) ? connectionId : ""),
      ),
    )
    .orderBy(asc(bankRemoteAccounts.createdAt), asc(bankRemoteAccounts.name));

type RemoteAccountWithNames = {
  remote: RemoteAccountRow;
  accountName: string | null;
  accountBalance: number | null;
  cardName: string | null;
  cardDebt: number | null;
  cardClosingDay: number | null;
  cardDueDay: number | null;
};

/** The days a linked card's bills close and fall due at the bank (from its current bill) and in Moneta. */
function cardDaysOf({ remote, cardClosingDay, cardDueDay }: RemoteAccountWithNames) {
  if (!remote.cardId || !remote.closingDate || !remote.dueDate || cardClosingDay === null || cardDueDay === null)
    return null;
  return {
    bank: { closing_day: Number(remote.closingDate.slice(8, 10)), due_day: Number(remote.dueDate.slice(8, 10)) },
    moneta: { closing_day: cardClosingDay, due_day: cardDueDay },
  };
}

/** What the linked account or card holds after the workspace's today (`aheadOf`). */
type HeldAhead = (remoteAccountId: string) => number;

/**
 * What Moneta holds for the linked account or card today, signed as the bank states it (a card's debt
 * negative): without what is dated later, which the bank's balance of today cannot have.
 */
function monetaBalanceOf(
  { remote, accountBalance, cardDebt }: RemoteAccountWithNames,
  ahead: HeldAhead,
): number | null {
  if (remote.accountId && accountBalance !== null) return accountBalance - ahead(remote.id);
  if (remote.cardId && cardDebt !== null) return -cardDebt - ahead(remote.id);
  return null;
}

const heldAheadOf =
  (rows: Parameters<typeof aheadOf>[0], timeZone: string, now: Date): HeldAhead =>
  (remoteAccountId) =>
    aheadOf(rows, remoteAccountId, todayIn(timeZone, now));

function syncOf(row: ConnectionRow): BankConnectionResponse["sync"] {
  return {
    // Under way, or asked for and about to start (a step runs just after "Sync now" answers).
    running:
      row.syncRunId !== null ||
      (row.status === "active" &&
        row.disconnectedAt === null &&
        row.syncRequestedAt !== null &&
        row.syncRequestedAt > (row.lastSyncedAt ?? "")),
    started_at: row.syncStartedAt,
    requested_at: row.syncRequestedAt,
    summary: row.syncSummary ? { ...emptySummary(), ...(JSON.parse(row.syncSummary) as Partial<SyncSummary>) } : null,
  };
}

function linkOf({ remote, accountName, cardName }: RemoteAccountWithNames) {
  if (remote.accountId) return { type: "account" as const, account_id: remote.accountId, name: accountName ?? "" };
  if (remote.cardId) return { type: "card" as const, card_id: remote.cardId, name: cardName ?? "" };
  if (remote.ignoredAt) return { type: "ignored" as const };
  return null;
}

function toConnectionResponse(
  row: ConnectionRow,
  remotes: RemoteAccountWithNames[],
  ahead: HeldAhead,
): BankConnectionResponse {
  return {
    uuid: row.id,
    provider: row.provider,
    institution: row.institution,
    status: row.status,
    consent_expires_at: row.consentExpiresAt,
    last_synced_at: row.lastSyncedAt,
    created_at: row.createdAt,
    disconnected_at: row.disconnectedAt,
    sync: syncOf(row),
    accounts: remotes
      .filter((entry) => entry.remote.connectionId === row.id)
      .map((entry) => {
        const { remote } = entry;
        const monetaBalance = monetaBalanceOf(entry, ahead);
        return {
          uuid: remote.id,
          kind: remote.kind,
          name: remote.name,
          number: remote.number,
          currency: remote.currency,
          balance: unitsToDecimal(remote.balanceUnits, remote.currency),
          balance_cents: remote.balanceUnits,
          balance_at: remote.balanceAt,
          credit_limit:
            remote.creditLimitUnits === null ? null : unitsToDecimal(remote.creditLimitUnits, remote.currency),
          closing_date: remote.closingDate,
          due_date: remote.dueDate,
          link: linkOf(entry),
          moneta_balance: monetaBalance === null ? null : unitsToDecimal(monetaBalance, remote.currency),
          balance_difference:
            monetaBalance === null ? null : unitsToDecimal(remote.balanceUnits - monetaBalance, remote.currency),
          card_days: cardDaysOf(entry),
        };
      }),
  };
}

/** GET /bank-connections: every connection of the workspace, disconnected ones included, with its accounts. */
export async function listBankConnections({ ctx, input }: ServiceCall<WorkspaceRef>) {
  const {
    workspace,
    rows: { connections, remotes, ahead },
  } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    connections: connectionsQuery(ctx, input.workspaceId),
    remotes: remoteAccountsQuery(ctx, input.workspaceId),
    ahead: heldAheadQuery(ctx, input.workspaceId),
  });
  const heldAhead = heldAheadOf(ahead, workspace.timeZone, ctx.clock.now());
  return connections.map((row) => toConnectionResponse(row, remotes, heldAhead));
}

async function connectionNow(ctx: ServiceContext, workspaceId: string, connectionId: string) {
  const [[row], remotes, ahead, [workspace]] = await ctx.db.batch([
    connectionsQuery(ctx, workspaceId, connectionId),
    remoteAccountsQuery(ctx, workspaceId, connectionId),
    heldAheadQuery(ctx, workspaceId),
    ctx.db.select({ timeZone: workspaces.timeZone }).from(workspaces).where(eq(workspaces.id, workspaceId)),
  ]);
  if (!row || !workspace) throw connectionNotFound();
  return toConnectionResponse(row, remotes, heldAheadOf(ahead, workspace.timeZone, ctx.clock.now()));
}

/** GET /bank-connections/{id}. */
export async function getBankConnection({ ctx, input }: ServiceCall<ConnectionRef>) {
  const {
    workspace,
    rows: { connections, remotes, ahead },
  } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    connections: connectionsQuery(ctx, input.workspaceId, input.connectionId),
    remotes: remoteAccountsQuery(ctx, input.workspaceId, input.connectionId),
    ahead: heldAheadQuery(ctx, input.workspaceId),
  });
  const row = connections[0];
  if (!row) throw connectionNotFound();
  return toConnectionResponse(row, remotes, heldAheadOf(ahead, workspace.timeZone, ctx.clock.now()));
}

/** A provider's failure as the API answers it: refused input at `field`, else the provider's unavailability. */
function providerRefusal(error: unknown, field: string): never {
  if (error instanceof BankProviderError) {
    if (error.failure === "refused" || error.failure === "credentials")
      throw fieldError(field, error.failure === "refused" ? refusedMessages[field]! : "errors:fields.bankCredentials");
    throw bankProviderFailed(error);
  }
  throw error;
}

const refusedMessages: Record<
  string,
  "errors:fields.setupTokenRefused" | "errors:fields.pluggyItemUnknown" | "errors:fields.bankCredentials"
> = {
  setup_token: "errors:fields.setupTokenRefused",
  item_id: "errors:fields.pluggyItemUnknown",
  password: "errors:fields.bankCredentials",
};

/**
 * POST /bank-connections/simplefin: claims the setup token (once: SimpleFIN refuses a second claim), seals
 * the access URL it answers, records the connection, then lists its accounts. The connection is written
 * before the accounts are asked for, so a provider that fails after the claim leaves a connection that
 * can list them later, not a claimed token lost.
 */
export async function connectSimplefin({ ctx, input }: ServiceCall<WorkspaceRef & SimplefinConnectInput>) {
  const { rows } = await readInWorkspace(ctx, input.workspaceId, "banks.connect", {
    ownerTierRows: workspaceOwnerTierQuery(ctx, input.workspaceId),
  });
  requireBankConnections(rows.ownerTierRows);
  const settings = simplefinOf(ctx.env);
  const id = newId();
  // The key is checked before the token is spent.
  await sealSecret(ctx.env.BANK_SECRETS_KEY, id, "");
  const accessUrl = await claimSetupToken(input.setup_token, settings).catch((error: unknown) =>
    providerRefusal(error, "setup_token"),
  );
  const now = ctx.clock.now().toISOString();
  const connection = {
    id,
    workspaceId: input.workspaceId,
    provider: "simplefin" as const,
    institution: "SimpleFIN",
    externalId: null,
    sealedAccess: await sealSecret(ctx.env.BANK_SECRETS_KEY, id, accessUrl),
    status: "active" as const,
    createdBy: ctx.actor.type === "person" ? ctx.actor.userId : null,
    createdAt: now,
  };
  await batchOfStatements(ctx.db, [ctx.db.insert(bankConnections).values(connection)]);
  await accountsRefreshed(ctx, connection);
  return connectionNow(ctx, input.workspaceId, id);
}

/**
 * Asks the provider for the connection's accounts and writes them, with the institution's name when the
 * provider gives one. A provider failure is kept on the connection (its status says what the person can
 * do) and not thrown: the connection was made; its accounts come with the next sync.
 */
async function accountsRefreshed(
  ctx: ServiceContext,
  connection: Pick<ConnectionRow, "id" | "workspaceId" | "provider" | "externalId" | "sealedAccess">,
) {
  try {
    const remote = await providerOf(ctx, connection).accounts(await openedAccess(ctx, connection));
    const institution = remote.find((account) => account.institution)?.institution;
    await batchOfStatements(ctx.db, [
      ctx.db
        .update(bankConnections)
        .set({ status: "active", lastError: null, ...(institution ? { institution } : {}) })
        .where(and(eq(bankConnections.id, connection.id), isNull(bankConnections.disconnectedAt))),
      ...remoteAccountStatements(ctx, connection, remote),
    ]);
  } catch (error) {
    if (!(error instanceof BankProviderError)) throw error;
    ctx.log.warn("bank.accounts_failed", { connection_id: connection.id, failure: error.failure });
    await batchOfStatements(ctx.db, [
      ctx.db
        .update(bankConnections)
        .set({ status: statusAfter(error), lastError: `${error.failure}: ${error.message}` })
        .where(and(eq(bankConnections.id, connection.id), isNull(bankConnections.disconnectedAt))),
    ]);
  }
}

/**
 * POST /bank-connections/pluggy/connect-token: a token for Pluggy's Connect widget, naming this workspace
 * as Pluggy's `clientUserId` (the connection is accepted only for an item made with it); with
 * `connection_id`, for signing in again to that connection's item.
 */
export async function pluggyConnectToken({ ctx, input }: ServiceCall<WorkspaceRef & PluggyConnectTokenInput>) {
  const { rows } = await readInWorkspace(ctx, input.workspaceId, "banks.connect", {
    ownerTierRows: workspaceOwnerTierQuery(ctx, input.workspaceId),
    connections: input.connection_id ? connectionsQuery(ctx, input.workspaceId, input.connection_id) : undefined,
  });
  requireBankConnections(rows.ownerTierRows);
  const connection = rows.connections?.[0];
  if (input.connection_id && connection?.provider !== "pluggy") throw connectionNotFound();
  if (connection?.disconnectedAt) throw connectionDisconnected();
  const pluggy = pluggyOf(ctx.env);
  const token = await pluggy
    .connectToken({ itemId: connection?.externalId ?? undefined, clientUserId: input.workspaceId })
    .catch((error: unknown) => {
      throw error instanceof BankProviderError ? bankProviderFailed(error) : error;
    });
  return { connect_token: token };
}

/**
 * POST /bank-connections/pluggy: the item Pluggy's widget made becomes a connection, once — the same item
 * sent again answers the connection it already is. An item made for another workspace (its `clientUserId`)
 * is refused as unknown.
 */
export async function connectPluggy({ ctx, input }: ServiceCall<WorkspaceRef & PluggyConnectInput>) {
  const { rows } = await readInWorkspace(ctx, input.workspaceId, "banks.connect", {
    ownerTierRows: workspaceOwnerTierQuery(ctx, input.workspaceId),
    known: ctx.db
      .select({ id: bankConnections.id, workspaceId: bankConnections.workspaceId })
      .from(bankConnections)
      .where(
        and(
          eq(bankConnections.provider, "pluggy"),
          eq(bankConnections.externalId, input.item_id),
          isNull(bankConnections.disconnectedAt),
        ),
      ),
  });
  requireBankConnections(rows.ownerTierRows);
  const known = rows.known[0];
  if (known?.workspaceId === input.workspaceId) {
    // The widget again, for this connection's item: the person signed in again or renewed the consent.
    // Read it now; a failure shows again in its status.
    await batchOfStatements(ctx.db, [
      ctx.db
        .update(bankConnections)
        .set({ syncRequestedAt: ctx.clock.now().toISOString() })
        .where(eq(bankConnections.id, known.id)),
    ]);
    ctx.defer(syncStep(ctx, known.id, { pages: 4 }));
    return connectionNow(ctx, input.workspaceId, known.id);
  }
  if (known) throw fieldError("item_id", "errors:fields.pluggyItemUnknown");
  const pluggy = pluggyOf(ctx.env);
  const item = await pluggy.item(input.item_id).catch((error: unknown) => providerRefusal(error, "item_id"));
  if (item.clientUserId !== input.workspaceId) throw fieldError("item_id", "errors:fields.pluggyItemUnknown");
  const id = newId();
  const connection = {
    id,
    workspaceId: input.workspaceId,
    provider: "pluggy" as const,
    institution: item.institution,
    externalId: input.item_id,
    sealedAccess: null,
    status: "active" as const,
    consentExpiresAt: item.consentExpiresAt,
    createdBy: ctx.actor.type === "person" ? ctx.actor.userId : null,
    createdAt: ctx.clock.now().toISOString(),
  };
  try {
    await batchOfStatements(ctx.db, [ctx.db.insert(bankConnections).values(connection)]);
  } catch (error) {
    // The widget's success sent twice at once: the first made it.
    if (!failedWith(error, "UNIQUE constraint failed: bank_connections")) throw error;
    return connectPluggy({ ctx, input });
  }
  await accountsRefreshed(ctx, connection);
  return connectionNow(ctx, input.workspaceId, id);
}

/**
 * Connecting Pluggy's sandbox bank without the widget, for local runs against the stand-in (the page's
 * own form sends the sandbox's credentials): the item is made for this workspace, then connected as the
 * widget's would be. Not offered in production.
 */
export async function connectPluggySandbox({
  ctx,
  input,
}: ServiceCall<WorkspaceRef & { user: string; password: string }>) {
  if (!bankConnectionsAvailability(ctx.env).sandbox) throw new AppError("NOT_FOUND");
  const { rows } = await readInWorkspace(ctx, input.workspaceId, "banks.connect", {
    ownerTierRows: workspaceOwnerTierQuery(ctx, input.workspaceId),
  });
  requireBankConnections(rows.ownerTierRows);
  const item = await pluggyOf(ctx.env)
    .createSandboxItem({ user: input.user, password: input.password, clientUserId: input.workspaceId })
    .catch((error: unknown) => providerRefusal(error, "password"));
  if (itemFailure(item, ctx.clock.now().getTime()) === "credentials")
    throw fieldError("password", "errors:fields.bankCredentials");
  return connectPluggy({ ctx, input: { workspaceId: input.workspaceId, item_id: item.itemId } });
}

/**
 * POST /bank-connections/{id}/accounts/{remoteAccountId}/card-days: the linked card's bills close and fall
 * due on the bank's days (read from its current bill), so Moneta's statements are the bank's bills. Any
 * member who may write, as for editing the card; the card's own limit and account stay.
 */
export async function alignCardBillDays({ ctx, input }: ServiceCall<RemoteAccountRef>) {
  const { workspaceId } = input;
  const { rows } = await readInWorkspace(ctx, workspaceId, "finances.write", {
    remotes: connectionRemoteQuery(ctx, input),
  });
  const remote = rows.remotes[0];
  if (!remote?.cardId || !remote.closingDate || !remote.dueDate) throw remoteAccountNotFound();
  const updated = await ctx.db
    .update(cards)
    .set({
      billingCycleDay: Number(remote.closingDate.slice(8, 10)),
      dueDay: Number(remote.dueDate.slice(8, 10)),
      updatedAt: ctx.clock.now().toISOString(),
    })
    .where(
      and(
        eq(cards.id, remote.cardId),
        eq(cards.workspaceId, workspaceId),
        actorStillMay(ctx, workspaceId, "finances.write"),
      ),
    )
    .returning({ id: cards.id });
  if (updated.length === 0) throw remoteAccountNotFound();
  return connectionNow(ctx, workspaceId, remote.connectionId);
}

/**
 * PUT /bank-connections/{id}/accounts/{accountId}: where the bank account's lines go. A bank account goes to
 * an active Moneta account, a credit card to a card, in the same currency; a Moneta account or card takes
 * one bank account's lines (BANK_ACCOUNT_LINKED otherwise: two links would write the lines twice).
 */
export async function linkRemoteAccount({ ctx, input }: ServiceCall<RemoteAccountRef & RemoteAccountLinkInput>) {
  const { workspaceId, link } = input;
  const { rows } = await readInWorkspace(ctx, workspaceId, "banks.connect", {
    connections: connectionsQuery(ctx, workspaceId, input.connectionId),
    remotes: ctx.db
      .select()
      .from(bankRemoteAccounts)
      .where(
        and(
          eq(bankRemoteAccounts.workspaceId, workspaceId),
          eq(bankRemoteAccounts.id, isUuid(input.remoteAccountId) ? input.remoteAccountId : ""),
        ),
      ),
    targetAccounts:
      link.type === "account"
        ? ctx.db
            .select()
            .from(accounts)
            .where(and(eq(accounts.workspaceId, workspaceId), eq(accounts.id, link.account_id)))
        : undefined,
    targetCards:
      link.type === "card"
        ? ctx.db
            .select({ card: cards, currency: accounts.currency })
            .from(cards)
            .innerJoin(accounts, eq(accounts.id, cards.accountId))
            .where(and(eq(cards.workspaceId, workspaceId), eq(cards.id, link.card_id)))
        : undefined,
  });
  const connection = rows.connections[0];
  const remote = rows.remotes[0];
  if (!connection) throw connectionNotFound();
  if (!remote || remote.connectionId !== connection.id) throw remoteAccountNotFound();
  if (connection.disconnectedAt) throw connectionDisconnected();
  const set = { accountId: null as string | null, cardId: null as string | null, ignoredAt: null as string | null };
  if (link.type === "account") {
    const account = rows.targetAccounts?.[0];
    if (!account?.isActive) throw fieldError("link.account_id", "errors:fields.accountUnknown");
    if (remote.kind === "credit_card") throw fieldError("link.account_id", "errors:fields.bankLinkCardToAccount");
    if (account.currency !== remote.currency)
      throw fieldError("link.account_id", "errors:fields.bankLinkCurrency", { values: { currency: remote.currency } });
    set.accountId = account.id;
  } else if (link.type === "card") {
    const target = rows.targetCards?.[0];
    if (!target?.card.isActive) throw fieldError("link.card_id", "errors:fields.cardUnknown");
    if (remote.kind !== "credit_card") throw fieldError("link.card_id", "errors:fields.bankLinkAccountToCard");
    if (target.card.type === "debit") throw fieldError("link.card_id", "errors:fields.bankLinkDebitCard");
    if (target.currency !== remote.currency)
      throw fieldError("link.card_id", "errors:fields.bankLinkCurrency", { values: { currency: remote.currency } });
    set.cardId = target.card.id;
  } else if (link.type === "ignore") {
    set.ignoredAt = ctx.clock.now().toISOString();
  }
  // A new place for its lines: they are read from a year back, in the sync under way if there is one, else
  // by the next tick (or "Sync now").
  const leg = set.cardId ?? set.accountId;
  const isNewPlace = leg !== null && leg !== (remote.cardId ?? remote.accountId);
  const syncing = isNewPlace
    ? { syncFrom: addDays(latestToday(ctx.clock.now()), -firstSyncDays), syncCursor: null, syncedThrough: null }
    : leg === null
      ? { syncFrom: null, syncCursor: null }
      : {};
  try {
    const updated = await ctx.db
      .update(bankRemoteAccounts)
      .set({ ...set, ...syncing })
      .where(
        and(
          eq(bankRemoteAccounts.id, remote.id),
          actorStillMay(ctx, workspaceId, "banks.connect"),
          sql`exists (select 1 from ${bankConnections} where ${bankConnections.id} = ${connection.id} and ${bankConnections.disconnectedAt} is null)`,
        ),
      )
      .returning({ id: bankRemoteAccounts.id });
    if (updated.length !== 1) throw connectionDisconnected();
  } catch (error) {
    // SQLite names the columns of the unique index that refused: bank_remote_accounts.account_id or .card_id.
    if (
      failedWith(error, "UNIQUE constraint failed: bank_remote_accounts.account_id") ||
      failedWith(error, "UNIQUE constraint failed: bank_remote_accounts.card_id")
    )
      throw fieldError(link.type === "card" ? "link.card_id" : "link.account_id", "errors:fields.bankLinkTaken", {
        code: "BANK_ACCOUNT_LINKED",
      });
    throw error;
  }
  return connectionNow(ctx, workspaceId, connection.id);
}

/**
 * DELETE /bank-connections/{id}: Pluggy's item is deleted first (the bank stops being read; a provider that
 * fails leaves everything as it was, to try again); SimpleFIN's access is forgotten (the person can also
 * revoke it in the Bridge). The connection stays, disconnected, with its accounts unlinked, so the
 * transactions it brought keep saying where they came from and the Moneta accounts can be linked anew.
 */
export async function disconnectBankConnection({ ctx, input }: ServiceCall<ConnectionRef>) {
  const { rows } = await readInWorkspace(ctx, input.workspaceId, "banks.connect", {
    connections: connectionsQuery(ctx, input.workspaceId, input.connectionId),
  });
  const connection = rows.connections[0];
  if (!connection) throw connectionNotFound();
  if (connection.disconnectedAt) return connectionNow(ctx, input.workspaceId, connection.id);
  if (connection.provider === "pluggy" && connection.externalId) {
    await pluggyOf(ctx.env)
      .deleteItem(connection.externalId)
      .catch((error: unknown) => {
        throw error instanceof BankProviderError ? bankProviderFailed(error) : error;
      });
  }
  const now = ctx.clock.now().toISOString();
  await batchOfStatements(ctx.db, [
    ctx.db
      .update(bankConnections)
      .set({ status: "disconnected", disconnectedAt: now, sealedAccess: null })
      .where(
        and(
          eq(bankConnections.id, connection.id),
          isNull(bankConnections.disconnectedAt),
          actorStillMay(ctx, input.workspaceId, "banks.connect"),
        ),
      ),
    ctx.db
      .update(bankRemoteAccounts)
      .set({ accountId: null, cardId: null })
      .where(
        and(
          eq(bankRemoteAccounts.connectionId, connection.id),
          inArray(
            bankRemoteAccounts.connectionId,
            ctx.db
              .select({ id: bankConnections.id })
              .from(bankConnections)
              .where(and(eq(bankConnections.id, connection.id), eq(bankConnections.disconnectedAt, now))),
          ),
        ),
      ),
  ]);
  return connectionNow(ctx, input.workspaceId, connection.id);
}
