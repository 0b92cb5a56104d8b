import { readFileSync } from "node:fs";
import Ajv2020 from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, insertInvitation, insertPicture, samplePictures } from "../../db/factories.ts";
import { api } from "../../worker/api.ts";
import { zipStream } from "../../worker/exports/zip.ts";
import { notifications, reminderKinds, ruleSuggestions } from "../../db/schema/index.ts";
import { unsubscribeLinks } from "../../worker/reminders/unsubscribe-link.ts";
import { errorCodes, statusOf, type ErrorCode } from "../../worker/http/errors.ts";
import { startFakeResend } from "../support/fake-resend.ts";
import { useRateServices } from "../support/rate-services.ts";
import { openSession, signInAs } from "../support/sessions.ts";
import { startR2Bucket } from "../support/r2-bucket.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { signBody, statusPayload } from "../support/whatsapp-webhook.ts";
import { startFakePluggy } from "../support/fake-pluggy.ts";
import { startFakeSimplefin } from "../support/fake-simplefin.ts";
import { bankConnections, bankLines } from "../../db/schema/index.ts";
import { eq } from "drizzle-orm";
import type { SignedIn } from "../support/workspaces.ts";

/**
 * The API against its own document (docs/decisions/044-the-api-document-is-made-from-the-schemas.md):
 * every route the API registers is described in GET /api/openapi.json, and every operation the document
 * describes is called on a real database with a valid request — and, when it takes a JSON body, with
 * an invalid one — its answer's status, type and body held to what the document says.
 */

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
/** A small archive as the workspace export writes it: the workspace, one account, no transactions. */
const sampleArchive = new Uint8Array(
  await new Response(
    zipStream(
      [
        {
          name: "workspace.json",
          content: JSON.stringify([
            {
              name: "Casa",
              description: null,
              currency: "BRL",
              time_zone: "America/Sao_Paulo",
              primary_color: "#121127",
              secondary_color: "#ffdb6d",
              accent_color: "#5b43cf",
            },
          ]),
        },
        {
          name: "accounts.json",
          content: JSON.stringify([
            {
              uuid: "a1",
              name: "Itaú",
              type: "checking",
              currency: "BRL",
              initial_balance: "100.00",
              color: "#1E88E5",
              icon: "wallet",
              is_active: true,
              created_at: "2026-11-01T12:00:00.000Z",
            },
          ]),
        },
        { name: "transactions.json", content: "[]" },
      ],
      new Date("2026-11-21T12:00:00Z"),
    ),
  ).arrayBuffer(),
);
const archiveForm = () => {
  const form = new FormData();
  form.set("file", new File([sampleArchive], "moneta.zip"));
  return { body: form };
};

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
  query?: Record<string, string> | ((fixture: Fixture) => Promise<Record<string, string>>);
  json?: unknown | ((fixture: Fixture) => unknown | Promise<unknown>);
  /** A body sent as bytes (an upload, a signed delivery), with its type. */
  upload?: Upload | ((fixture: Fixture) => Upload);
  headers?: Record<string, string>;
};

type Upload = { body: BodyInit; contentType?: string };

const unlimited = { tier: "unlimited", hasBetaAccess: true } as const;

/** The WhatsApp webhook's secrets, and a delivery of one status callback (nothing to answer) signed as Meta signs it. */
const bankCredentials = { clientId: "contract-client", clientSecret: "contract-secret" };
const pluggyWebhookSecret = "contract-pluggy-webhook-secret";
let pluggy: Awaited<ReturnType<typeof startFakePluggy>>;
let simplefin: Awaited<ReturnType<typeof startFakeSimplefin>>;
/** A connection made the way the widget's item becomes one. */
const pluggyConnection = async ({ ids, create }: Fixture) =>
  create(`/api/workspaces/${ids.workspaceId}/bank-connections/pluggy`, {
    item_id: await pluggy.createItem({ clientUserId: ids.workspaceId! }),
  });
const whatsappEnv = { WHATSAPP_APP_SECRET: "contract-app-secret", WHATSAPP_VERIFY_TOKEN: "contract-verify-token" };
const webhookDelivery = JSON.stringify(statusPayload({ recipient: "5511987654321", status: "delivered" }));
const webhookSignature = await signBody(webhookDelivery, whatsappEnv.WHATSAPP_APP_SECRET);

/** A statement as Nubank's card CSV writes it, and the mapping that reads it. */
const nubankCardStatement = "date,title,amount\n2026-11-05,Padaria,38.80\n";
const nubankCardMapping = {
  delimiter: ",",
  hasHeader: true,
  columns: { date: 0, description: 1, amount: 2, debit: null, credit: null, identifier: null },
  dateFormat: "ymd",
  decimalMark: ".",
  positiveMeans: "money_out",
};

/** A statement reminder in the owner's inbox, its hour come. */
async function ownersReminder({ t, owner, ids }: Fixture) {
  const [row] = await t.db
    .insert(notifications)
    .values({
      userId: owner.user.id,
      workspaceId: ids.workspaceId!,
      kind: "statement_due",
      subject: `${crypto.randomUUID()}:3`,
      about: "2026-11-24",
      channel: "in_app",
      params: JSON.stringify({ name: "Nubank", amount: "120.50", currency: "BRL", days: 3, link: "cards" }),
      sendAfter: "2026-11-21T11:00:00.000Z",
      expiresAt: "2026-11-22T03:00:00.000Z",
      status: "sent",
    })
    .returning();
  return row!.id;
}

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

/** A photo attached to the fixture's transaction through the API; its id. */
async function attachedReceipt({ t, owner, ids }: Fixture): Promise<string> {
  const form = new FormData();
  form.set("file", new File([samplePictures.jpeg], "nota.jpg"));
  const response = await t.request(`/api/workspaces/${ids.workspaceId}/transactions/${ids.transactionId}/receipts`, {
    method: "POST",
    body: form,
    token: owner.token,
  });
  if (response.status !== 201) throw new Error(`fixture receipt failed: ${await response.text()}`);
  return (await response.json()).data.uuid;
}

/** What the fixture records through the API, in this order (the later ones name the earlier ones). */
const scheduledBody = (ids: Record<string, string>) => ({
  type: "expense",
  origin_id: `account:${ids.accountId}`,
  amount: "10.00",
  description: "Rent",
  scheduled_date: "2026-12-01",
});

/** What a call that ends or removes its object spends, so the fixture's own stay for the calls after it. */
const spareOf = (path: string, body: (ids: Record<string, string>) => unknown, param: string) => (fixture: Fixture) =>
  spare(path, body(fixture.ids), param)(fixture);
const recurringBody = (ids: Record<string, string>) => ({
  type: "expense",
  origin_id: `account:${ids.accountId}`,
  amount: "45.00",
  description: "Gym",
  name: "Gym",
  frequency: "weekly",
  days_of_week: [1, 4],
  start_date: "2026-11-23",
});
const accountPlanBody = (ids: Record<string, string>) => ({
  description: "Chair",
  purchase_date: "2026-11-20",
  total_amount: "60.00",
  installments_count: 2,
  first_payment_date: "2026-12-05",
  origin_id: `account:${ids.accountId}`,
});
const loanBody = (ids: Record<string, string>) => ({
  name: "Bike",
  principal_amount: "500.00",
  interest_rate: "12",
  term_months: 6,
  start_date: "2026-11-01",
  payment_account_id: ids.accountId,
});

/** The secret the operator's route answers to. */
const operatorToken = "contract-operator-token";

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
  "GET /api/profile/reminders": {},
  "PUT /api/profile/reminders": {
    json: {
      hour: 7,
      weekly_day: 1,
      time_zone: "America/Sao_Paulo",
      night_allowed: false,
      channels: Object.fromEntries(
        reminderKinds.map((kind) => [kind, { in_app: true, email: kind === "statement_due", whatsapp: false }]),
      ),
    },
  },
  "GET /api/profile/push-devices": {},
  "PUT /api/profile/push-devices": {
    json: {
      endpoint: "https://push.example.com/send/contract",
      keys: { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) },
    },
  },
  "POST /api/profile/push-devices/forget": { json: { endpoint: "https://push.example.com/send/contract" } },
  "GET /api/notifications": { params: async (fixture) => ({ notificationId: await ownersReminder(fixture) }) },
  "POST /api/notifications/read": { params: async (fixture) => ({ notificationId: await ownersReminder(fixture) }) },
  "POST /api/notifications/{notificationId}/read": {
    params: async (fixture) => ({ notificationId: await ownersReminder(fixture) }),
  },
  "POST /api/reminders/unsubscribe": {
    as: "public",
    query: async ({ t, owner }: Fixture) =>
      Object.fromEntries(
        new URL((await unsubscribeLinks(t.env.APP_URL, t.env.JWT_SECRET, owner.user.id, "weekly_summary")).oneClick)
          .searchParams,
      ),
    upload: { body: "List-Unsubscribe=One-Click", contentType: "application/x-www-form-urlencoded" },
  },
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
  "POST /api/workspaces/{workspaceId}/transactions/{transactionId}/receipts": {
    upload: () => {
      const form = new FormData();
      form.set("file", new File([samplePictures.png], "nota.png"));
      return { body: form };
    },
  },
  "GET /api/workspaces/{workspaceId}/transactions/{transactionId}/receipts": {},
  "GET /api/workspaces/{workspaceId}/receipts/{receiptId}/file": {
    params: async (fixture: Fixture) => ({ receiptId: await attachedReceipt(fixture) }),
  },
  "DELETE /api/workspaces/{workspaceId}/receipts/{receiptId}": {
    params: async (fixture: Fixture) => ({ receiptId: await attachedReceipt(fixture) }),
  },
  "GET /api/workspaces/{workspaceId}/tags": {},
  "POST /api/workspaces/{workspaceId}/tags": { json: { name: "Travel", description: "" } },
  "GET /api/workspaces/{workspaceId}/tags/{tagId}": {},
  "PUT /api/workspaces/{workspaceId}/tags/{tagId}": { json: { color: "#112233" } },
  "POST /api/workspaces/{workspaceId}/tags/{tagId}/merge": {
    params: spare("tags", { name: "Merged" }, "tagId"),
    json: ({ ids }: Fixture) => ({ into: ids.tagId }),
  },
  "DELETE /api/workspaces/{workspaceId}/tags/{tagId}": { params: spare("tags", { name: "Unused" }, "tagId") },
  "GET /api/workspaces/{workspaceId}/tags/{tagId}/transactions": {},
  "GET /api/workspaces/{workspaceId}/payees": {},
  "POST /api/workspaces/{workspaceId}/payees": { json: { name: "Uber" } },
  "GET /api/workspaces/{workspaceId}/payees/{payeeId}": {},
  "PUT /api/workspaces/{workspaceId}/payees/{payeeId}": { json: { name: "Padaria do Zé" } },
  "POST /api/workspaces/{workspaceId}/payees/{payeeId}/merge": {
    params: spare("payees", { name: "Padaria Zé" }, "payeeId"),
    json: ({ ids }: Fixture) => ({ into: ids.payeeId }),
  },
  "DELETE /api/workspaces/{workspaceId}/payees/{payeeId}": { params: spare("payees", { name: "Unused" }, "payeeId") },
  "GET /api/workspaces/{workspaceId}/rules": {},
  "POST /api/workspaces/{workspaceId}/rules": {
    json: ({ ids }: Fixture) => ({
      name: "Market split",
      conditions: [{ field: "amount", operator: "between", value: "50", max: "500.00" }],
      sources: ["imported", "typed"],
      actions: { split: { parts: [{ tag_ids: [ids.tagId], percent: "60" }, { tag_ids: [ids.tagId] }] } },
    }),
  },
  "POST /api/workspaces/{workspaceId}/rules/runs": { json: {} },
  "GET /api/workspaces/{workspaceId}/rules/runs/{runId}": {},
  "POST /api/workspaces/{workspaceId}/rules/runs/{runId}/scan": {},
  "POST /api/workspaces/{workspaceId}/rules/runs/{runId}/apply": {},
  "POST /api/workspaces/{workspaceId}/rules/runs/{runId}/undo": {},
  "GET /api/workspaces/{workspaceId}/rules/suggestions": {},
  "POST /api/workspaces/{workspaceId}/rules/suggestions/answer": {
    json: ({ ids }: Fixture) => ({ payee_id: ids.payeeId, tag_ids: [ids.tagId], accept: true }),
  },
  "PUT /api/workspaces/{workspaceId}/rules/order": { json: ({ ids }: Fixture) => ({ rule_ids: [ids.ruleId] }) },
  "GET /api/workspaces/{workspaceId}/rules/{ruleId}": {},
  "PUT /api/workspaces/{workspaceId}/rules/{ruleId}": { json: { paused: true } },
  "DELETE /api/workspaces/{workspaceId}/rules/{ruleId}": {
    params: spare(
      "rules",
      { name: "Spare", conditions: [{ field: "type", operator: "is", value: "income" }], actions: { add_note: "x" } },
      "ruleId",
    ),
  },
  "GET /api/workspaces/{workspaceId}/dashboard/stats": {},
  "GET /api/workspaces/{workspaceId}/dashboard/monthly-income": {},
  "GET /api/workspaces/{workspaceId}/dashboard/monthly-expenses": {},
  "GET /api/workspaces/{workspaceId}/dashboard/credit-card-spending": {},
  "GET /api/workspaces/{workspaceId}/dashboard/virtual-balance": { query: { horizon: "next_15_days" } },
  "GET /api/workspaces/{workspaceId}/analytics/spending-trends": {
    query: { from: "2026-10-01", to: "2026-11-21", group_by: "week" },
  },
  "GET /api/workspaces/{workspaceId}/analytics/category-breakdown": { query: { type: "expense" } },
  "GET /api/workspaces/{workspaceId}/analytics/income-vs-expenses": {},
  "GET /api/workspaces/{workspaceId}/analytics/account-performance": {
    query: { from: "2026-11-01", to: "2026-11-30" },
  },
  "GET /api/workspaces/{workspaceId}/analytics/cash-flow": {},
  "GET /api/workspaces/{workspaceId}/analytics/balance-trend": {
    query: { from: "2026-11-01", to: "2026-11-21", projection_days: "30" },
  },
  "GET /api/workspaces/{workspaceId}/analytics/budget-analysis": { query: { from: "2026-10-01", to: "2026-12-31" } },
  "GET /api/workspaces/{workspaceId}/analytics/goals-progress": {},
  "GET /api/workspaces/{workspaceId}/budgets": {},
  "POST /api/workspaces/{workspaceId}/budgets": { json: { amount: "800.00", rollover: true } },
  "GET /api/workspaces/{workspaceId}/budgets/{budgetId}": {},
  "PUT /api/workspaces/{workspaceId}/budgets/{budgetId}": {
    json: { amount: "450.00", rollover: true, start_month: "2026-10" },
  },
  "DELETE /api/workspaces/{workspaceId}/budgets/{budgetId}": {
    params: async (fixture) => {
      const tag = await fixture.create(`/api/workspaces/${fixture.ids.workspaceId}/tags`, { name: "Spare budget" });
      return spare("budgets", { tag_id: tag.uuid, amount: "10.00" }, "budgetId")(fixture);
    },
  },
  "GET /api/workspaces/{workspaceId}/goals": {},
  "POST /api/workspaces/{workspaceId}/goals": {
    json: { name: "Emergency fund", target_amount: "5000.00", target_date: "2027-06-30" },
  },
  "GET /api/workspaces/{workspaceId}/goals/{goalId}": {},
  "PUT /api/workspaces/{workspaceId}/goals/{goalId}": {
    json: ({ ids }: Fixture) => ({
      name: "Trip to Lisbon",
      target_amount: "1200.00",
      target_date: "2027-03-01",
      account_ids: [ids.accountId],
      color: "#2196F3",
    }),
  },
  "DELETE /api/workspaces/{workspaceId}/goals/{goalId}": {
    params: spare("goals", { name: "Unused", target_amount: "10.00" }, "goalId"),
  },
  "POST /api/workspaces/{workspaceId}/goals/{goalId}/contributions": { json: { amount: "150.00", note: "Bonus" } },
  "DELETE /api/workspaces/{workspaceId}/goals/{goalId}/contributions/{contributionId}": {
    params: async ({ create, ids }) => {
      const goal = await create(`/api/workspaces/${ids.workspaceId}/goals/${ids.goalId}/contributions`, {
        amount: "-5.00",
        note: "Spare",
      });
      const contributions = goal.contributions as Array<{ uuid: string; note: string | null }>;
      return { contributionId: contributions.find((contribution) => contribution.note === "Spare")!.uuid };
    },
  },
  "GET /api/workspaces/{workspaceId}/exports/transactions.csv": { query: { language: "pt-BR" } },
  "GET /api/workspaces/{workspaceId}/exports/transactions.xlsx": { query: { type: "expense", language: "en" } },
  "GET /api/workspaces/{workspaceId}/exports/transactions.pdf": { query: { from: "2026-11-01", to: "2026-11-30" } },
  "GET /api/workspaces/{workspaceId}/exports/analytics.pdf": {
    query: { from: "2026-01-01", to: "2026-11-21", language: "en" },
  },
  "GET /api/workspaces/{workspaceId}/exports/workspace.zip": { query: { language: "en" } },
  "POST /api/workspaces/{workspaceId}/imports/preview": {
    upload: ({ ids }: Fixture) => {
      const form = new FormData();
      form.set("file", new File([nubankCardStatement], "nubank.csv"));
      form.set("target", `account:${ids.accountId}`);
      return { body: form };
    },
  },
  "GET /api/workspaces/{workspaceId}/imports": {},
  "POST /api/workspaces/{workspaceId}/imports": {
    json: ({ ids }: Fixture) => ({
      target: `account:${ids.accountId}`,
      file_name: "extrato.ofx",
      format: "ofx",
      line_count: 120,
      skipped_count: 4,
    }),
  },
  "POST /api/workspaces/{workspaceId}/imports/{importId}/chunks": {
    json: {
      chunk_index: 0,
      lines: [{ line: 2, date: "2026-11-05", description: "Padaria", amount: "-38.80", imported_id: "nubank-1" }],
    },
  },
  "DELETE /api/workspaces/{workspaceId}/imports/{importId}": {},
  "POST /api/workspaces/{workspaceId}/move-ins/preview": {
    upload: () => {
      const form = new FormData();
      form.set(
        "file",
        new File([readFileSync(new URL("../fixtures/move-in/organizze.csv", import.meta.url))], "organizze.csv"),
      );
      return { body: form };
    },
  },
  "GET /api/workspaces/{workspaceId}/move-ins": {},
  "POST /api/workspace-archives/preview": { upload: () => archiveForm() },
  "POST /api/workspace-archives": { upload: () => archiveForm() },
  "POST /api/workspaces/{workspaceId}/move-ins": {
    json: {
      file_name: "organizze.csv",
      app: "organizze",
      accounts: [
        { name: "Itaú", type: "account", currency: "BRL", opening_balance: "100.00" },
        { name: "Nubank", type: "card", currency: "BRL", paid_from: "Itaú" },
      ],
      tags: [{ name: "Casa" }, { name: "Aluguel", parent: "Casa" }],
      line_count: 10,
    },
  },
  "POST /api/workspaces/{workspaceId}/move-ins/{moveInId}/chunks": {
    json: ({ ids }: Fixture) => ({
      chunk_index: 0,
      lines: [
        {
          line: 2,
          date: "2026-11-05",
          type: "expense",
          amount: "38.80",
          description: "Padaria",
          origin: `account:${ids.accountId}`,
          imported_id: "organizze:1",
        },
      ],
    }),
  },
  "DELETE /api/workspaces/{workspaceId}/move-ins/{moveInId}": {},
  "GET /api/whatsapp/webhook": {
    as: "public",
    query: {
      "hub.mode": "subscribe",
      "hub.verify_token": whatsappEnv.WHATSAPP_VERIFY_TOKEN,
      "hub.challenge": "1158201444",
    },
  },
  "POST /api/whatsapp/webhook": {
    as: "public",
    upload: { body: webhookDelivery, contentType: "application/json" },
    headers: { "X-Hub-Signature-256": webhookSignature },
  },
  "GET /api/workspaces/{workspaceId}/bank-connections": {},
  "POST /api/workspaces/{workspaceId}/bank-connections/simplefin": {
    json: () => ({ setup_token: simplefin.setupToken() }),
  },
  "POST /api/workspaces/{workspaceId}/bank-connections/pluggy/connect-token": { json: {} },
  "POST /api/workspaces/{workspaceId}/bank-connections/pluggy": {
    json: async ({ ids }: Fixture) => ({ item_id: await pluggy.createItem({ clientUserId: ids.workspaceId! }) }),
  },
  "GET /api/workspaces/{workspaceId}/bank-connections/{connectionId}": {},
  "PUT /api/workspaces/{workspaceId}/bank-connections/{connectionId}/accounts/{remoteAccountId}": {
    json: ({ ids }: Fixture) => ({ link: { type: "account", account_id: ids.bankAccountId } }),
  },
  "POST /api/workspaces/{workspaceId}/bank-connections/{connectionId}/sync": {},
  "GET /api/workspaces/{workspaceId}/bank-connections/{connectionId}/matched": {},
  "POST /api/workspaces/{workspaceId}/bank-connections/{connectionId}/matched/{lineId}/undo": {},
  "GET /api/workspaces/{workspaceId}/bank-connections/{connectionId}/accounts/{remoteAccountId}/difference": {},
  "POST /api/workspaces/{workspaceId}/bank-connections/{connectionId}/accounts/{remoteAccountId}/card-days": {
    // The bank's credit card, linked to a card made for it.
    params: async ({ t, ids, owner }: Fixture) => {
      const api = `/api/workspaces/${ids.workspaceId}`;
      const made = await t.request(`${api}/cards`, {
        method: "POST",
        token: owner.token,
        json: { name: "Cartão do banco", account_uuid: ids.bankAccountId, type: "credit", credit_limit: "5000.00" },
      });
      const read = await t.request(`${api}/bank-connections/${ids.connectionId}`, { token: owner.token });
      const remote = ((await read.json()).data.accounts as { uuid: string; kind: string }[]).find(
        (account) => account.kind === "credit_card",
      )!;
      await t.request(`${api}/bank-connections/${ids.connectionId}/accounts/${remote.uuid}`, {
        method: "PUT",
        token: owner.token,
        json: { link: { type: "card", card_id: (await made.json()).data.uuid } },
      });
      return { remoteAccountId: remote.uuid };
    },
  },
  "POST /api/workspaces/{workspaceId}/bank-connections/{connectionId}/accounts/{remoteAccountId}/reconcile": {
    json: async ({ t, ids, owner }: Fixture) => {
      const read = await t.request(`/api/workspaces/${ids.workspaceId}/bank-connections/${ids.connectionId}`, {
        token: owner.token,
      });
      const accounts: { uuid: string; balance_difference: string }[] = (await read.json()).data.accounts;
      return { difference: accounts.find((account) => account.uuid === ids.remoteAccountId)!.balance_difference };
    },
  },
  "DELETE /api/workspaces/{workspaceId}/bank-connections/{connectionId}": {
    params: async (fixture: Fixture) => ({ connectionId: (await pluggyConnection(fixture)).uuid }),
  },
  "POST /api/bank-webhooks/pluggy": {
    as: "public",
    json: ({ ids }: Fixture) => ({ event: "item/updated", eventId: crypto.randomUUID(), itemId: ids.itemId }),
    headers: { "X-Moneta-Webhook-Secret": pluggyWebhookSecret },
  },
  "GET /api/workspaces/{workspaceId}/scheduled-transactions": { query: { status: "pending", from: "2026-11-21" } },
  "POST /api/workspaces/{workspaceId}/scheduled-transactions": {
    json: ({ ids }: Fixture) => ({ ...scheduledBody(ids), tag_ids: [ids.tagId], notes: "Landlord" }),
  },
  "GET /api/workspaces/{workspaceId}/scheduled-transactions/{scheduledId}": {},
  "PUT /api/workspaces/{workspaceId}/scheduled-transactions/{scheduledId}": {
    json: ({ ids }: Fixture) => ({ ...scheduledBody(ids), amount: "12.00", scheduled_date: "2026-12-05" }),
  },
  "DELETE /api/workspaces/{workspaceId}/scheduled-transactions/{scheduledId}": {
    params: spareOf("scheduled-transactions", scheduledBody, "scheduledId"),
  },
  "POST /api/workspaces/{workspaceId}/scheduled-transactions/{scheduledId}/execute": {
    params: spareOf("scheduled-transactions", scheduledBody, "scheduledId"),
  },
  "POST /api/workspaces/{workspaceId}/scheduled-transactions/{scheduledId}/cancel": {
    params: spareOf("scheduled-transactions", scheduledBody, "scheduledId"),
  },
  "GET /api/workspaces/{workspaceId}/recurring-transactions": { query: { status: "active" } },
  "GET /api/workspaces/{workspaceId}/recurring-transactions-due": {
    // A rule from today, due and not posted yet.
    params: async (fixture) => {
      await fixture.create(`/api/workspaces/${fixture.ids.workspaceId}/recurring-transactions`, {
        ...recurringBody(fixture.ids),
        frequency: "monthly",
        start_date: "2026-11-21",
      });
      return {};
    },
  },
  "POST /api/workspaces/{workspaceId}/recurring-transactions": { json: ({ ids }: Fixture) => recurringBody(ids) },
  "GET /api/workspaces/{workspaceId}/recurring-transactions/{recurringId}": {},
  "PUT /api/workspaces/{workspaceId}/recurring-transactions/{recurringId}": {
    json: ({ ids }: Fixture) => ({
      ...recurringBody(ids),
      name: "Rent",
      frequency: "monthly",
      day_of_month: 31,
      weekend_rule: "friday_before",
      start_date: "2026-12-31",
      max_executions: 12,
    }),
  },
  "DELETE /api/workspaces/{workspaceId}/recurring-transactions/{recurringId}": {
    params: spareOf("recurring-transactions", recurringBody, "recurringId"),
  },
  "POST /api/workspaces/{workspaceId}/recurring-transactions/{recurringId}/execute": {},
  "POST /api/workspaces/{workspaceId}/recurring-transactions/{recurringId}/pause": {},
  "POST /api/workspaces/{workspaceId}/recurring-transactions/{recurringId}/resume": {},
  "POST /api/workspaces/{workspaceId}/installment-plans/calculate": {
    json: { principal: "1200.00", interest_rate: 1.99, months: 6, first_payment_date: "2026-12-10" },
  },
  "POST /api/workspaces/{workspaceId}/loans/calculate": {
    json: { principal_amount: "10000", interest_rate: "12", term_months: 24, payment_frequency: "biweekly" },
  },
  "POST /api/workspaces/{workspaceId}/loans/amortization": {
    json: {
      principal_amount: 5000,
      currency: "JPY",
      interest_rate: "1",
      interest_rate_period: "month",
      term_months: 6,
      amortization_system: "sac",
      start_date: "2026-12-15",
    },
  },
  "GET /api/workspaces/{workspaceId}/installment-plans": {},
  "POST /api/workspaces/{workspaceId}/installment-plans": {
    json: ({ ids }: Fixture) => ({
      description: "Phone",
      merchant: "Loja",
      purchase_date: "2026-11-20",
      total_amount: "1200.00",
      installments: 4,
      interest_rate: "1.99",
      origin_id: `card:${ids.cardId}`,
      tag_ids: [ids.tagId],
    }),
    headers: { "Idempotency-Key": "plan-1" },
  },
  "GET /api/workspaces/{workspaceId}/installment-plans-upcoming": { query: { days: "45" } },
  "GET /api/workspaces/{workspaceId}/installment-plans-overdue": {
    // A plan whose first installment's date passed before anything posted it.
    params: async (fixture) => {
      await fixture.create(`/api/workspaces/${fixture.ids.workspaceId}/installment-plans`, {
        ...accountPlanBody(fixture.ids),
        purchase_date: "2026-10-01",
        first_payment_date: "2026-11-01",
      });
      return {};
    },
  },
  "GET /api/workspaces/{workspaceId}/installment-plans-statistics": {},
  "POST /api/workspaces/{workspaceId}/installment-plans-execute-all": {},
  "GET /api/workspaces/{workspaceId}/installment-plans/{planId}": {},
  "PUT /api/workspaces/{workspaceId}/installment-plans/{planId}": {
    json: ({ ids }: Fixture) => ({
      description: "Notebook Pro",
      merchant: "Loja",
      notes: "Gift",
      tag_ids: [ids.tagId],
    }),
  },
  "DELETE /api/workspaces/{workspaceId}/installment-plans/{planId}": {
    params: spareOf("installment-plans", accountPlanBody, "planId"),
  },
  "POST /api/workspaces/{workspaceId}/installment-plans/{planId}/cancel": {
    params: spareOf("installment-plans", accountPlanBody, "planId"),
  },
  "POST /api/workspaces/{workspaceId}/installment-plans/{planId}/pause": {},
  "POST /api/workspaces/{workspaceId}/installment-plans/{planId}/resume": {},
  "POST /api/workspaces/{workspaceId}/installment-plans/{planId}/execute-payment": {},
  "POST /api/workspaces/{workspaceId}/installment-plans/{planId}/record-payment": {
    // An expense of the next installment's amount (the plan's 300.00 in 3), recorded by hand.
    json: async ({ create, ids }: Fixture) => ({
      transaction_id: (
        await create(`/api/workspaces/${ids.workspaceId}/transactions`, {
          type: "expense",
          origin_id: `account:${ids.accountId}`,
          amount: "100.00",
          description: "Notebook (2/3)",
        })
      ).uuid,
      amount: "100.00",
    }),
  },
  "GET /api/workspaces/{workspaceId}/loans": {},
  "POST /api/workspaces/{workspaceId}/loans": {
    json: ({ ids }: Fixture) => ({
      name: "Home",
      type: "mortgage",
      lender: "Caixa",
      principal_amount: "50000.00",
      interest_rate: "0.9",
      interest_rate_period: "month",
      rate_conversion: "effective",
      term_months: 120,
      amortization_system: "sac",
      start_date: "2026-11-10",
      payment_account_id: ids.accountId,
      monthly_fee: "25.00",
      auto_pay: true,
    }),
  },
  "GET /api/workspaces/{workspaceId}/loans-statistics": {},
  "GET /api/workspaces/{workspaceId}/loans-upcoming": { query: { days: "15" } },
  "GET /api/workspaces/{workspaceId}/loans/{loanId}": {},
  "PUT /api/workspaces/{workspaceId}/loans/{loanId}": {
    json: {
      name: "Car loan",
      lender: "Banco",
      extra_payment_mode: "lower_payment",
      monthly_fee: "5.00",
      auto_pay: false,
    },
  },
  "DELETE /api/workspaces/{workspaceId}/loans/{loanId}": { params: spareOf("loans", loanBody, "loanId") },
  "POST /api/workspaces/{workspaceId}/loans/{loanId}/record-payment": {
    json: { amount: "100.00", date: "2026-11-21", kind: "extra" },
    headers: { "Idempotency-Key": "loan-payment-1" },
  },
  "GET /api/workspaces/{workspaceId}/loans/{loanId}/payoff": { query: { date: "2026-11-30" } },
  "POST /api/workspaces/{workspaceId}/loans/{loanId}/pay-off": {
    params: spareOf("loans", loanBody, "loanId"),
    json: { description: "Bike paid off" },
    headers: { "Idempotency-Key": "loan-payoff-1" },
  },
  "POST /api/workspaces/{workspaceId}/loans/{loanId}/refinance": { json: { interest_rate: "10", term_months: 24 } },
  "POST /api/admin/jobs/due-items/run": { as: async () => operatorToken },
  "POST /api/admin/jobs/reminders/run": { as: async () => operatorToken },
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

  let receiptFiles: Awaited<ReturnType<typeof startR2Bucket>>;
  beforeAll(async () => {
    resend = await startFakeResend();
    pluggy = await startFakePluggy({ today: "2026-11-21", ...bankCredentials });
    simplefin = await startFakeSimplefin({ today: "2026-11-21" });
    receiptFiles = await startR2Bucket();
    await rates.reset();
    const t = await createTestApp({
      env: {
        ...rates.env(),
        RESEND_API_KEY: "re_test_key",
        RESEND_BASE_URL: resend.url,
        ...whatsappEnv,
        OPERATOR_TOKEN: operatorToken,
        BANK_SECRETS_KEY: btoa(String.fromCharCode(...new Uint8Array(32).fill(7))),
        PLUGGY_API_URL: pluggy.url,
        PLUGGY_CLIENT_ID: bankCredentials.clientId,
        PLUGGY_CLIENT_SECRET: bankCredentials.clientSecret,
        PLUGGY_WEBHOOK_SECRET: pluggyWebhookSecret,
        RECEIPTS: receiptFiles.bucket,
      },
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
    ids.payeeId = (await inWorkspace("payees", { name: "Padaria" })).uuid;
    // Padaria's transactions were re-tagged as Food twice: a rule is offered.
    await t.db.insert(ruleSuggestions).values({
      workspaceId: ids.workspaceId!,
      payeeId: ids.payeeId!,
      tagIds: JSON.stringify([ids.tagId]),
      times: 2,
    });
    ids.ruleId = (
      await inWorkspace("rules", {
        name: "Uber",
        conditions: [{ field: "payee", operator: "equals", value: "Uber" }],
        actions: { set_tags: [ids.tagId], set_description: "Uber", add_note: "ride" },
      })
    ).uuid;
    const expense = {
      origin_id: `card:${ids.cardId}`,
      amount: "25.00",
      description: "Groceries",
      tag_ids: [ids.tagId],
      payee: "Padaria",
      note: "For the week",
    };
    ids.transactionId = (await inWorkspace("transactions", { type: "expense", ...expense })).uuid;
    // The Uber rule applied to what is there: scanned, so it can be applied and undone.
    ids.runId = (await inWorkspace("rules/runs", { rule_id: ids.ruleId })).uuid;
    await t.request(`/api/workspaces/${ids.workspaceId}/rules/runs/${ids.runId}/scan`, {
      method: "POST",
      token: owner.token,
    });
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
    ids.importId = (
      await inWorkspace("imports", {
        target: `account:${ids.accountId}`,
        file_name: "extrato.csv",
        format: "csv",
        csv_mapping: nubankCardMapping,
        line_count: 1,
      })
    ).uuid;
    ids.moveInId = (
      await inWorkspace("move-ins", { file_name: "mobills.csv", app: "mobills", accounts: [], tags: [], line_count: 1 })
    ).uuid;
    // Banco Sandbox connected, its checking account linked to a real account, one of its lines joined to a transaction there.
    ids.bankAccountId = (
      await inWorkspace("accounts", { name: "Conta", type: "checking", currency: "BRL", balance: "0" })
    ).uuid;
    const joined = await inWorkspace("transactions", {
      type: "expense",
      origin_id: `account:${ids.bankAccountId}`,
      amount: "25.00",
      description: "Mercado",
    });
    const connection = await pluggyConnection(fixture);
    ids.connectionId = connection.uuid;
    ids.itemId = (await t.db.select().from(bankConnections).where(eq(bankConnections.id, connection.uuid)))[0]!
      .externalId!;
    const checking = (connection.accounts as { uuid: string; kind: string }[]).find(
      (each) => each.kind === "checking",
    )!;
    ids.remoteAccountId = checking.uuid;
    await t.request(
      `/api/workspaces/${ids.workspaceId}/bank-connections/${ids.connectionId}/accounts/${checking.uuid}`,
      {
        method: "PUT",
        token: owner.token,
        json: { link: { type: "account", account_id: ids.bankAccountId } },
      },
    );
    ids.lineId = crypto.randomUUID();
    await t.db.insert(bankLines).values({
      id: ids.lineId,
      workspaceId: ids.workspaceId!,
      remoteAccountId: checking.uuid,
      legId: ids.bankAccountId!,
      lineId: "contract-line",
      transactionId: joined.uuid,
      joined: "matched",
      date: "2026-11-21",
      amountUnits: -2500,
      description: "MERCADO",
      seenRunId: crypto.randomUUID(),
    });
    const documentResponse = await t.request("/api/openapi.json");
    expect(documentResponse.status).toBe(200);
    document = await documentResponse.json();
  });
  afterAll(async () => {
    resend.close();
    await pluggy.stop();
    await simplefin.stop();
    await receiptFiles.dispose();
  });

  it("describes every route the API registers, and only those", () => {
    const documented = operationsIn(document);
    expect(documented.length).toBeGreaterThan(0);
    expect(registeredRoutes.filter((route) => !documented.includes(route))).toEqual([]);
    expect(documented.filter((operation) => !registeredRoutes.includes(operation))).toEqual([]);
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
      // A body checked only by its signature (the webhook's) answers no 422.
      if (documented.requestBody?.content["application/json"] && documented.responses["422"]) {
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
    const queryValues = typeof example.query === "function" ? await example.query(fixture) : example.query;
    const query = queryValues ? `?${new URLSearchParams(queryValues)}` : "";
    const token = example.as === "public" ? undefined : example.as ? await example.as(fixture) : fixture.owner.token;
    const json = typeof example.json === "function" ? await example.json(fixture) : example.json;
    const upload = typeof example.upload === "function" ? example.upload(fixture) : example.upload;
    const headers = new Headers(example.headers);
    if (upload?.contentType) headers.set("Content-Type", upload.contentType);
    const response = await fixture.t.request(`${path}${query}`, {
      method,
      token,
      headers,
      ...(upload ? { body: upload.body } : { json }),
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
