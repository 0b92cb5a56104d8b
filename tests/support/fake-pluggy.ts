import { createHmac, createHash, randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { type SandboxAccount, type SandboxBank, type SandboxLine, sandboxBank } from "./sandbox-bank.ts";

/**
 * Pluggy's API on 127.0.0.1, in the shapes its docs and SDK give (docs/bank-connections.md), serving the
 * sandbox bank (./sandbox-bank.ts) built for `today` to every item: `POST /auth` (a JWT-shaped key with
 * `exp`), `POST /connect_token`, items (made with `POST /items` and the sandbox connector's
 * user-ok/password-ok, read, refreshed, deleted), `/accounts`, the page-based `/transactions` (dated at
 * São Paulo's midnight, card purchases positive) and `/bills`. Every call but `/auth` needs a key it
 * issued in X-API-KEY. The knobs make the next answers fail or stall, change an item's state, or change
 * and delete lines.
 */

type Failure = { with: 429 | 500 | "slow"; retryAfterSeconds: number };
type FakeItem = {
  id: string;
  status: string;
  executionStatus: string;
  error: { code: string; message: string } | null;
  consentExpiresAt: string | null;
  clientUserId: string | null;
  webhookUrl: string | null;
  lastUpdatedAt: string;
  /** Each item's own copy, so changing or deleting a line touches that item only. */
  accounts: (SandboxAccount & { remoteId: string })[];
};

const sandboxConnector = {
  id: 0,
  name: "Banco Sandbox",
  institutionUrl: "https://pluggy.ai",
  imageUrl: "https://cdn.pluggy.ai/assets/connector-icons/sandbox.svg",
  primaryColor: "ef294b",
  type: "PERSONAL_BANK",
  country: "BR",
  credentials: [
    { label: "User", name: "user", type: "text" },
    { label: "Password", name: "password", type: "password" },
  ],
  hasMFA: false,
  oauth: false,
  health: { status: "ONLINE", stage: null },
  products: ["ACCOUNTS", "CREDIT_CARDS", "TRANSACTIONS"],
  isSandbox: true,
};

const base64Url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const money = (cents: number) => cents / 100;
/** The bank's midnight in São Paulo (UTC−3), as Pluggy dates transactions. */
const saoPauloMidnight = (date: string) => `${date}T03:00:00.000Z`;
const utcMidnight = (date: string) => `${date}T00:00:00.000Z`;
const stableUuid = (...parts: string[]) => {
  const hex = createHash("sha256").update(parts.join("|")).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

function readBody(request: IncomingMessage) {
  return new Promise<string>((done) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => done(body));
  });
}

/** The route a request counts under: ids become `:id`. */
const routeOf = (method: string, path: string) => `${method} ${path.replace(/^\/(items|accounts)\/[^/]+/, "/$1/:id")}`;

export async function startFakePluggy(options: {
  today: string;
  clientId: string;
  clientSecret: string;
  port?: number;
  seed?: number;
  scale?: number;
  /** Seconds an API key lives (2 hours at Pluggy). */
  apiKeyLifetimeSeconds?: number;
  /** How long a "slow" answer stalls, ms. */
  slowMs?: number;
}) {
  const bank: SandboxBank = sandboxBank({ today: options.today, seed: options.seed, scale: options.scale });
  const updatedAt = `${options.today}T12:00:00.000Z`;
  const signingKey = randomBytes(32);
  const apiKeys = new Set<string>();
  const connectTokens: { accessToken: string; itemId: string | null; options: Record<string, unknown> }[] = [];
  const items = new Map<string, FakeItem>();
  const failures: Failure[] = [];
  const counts: Record<string, number> = {};
  const timers = new Set<NodeJS.Timeout>();

  const jwt = (payload: Record<string, unknown>) => {
    const unsigned = `${base64Url({ alg: "HS256", typ: "JWT" })}.${base64Url(payload)}`;
    return `${unsigned}.${createHmac("sha256", signingKey).update(unsigned).digest("base64url")}`;
  };

  function createItem(input: { user?: string; password?: string; clientUserId?: string; webhookUrl?: string } = {}) {
    const id = randomUUID();
    const isAccepted = (input.user ?? "user-ok") === "user-ok" && (input.password ?? "password-ok") === "password-ok";
    items.set(id, {
      id,
      status: isAccepted ? "UPDATED" : "LOGIN_ERROR",
      executionStatus: isAccepted ? "SUCCESS" : "INVALID_CREDENTIALS",
      error: isAccepted ? null : { code: "INVALID_CREDENTIALS", message: "Credenciais inválidas" },
      consentExpiresAt: null,
      clientUserId: input.clientUserId ?? null,
      webhookUrl: input.webhookUrl ?? null,
      lastUpdatedAt: updatedAt,
      accounts: bank.accounts.map((account) => ({
        ...structuredClone(account),
        remoteId: stableUuid(id, account.key),
      })),
    });
    return id;
  }

  const itemJson = (item: FakeItem) => ({
    id: item.id,
    connector: sandboxConnector,
    status: item.status,
    executionStatus: item.executionStatus,
    statusDetail: null,
    error: item.error,
    createdAt: updatedAt,
    updatedAt: item.lastUpdatedAt,
    lastUpdatedAt: item.status === "LOGIN_ERROR" ? null : item.lastUpdatedAt,
    parameter: null,
    webhookUrl: item.webhookUrl,
    clientUserId: item.clientUserId,
    userAction: null,
    consecutiveFailedLoginAttempts: item.status === "LOGIN_ERROR" ? 1 : 0,
    nextAutoSyncAt: null,
    consentExpiresAt: item.consentExpiresAt,
  });

  const owedCents = (account: SandboxAccount) => -account.balanceCents;
  const accountJson = (item: FakeItem, account: FakeItem["accounts"][number]) => {
    const isCard = account.kind === "credit_card";
    const balance = money(isCard ? owedCents(account) : account.balanceCents);
    return {
      id: account.remoteId,
      itemId: item.id,
      type: isCard ? "CREDIT" : "BANK",
      subtype: { checking: "CHECKING_ACCOUNT", savings: "SAVINGS_ACCOUNT", credit_card: "CREDIT_CARD" }[account.kind],
      number: account.number,
      name: account.name,
      marketingName: account.name,
      balance,
      currencyCode: account.currency,
      owner: bank.owner,
      taxNumber: "123.456.789-09",
      createdAt: updatedAt,
      updatedAt,
      bankData: isCard
        ? null
        : { transferNumber: account.number, closingBalance: balance, automaticallyInvestedBalance: null },
      creditData: account.card
        ? {
            level: "GOLD",
            brand: "MASTERCARD",
            balanceCloseDate: utcMidnight(account.card.openClosingDate),
            balanceDueDate: utcMidnight(account.card.openDueDate),
            availableCreditLimit: money(account.card.limitCents - owedCents(account)),
            creditLimit: money(account.card.limitCents),
            balanceForeignCurrency: null,
            minimumPayment: null,
            isLimitFlexible: false,
            status: "ACTIVE",
            holderType: "MAIN",
          }
        : null,
    };
  };

  const party = (name: string) => ({ name, documentNumber: null, accountNumber: null, branchNumber: null });
  const transactionJson = (account: FakeItem["accounts"][number], line: SandboxLine, balanceCents: number | null) => {
    const isCard = account.kind === "credit_card";
    const isOut = line.amountCents < 0;
    return {
      id: line.id,
      accountId: account.remoteId,
      date: saoPauloMidnight(line.date),
      description: line.description,
      descriptionRaw: null,
      currencyCode: account.currency,
      // A card's purchases are positive at Pluggy: what is owed grows.
      amount: money(isCard ? -line.amountCents : line.amountCents),
      amountInAccountCurrency: null,
      balance: balanceCents === null ? null : money(balanceCents),
      type: isOut ? "DEBIT" : "CREDIT",
      status: line.pending ? "PENDING" : "POSTED",
      category: null,
      categoryId: null,
      providerCode: null,
      operationType: null,
      merchant: line.merchant ? { ...line.merchant, cnpj: null, cnae: null, category: null } : null,
      paymentData: line.payment
        ? {
            payer: party(isOut ? bank.owner : line.payment.counterpart),
            receiver: party(isOut ? line.payment.counterpart : bank.owner),
            paymentMethod: line.payment.method,
            referenceNumber: null,
            reason: null,
            boletoMetadata: null,
          }
        : null,
      creditCardMetadata: isCard
        ? {
            installmentNumber: line.installment?.number ?? null,
            totalInstallments: line.installment?.total ?? null,
            totalAmount: line.installment ? money(-line.installment.totalCents) : null,
            purchaseDate: utcMidnight(line.installment?.purchaseDate ?? line.date),
            payeeMCC: null,
            cardNumber: account.number,
            billId: line.billId,
          }
        : null,
      createdAt: updatedAt,
      updatedAt,
    };
  };

  const error = (status: number, message: string, codeDescription?: string) => ({
    status,
    body: { code: status, message, ...(codeDescription ? { codeDescription } : {}) },
  });
  const page = (results: unknown[], pageNumber: number, size: number) => ({
    status: 200,
    body: {
      total: results.length,
      totalPages: Math.max(1, Math.ceil(results.length / size)),
      page: pageNumber,
      results: results.slice((pageNumber - 1) * size, pageNumber * size),
    },
  });
  const accountNamed = (id: string) => {
    for (const item of items.values()) {
      const account = item.accounts.find((each) => each.remoteId === id);
      if (account) return { item, account };
    }
    return null;
  };

  function transactions(url: URL) {
    const found = accountNamed(url.searchParams.get("accountId") ?? "");
    if (!found) return error(400, "accountId is required and must be an account of yours");
    const size = Number(url.searchParams.get("pageSize") ?? 20);
    const pageNumber = Number(url.searchParams.get("page") ?? 1);
    if (!(size >= 1 && size <= 500) || !(pageNumber >= 1)) return error(400, "pageSize is 1 to 500, page from 1");
    const from = (url.searchParams.get("from") ?? "0000-01-01").slice(0, 10);
    const to = (url.searchParams.get("to") ?? "9999-12-31").slice(0, 10);
    const { account } = found;
    let running = account.openingCents;
    const rows = account.lines.map((line) => {
      if (!line.pending) running += line.amountCents;
      return { line, balance: account.kind === "credit_card" ? null : running };
    });
    const results = rows
      .filter(({ line }) => line.date >= from && line.date <= to)
      .reverse()
      .map(({ line, balance }) => transactionJson(account, line, balance));
    return page(results, pageNumber, size);
  }

  async function answer(request: IncomingMessage, url: URL): Promise<{ status: number; body: unknown }> {
    const method = request.method ?? "GET";
    const path = url.pathname;
    if (method === "POST" && path === "/auth") {
      const body = JSON.parse((await readBody(request)) || "{}") as { clientId?: string; clientSecret?: string };
      if (body.clientId !== options.clientId || body.clientSecret !== options.clientSecret) {
        return error(401, "Invalid client id or secret", "CLIENT_KEYS_UNAUTHORIZED");
      }
      const issuedAt = Math.floor(Date.now() / 1000);
      const apiKey = jwt({ iat: issuedAt, exp: issuedAt + (options.apiKeyLifetimeSeconds ?? 7200), jti: randomUUID() });
      apiKeys.add(apiKey);
      return { status: 200, body: { apiKey } };
    }
    if (!apiKeys.has(String(request.headers["x-api-key"] ?? ""))) return error(401, "Missing or invalid API key");

    if (method === "POST" && path === "/connect_token") {
      const body = JSON.parse((await readBody(request)) || "{}") as {
        itemId?: string;
        options?: Record<string, unknown>;
      };
      if (body.itemId && !items.has(body.itemId)) return error(404, "Item not found");
      const accessToken = jwt({
        exp: Math.floor(Date.now() / 1000) + 1800,
        itemId: body.itemId ?? null,
        jti: randomUUID(),
      });
      connectTokens.push({ accessToken, itemId: body.itemId ?? null, options: body.options ?? {} });
      return { status: 200, body: { accessToken } };
    }
    if (method === "POST" && path === "/items") {
      const body = JSON.parse((await readBody(request)) || "{}") as {
        connectorId?: number;
        parameters?: { user?: string; password?: string };
        clientUserId?: string;
        webhookUrl?: string;
      };
      if (body.connectorId !== 0 || !body.parameters)
        return error(400, "Only the sandbox connector (0) is served here");
      const id = createItem({ ...body.parameters, clientUserId: body.clientUserId, webhookUrl: body.webhookUrl });
      return { status: 200, body: itemJson(items.get(id)!) };
    }
    const itemRoute = /^\/items\/([^/]+)$/.exec(path);
    if (itemRoute) {
      const item = items.get(decodeURIComponent(itemRoute[1]!));
      if (!item) return error(404, "Item not found");
      if (method === "DELETE") {
        items.delete(item.id);
        return { status: 200, body: {} };
      }
      if (method === "PATCH") {
        await readBody(request);
        if (item.status === "OUTDATED")
          Object.assign(item, { status: "UPDATED", executionStatus: "SUCCESS", error: null });
        item.lastUpdatedAt = updatedAt;
      }
      return { status: 200, body: itemJson(item) };
    }
    if (method !== "GET") return error(405, "Method not allowed");
    if (path === "/accounts") {
      const item = items.get(url.searchParams.get("itemId") ?? "");
      if (!item) return error(404, "Item not found");
      return page(
        item.accounts.map((account) => accountJson(item, account)),
        1,
        500,
      );
    }
    const accountRoute = /^\/accounts\/([^/]+)$/.exec(path);
    if (accountRoute) {
      const found = accountNamed(decodeURIComponent(accountRoute[1]!));
      return found ? { status: 200, body: accountJson(found.item, found.account) } : error(404, "Account not found");
    }
    if (path === "/transactions") return transactions(url);
    if (path === "/bills") {
      const found = accountNamed(url.searchParams.get("accountId") ?? "");
      if (!found) return error(400, "accountId is required and must be an account of yours");
      const bills = found.account.kind === "credit_card" ? bank.bills : [];
      const results = bills.map((bill) => ({
        id: bill.id,
        dueDate: utcMidnight(bill.dueDate),
        totalAmount: money(bill.totalCents),
        totalAmountCurrencyCode: "BRL",
        minimumPaymentAmount: money(Math.round(bill.totalCents * 0.15)),
        allowsInstallments: true,
        financeCharges: [],
        payments: bill.paidOn
          ? [
              {
                id: `${bill.id}-payment`,
                valueType: "FULL_PAYMENT",
                paymentDate: utcMidnight(bill.paidOn),
                paymentMode: "DEBIT_ACCOUNT",
                amount: money(bill.totalCents),
                currencyCode: "BRL",
              },
            ]
          : [],
        createdAt: updatedAt,
        updatedAt,
      }));
      return page(results, Number(url.searchParams.get("page") ?? 1), Number(url.searchParams.get("pageSize") ?? 20));
    }
    return error(404, "Not found");
  }

  const reply = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
    response.writeHead(status, { "Content-Type": "application/json", ...headers }).end(JSON.stringify(body));

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const route = routeOf(request.method ?? "GET", url.pathname);
    counts[route] = (counts[route] ?? 0) + 1;
    const failure = failures.shift();
    if (failure?.with === 429) {
      const retryAfter = String(failure.retryAfterSeconds);
      const body = {
        message: "Too many requests. Please try again later (see Retry-After header in seconds)",
        code: 429,
      };
      return reply(response, 429, body, { "Retry-After": retryAfter, "RateLimit-Reset": retryAfter });
    }
    if (failure?.with === 500) return reply(response, 500, { code: 500, message: "Internal server error" });
    const answerNow = async () => {
      try {
        const { status, body } = await answer(request, url);
        reply(response, status, body);
      } catch (caught) {
        reply(response, 400, { code: 400, message: String(caught) });
      }
    };
    if (failure?.with !== "slow") return answerNow();
    const timer = setTimeout(() => {
      timers.delete(timer);
      void answerNow();
    }, options.slowMs ?? 10_000);
    timers.add(timer);
    response.on("close", () => {
      clearTimeout(timer);
      timers.delete(timer);
    });
  });
  await new Promise<void>((done, fail) => {
    server.once("error", fail);
    server.listen(options.port ?? 0, "127.0.0.1", done);
  });
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

  const itemNamed = (itemId: string) => {
    const item = items.get(itemId);
    if (!item) throw new Error(`No item ${itemId} at the fake Pluggy`);
    return item;
  };
  const lineNamed = (itemId: string, lineId: string) => {
    for (const account of itemNamed(itemId).accounts) {
      const index = account.lines.findIndex((line) => line.id === lineId);
      if (index >= 0) return { account, index };
    }
    throw new Error(`No line ${lineId} on item ${itemId}`);
  };
  const rebalance = (account: SandboxAccount) => {
    account.balanceCents = account.lines.reduce(
      (sum, line) => (line.pending ? sum : sum + line.amountCents),
      account.openingCents,
    );
  };

  return {
    /** The API base the client is configured with, in place of https://api.pluggy.ai. */
    url,
    bank,
    stop: () =>
      new Promise<void>((done) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close(() => done());
        server.closeAllConnections();
      }),
    /** An item as if made in the widget with the sandbox credentials (wrong ones: LOGIN_ERROR). */
    createItem,
    knobs: {
      /**
       * The next `count` requests, whatever their path, fail this way, replacing what was set before (0: none).
       * A 429 says Retry-After `retryAfterSeconds`; "slow" answers after `slowMs`.
       */
      failNext(count: number, failure: 429 | 500 | "slow", retryAfterSeconds = 60) {
        failures.splice(
          0,
          failures.length,
          ...Array.from({ length: count }, () => ({ with: failure, retryAfterSeconds })),
        );
      },
      /** LOGIN_ERROR comes with INVALID_CREDENTIALS, as Pluggy reports it. */
      setItemStatus(
        itemId: string,
        status: "UPDATED" | "UPDATING" | "LOGIN_ERROR" | "OUTDATED" | "WAITING_USER_INPUT",
      ) {
        const item = itemNamed(itemId);
        item.status = status;
        item.executionStatus =
          { LOGIN_ERROR: "INVALID_CREDENTIALS", OUTDATED: "ERROR", UPDATING: "ACCOUNTS_IN_PROGRESS" }[
            status as string
          ] ?? "SUCCESS";
        item.error =
          status === "LOGIN_ERROR" ? { code: "INVALID_CREDENTIALS", message: "Credenciais inválidas" } : null;
      },
      /** The Open Finance consent ran out yesterday (null: no consent date). */
      expireConsent(itemId: string, at: string | null = `${options.today}T00:00:00.000Z`) {
        itemNamed(itemId).consentExpiresAt = at;
      },
      /** A line settles or is corrected: pending → posted, the amount changed (cents, Moneta's sign). */
      changeLine(
        itemId: string,
        lineId: string,
        change: Partial<Pick<SandboxLine, "amountCents" | "pending" | "description">>,
      ) {
        const { account, index } = lineNamed(itemId, lineId);
        account.lines[index] = { ...account.lines[index]!, ...change };
        rebalance(account);
      },
      deleteLine(itemId: string, lineId: string) {
        const { account, index } = lineNamed(itemId, lineId);
        account.lines.splice(index, 1);
        rebalance(account);
      },
      /** Every key issued so far stops working, as after a key expires or is revoked. */
      revokeApiKeys: () => apiKeys.clear(),
      itemExists: (itemId: string) => items.has(itemId),
      /** Requests by route ("GET /transactions", "GET /items/:id", "POST /auth"). */
      counts: () => ({ ...counts }),
      resetCounts: () => {
        for (const route of Object.keys(counts)) delete counts[route];
      },
      connectTokens,
      /** The item's account ids by key (checking, savings, card). */
      accountIds: (itemId: string) =>
        Object.fromEntries(itemNamed(itemId).accounts.map((account) => [account.key, account.remoteId])) as Record<
          SandboxAccount["key"],
          string
        >,
    },
  };
}

export type FakePluggy = Awaited<ReturnType<typeof startFakePluggy>>;
