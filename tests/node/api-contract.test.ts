import { readFileSync } from "node:fs";
import Ajv2020 from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, insertInvitation, insertPicture, samplePictures } from "../../db/factories.ts";
import { api } from "../../worker/api.ts";
import { errorCodes, statusOf, type ErrorCode } from "../../worker/http/errors.ts";
import { startFakeResend } from "../support/fake-resend.ts";
import { useRateServices } from "../support/rate-services.ts";
import { openSession, signInAs } from "../support/sessions.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import type { SignedIn } from "../support/workspaces.ts";

/**
 * The API against its own document (docs/decisions/044-the-api-document-is-made-from-the-schemas.md):
 * every route the API registers is described in GET /api/openapi.json, and every operation the document
 * describes is called on a real database with a valid request — and, when it takes a JSON body, with
 * an invalid one — its answer's status, type and body held to what the document says.
 */

/**
 * Registered routes not described yet, by "METHOD /api/path". The coverage check skips them; the list
 * only shrinks: a route described or gone fails until it leaves the list.
 */
const routesAwaitingDescription = new Set<string>([
  "GET /api/workspaces/{workspaceId}/dashboard/stats",
  "GET /api/workspaces/{workspaceId}/dashboard/monthly-income",
  "GET /api/workspaces/{workspaceId}/dashboard/monthly-expenses",
  "GET /api/workspaces/{workspaceId}/dashboard/credit-card-spending",
  "GET /api/workspaces/{workspaceId}/dashboard/virtual-balance",
  "GET /api/workspaces/{workspaceId}/scheduled-transactions",
  "POST /api/workspaces/{workspaceId}/scheduled-transactions",
  "GET /api/workspaces/{workspaceId}/scheduled-transactions/{scheduledId}",
  "PUT /api/workspaces/{workspaceId}/scheduled-transactions/{scheduledId}",
  "DELETE /api/workspaces/{workspaceId}/scheduled-transactions/{scheduledId}",
  "POST /api/workspaces/{workspaceId}/scheduled-transactions/{scheduledId}/execute",
  "POST /api/workspaces/{workspaceId}/scheduled-transactions/{scheduledId}/cancel",
  "GET /api/workspaces/{workspaceId}/recurring-transactions",
  "GET /api/workspaces/{workspaceId}/recurring-transactions-due",
  "POST /api/workspaces/{workspaceId}/recurring-transactions",
  "GET /api/workspaces/{workspaceId}/recurring-transactions/{recurringId}",
  "PUT /api/workspaces/{workspaceId}/recurring-transactions/{recurringId}",
  "DELETE /api/workspaces/{workspaceId}/recurring-transactions/{recurringId}",
  "POST /api/workspaces/{workspaceId}/recurring-transactions/{recurringId}/execute",
  "POST /api/workspaces/{workspaceId}/recurring-transactions/{recurringId}/pause",
  "POST /api/workspaces/{workspaceId}/recurring-transactions/{recurringId}/resume",
  "GET /api/workspaces/{workspaceId}/analytics/spending-trends",
  "GET /api/workspaces/{workspaceId}/analytics/category-breakdown",
  "GET /api/workspaces/{workspaceId}/analytics/income-vs-expenses",
  "GET /api/workspaces/{workspaceId}/analytics/account-performance",
  "GET /api/workspaces/{workspaceId}/analytics/cash-flow",
  "GET /api/workspaces/{workspaceId}/analytics/balance-trend",
  "GET /api/workspaces/{workspaceId}/budgets",
  "POST /api/workspaces/{workspaceId}/budgets",
  "GET /api/workspaces/{workspaceId}/budgets/{budgetId}",
  "PUT /api/workspaces/{workspaceId}/budgets/{budgetId}",
  "DELETE /api/workspaces/{workspaceId}/budgets/{budgetId}",
  "GET /api/workspaces/{workspaceId}/analytics/budget-analysis",
  "GET /api/workspaces/{workspaceId}/goals",
  "POST /api/workspaces/{workspaceId}/goals",
  "GET /api/workspaces/{workspaceId}/goals/{goalId}",
  "PUT /api/workspaces/{workspaceId}/goals/{goalId}",
  "DELETE /api/workspaces/{workspaceId}/goals/{goalId}",
  "POST /api/workspaces/{workspaceId}/goals/{goalId}/contributions",
  "DELETE /api/workspaces/{workspaceId}/goals/{goalId}/contributions/{contributionId}",
  "GET /api/workspaces/{workspaceId}/analytics/goals-progress",
  "GET /api/workspaces/{workspaceId}/exports/transactions.csv",
  "GET /api/workspaces/{workspaceId}/exports/transactions.xlsx",
  "GET /api/workspaces/{workspaceId}/exports/transactions.pdf",
  "GET /api/workspaces/{workspaceId}/exports/analytics.pdf",
  "GET /api/workspaces/{workspaceId}/exports/workspace.zip",
  "POST /api/workspaces/{workspaceId}/imports/preview",
  "GET /api/workspaces/{workspaceId}/imports",
  "POST /api/workspaces/{workspaceId}/imports",
  "POST /api/workspaces/{workspaceId}/imports/{importId}/chunks",
  "DELETE /api/workspaces/{workspaceId}/imports/{importId}",
  "POST /api/workspaces/{workspaceId}/installment-plans/calculate",
  "POST /api/workspaces/{workspaceId}/loans/calculate",
  "POST /api/workspaces/{workspaceId}/loans/amortization",
  "GET /api/workspaces/{workspaceId}/installment-plans",
  "POST /api/workspaces/{workspaceId}/installment-plans",
  "GET /api/workspaces/{workspaceId}/installment-plans-upcoming",
  "GET /api/workspaces/{workspaceId}/installment-plans-overdue",
  "GET /api/workspaces/{workspaceId}/installment-plans-statistics",
  "POST /api/workspaces/{workspaceId}/installment-plans-execute-all",
  "GET /api/workspaces/{workspaceId}/installment-plans/{planId}",
  "PUT /api/workspaces/{workspaceId}/installment-plans/{planId}",
  "DELETE /api/workspaces/{workspaceId}/installment-plans/{planId}",
  "POST /api/workspaces/{workspaceId}/installment-plans/{planId}/cancel",
  "POST /api/workspaces/{workspaceId}/installment-plans/{planId}/pause",
  "POST /api/workspaces/{workspaceId}/installment-plans/{planId}/resume",
  "POST /api/workspaces/{workspaceId}/installment-plans/{planId}/execute-payment",
  "POST /api/workspaces/{workspaceId}/installment-plans/{planId}/record-payment",
  "GET /api/workspaces/{workspaceId}/loans",
  "POST /api/workspaces/{workspaceId}/loans",
  "GET /api/workspaces/{workspaceId}/loans-statistics",
  "GET /api/workspaces/{workspaceId}/loans-upcoming",
  "GET /api/workspaces/{workspaceId}/loans/{loanId}",
  "PUT /api/workspaces/{workspaceId}/loans/{loanId}",
  "DELETE /api/workspaces/{workspaceId}/loans/{loanId}",
  "POST /api/workspaces/{workspaceId}/loans/{loanId}/record-payment",
  "GET /api/workspaces/{workspaceId}/loans/{loanId}/payoff",
  "POST /api/workspaces/{workspaceId}/loans/{loanId}/pay-off",
  "POST /api/workspaces/{workspaceId}/loans/{loanId}/refinance",
  "POST /api/admin/jobs/due-items/run",
  "GET /api/whatsapp/webhook",
  "POST /api/whatsapp/webhook",
]);

type Document = {
  paths: Record<string, Record<string, Operation>>;
  components?: Record<string, unknown>;
};
type Operation = {
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
};

/** ":workspaceId" → "{workspaceId}", as the document writes paths. */
const asDocumented = (method: string, path: string) => `${method} /api${path.replace(/:(\w+)/g, "{$1}")}`;

/** Middleware (`use`) registers as ALL; every other entry is a route a client can call. */
const registeredRoutes = [
  ...new Set(
    api.routes.filter((route) => route.method !== "ALL").map((route) => asDocumented(route.method, route.path)),
  ),
].sort();

const operationsIn = (document: Document) =>
  Object.entries(document.paths)
    .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();

/** What the calls share: the app over one database, the workspace's owner and what was made through the API. */
type Fixture = {
  t: TestApp;
  owner: SignedIn;
  /** The ids of what was made through the API, by the path parameter each fills. */
  ids: Record<string, string>;
  /** POSTs through the API as the owner and answers the created object's `data`. */
  create: (path: string, json: unknown) => Promise<{ uuid: string } & Record<string, unknown>>;
  /** The sign-in code last e-mailed to the address. */
  codeFor: (email: string) => string;
};

type Example = {
  /** Who calls: the workspace's owner unless a token is given, or nobody for a public route. */
  as?: "public" | ((fixture: Fixture) => Promise<string>);
  /** Path parameters besides the fixture's ids (a spare account to delete…). */
  params?: (fixture: Fixture) => Promise<Record<string, string>>;
  query?: Record<string, string>;
  json?: unknown | ((fixture: Fixture) => unknown | Promise<unknown>);
  /** A body that is not JSON (an upload), with its type. */
  upload?: { body: BodyInit; contentType?: string };
  headers?: Record<string, string>;
};

const unlimited = { tier: "unlimited", hasBetaAccess: true } as const;

/** A second member of the workspace, signed in: someone to change, remove or see leave. */
async function spareMember({ t, ids }: Fixture) {
  const member = await signInAs(t);
  await addMember(t.db, { workspaceId: ids.workspaceId!, userId: member.user.id, role: "member" });
  return member;
}

const spare = (path: string, json: unknown, param: string) => async (fixture: Fixture) => ({
  [param]: (await fixture.create(`/api/workspaces/${fixture.ids.workspaceId}/${path}`, json)).uuid,
});

const anotherPerson = async ({ t }: Fixture) => (await signInAs(t)).token;

/** What the fixture records through the API, in this order (the later ones name the earlier ones). */
const scheduledBody = (ids: Record<string, string>) => ({
  type: "expense",
  origin_id: `account:${ids.accountId}`,
  amount: "10.00",
  description: "Rent",
  scheduled_date: "2026-12-01",
});

/** One valid request per documented operation, run in this order. */
const examples: Record<string, Example> = {
  "GET /api/openapi.json": { as: "public" },
  "GET /api/docs": { as: "public" },
  "GET /api/health": { as: "public" },
  "POST /api/auth/request-token": { as: "public", json: { email: "new@example.com" } },
  "POST /api/auth/login": {
    as: "public",
    json: async ({ t, codeFor }: Fixture) => {
      await t.request("/api/auth/request-token", { method: "POST", json: { email: "login@example.com" } });
      return { method: "email", email: "login@example.com", token: codeFor("login@example.com") };
    },
  },
  "POST /api/auth/logout": { as: async ({ t, owner }) => (await openSession(t, owner.user)).token },
  "POST /api/auth/logout-everywhere": { as: anotherPerson },
  "POST /api/leads": { as: "public", json: { name: "Lia", email: "lia@example.com", phone: "11987654321" } },
  "GET /api/profile": {},
  "PUT /api/profile": { json: { name: "Olivia O." } },
  "DELETE /api/profile": { as: anotherPerson },
  "GET /api/profile/stats": {},
  "PUT /api/profile/preferences": {
    json: ({ ids }: Fixture) => ({ enabled: true, default_workspace_uuid: ids.workspaceId }),
  },
  "POST /api/profile/assistant/link-code": {},
  "DELETE /api/profile/assistant/link": {},
  "POST /api/profile/picture": { upload: { body: samplePictures.png, contentType: "image/png" } },
  "DELETE /api/profile/picture": {},
  "GET /api/profile/picture/{userId}": {
    params: async ({ t, owner }) => {
      await insertPicture(t.db, { userId: owner.user.id });
      return { userId: owner.user.id };
    },
  },
  "GET /api/profile/workspaces": {},
  "GET /api/workspaces": {},
  "POST /api/workspaces": { json: { name: "Family" } },
  "GET /api/workspaces/{workspaceId}": {},
  "PUT /api/workspaces/{workspaceId}": { json: { description: "Home and savings" } },
  "DELETE /api/workspaces/{workspaceId}": {
    params: async ({ create }) => ({ workspaceId: (await create("/api/workspaces", { name: "Spare" })).uuid }),
  },
  "GET /api/workspaces/{workspaceId}/tier-info": {},
  "GET /api/workspaces/{workspaceId}/usage-stats": {},
  "GET /api/workspaces/{workspaceId}/members": {},
  "POST /api/workspaces/{workspaceId}/members": { json: { email: "invitee@example.com", role: "viewer" } },
  "PUT /api/workspaces/{workspaceId}/members/{userId}": {
    params: async (fixture) => ({ userId: (await spareMember(fixture)).user.id }),
    json: { role: "viewer" },
  },
  "DELETE /api/workspaces/{workspaceId}/members/{userId}": {
    params: async (fixture) => ({ userId: (await spareMember(fixture)).user.id }),
  },
  "DELETE /api/workspaces/{workspaceId}/invitations/{invitationId}": {
    params: async ({ t, ids, owner }) => ({
      invitationId: (await insertInvitation(t.db, { workspaceId: ids.workspaceId!, invitedBy: owner.user.id })).id,
    }),
  },
  "POST /api/workspaces/{workspaceId}/leave": { as: async (fixture) => (await spareMember(fixture)).token },
  "GET /api/workspaces/{workspaceId}/accounts": {},
  "POST /api/workspaces/{workspaceId}/accounts": { json: { name: "Savings", type: "savings", balance: "-12.50" } },
  "GET /api/workspaces/{workspaceId}/accounts/{accountId}": {},
  "PUT /api/workspaces/{workspaceId}/accounts/{accountId}": { json: { name: "Main", color: "green" } },
  "DELETE /api/workspaces/{workspaceId}/accounts/{accountId}": {
    params: spare("accounts", { name: "Unused", type: "checking" }, "accountId"),
  },
  "GET /api/workspaces/{workspaceId}/accounts/{accountId}/balance/history": { query: { days: "7" } },
  "GET /api/workspaces/{workspaceId}/accounts/{accountId}/transactions": { query: { per_page: "5" } },
  "GET /api/workspaces/{workspaceId}/accounts/{accountId}/cards": {},
  "GET /api/workspaces/{workspaceId}/cards": {},
  "POST /api/workspaces/{workspaceId}/cards": {
    json: ({ ids }: Fixture) => ({
      name: "Debit",
      account_uuid: ids.accountId,
      type: "debit",
      last_four_digits: "1234",
    }),
  },
  "GET /api/workspaces/{workspaceId}/cards/{cardId}": {},
  "PUT /api/workspaces/{workspaceId}/cards/{cardId}": {
    json: ({ ids }: Fixture) => ({
      name: "Gold",
      account_uuid: ids.accountId,
      type: "credit",
      credit_limit: "5000.00",
      billing_cycle_day: 10,
      issuer: "Visa",
    }),
  },
  "DELETE /api/workspaces/{workspaceId}/cards/{cardId}": {
    params: async (fixture) =>
      spare("cards", { name: "Unused", account_uuid: fixture.ids.accountId, type: "debit" }, "cardId")(fixture),
  },
  "POST /api/workspaces/{workspaceId}/cards/{cardId}/purchase": {
    json: { amount: "12.90", description: "Coffee" },
    headers: { "Idempotency-Key": "purchase-1" },
  },
  "POST /api/workspaces/{workspaceId}/cards/{cardId}/payment": { json: { amount: "5.00" } },
  "GET /api/workspaces/{workspaceId}/cards/{cardId}/statements": { query: { count: "3" } },
  "GET /api/workspaces/{workspaceId}/cards/{cardId}/statements/{closing_date}": {},
  "GET /api/workspaces/{workspaceId}/cards/{cardId}/transactions": {},
  "GET /api/workspaces/{workspaceId}/transactions": { query: { type: "expense", search: "gro" } },
  "POST /api/workspaces/{workspaceId}/transactions": {
    json: ({ ids }: Fixture) => ({ value: "100.00", description: "Pay", destination_account_uuid: ids.accountId }),
    headers: { "Idempotency-Key": "income-1" },
  },
  "GET /api/workspaces/{workspaceId}/transactions/{transactionId}": {},
  "PUT /api/workspaces/{workspaceId}/transactions/{transactionId}": {
    json: ({ ids }: Fixture) => ({
      type: "expense",
      origin_id: `card:${ids.cardId}`,
      amount: "30.00",
      description: "Groceries",
      date: "2026-11-20",
    }),
  },
  "DELETE /api/workspaces/{workspaceId}/transactions/{transactionId}": {
    params: async (fixture) =>
      spare(
        "transactions",
        { type: "income", destination_id: `account:${fixture.ids.accountId}`, amount: "1.00", description: "Spare" },
        "transactionId",
      )(fixture),
  },
  "POST /api/workspaces/{workspaceId}/transactions/{transactionId}/tags/attach": {
    json: ({ ids }: Fixture) => ({ tag_ids: [ids.tagId] }),
  },
  "POST /api/workspaces/{workspaceId}/transactions/{transactionId}/tags/detach": {
    json: ({ ids }: Fixture) => ({ tag_ids: [ids.tagId] }),
  },
  "PUT /api/workspaces/{workspaceId}/transactions/{transactionId}/tags": {
    json: ({ ids }: Fixture) => ({ tag_ids: [ids.tagId] }),
  },
  "GET /api/workspaces/{workspaceId}/tags": {},
  "POST /api/workspaces/{workspaceId}/tags": { json: { name: "Travel", description: "" } },
  "GET /api/workspaces/{workspaceId}/tags/{tagId}": {},
  "PUT /api/workspaces/{workspaceId}/tags/{tagId}": { json: { color: "#112233" } },
  "DELETE /api/workspaces/{workspaceId}/tags/{tagId}": { params: spare("tags", { name: "Unused" }, "tagId") },
  "GET /api/workspaces/{workspaceId}/tags/{tagId}/transactions": {},
  "GET /api/currency/rates": { query: { base_currency: "brl" } },
  "GET /api/currency/rate": { query: { from_currency: "USD", to_currency: "BRL", date: "2026-11-02" } },
  "POST /api/currency/convert": { json: { amount: "10.00", from_currency: "USD", to_currency: "JPY" } },
  "POST /api/currency/convert-multiple": {
    json: {
      conversions: [
        { amount: "1", from_currency: "USD" },
        { amount: 2.5, from_currency: "EUR" },
      ],
      to_currency: "BRL",
    },
  },
  "GET /api/currency/supported": {},
  "DELETE /api/currency/cache": { query: { base_currency: "USD" } },
};

describe("the API's OpenAPI document", () => {
  const rates = useRateServices();
  let resend: Awaited<ReturnType<typeof startFakeResend>>;
  let fixture: Fixture;
  let document: Document;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });

  beforeAll(async () => {
    resend = await startFakeResend();
    await rates.reset();
    const t = await createTestApp({
      env: { ...rates.env(), RESEND_API_KEY: "re_test_key", RESEND_BASE_URL: resend.url },
    });
    const owner = await signInAs(t, { name: "Olivia Owner", ...unlimited });
    const create = async (path: string, json: unknown) => {
      const response = await t.request(path, { method: "POST", token: owner.token, json });
      if (response.status !== 201) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()).data;
    };
    const ids: Record<string, string> = {};
    fixture = { t, owner, ids, create, codeFor: (email) => resend.lastCodeFor(email) };
    ids.workspaceId = (await create("/api/workspaces", { name: "Home", beta_features_enabled: true })).uuid;
    const inWorkspace = (path: string, json: unknown) => create(`/api/workspaces/${ids.workspaceId}/${path}`, json);
    ids.accountId = (await inWorkspace("accounts", { name: "Checking", type: "checking", balance: "1000.00" })).uuid;
    const card = {
      name: "Card",
      account_uuid: ids.accountId,
      type: "credit",
      credit_limit: "5000.00",
      billing_cycle_day: 10,
    };
    ids.cardId = (await inWorkspace("cards", card)).uuid;
    // The card's open statement on the test clock's day (2026-11-21).
    ids.closing_date = "2026-12-10";
    ids.tagId = (await inWorkspace("tags", { name: "Food" })).uuid;
    const expense = {
      origin_id: `card:${ids.cardId}`,
      amount: "25.00",
      description: "Groceries",
      tag_ids: [ids.tagId],
    };
    ids.transactionId = (await inWorkspace("transactions", { type: "expense", ...expense })).uuid;
    ids.scheduledId = (await inWorkspace("scheduled-transactions", scheduledBody(ids))).uuid;
    ids.recurringId = (
      await inWorkspace("recurring-transactions", {
        ...scheduledBody(ids),
        name: "Rent",
        frequency: "monthly",
        day_of_month: 1,
        start_date: "2026-12-01",
      })
    ).uuid;
    ids.planId = (
      await inWorkspace("installment-plans", {
        description: "Notebook",
        purchase_date: "2026-11-20",
        total_amount: "300.00",
        installments_count: 3,
        first_payment_date: "2026-12-01",
        origin_id: `account:${ids.accountId}`,
      })
    ).uuid;
    ids.loanId = (
      await inWorkspace("loans", {
        name: "Car",
        principal_amount: "1000.00",
        interest_rate: "12",
        term_months: 12,
        start_date: "2026-11-01",
        payment_account_id: ids.accountId,
      })
    ).uuid;
    ids.budgetId = (await inWorkspace("budgets", { tag_id: ids.tagId, amount: "500.00" })).uuid;
    ids.goalId = (
      await inWorkspace("goals", { name: "Trip", target_amount: "1000.00", account_ids: [ids.accountId] })
    ).uuid;
    const documentResponse = await t.request("/api/openapi.json");
    expect(documentResponse.status).toBe(200);
    document = await documentResponse.json();
  });
  afterAll(() => resend.close());

  it("describes every route the API registers, and only those", () => {
    const documented = operationsIn(document);
    expect(documented.length).toBeGreaterThan(0);
    expect(
      registeredRoutes.filter((route) => !documented.includes(route) && !routesAwaitingDescription.has(route)),
    ).toEqual([]);
    expect(documented.filter((operation) => !registeredRoutes.includes(operation))).toEqual([]);
    expect(
      [...routesAwaitingDescription].filter((route) => documented.includes(route) || !registeredRoutes.includes(route)),
    ).toEqual([]);
  });

  it("answers only with codes errors.ts defines, each under its own status", () => {
    for (const [operation, status, codes] of documentedErrorCodes(document)) {
      expect(codes.length, `${operation} ${status} names no code`).toBeGreaterThan(0);
      expect(
        codes.filter((code) => !errorCodes.includes(code as ErrorCode)),
        operation,
      ).toEqual([]);
      expect(
        codes.map((code) => String(statusOf(code as ErrorCode))),
        `${operation} ${status}`,
      ).toEqual(codes.map(() => status));
    }
  });

  it("lists every error code in docs/api.md's table, under its status", () => {
    const table = readFileSync(new URL("../../docs/api.md", import.meta.url), "utf8");
    const rows = [...table.matchAll(/^\| (\d{3}) \| (.+?) \|/gm)].flatMap(([, status, cell]) =>
      [...cell!.matchAll(/`([A-Z_]+)`/g)].map(([, code]) => `${status} ${code}`),
    );
    expect(rows.sort()).toEqual(errorCodes.map((code) => `${statusOf(code)} ${code}`).sort());
  });

  it("has an example request for every documented operation, and none for another", () => {
    const documented = operationsIn(document);
    expect(documented.filter((operation) => !(operation in examples))).toEqual([]);
    expect(Object.keys(examples).filter((operation) => !documented.includes(operation))).toEqual([]);
  });

  for (const [operation, example] of Object.entries(examples)) {
    it(`${operation} answers as documented`, async () => {
      const documented = documentedOperation(operation);
      const response = await call(operation, example);
      const success = Object.keys(documented.responses).find((status) => status.startsWith("2"));
      await expectDocumentedAnswer(operation, response, success);
      if (documented.requestBody?.content["application/json"]) {
        const refused = await call(operation, { ...example, json: [] });
        await expectDocumentedAnswer(operation, refused, "422");
        expect((await refused.clone().json()).code).toBe("VALIDATION_FAILED");
      }
    });
  }

  function documentedOperation(operation: string): Operation {
    const [method, path] = operation.split(" ") as [string, string];
    const documented = document.paths[path]?.[method.toLowerCase()];
    if (!documented) throw new Error(`${operation} is not in the document`);
    return documented;
  }

  async function call(operation: string, example: Example): Promise<Response> {
    const [method, template] = operation.split(" ") as [string, string];
    const params = { ...fixture.ids, ...(await example.params?.(fixture)) };
    const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
      if (!params[name]) throw new Error(`${operation}: no value for {${name}}; add it to the fixture or the example.`);
      return params[name]!;
    });
    const query = example.query ? `?${new URLSearchParams(example.query)}` : "";
    const token = example.as === "public" ? undefined : example.as ? await example.as(fixture) : fixture.owner.token;
    const json = typeof example.json === "function" ? await example.json(fixture) : example.json;
    const headers = new Headers(example.headers);
    if (example.upload?.contentType) headers.set("Content-Type", example.upload.contentType);
    const response = await fixture.t.request(`${path}${query}`, {
      method,
      token,
      headers,
      ...(example.upload ? { body: example.upload.body } : { json }),
    });
    await fixture.t.settleDeferred();
    return response;
  }

  async function expectDocumentedAnswer(operation: string, response: Response, expectedStatus: string | undefined) {
    const text = await response.clone().text();
    expect({ operation, status: String(response.status) }, text.slice(0, 500)).toEqual({
      operation,
      status: expectedStatus,
    });
    const answer = documentedOperation(operation).responses[String(response.status)]!;
    const mediaType = response.headers.get("Content-Type")?.split(";")[0]?.trim() ?? "";
    expect(Object.keys(answer.content ?? {}), `${operation}: Content-Type`).toContain(mediaType);
    if (mediaType !== "application/json") return;
    const validate = ajv.compile({ ...answer.content![mediaType]!.schema, components: document.components });
    expect(validate(JSON.parse(text)) ? [] : validate.errors, `${operation}: ${text.slice(0, 500)}`).toEqual([]);
  }
});

/** [operation, status, codes] for every error answer the document describes. */
function documentedErrorCodes(document: Document): Array<[string, string, string[]]> {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).flatMap(([method, operation]) =>
      Object.entries(operation.responses)
        .filter(([status]) => Number(status) >= 400)
        .map(([status, answer]): [string, string, string[]] => {
          const schema = answer.content?.["application/json"]?.schema as
            | { allOf?: Array<{ properties?: { code?: { enum?: string[] } } }> }
            | undefined;
          const codes = schema?.allOf?.flatMap((part) => part.properties?.code?.enum ?? []) ?? [];
          return [`${method.toUpperCase()} ${path}`, status, codes];
        }),
    ),
  );
}
