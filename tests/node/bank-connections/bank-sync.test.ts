import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, isNotNull } from "drizzle-orm";
import { insertAccount, insertCard } from "../../../db/factories.ts";
import {
  accounts,
  bankConnections,
  bankInstallmentPlans,
  bankLines,
  cards,
  installmentPlans,
  plannedOccurrences,
  transactions,
} from "../../../db/schema/index.ts";
import { syncStep, type SyncStep } from "../../../worker/bank-connections/bank-sync.ts";
import { bankSyncExecutor } from "../../../worker/bank-connections/bank-sync.service.ts";
import { runDueItems } from "../../../worker/jobs/runner.ts";
import { startFakePluggy } from "../../support/fake-pluggy.ts";
import { sandboxBank, type SandboxLine } from "../../support/sandbox-bank.ts";
import { testServiceContext } from "../../support/service-context.ts";
import { createTestApp } from "../../support/test-app.ts";
import { workspaceWithTeam } from "../../support/workspaces.ts";

/**
 * The sync (README: "Bank connections"): a connected bank's year of lines brought into the linked account
 * and card once — resumed after a stop, never written twice by two steps, matched to what the person typed,
 * brought up to date when the bank changes a line, flagged when it removes one — against Pluggy's stand-in
 * over the sandbox bank.
 */

const secretsKey = btoa(String.fromCharCode(...new Uint8Array(32).map((_, index) => index * 5 + 3)));
const today = "2026-11-21";
const credentials = { clientId: "moneta-sync-client", clientSecret: "moneta-sync-secret" };
const bank = sandboxBank({ today });
const yearAgo = "2025-11-22";
const webhookSecret = "pluggy-webhook-secret-for-tests";

let pluggy: Awaited<ReturnType<typeof startFakePluggy>>;

beforeAll(async () => {
  pluggy = await startFakePluggy({ today, ...credentials });
});
afterAll(async () => {
  await pluggy?.stop();
});

const linesOf = (key: "checking" | "card") =>
  bank.accounts.find((account) => account.key === key)!.lines.filter((line) => line.date >= yearAgo);

/** A workspace with its bank connected through the widget, its checking account and card linked; in `app` when given. */
async function connectedHousehold(app?: Awaited<ReturnType<typeof createTestApp>>) {
  const t =
    app ??
    (await createTestApp({
      now: `${today}T15:00:00.000Z`,
      env: {
        BANK_SECRETS_KEY: secretsKey,
        PLUGGY_API_URL: pluggy.url,
        PLUGGY_CLIENT_ID: credentials.clientId,
        PLUGGY_CLIENT_SECRET: credentials.clientSecret,
        PLUGGY_WEBHOOK_SECRET: webhookSecret,
      },
    }));
  const team = await workspaceWithTeam(t, { owner: { tier: "unlimited" } });
  const workspaceId = team.workspace.id;
  const checking = await insertAccount(t.db, { workspaceId, name: "Conta Sandbox", currency: "BRL" });
  const card = await insertCard(t.db, { workspaceId, accountId: checking.id, name: "Cartão Sandbox" });
  const send = async (method: string, rest: string, json?: unknown) => {
    const response = await t.request(`/api/workspaces/${workspaceId}${rest}`, {
      method,
      token: team.owner.token,
      json,
    });
    return { status: response.status, body: await response.json() };
  };
  const itemId = await pluggy.createItem({ clientUserId: workspaceId });
  const made = await send("POST", "/bank-connections/pluggy", { item_id: itemId });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const connection = made.body.data;
  const remote = (kind: string) => connection.accounts.find((account: { kind: string }) => account.kind === kind).uuid;
  const linkedChecking = await send("PUT", `/bank-connections/${connection.uuid}/accounts/${remote("checking")}`, {
    link: { type: "account", account_id: checking.id },
  });
  expect(linkedChecking.status, JSON.stringify(linkedChecking.body)).toBe(200);
  const linkedCard = await send("PUT", `/bank-connections/${connection.uuid}/accounts/${remote("credit_card")}`, {
    link: { type: "card", card_id: card.id },
  });
  expect(linkedCard.status, JSON.stringify(linkedCard.body)).toBe(200);
  const ctx = testServiceContext(t.db, { clock: t.clock, env: t.env });
  /** Steps until the run is done, at most `limit` of them, `pages` each. */
  const syncToEnd = async (pages?: number, limit = 40) => {
    const steps: SyncStep[] = [];
    for (let index = 0; index < limit; index += 1) {
      const step = await syncStep(ctx, connection.uuid, { pages });
      steps.push(step);
      if (step.state !== "continuing") return steps;
    }
    throw new Error(`not done after ${limit} steps`);
  };
  return {
    t,
    team,
    workspaceId,
    checking,
    card,
    send,
    itemId,
    connectionId: connection.uuid as string,
    ctx,
    syncToEnd,
  };
}

type Household = Awaited<ReturnType<typeof connectedHousehold>>;

/** The transactions on the Moneta account or card, as the bank signs them, by the bank's line id. */
async function ledgerOf(h: Household, leg: "checking" | "card") {
  const legId = leg === "card" ? h.card.id : h.checking.id;
  const rows = await h.t.db
    .select({ line: bankLines, transaction: transactions })
    .from(bankLines)
    .leftJoin(transactions, eq(transactions.id, bankLines.transactionId))
    .where(eq(bankLines.legId, legId));
  return rows;
}

const signedCents = (transaction: typeof transactions.$inferSelect, legId: string) =>
  transaction.originAccountId === legId || transaction.originCardId === legId
    ? -transaction.amountCents
    : transaction.destinationAmountCents;

/**
 * The sandbox card's purchases em N vezes with an installment in the year read: the last installment
 * read of each, and what the installments after it come to (each an equal part of the purchase).
 */
function installmentsAhead() {
  const purchases = new Map<string, { total: number; last: number; share: number }>();
  for (const line of linesOf("card")) {
    if (!line.installment) continue;
    const { total, totalCents, purchaseDate, number } = line.installment;
    const key = `${purchaseDate}/${total}`;
    const known = purchases.get(key);
    purchases.set(key, {
      total,
      last: Math.max(number, known?.last ?? 0),
      share: Math.floor(Math.abs(totalCents) / total),
    });
  }
  const entries = [...purchases.values()];
  return {
    purchases: entries.length,
    count: entries.reduce((sum, each) => sum + each.total - each.last, 0),
    cents: entries.reduce((sum, each) => sum + (each.total - each.last) * each.share, 0),
  };
}

const expectOnce = (rows: Awaited<ReturnType<typeof ledgerOf>>, lines: SandboxLine[]) => {
  expect(rows.map((row) => row.line.lineId).sort()).toEqual(lines.map((line) => line.id).sort());
  const transactionIds = rows.map((row) => row.transaction?.id);
  expect(new Set(transactionIds).size).toBe(transactionIds.length);
};

describe("the first sync", () => {
  it("brings a year of the linked account's and card's lines in once, with balances that follow", async () => {
    const h = await connectedHousehold();
    const steps = await h.syncToEnd();
    expect(steps.at(-1)!.state).toBe("done");
    const checkingRows = await ledgerOf(h, "checking");
    const cardRows = await ledgerOf(h, "card");
    expectOnce(checkingRows, linesOf("checking"));
    expectOnce(cardRows, linesOf("card"));
    for (const row of [...checkingRows, ...cardRows]) {
      const line = [...linesOf("checking"), ...linesOf("card")].find((each) => each.id === row.line.lineId)!;
      const legId = row.line.legId;
      expect(signedCents(row.transaction!, legId), line.description).toBe(line.amountCents);
      expect(row.transaction!.date).toBe(line.date);
      expect(row.transaction!.createdVia).toBe("system:bank-sync");
    }
    // Pending card lines are written too; the bank's own text is the description, the merchant the payee.
    expect(cardRows.some((row) => row.line.pending)).toBe(true);
    expect(checkingRows.filter((row) => row.transaction!.payeeId !== null).length).toBeGreaterThan(0);
    const [account] = await h.t.db.select().from(accounts).where(eq(accounts.id, h.checking.id));
    const checkingSum = linesOf("checking").reduce((sum, line) => sum + line.amountCents, 0);
    expect(account!.balanceCents).toBe(h.checking.balanceCents + checkingSum);
    const [card] = await h.t.db.select().from(cards).where(eq(cards.id, h.card.id));
    const cardSum = linesOf("card").reduce((sum, line) => sum + line.amountCents, 0);
    // The card owes its lines, and holds the installments still ahead of the purchases em N vezes.
    expect(card!.debtCents).toBe(-cardSum + installmentsAhead().cents);
    const [connection] = await h.t.db.select().from(bankConnections).where(eq(bankConnections.id, h.connectionId));
    expect(connection).toMatchObject({
      status: "active",
      syncRunId: null,
      leaseId: null,
      lastSyncedAt: expect.any(String),
    });
    expect(JSON.parse(connection!.syncSummary!)).toMatchObject({
      created: checkingRows.length + cardRows.length,
      matched: 0,
      gone: 0,
    });
    // Each says where it came from.
    const listed = await h.send("GET", `/transactions?card_id=${h.card.id}&per_page=100`);
    expect(listed.status).toBe(200);
    expect(listed.body.data.length).toBeGreaterThan(0);
    // (The installments ahead of the purchases em N vezes have no line yet.)
    const read = listed.body.data.filter((each: { date: string }) => each.date <= today);
    for (const transaction of read)
      expect(transaction.bank).toMatchObject({ institution: "Banco Sandbox", provider: "pluggy", gone: false });
    expect(read.some((transaction: { bank: { pending: boolean } }) => transaction.bank.pending)).toBe(true);
  });

  it("writes nothing the second time, and re-reads only the last days", async () => {
    const h = await connectedHousehold();
    await h.syncToEnd();
    const count = (await h.t.db.select().from(transactions)).length;
    pluggy.knobs.resetCounts();
    const again = await h.syncToEnd();
    expect(again).toEqual([
      { state: "done", summary: { created: 0, matched: 0, updated: 0, gone: 0, skipped: 0, plans: 0 } },
    ]);
    expect((await h.t.db.select().from(transactions)).length).toBe(count);
    // A week's lines fit a page per account: accounts once, one page each for the two linked ones.
    expect(pluggy.knobs.counts()["GET /transactions"]).toBe(2);
  });

  it("joins the lines the person had typed instead of writing them again", async () => {
    const h = await connectedHousehold();
    const typedLines = linesOf("checking")
      .filter((line) => !line.pending && line.amountCents < 0)
      .slice(-3);
    const typed: string[] = [];
    for (const line of typedLines) {
      const response = await h.send("POST", "/transactions", {
        type: "expense",
        amount: (-line.amountCents / 100).toFixed(2),
        description: line.description.split(" ").slice(0, 2).join(" "),
        date: line.date,
        origin_id: `account:${h.checking.id}`,
      });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      typed.push(response.body.data.uuid as string);
    }
    await h.syncToEnd();
    const rows = await ledgerOf(h, "checking");
    expectOnce(rows, linesOf("checking"));
    const matched = rows.filter((row) => row.line.joined === "matched");
    expect(matched.map((row) => row.transaction!.id).sort()).toEqual([...typed].sort());
    const all = await h.t.db.select().from(transactions).where(eq(transactions.originAccountId, h.checking.id));
    expect(all.filter((row) => typed.includes(row.id))).toHaveLength(3);
    const [connection] = await h.t.db.select().from(bankConnections).where(eq(bankConnections.id, h.connectionId));
    expect(JSON.parse(connection!.syncSummary!).matched).toBe(3);
  });
});

describe("a sync stopped, failed or doubled", () => {
  it("continues a page at a time from where it stopped, ending as one uninterrupted sync does", async () => {
    const h = await connectedHousehold();
    const steps = await h.syncToEnd(1);
    expect(steps.length).toBeGreaterThan(2);
    expect(steps.slice(0, -1).every((step) => step.state === "continuing")).toBe(true);
    expectOnce(await ledgerOf(h, "checking"), linesOf("checking"));
    expectOnce(await ledgerOf(h, "card"), linesOf("card"));
  });

  it("keeps what it wrote when the provider fails mid-way, says so, and resumes without duplicates", async () => {
    const h = await connectedHousehold();
    expect((await syncStep(h.ctx, h.connectionId, { pages: 1 })).state).toBe("continuing");
    const written = (await h.t.db.select().from(bankLines)).length;
    expect(written).toBeGreaterThan(0);
    pluggy.knobs.failNext(20, 500);
    const failed = await syncStep(h.ctx, h.connectionId, { pages: 1 });
    pluggy.knobs.failNext(0, 500);
    expect(failed).toEqual({ state: "failed", failure: "unavailable" });
    const [connection] = await h.t.db.select().from(bankConnections).where(eq(bankConnections.id, h.connectionId));
    expect(connection).toMatchObject({ status: "failing", leaseId: null, syncRunId: expect.any(String) });
    expect(connection!.lastError).toMatch(/^unavailable: /);
    expect((await h.t.db.select().from(bankLines)).length).toBe(written);
    const resumed = await h.syncToEnd();
    expect(resumed.at(-1)!.state).toBe("done");
    expectOnce(await ledgerOf(h, "checking"), linesOf("checking"));
    expectOnce(await ledgerOf(h, "card"), linesOf("card"));
    const [healthy] = await h.t.db.select().from(bankConnections).where(eq(bankConnections.id, h.connectionId));
    expect(healthy).toMatchObject({ status: "active", lastError: null });
  });

  it("is active again as soon as the bank answers a page, so a sync the person signed in again for goes on", async () => {
    const h = await connectedHousehold();
    expect((await syncStep(h.ctx, h.connectionId, { pages: 1 })).state).toBe("continuing");
    // The bank had asked for a new sign-in; the person gave it in the widget.
    await h.t.db
      .update(bankConnections)
      .set({ status: "needs_login", lastError: "credentials: sign in again" })
      .where(eq(bankConnections.id, h.connectionId));
    expect((await syncStep(h.ctx, h.connectionId, { pages: 1 })).state).toBe("continuing");
    const [connection] = await h.t.db.select().from(bankConnections).where(eq(bankConnections.id, h.connectionId));
    expect(connection).toMatchObject({ status: "active", lastError: null });
  });

  it("lets one of two steps started together write; the other answers busy", async () => {
    const h = await connectedHousehold();
    const [first, second] = await Promise.all([
      syncStep(h.ctx, h.connectionId, { pages: 2 }),
      syncStep(h.ctx, h.connectionId, { pages: 2 }),
    ]);
    expect([first.state, second.state].filter((state) => state === "busy")).toHaveLength(1);
    await h.syncToEnd();
    expectOnce(await ledgerOf(h, "checking"), linesOf("checking"));
  });

  it("answers busy while another step holds the connection, writing nothing", async () => {
    const h = await connectedHousehold();
    expect((await syncStep(h.ctx, h.connectionId, { pages: 1 })).state).toBe("continuing");
    const before = (await h.t.db.select().from(bankLines)).length;
    // Another step holds the connection (its lease runs).
    await h.t.db
      .update(bankConnections)
      .set({ leaseId: "someone-else", leaseUntil: "2999-01-01T00:00:00.000Z" })
      .where(eq(bankConnections.id, h.connectionId));
    expect(await syncStep(h.ctx, h.connectionId, { pages: 1 })).toEqual({ state: "busy" });
    expect((await h.t.db.select().from(bankLines)).length).toBe(before);
  });
});

describe("purchases em N vezes on the card", () => {
  /** Each card line of an installment, with its transaction and the plan that posted it. */
  async function installmentLinesOf(h: Household) {
    const rows = await ledgerOf(h, "card");
    const planned = await h.t.db
      .select({ transactionId: transactions.id, planId: plannedOccurrences.sourceId })
      .from(transactions)
      .innerJoin(plannedOccurrences, eq(plannedOccurrences.id, transactions.plannedOccurrenceId))
      .where(eq(transactions.workspaceId, h.workspaceId));
    const planOf = new Map(planned.map((row) => [row.transactionId, row.planId]));
    return rows.flatMap((row) => {
      const line = linesOf("card").find((each) => each.id === row.line.lineId)!;
      return line.installment
        ? [{ ...row, installment: line.installment, planId: planOf.get(row.transaction!.id) }]
        : [];
    });
  }

  it("makes one plan per purchase, holding the installments ahead, and joins each installment's line to it", async () => {
    const h = await connectedHousehold();
    await h.syncToEnd();
    const ahead = installmentsAhead();
    expect(ahead.purchases).toBeGreaterThanOrEqual(3);
    const plans = await h.t.db.select().from(installmentPlans).where(eq(installmentPlans.workspaceId, h.workspaceId));
    expect(plans).toHaveLength(ahead.purchases);
    expect(
      (await h.t.db.select().from(bankInstallmentPlans)).filter((row) => row.workspaceId === h.workspaceId),
    ).toHaveLength(ahead.purchases);
    const lines = await installmentLinesOf(h);
    for (const row of lines) {
      // Every installment's line is its plan's installment, written by the sync, never a second transaction.
      expect(row.planId, row.line.description).toBeDefined();
      expect(row.line.joined).toBe("created");
      const plan = plans.find((each) => each.id === row.planId)!;
      expect(plan.installmentCount).toBe(row.installment.total);
      expect(plan.origin).toBe(`card:${h.card.id}`);
      expect(plan.purchaseDate).toBe(row.installment.purchaseDate);
      expect(row.transaction!.description).toBe(
        `${plan.description} (${row.installment.number}/${row.installment.total})`,
      );
    }
    for (const plan of plans) {
      const read = lines.filter((row) => row.planId === plan.id);
      // The installments before the first one read were paid before the year the sync reads.
      expect(plan.settledBeforeCount).toBe(Math.min(...read.map((row) => row.installment.number)) - 1);
      expect(plan.totalAmountCents).toBe(Math.abs(read[0]!.installment.totalCents));
    }
    // What is ahead is held on the card: the installments dated after today, with no line yet.
    const future = await h.t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.originCardId, h.card.id), isNotNull(transactions.plannedOccurrenceId)));
    expect(future.filter((row) => row.date > today)).toHaveLength(ahead.count);
    const [connection] = await h.t.db.select().from(bankConnections).where(eq(bankConnections.id, h.connectionId));
    expect(JSON.parse(connection!.syncSummary!)).toMatchObject({ plans: ahead.purchases });
    // The plans are the person's like any other, on the installments screen's API.
    const listed = await h.send("GET", "/installment-plans");
    expect(listed.status).toBe(200);
    expect(listed.body.data).toHaveLength(ahead.purchases);
  });

  it("joins the installments of a plan the person had typed for the purchase, as matches they can undo", async () => {
    const h = await connectedHousehold();
    const first = linesOf("card").find((line) => line.installment?.number === 1)!;
    const { total, totalCents, purchaseDate } = first.installment!;
    const typed = await h.send("POST", "/installment-plans", {
      description: "Geladeira",
      purchase_date: purchaseDate,
      total_amount: (Math.abs(totalCents) / 100).toFixed(2),
      installments_count: total,
      origin: `card:${h.card.id}`,
    });
    expect(typed.status, JSON.stringify(typed.body)).toBe(201);
    await h.syncToEnd();
    const lines = (await installmentLinesOf(h)).filter((row) => row.installment.purchaseDate === purchaseDate);
    expect(lines.length).toBeGreaterThan(0);
    for (const row of lines) {
      expect(row.planId).toBe(typed.body.data.uuid);
      expect(row.line.joined).toBe("matched");
    }
    const plans = await h.t.db.select().from(installmentPlans).where(eq(installmentPlans.workspaceId, h.workspaceId));
    expect(plans).toHaveLength(installmentsAhead().purchases);
    const matched = await h.send("GET", `/bank-connections/${h.connectionId}/matched`);
    expect(matched.status).toBe(200);
    expect(matched.body.data.length).toBe(lines.length);
  });
});

describe("a card's bill paid from its account", () => {
  it.each(["the account", "the card"])("is one card payment when the sync reads %s first", async (first) => {
    const h = await connectedHousehold();
    if (first === "the card") {
      // The account linked after the card's year is in: its lines meet the card's payments already written.
      const remoteChecking = (await h.send("GET", `/bank-connections/${h.connectionId}`)).body.data.accounts.find(
        (account: { kind: string }) => account.kind === "checking",
      );
      const path = `/bank-connections/${h.connectionId}/accounts/${remoteChecking.uuid}`;
      await h.send("PUT", path, { link: { type: "none" } });
      await h.syncToEnd();
      await h.send("PUT", path, { link: { type: "account", account_id: h.checking.id } });
    }
    await h.syncToEnd(1);
    const paidFrom = linesOf("checking").filter((line) => line.description === "PAGAMENTO FATURA CARTAO");
    const received = linesOf("card").filter((line) => line.description === "PAGAMENTO RECEBIDO");
    expect(paidFrom.length).toBeGreaterThanOrEqual(10);
    const checkingRows = await ledgerOf(h, "checking");
    const cardRows = await ledgerOf(h, "card");
    for (const line of paidFrom) {
      const row = checkingRows.find((each) => each.line.lineId === line.id)!;
      expect(row.transaction).toMatchObject({
        kind: "pay_credit_card",
        originAccountId: h.checking.id,
        destinationCardId: h.card.id,
        amountCents: -line.amountCents,
        description: "PAGAMENTO FATURA CARTAO",
      });
      // The card's line of the same payment is joined to the same transaction.
      const onCard = received.find((each) => each.date === line.date && each.amountCents === -line.amountCents);
      if (onCard)
        expect(cardRows.find((each) => each.line.lineId === onCard.id)!.transaction!.id).toBe(row.transaction!.id);
    }
    const [account] = await h.t.db.select().from(accounts).where(eq(accounts.id, h.checking.id));
    expect(account!.balanceCents).toBe(
      h.checking.balanceCents + linesOf("checking").reduce((sum, line) => sum + line.amountCents, 0),
    );
  });
});

describe("money between two linked accounts", () => {
  it("is one transfer, not an expense and an income", async () => {
    const h = await connectedHousehold();
    const savings = await insertAccount(h.t.db, { workspaceId: h.workspaceId, name: "Poupança", currency: "BRL" });
    const remoteSavings = (await h.send("GET", `/bank-connections/${h.connectionId}`)).body.data.accounts.find(
      (account: { kind: string }) => account.kind === "savings",
    );
    const linked = await h.send("PUT", `/bank-connections/${h.connectionId}/accounts/${remoteSavings.uuid}`, {
      link: { type: "account", account_id: savings.id },
    });
    expect(linked.status).toBe(200);
    await h.syncToEnd();
    const savingsLines = bank.accounts
      .find((account) => account.key === "savings")!
      .lines.filter((line) => line.date >= yearAgo);
    const sent = linesOf("checking").filter((line) => line.description === "TRANSFERENCIA PARA POUPANCA");
    expect(sent.length).toBeGreaterThanOrEqual(10);
    const rows = await h.t.db
      .select({ line: bankLines, transaction: transactions })
      .from(bankLines)
      .innerJoin(transactions, eq(transactions.id, bankLines.transactionId))
      .where(eq(bankLines.workspaceId, h.workspaceId));
    for (const line of sent) {
      const row = rows.find((each) => each.line.lineId === line.id)!;
      expect(row.transaction).toMatchObject({
        kind: "transfer",
        originAccountId: h.checking.id,
        destinationAccountId: savings.id,
        amountCents: -line.amountCents,
        description: "TRANSFERENCIA PARA POUPANCA",
      });
      const arrived = savingsLines.find(
        (each) => each.date === line.date && each.description === "TRANSFERENCIA DA CONTA CORRENTE",
      );
      if (arrived)
        expect(rows.find((each) => each.line.lineId === arrived.id)!.transaction.id).toBe(row.transaction.id);
    }
    const balanceOf = async (id: string) =>
      (await h.t.db.select().from(accounts).where(eq(accounts.id, id)))[0]!.balanceCents;
    const sum = (lines: SandboxLine[]) => lines.reduce((total, line) => total + line.amountCents, 0);
    expect(await balanceOf(h.checking.id)).toBe(h.checking.balanceCents + sum(linesOf("checking")));
    expect(await balanceOf(savings.id)).toBe(savings.balanceCents + sum(savingsLines));
  });
});

describe("a linked card's bill days", () => {
  it("says when they are not the bank's, and takes the bank's in one step", async () => {
    const h = await connectedHousehold();
    await h.syncToEnd();
    const accountsNow = async () => (await h.send("GET", `/bank-connections/${h.connectionId}`)).body.data.accounts;
    const remoteCard = (await accountsNow()).find((account: { kind: string }) => account.kind === "credit_card");
    const bankDays = { closing_day: 3, due_day: 10 };
    expect(remoteCard.card_days).toEqual({
      bank: bankDays,
      moneta: { closing_day: h.card.billingCycleDay, due_day: h.card.dueDay },
    });
    expect(h.card.billingCycleDay !== 3 || h.card.dueDay !== 10).toBe(true);
    const path = `/bank-connections/${h.connectionId}/accounts`;
    const aligned = await h.send("POST", `${path}/${remoteCard.uuid}/card-days`);
    expect(aligned.status, JSON.stringify(aligned.body)).toBe(200);
    const after = aligned.body.data.accounts.find((account: { uuid: string }) => account.uuid === remoteCard.uuid);
    expect(after.card_days).toEqual({ bank: bankDays, moneta: bankDays });
    const [card] = await h.t.db.select().from(cards).where(eq(cards.id, h.card.id));
    expect(card).toMatchObject({ billingCycleDay: 3, dueDay: 10, creditLimitCents: h.card.creditLimitCents });
    // A bank account has no bill.
    const remoteChecking = (await accountsNow()).find((account: { kind: string }) => account.kind === "checking");
    expect(remoteChecking.card_days).toBeNull();
    expect((await h.send("POST", `${path}/${remoteChecking.uuid}/card-days`)).status).toBe(404);
  });
});

describe("what the bank changes afterwards", () => {
  it("moves a transaction the sync wrote when the bank corrects it, and flags a line the bank removed", async () => {
    const h = await connectedHousehold();
    await h.syncToEnd();
    const recent = linesOf("checking").filter((line) => line.date >= "2026-11-16" && line.amountCents < 0);
    expect(recent.length).toBeGreaterThanOrEqual(2);
    const [corrected, removed] = recent;
    pluggy.knobs.changeLine(h.itemId, corrected!.id, { amountCents: corrected!.amountCents - 1000 });
    pluggy.knobs.deleteLine(h.itemId, removed!.id);
    const [before] = await h.t.db.select().from(accounts).where(eq(accounts.id, h.checking.id));
    const [step] = await h.syncToEnd();
    expect(step).toMatchObject({ state: "done", summary: { created: 0, updated: 1 } });
    const rows = await ledgerOf(h, "checking");
    const correctedRow = rows.find((row) => row.line.lineId === corrected!.id)!;
    expect(signedCents(correctedRow.transaction!, h.checking.id)).toBe(corrected!.amountCents - 1000);
    const [after] = await h.t.db.select().from(accounts).where(eq(accounts.id, h.checking.id));
    expect(after!.balanceCents).toBe(before!.balanceCents - 1000);
    const gone = await h.t.db
      .select()
      .from(bankLines)
      .where(and(eq(bankLines.legId, h.checking.id), isNotNull(bankLines.goneAt)));
    expect(gone.map((row) => row.lineId)).toEqual([removed!.id]);
    expect(gone[0]!.transactionId).not.toBeNull();
    const [connection] = await h.t.db.select().from(bankConnections).where(eq(bankConnections.id, h.connectionId));
    expect(JSON.parse(connection!.syncSummary!).gone).toBe(1);
  });

  it("does not bring back a synced transaction the person deleted", async () => {
    const h = await connectedHousehold();
    await h.syncToEnd();
    const recent = (await ledgerOf(h, "checking")).find((row) => row.line.date >= "2026-11-16")!;
    const deleted = await h.send("DELETE", `/transactions/${recent.transaction!.id}`);
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const count = (await h.t.db.select().from(transactions)).length;
    await h.syncToEnd();
    expect((await h.t.db.select().from(transactions)).length).toBe(count);
  });
});

describe("when a sync runs", () => {
  const webhook = (h: Household, body: unknown, secret: string | null = webhookSecret) =>
    h.t.request("/api/bank-webhooks/pluggy", {
      method: "POST",
      json: body,
      headers: secret === null ? {} : { "X-Moneta-Webhook-Secret": secret },
    });

  it("syncs on Sync now, once a minute, for members who may write", async () => {
    const h = await connectedHousehold();
    const viewer = await h.t.request(`/api/workspaces/${h.workspaceId}/bank-connections/${h.connectionId}/sync`, {
      method: "POST",
      token: h.team.viewer.token,
    });
    expect(viewer.status).toBe(403);
    const asked = await h.send("POST", `/bank-connections/${h.connectionId}/sync`);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    await h.t.settleDeferred();
    expect((await h.t.db.select().from(bankLines)).length).toBeGreaterThan(0);
    const again = await h.send("POST", `/bank-connections/${h.connectionId}/sync`);
    expect(again.status).toBe(429);
    expect(again.body.code).toBe("RATE_LIMITED");
    h.t.clock.set(`${today}T15:01:01.000Z`);
    expect((await h.send("POST", `/bank-connections/${h.connectionId}/sync`)).status).toBe(200);
    await h.t.settleDeferred();
  });

  it("carries a sync on from tick to tick until it is done, then leaves the connection until it is due", async () => {
    const h = await connectedHousehold();
    const tick = () => runDueItems(h.ctx, "*/5 * * * *", [bankSyncExecutor]);
    const ticks = [];
    for (let index = 0; index < 5; index += 1) {
      const outcome = await tick();
      ticks.push(outcome);
      if (outcome.finished) break;
    }
    expect(ticks.at(-1)!.finished).toBe(true);
    expect(ticks.length).toBeLessThanOrEqual(3);
    expectOnce(await ledgerOf(h, "checking"), linesOf("checking"));
    expectOnce(await ledgerOf(h, "card"), linesOf("card"));
    pluggy.knobs.resetCounts();
    expect((await tick()).itemsDone).toBe(0);
    expect(pluggy.knobs.counts()["GET /transactions"]).toBeUndefined();
  });

  it("reads a year for an account linked after the first sync, at the next tick", async () => {
    const h = await connectedHousehold();
    const remoteCard = (await h.send("GET", `/bank-connections/${h.connectionId}`)).body.data.accounts.find(
      (account: { kind: string }) => account.kind === "credit_card",
    );
    await h.send("PUT", `/bank-connections/${h.connectionId}/accounts/${remoteCard.uuid}`, { link: { type: "none" } });
    await h.syncToEnd();
    expect(await ledgerOf(h, "card")).toEqual([]);
    const relinked = await h.send("PUT", `/bank-connections/${h.connectionId}/accounts/${remoteCard.uuid}`, {
      link: { type: "card", card_id: h.card.id },
    });
    expect(relinked.status).toBe(200);
    const outcome = await runDueItems(h.ctx, "*/5 * * * *", [bankSyncExecutor]);
    expect(outcome.finished).toBe(true);
    expectOnce(await ledgerOf(h, "card"), linesOf("card"));
    expectOnce(await ledgerOf(h, "checking"), linesOf("checking"));
  });

  it("takes Pluggy's webhook only with the secret, once per event, for the item's own connection", async () => {
    const h = await connectedHousehold();
    const other = await connectedHousehold(h.t);
    const event = { event: "transactions/created", eventId: crypto.randomUUID(), itemId: h.itemId, accountId: "x" };
    for (const secret of [null, "wrong", `${webhookSecret}x`]) {
      const refused = await webhook(h, event, secret);
      expect(refused.status).toBe(401);
    }
    const taken = await webhook(h, event);
    expect(taken.status).toBe(200);
    expect((await taken.json()).data).toEqual({ handled: true });
    await h.t.settleDeferred();
    const replayed = await webhook(h, event);
    expect((await replayed.json()).data).toEqual({ handled: false });
    const [mine] = await h.t.db.select().from(bankConnections).where(eq(bankConnections.id, h.connectionId));
    expect(mine!.syncRequestedAt).not.toBeNull();
    // Only the connection holding the item: the other workspace's was not touched.
    const [theirs] = await other.t.db.select().from(bankConnections).where(eq(bankConnections.id, other.connectionId));
    expect(theirs!.syncRequestedAt).toBeNull();
    const remoteIdsOfOther = (await ledgerOf(other, "checking")).length + (await ledgerOf(other, "card")).length;
    expect(remoteIdsOfOther).toBe(0);
    const unknownItem = await webhook(h, { ...event, eventId: crypto.randomUUID(), itemId: crypto.randomUUID() });
    expect((await unknownItem.json()).data).toEqual({ handled: false });
  });
});

describe("reviewing what a sync did", () => {
  it("lists the lines joined to typed entries, and undoes one by writing the bank's line on its own, once", async () => {
    const h = await connectedHousehold();
    const line = linesOf("checking")
      .filter((each) => !each.pending && each.amountCents < 0)
      .at(-1)!;
    const typed = await h.send("POST", "/transactions", {
      type: "expense",
      amount: (-line.amountCents / 100).toFixed(2),
      description: line.description,
      date: line.date,
      origin_id: `account:${h.checking.id}`,
    });
    expect(typed.status).toBe(201);
    await h.syncToEnd();
    const matched = await h.send("GET", `/bank-connections/${h.connectionId}/matched`);
    expect(matched.status).toBe(200);
    expect(matched.body.data).toHaveLength(1);
    expect(matched.body.data[0]).toMatchObject({
      date: line.date,
      amount: (line.amountCents / 100).toFixed(2),
      transaction: { uuid: typed.body.data.uuid },
    });
    const [before] = await h.t.db.select().from(accounts).where(eq(accounts.id, h.checking.id));
    const undone = await h.send(
      "POST",
      `/bank-connections/${h.connectionId}/matched/${matched.body.data[0].uuid}/undo`,
    );
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    const [after] = await h.t.db.select().from(accounts).where(eq(accounts.id, h.checking.id));
    expect(after!.balanceCents).toBe(before!.balanceCents + line.amountCents);
    expect((await h.send("GET", `/bank-connections/${h.connectionId}/matched`)).body.data).toEqual([]);
    const again = await h.send("POST", `/bank-connections/${h.connectionId}/matched/${matched.body.data[0].uuid}/undo`);
    expect(again.status).toBe(404);
    // The next sync knows the line: it writes nothing more.
    const [step] = await h.syncToEnd();
    expect(step).toMatchObject({ state: "done", summary: { created: 0, matched: 0 } });
  });

  it("reconciles a balance with one adjustment of the difference the person saw, refusing one that moved", async () => {
    const h = await connectedHousehold();
    await h.syncToEnd();
    const read = async () =>
      (await h.send("GET", `/bank-connections/${h.connectionId}`)).body.data.accounts.find(
        (account: { kind: string }) => account.kind === "checking",
      );
    const checking = await read();
    expect(checking.balance_difference).not.toBe("0.00");
    const path = `/bank-connections/${h.connectionId}/accounts/${checking.uuid}/reconcile`;
    const stale = await h.send("POST", path, { difference: "0.01" });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe("BANK_BALANCE_CHANGED");
    const done = await h.send("POST", path, { difference: checking.balance_difference });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const after = await read();
    expect(after.balance_difference).toBe("0.00");
    expect(after.moneta_balance).toBe(after.balance);
    const [adjustment] = await h.t.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, done.body.data.transaction_id));
    expect(adjustment!.note).toContain(after.balance);
    expect((await h.send("POST", path, { difference: "abc" })).status).toBe(422);
  });

  it("explains a difference by the entries the bank doesn't have, the lines deleted here, and what came before", async () => {
    const h = await connectedHousehold();
    await h.syncToEnd();
    const remoteChecking = (await h.send("GET", `/bank-connections/${h.connectionId}`)).body.data.accounts.find(
      (account: { kind: string }) => account.kind === "checking",
    );
    // Typed here, not at the bank; and one of the bank's lines deleted here.
    const typed = await h.send("POST", "/transactions", {
      type: "expense",
      amount: "50.00",
      description: "Feira de domingo",
      date: "2026-11-01",
      origin_id: `account:${h.checking.id}`,
    });
    expect(typed.status).toBe(201);
    const deletedLine = linesOf("checking").find((line) => line.description.startsWith("PIX ENVIADO"))!;
    const deletedRow = (await ledgerOf(h, "checking")).find((row) => row.line.lineId === deletedLine.id)!;
    expect((await h.send("DELETE", `/transactions/${deletedRow.transaction!.id}`)).status).toBe(200);

    const explained = await h.send(
      "GET",
      `/bank-connections/${h.connectionId}/accounts/${remoteChecking.uuid}/difference`,
    );
    expect(explained.status, JSON.stringify(explained.body)).toBe(200);
    const { data } = explained.body;
    const listed = (await h.send("GET", `/bank-connections/${h.connectionId}`)).body.data.accounts.find(
      (account: { uuid: string }) => account.uuid === remoteChecking.uuid,
    );
    expect(data.difference).toBe(listed.balance_difference);
    expect(data.lines_from).toBe(linesOf("checking")[0]!.date);
    expect(data.entries).toEqual([
      {
        reason: "not_at_bank",
        date: "2026-11-01",
        description: "Feira de domingo",
        transaction_id: typed.body.data.uuid,
        amount: "50.00",
      },
      {
        reason: "deleted_here",
        date: deletedLine.date,
        description: deletedLine.description,
        transaction_id: null,
        amount: (deletedLine.amountCents / 100).toFixed(2),
      },
    ]);
    expect(data.entries_count).toBe(2);
    // The rest is what the account held before the bank's first line, which Moneta started without.
    const cents = (text: string) => Math.round(Number(text) * 100);
    const bankBefore = cents(listed.balance) - linesOf("checking").reduce((sum, line) => sum + line.amountCents, 0);
    expect(cents(data.before_lines)).toBe(bankBefore - h.checking.balanceCents);
    expect(cents(data.entries_total) + cents(data.before_lines)).toBe(cents(data.difference));
  });
});
