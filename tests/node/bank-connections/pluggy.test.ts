import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BankProviderError, type RemoteLine } from "../../../worker/bank-connections/providers/bank-provider.ts";
import {
  bankDayOf,
  decimalOfProviderNumber,
  negatedDecimal,
  type PluggySettings,
  pluggyProvider,
} from "../../../worker/bank-connections/providers/pluggy.ts";
import { type FakePluggy, startFakePluggy } from "../../support/fake-pluggy.ts";
import { sandboxBank } from "../../support/sandbox-bank.ts";

const today = "2026-11-20";
const clientId = "moneta-test-client";
const clientSecret = "s3cret-do-not-print-0xDEADBEEF";
const centsText = (cents: number) => (cents / 100).toFixed(2);

let fake: FakePluggy;
let sleeps: number[];
const errors: BankProviderError[] = [];

const client = (overrides: Partial<PluggySettings> = {}) =>
  pluggyProvider({
    apiUrl: fake.url,
    clientId,
    clientSecret,
    fetchOptions: { sleep: async (ms) => void sleeps.push(ms) },
    ...overrides,
  });

/** The failure a call ends in, kept so the last test can read every message. */
async function failureOf(call: Promise<unknown>): Promise<BankProviderError> {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof BankProviderError)) throw new Error(`Expected a BankProviderError, got ${String(error)}`);
  errors.push(error);
  return error;
}

async function allLines(
  provider: ReturnType<typeof client>,
  itemId: string,
  accountId: string,
  window: { from: string; to: string },
) {
  const lines: RemoteLine[] = [];
  let pages = 0;
  for (let cursor: string | null = null; ; ) {
    const page = await provider.lines(itemId, accountId, window, cursor);
    lines.push(...page.lines);
    pages += 1;
    if (page.next === null) return { lines, pages };
    cursor = page.next;
  }
}

beforeAll(async () => {
  fake = await startFakePluggy({ today, clientId, clientSecret, slowMs: 2000 });
});
afterAll(() => fake.stop());
beforeEach(() => {
  sleeps = [];
  fake.knobs.resetCounts();
});

describe("decimalOfProviderNumber", () => {
  it("reads a JSON number exactly, rounding half away from zero to the currency's places", () => {
    expect(decimalOfProviderNumber(0.1 + 0.2, 2)).toBe("0.30");
    expect(decimalOfProviderNumber(1.005, 2)).toBe("1.01");
    expect(decimalOfProviderNumber(2.675, 2)).toBe("2.68");
    expect(decimalOfProviderNumber(-1.005, 2)).toBe("-1.01");
    expect(decimalOfProviderNumber(-0.004, 2)).toBe("0.00");
    expect(decimalOfProviderNumber(-0.005, 2)).toBe("-0.01");
    expect(decimalOfProviderNumber(1234.5, 2)).toBe("1234.50");
    expect(decimalOfProviderNumber(-23.9, 2)).toBe("-23.90");
    expect(decimalOfProviderNumber(0, 2)).toBe("0.00");
    expect(decimalOfProviderNumber(1e-7, 2)).toBe("0.00");
    expect(decimalOfProviderNumber(999999999.995, 2)).toBe("1000000000.00");
    expect(decimalOfProviderNumber(123456789012.34, 2)).toBe("123456789012.34");
    expect(decimalOfProviderNumber(1e21, 2)).toBe("1000000000000000000000.00");
    expect(decimalOfProviderNumber(1500.5, 0)).toBe("1501");
    expect(decimalOfProviderNumber(-1500.5, 0)).toBe("-1501");
    expect(() => decimalOfProviderNumber(Number.NaN, 2)).toThrow(RangeError);
    expect(() => decimalOfProviderNumber(Number.POSITIVE_INFINITY, 2)).toThrow(RangeError);
  });

  it("negates decimals without a negative zero", () => {
    expect(negatedDecimal("12.30")).toBe("-12.30");
    expect(negatedDecimal("-12.30")).toBe("12.30");
    expect(negatedDecimal("0.00")).toBe("0.00");
  });
});

describe("bankDayOf", () => {
  it("reads an instant as its São Paulo day, and an exact midnight UTC as that UTC day", () => {
    expect(bankDayOf("2024-04-28T03:00:00.000Z")).toBe("2024-04-28");
    expect(bankDayOf("2024-04-28T02:59:00.000Z")).toBe("2024-04-27");
    expect(bankDayOf("2024-12-31T23:30:00.000Z")).toBe("2024-12-31");
    expect(bankDayOf("2025-01-01T02:30:00.000Z")).toBe("2024-12-31");
    expect(bankDayOf("2024-05-27T00:00:00.000Z")).toBe("2024-05-27");
  });
});

describe("the sandbox bank", () => {
  it("holds a year of lines with balances that add up, three installment purchases and more lines at a larger scale", () => {
    const bank = fake.bank;
    expect(bank.accounts.reduce((sum, account) => sum + account.lines.length, 0)).toBeGreaterThanOrEqual(1000);
    for (const account of bank.accounts) {
      const posted = account.lines.filter((line) => !line.pending);
      expect(account.balanceCents).toBe(posted.reduce((sum, line) => sum + line.amountCents, account.openingCents));
    }
    const plans = new Set(
      bank.accounts[2]!.lines.flatMap((line) => (line.installment ? [line.installment.purchaseDate] : [])),
    );
    expect(plans.size).toBeGreaterThanOrEqual(3);
    const larger = sandboxBank({ today, scale: 3 });
    expect(larger.accounts.reduce((sum, account) => sum + account.lines.length, 0)).toBeGreaterThanOrEqual(3000);
    expect(sandboxBank({ today: "2026-11-21" }).accounts[0]!.lines.find((line) => line.date === "2026-11-05")).toEqual(
      bank.accounts[0]!.lines.find((line) => line.date === "2026-11-05"),
    );
  });
});

describe("the Pluggy client against the fake", () => {
  let itemId: string;
  let ids: Record<"checking" | "savings" | "card", string>;
  const everything = () => ({ from: fake.bank.firstDay, to: today });
  const model = (key: "checking" | "savings" | "card") => fake.bank.accounts.find((account) => account.key === key)!;

  beforeAll(() => {
    itemId = fake.createItem();
    ids = fake.knobs.accountIds(itemId);
  });

  it("reads the item and its accounts in Moneta's terms: kinds, a card owing a negative balance, its limit and dates", async () => {
    const provider = client();
    const item = await provider.item(itemId);
    expect(item).toMatchObject({ itemId, institution: "Banco Sandbox", status: "UPDATED", errorCode: null });

    const accounts = await provider.accounts(itemId);
    const byId = Object.fromEntries(accounts.map((account) => [account.remoteId, account]));
    expect(byId[ids.checking]).toMatchObject({
      kind: "checking",
      name: "Conta Corrente",
      institution: "Banco Sandbox",
      currency: "BRL",
      balance: centsText(model("checking").balanceCents),
      card: null,
    });
    expect(byId[ids.savings]).toMatchObject({
      kind: "savings",
      name: "Poupança",
      balance: centsText(model("savings").balanceCents),
    });
    const card = byId[ids.card]!;
    expect(model("card").balanceCents).toBeLessThan(0);
    expect(card).toMatchObject({
      kind: "credit_card",
      name: "Cartão Sandbox",
      number: "4321",
      balance: centsText(model("card").balanceCents),
      card: { creditLimit: "8000.00", closingDate: "2026-12-03", dueDate: "2026-12-10" },
    });
    expect(card.balance.startsWith("-")).toBe(true);
  });

  it("pages a card's lines to the end with Moneta's signs, São Paulo days, installments, pending lines and bills", async () => {
    const provider = client();
    const { lines, pages } = await allLines(provider, itemId, ids.card, everything());
    const expected = model("card").lines;
    expect(pages).toBe(Math.ceil(expected.length / 500));
    expect(pages).toBeGreaterThan(1);
    expect(lines).toHaveLength(expected.length);
    const byId = new Map(lines.map((line) => [line.remoteId, line]));
    for (const line of expected) {
      expect(byId.get(line.id), line.id).toMatchObject({
        date: line.date,
        amount: centsText(line.amountCents),
        pending: line.pending,
      });
    }

    const ifood = lines.find((line) => line.description === "PAG*IFOOD")!;
    expect(ifood.amount.startsWith("-")).toBe(true);
    expect(ifood.payee).toBe("iFood");
    const refund = lines.find((line) => line.description === "ESTORNO PAG*IFOOD")!;
    expect(refund.amount.startsWith("-")).toBe(false);
    const payment = lines.find((line) => line.description === "PAGAMENTO RECEBIDO")!;
    expect(Number(payment.amount)).toBeGreaterThan(0);

    const magalu = lines.find((line) => line.description === "MAGAZINE LUIZA PARCELA 3/10")!;
    const plan = expected.find((line) => line.id === magalu.remoteId)!.installment!;
    expect(magalu.installment).toEqual({
      number: 3,
      total: 10,
      totalAmount: centsText(plan.totalCents),
      purchaseDate: plan.purchaseDate,
    });
    expect(magalu.installment!.totalAmount!.startsWith("-")).toBe(true);
    expect(magalu.billId).toMatch(/^bill-/);
    expect(lines.find((line) => line.description === "PAG*IFOOD" && !line.installment)?.installment).toBeNull();

    const pending = lines.filter((line) => line.pending);
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((line) => line.date >= "2026-11-18")).toBe(true);

    const bills = await provider.bills(itemId, ids.card);
    expect(bills).toEqual(
      fake.bank.bills.map((bill) => ({
        remoteId: bill.id,
        dueDate: bill.dueDate,
        total: centsText(bill.totalCents),
        currency: "BRL",
      })),
    );
    expect(await provider.bills(itemId, ids.checking)).toEqual([]);
  });

  it("reads a bank account's debits negative and names the counterpart of a transfer", async () => {
    const { lines } = await allLines(client(), itemId, ids.checking, everything());
    expect(lines).toHaveLength(model("checking").lines.length);
    const salary = lines.find((line) => line.description === "SALARIO EMPRESA XYZ")!;
    expect(salary).toMatchObject({ amount: "12500.00", payee: "Empresa XYZ Ltda", installment: null, billId: null });
    const pix = lines.find((line) => line.description.startsWith("PIX ENVIADO"))!;
    expect(pix.amount.startsWith("-")).toBe(true);
    expect(pix.payee).not.toBeNull();
    expect(pix.description).toContain(
      pix
        .payee!.split(" ")[0]!
        .toUpperCase()
        .normalize("NFD")
        .replace(/[\u0300-\u036f]/g, ""),
    );
    const bill = lines.find((line) => line.description === "PAGAMENTO FATURA CARTAO")!;
    expect(bill.amount.startsWith("-")).toBe(true);
  });

  it("keeps a one-day window to that São Paulo day", async () => {
    const day = "2026-11-05";
    const { lines } = await allLines(client(), itemId, ids.checking, { from: day, to: day });
    expect(lines.map((line) => line.remoteId).sort()).toEqual(
      model("checking")
        .lines.filter((line) => line.date === day)
        .map((line) => line.id)
        .sort(),
    );
    expect(lines.length).toBeGreaterThan(0);
  });

  it("sees a pending line posted with its amount corrected, and a deleted line gone", async () => {
    const other = fake.createItem();
    const card = fake.knobs.accountIds(other).card;
    const [pending, deleted] = model("card").lines.filter((line) => line.pending);
    fake.knobs.changeLine(other, pending!.id, { pending: false, amountCents: pending!.amountCents - 150 });
    fake.knobs.deleteLine(other, deleted!.id);
    const { lines } = await allLines(client(), other, card, { from: "2026-11-18", to: today });
    expect(lines.find((line) => line.remoteId === pending!.id)).toMatchObject({
      pending: false,
      amount: centsText(pending!.amountCents - 150),
    });
    expect(lines.some((line) => line.remoteId === deleted!.id)).toBe(false);
  });

  it("reuses its API key across calls and renews it after a 401", async () => {
    const provider = client();
    await provider.item(itemId);
    await provider.accounts(itemId);
    await provider.bills(itemId, ids.card);
    expect(fake.knobs.counts()["POST /auth"] ?? 0).toBe(0);

    fake.knobs.revokeApiKeys();
    expect((await provider.item(itemId)).itemId).toBe(itemId);
    expect(fake.knobs.counts()["POST /auth"]).toBe(1);
    expect(fake.knobs.counts()["GET /items/:id"]).toBe(4);
    await provider.item(itemId);
    expect(fake.knobs.counts()["POST /auth"]).toBe(1);
  });

  it("renews the key a minute before its exp", async () => {
    let now = Date.now();
    const provider = client({ clientId, apiUrl: `${fake.url}/`, now: () => now });
    await provider.item(itemId);
    const first = fake.knobs.counts()["POST /auth"] ?? 0;
    now += 2 * 60 * 60_000 - 30_000;
    await provider.item(itemId);
    expect(fake.knobs.counts()["POST /auth"]).toBe(first + 1);
  });

  it("waits out a 429 for the time Retry-After asks, then succeeds", async () => {
    const provider = client();
    await provider.item(itemId);
    fake.knobs.failNext(1, 429, 2);
    expect((await provider.item(itemId)).itemId).toBe(itemId);
    expect(sleeps).toEqual([2000]);
  });

  it("fails rate_limited when the wait asked for is too long", async () => {
    const provider = client();
    await provider.item(itemId);
    fake.knobs.failNext(1, 429, 60);
    const error = await failureOf(provider.item(itemId));
    expect(error.failure).toBe("rate_limited");
    expect(error.retryAfterSeconds).toBe(60);
  });

  it("is unavailable after three 500s, backing off between them", async () => {
    const provider = client();
    await provider.item(itemId);
    fake.knobs.failNext(3, 500);
    expect((await failureOf(provider.accounts(itemId))).failure).toBe("unavailable");
    expect(sleeps).toEqual([500, 1000]);
  });

  it("is unavailable when every attempt is slower than the time limit", async () => {
    const provider = client({ timeoutMs: 150 });
    await provider.item(itemId);
    fake.knobs.failNext(3, "slow");
    const error = await failureOf(provider.item(itemId));
    expect(error.failure).toBe("unavailable");
    expect(error.message).toContain("timed out");
    expect(fake.knobs.counts()["GET /items/:id"]).toBe(4);
  });

  it("is refused with a wrong client secret, naming no secret", async () => {
    const error = await failureOf(client({ clientSecret: `${clientSecret}-wrong` }).item(itemId));
    expect(error.failure).toBe("refused");
    expect(error.message).toContain("client id or secret");
  });

  it("reads an item that needs the person: LOGIN_ERROR is credentials, an expired consent consent_expired, OUTDATED still readable", async () => {
    const provider = client();
    const wrong = fake.createItem({ password: "password-wrong", clientUserId: "workspace-1" });
    expect(await provider.item(wrong)).toMatchObject({
      status: "LOGIN_ERROR",
      errorCode: "INVALID_CREDENTIALS",
      clientUserId: "workspace-1",
    });
    expect((await failureOf(provider.accounts(wrong))).failure).toBe("credentials");

    const expired = fake.createItem();
    fake.knobs.expireConsent(expired);
    expect((await failureOf(provider.accounts(expired))).failure).toBe("consent_expired");

    const outdated = fake.createItem();
    fake.knobs.setItemStatus(outdated, "OUTDATED");
    expect(await provider.accounts(outdated)).toHaveLength(3);
    expect((await provider.refreshItem(outdated)).status).toBe("UPDATED");
  });

  it("is refused for an unknown item, and deleting one twice is fine", async () => {
    const provider = client();
    const doomed = fake.createItem();
    await provider.deleteItem(doomed);
    expect(fake.knobs.itemExists(doomed)).toBe(false);
    await provider.deleteItem(doomed);
    expect((await failureOf(provider.item(doomed))).failure).toBe("refused");
    expect((await failureOf(provider.accounts(doomed))).failure).toBe("refused");
  });

  it("asks for a connect token carrying the person's id and webhook", async () => {
    const token = await client().connectToken({
      clientUserId: "person-1",
      webhookUrl: "https://moneta.test/hooks/pluggy",
      itemId,
    });
    expect(token.split(".")).toHaveLength(3);
    expect(fake.knobs.connectTokens.at(-1)).toMatchObject({
      accessToken: token,
      itemId,
      options: { clientUserId: "person-1", webhookUrl: "https://moneta.test/hooks/pluggy" },
    });
  });

  it("makes items the way the sandbox connector does, with its test credentials", async () => {
    const auth = await fetch(`${fake.url}/auth`, { method: "POST", body: JSON.stringify({ clientId, clientSecret }) });
    const { apiKey } = (await auth.json()) as { apiKey: string };
    const make = (password: string) =>
      fetch(`${fake.url}/items`, {
        method: "POST",
        headers: { "X-API-KEY": apiKey, "Content-Type": "application/json" },
        body: JSON.stringify({ connectorId: 0, parameters: { user: "user-ok", password } }),
      }).then((response) => response.json() as Promise<{ status: string }>);
    expect((await make("password-ok")).status).toBe("UPDATED");
    expect((await make("password-wrong")).status).toBe("LOGIN_ERROR");
    expect((await fetch(`${fake.url}/accounts?itemId=${itemId}`)).status).toBe(401);
  });

  it("never puts the client secret or a key into an error message", () => {
    expect(errors.length).toBeGreaterThanOrEqual(8);
    for (const error of errors) {
      expect(error.message).not.toContain(clientSecret);
      expect(error.message).not.toMatch(/eyJ/);
    }
  });
});
