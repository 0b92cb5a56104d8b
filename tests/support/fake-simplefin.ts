import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { addDays } from "../../worker/ledger/dates.ts";

/**
 * The SimpleFIN Bridge's stand-in on 127.0.0.1, in the shapes of its protocol (version 2): setup tokens
 * (base64 of a claim URL) claimed once for an access URL with Basic credentials, `GET /info`, and
 * `GET /accounts` with its query (start-date inclusive, end-date exclusive, pending, account,
 * balances-only), capping a range over 90 days with a `gen.api` entry as the real Bridge does. Behind it,
 * "SimpleFIN Sandbox Bank": checking, savings and a credit card with a year of US lines up to `today`,
 * in whole cents, deterministic. Knobs: revoke the access (403), the bank asking to sign in again
 * (`con.auth`), the next answers 402/429/500/slow, request counts (`capped`: ranges the Bridge capped).
 */

export type SimplefinSandboxLine = {
  id: string;
  /** Unix seconds at noon UTC of the line's day; 0 while pending. */
  posted: number;
  transactedAt: number;
  amountCents: number;
  description: string;
  payee: string;
  pending: boolean;
};

export type SimplefinSandboxAccount = {
  id: string;
  name: string;
  currency: "USD";
  balanceCents: number;
  lines: SimplefinSandboxLine[];
};

const noonOf = (day: string) => Math.floor(Date.parse(`${day}T12:00:00.000Z`) / 1000);
const dayStart = (day: string) => Math.floor(Date.parse(`${day}T00:00:00.000Z`) / 1000);
const decimal = (cents: number) =>
  `${cents < 0 ? "-" : ""}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;

/** A year of lines: pay twice a month, rent, groceries, coffee and gas on the card, its payment, interest. */
export function simplefinSandbox(today: string): SimplefinSandboxAccount[] {
  const checking: SimplefinSandboxLine[] = [];
  const savings: SimplefinSandboxLine[] = [];
  const card: SimplefinSandboxLine[] = [];
  const line = (
    into: SimplefinSandboxLine[],
    prefix: string,
    day: string,
    amountCents: number,
    description: string,
    payee: string,
    pending = false,
  ) => {
    into.push({
      id: `${prefix}-${day}-${into.length}`,
      posted: pending ? 0 : noonOf(day),
      transactedAt: noonOf(day),
      amountCents,
      description,
      payee,
      pending,
    });
  };
  const first = addDays(today, -364);
  for (let day = first, index = 0; day <= today; day = addDays(day, 1), index += 1) {
    const dayOfMonth = Number(day.slice(8, 10));
    const isRecent = day > addDays(today, -3);
    if (dayOfMonth === 1 || dayOfMonth === 15)
      line(checking, "TRN-CHK", day, 285_000, "ACME CORP PAYROLL PPD", "Acme Corp");
    if (dayOfMonth === 3) line(checking, "TRN-CHK", day, -185_000, "ZELLE TO OAK STREET APTS", "Oak Street Apartments");
    if (dayOfMonth === 20) line(checking, "TRN-CHK", day, -95_000, "CHASE CREDIT CRD AUTOPAY", "Card payment");
    if (dayOfMonth === 20) line(card, "TRN-CRD", day, 95_000, "PAYMENT THANK YOU", "Payment");
    if (dayOfMonth === 5) line(checking, "TRN-CHK", day, -25_000, "TRANSFER TO SAVINGS", "Savings");
    if (dayOfMonth === 5) line(savings, "TRN-SAV", day, 25_000, "TRANSFER FROM CHECKING", "Checking");
    if (dayOfMonth === 28) line(savings, "TRN-SAV", day, 312 + (index % 7), "INTEREST PAYMENT", "Interest");
    if (index % 3 === 0)
      line(
        card,
        "TRN-CRD",
        day,
        -(4_250 + ((index * 137) % 6_000)),
        "WHOLE FOODS MARKET #10234",
        "Whole Foods",
        isRecent,
      );
    if (index % 2 === 1)
      line(card, "TRN-CRD", day, -(475 + ((index * 31) % 300)), "STARBUCKS STORE 05521", "Starbucks", isRecent);
    if (index % 7 === 4)
      line(card, "TRN-CRD", day, -(3_800 + ((index * 53) % 2_500)), "SHELL OIL 57444", "Shell", isRecent);
  }
  const balance = (lines: SimplefinSandboxLine[], opening: number) =>
    lines.reduce((sum, each) => (each.pending ? sum : sum + each.amountCents), opening);
  return [
    {
      id: "ACT-CHK-1001",
      name: "Everyday Checking",
      currency: "USD",
      balanceCents: balance(checking, 420_000),
      lines: checking,
    },
    {
      id: "ACT-SAV-2002",
      name: "High Yield Savings",
      currency: "USD",
      balanceCents: balance(savings, 1_000_000),
      lines: savings,
    },
    {
      id: "ACT-CRD-3003",
      name: "Sapphire Credit Card",
      currency: "USD",
      balanceCents: balance(card, -80_000),
      lines: card,
    },
  ];
}

type Failure = 402 | 429 | 500 | "slow";

export async function startFakeSimplefin(options: { today: string; port?: number; slowMs?: number }) {
  const accounts = simplefinSandbox(options.today);
  const tokens = new Set<string>();
  const credentials = new Map<string, string>();
  const failures: Failure[] = [];
  const counts: Record<string, number> = {};
  let signInAsked = false;
  let url = "";

  const send = (response: ServerResponse, status: number, body: unknown) => {
    const isText = typeof body === "string";
    response.writeHead(status, { "Content-Type": isText ? "text/plain" : "application/json" });
    response.end(isText ? body : JSON.stringify(body));
  };

  function accountsAnswer(query: URLSearchParams) {
    const errlist: { code: string; msg: string }[] = [];
    let start = query.has("start-date") ? Number(query.get("start-date")) : dayStart(addDays(options.today, -29));
    const end = query.has("end-date") ? Number(query.get("end-date")) : dayStart(addDays(options.today, 1));
    if (end - start > 90 * 86_400) {
      start = end - 90 * 86_400;
      errlist.push({ code: "gen.api", msg: "Requested date range exceeds limit of 90 days and was capped." });
      counts.capped = (counts.capped ?? 0) + 1;
    }
    const only = query.getAll("account");
    const withPending = query.get("pending") === "1";
    const balancesOnly = query.get("balances-only") === "1";
    if (signInAsked)
      return {
        errlist: [
          { code: "con.auth", msg: "Authentication failed for SimpleFIN Sandbox Bank", conn_id: "CON-SANDBOX" },
        ],
        connections: [{ conn_id: "CON-SANDBOX", name: "SimpleFIN Sandbox Bank", org_name: "SimpleFIN Sandbox Bank" }],
        accounts: [],
      };
    return {
      errlist,
      connections: [{ conn_id: "CON-SANDBOX", name: "SimpleFIN Sandbox Bank", org_name: "SimpleFIN Sandbox Bank" }],
      accounts: accounts
        .filter((account) => only.length === 0 || only.includes(account.id))
        .map((account) => ({
          id: account.id,
          name: account.name,
          conn_id: "CON-SANDBOX",
          currency: account.currency,
          balance: decimal(account.balanceCents),
          "available-balance": decimal(account.balanceCents),
          "balance-date": noonOf(options.today),
          transactions: balancesOnly
            ? []
            : account.lines
                .filter(
                  (line) => (withPending || !line.pending) && line.transactedAt >= start && line.transactedAt < end,
                )
                .map((line) => ({
                  id: line.id,
                  posted: line.posted,
                  amount: decimal(line.amountCents),
                  description: line.description,
                  payee: line.payee,
                  memo: "",
                  transacted_at: line.transactedAt,
                  pending: line.pending,
                })),
          extra: {},
        })),
    };
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const requestUrl = new URL(request.url ?? "/", url);
    const path = requestUrl.pathname;
    const route = `${request.method} ${path.replace(/\/claim\/.+$/, "/claim/:token")}`;
    counts[route] = (counts[route] ?? 0) + 1;
    const failure = failures.shift();
    if (failure === 500) return send(response, 500, "Internal Server Error");
    if (failure === 402) return send(response, 402, "Payment Required");
    if (failure === 429) {
      response.writeHead(429, { "Retry-After": "1" });
      return response.end();
    }
    if (failure === "slow") await new Promise((done) => setTimeout(done, options.slowMs ?? 15_000));
    if (request.method === "GET" && path === "/simplefin/info") return send(response, 200, { versions: ["1", "2"] });
    const claim = /^\/simplefin\/claim\/([^/]+)$/.exec(path);
    if (request.method === "POST" && claim) {
      if (!tokens.delete(claim[1]!)) return send(response, 403, "Forbidden");
      const user = `user-${randomBytes(6).toString("hex")}`;
      const password = `pass-${randomBytes(12).toString("hex")}`;
      credentials.set(user, password);
      return send(response, 200, `${url.replace("://", `://${user}:${password}@`)}/simplefin`);
    }
    if (request.method === "GET" && path === "/simplefin/accounts") {
      const header = request.headers.authorization ?? "";
      const [user, password] = Buffer.from(header.replace(/^Basic /, ""), "base64")
        .toString()
        .split(":");
      if (!user || credentials.get(user) !== password) return send(response, 403, "Forbidden");
      return send(response, 200, accountsAnswer(requestUrl.searchParams));
    }
    return send(response, 404, "Not Found");
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => send(response, 500, String(error)));
  });
  await new Promise<void>((done) => server.listen(options.port ?? 0, "127.0.0.1", done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    accounts,
    /** A fresh single-use setup token, as the Bridge's "Create setup token" gives one. */
    setupToken(): string {
      const token = randomBytes(16).toString("hex");
      tokens.add(token);
      return Buffer.from(`${url}/simplefin/claim/${token}`).toString("base64");
    },
    stop: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
    knobs: {
      /** The next `count` requests fail this way (0: none). */
      failNext(count: number, failure: Failure) {
        failures.splice(0, failures.length, ...Array.from({ length: count }, () => failure));
      },
      /** Every access URL issued so far stops working, as when the person revokes it in the Bridge. */
      revokeAccess: () => credentials.clear(),
      /** The bank wants the person to sign in again: no accounts, a `con.auth` entry (false: back to normal). */
      askToSignIn: (asked = true) => {
        signInAsked = asked;
      },
      counts: () => ({ ...counts }),
    },
  };
}
