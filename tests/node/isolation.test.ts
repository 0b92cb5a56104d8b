import { beforeEach, describe, expect, it } from "vitest";
import { insertAccount, insertCard, insertInvitation, insertTag, insertWorkspace } from "../../db/factories.ts";
import { bankConnections, bankLines, bankRemoteAccounts, notifications, receipts } from "../../db/schema/index.ts";
import { api } from "../../worker/api.ts";
import { signInAs } from "../support/sessions.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { snapshotDatabase, workspaceWithTeam, type SignedIn } from "../support/workspaces.ts";

/**
 * Tenant isolation, for EVERY route addressed by a workspace id. A new workspace-scoped route
 * fails this file until it is listed here with a body that would succeed for a member.
 */
const scheduledBody = {
  type: "expense",
  origin_id: "account:ACCOUNT",
  amount: "10.00",
  description: "Rent",
  scheduled_date: "2026-12-01",
};
const recurringBody = {
  name: "Rent",
  type: "expense",
  origin_id: "account:ACCOUNT",
  amount: "10.00",
  description: "Rent",
  frequency: "monthly",
  day_of_month: 31,
  start_date: "2026-12-01",
};
const installmentPlanBody = {
  description: "Notebook",
  purchase_date: "2026-11-20",
  total_amount: "300.00",
  installments_count: 3,
  first_payment_date: "2026-12-01",
  origin_id: "account:ACCOUNT",
};

const loanBody = {
  name: "Car",
  principal_amount: "1000.00",
  interest_rate: "12",
  term_months: 12,
  start_date: "2026-11-01",
  payment_account_id: "ACCOUNT",
};

const importLine = { line: 1, date: "2026-11-20", description: "Padaria", amount: "-12.50", imported_id: "F1" };
const importBody = { target: "account:ACCOUNT", file_name: "extrato.ofx", format: "ofx", line_count: 1 };
/** A one-line OFX 2.x statement, sent as the preview's multipart form. */
const ofxFile =
  '<?xml version="1.0"?><?OFX OFXHEADER="200" VERSION="220"?><OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL</CURDEF><BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20261120</DTPOSTED><TRNAMT>-12.50</TRNAMT><FITID>F2</FITID><MEMO>Padaria</MEMO></STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>';

/** A move-in from another app: its start (no accounts of its own), one line into the victim's account, an export. */
const moveInBody = { file_name: "organizze.csv", app: "organizze", accounts: [], tags: [], line_count: 1 };
const moveInLine = {
  line: 2,
  date: "2026-11-20",
  type: "expense",
  amount: "12.50",
  description: "Padaria",
  origin: "account:ACCOUNT",
  imported_id: "organizze:1",
};
const organizzeFile =
  "Data;Descrição;Categoria;Valor;Situação;Conta\n20/11/2026;Padaria;Alimentação;-12,50;Pago;Itaú\n";

/** A receipt a member could attach: a one-page PDF without actions. */
const pdfFile = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";

const ruleBody = {
  name: "Uber",
  conditions: [
    { field: "description", operator: "contains", value: "uber" },
    { field: "place", operator: "is", value: "account:ACCOUNT" },
  ],
  actions: { set_tags: ["TAG"], set_payee: "Uber" },
};

const requestBodies: Record<string, unknown> = {
  "GET /workspaces/:workspaceId": undefined,
  "PUT /workspaces/:workspaceId": { name: "Taken over" },
  "DELETE /workspaces/:workspaceId": undefined,
  "GET /workspaces/:workspaceId/tier-info": undefined,
  "GET /workspaces/:workspaceId/usage-stats": undefined,
  "GET /workspaces/:workspaceId/members": undefined,
  "POST /workspaces/:workspaceId/members": { email: "intruder@example.com", role: "admin" },
  "PUT /workspaces/:workspaceId/members/:userId": { role: "viewer" },
  "DELETE /workspaces/:workspaceId/members/:userId": undefined,
  "DELETE /workspaces/:workspaceId/invitations/:invitationId": undefined,
  "POST /workspaces/:workspaceId/leave": undefined,
  "GET /workspaces/:workspaceId/accounts": undefined,
  "POST /workspaces/:workspaceId/accounts": { name: "Intruder's", type: "checking" },
  "GET /workspaces/:workspaceId/accounts/:accountId": undefined,
  "PUT /workspaces/:workspaceId/accounts/:accountId": { name: "Renamed" },
  "DELETE /workspaces/:workspaceId/accounts/:accountId": undefined,
  "GET /workspaces/:workspaceId/accounts/:accountId/balance/history": undefined,
  "GET /workspaces/:workspaceId/accounts/:accountId/transactions": undefined,
  "GET /workspaces/:workspaceId/accounts/:accountId/cards": undefined,
  "GET /workspaces/:workspaceId/cards": undefined,
  "POST /workspaces/:workspaceId/cards": { name: "Card", account_uuid: "ACCOUNT", type: "debit" },
  "GET /workspaces/:workspaceId/cards/:cardId": undefined,
  "PUT /workspaces/:workspaceId/cards/:cardId": {
    name: "Card",
    account_uuid: "ACCOUNT",
    type: "credit",
    credit_limit: "100.00",
  },
  "DELETE /workspaces/:workspaceId/cards/:cardId": undefined,
  "POST /workspaces/:workspaceId/cards/:cardId/purchase": { amount: "1.00", description: "Coffee" },
  "POST /workspaces/:workspaceId/cards/:cardId/payment": { amount: "1.00" },
  "GET /workspaces/:workspaceId/cards/:cardId/statements": undefined,
  "GET /workspaces/:workspaceId/cards/:cardId/statements/:closing_date": undefined,
  "GET /workspaces/:workspaceId/cards/:cardId/transactions": undefined,
  "GET /workspaces/:workspaceId/transactions": undefined,
  "POST /workspaces/:workspaceId/transactions": {
    type: "income",
    destination_id: "account:ACCOUNT",
    amount: "10.00",
    description: "Pay",
  },
  "GET /workspaces/:workspaceId/transactions/:transactionId": undefined,
  "PUT /workspaces/:workspaceId/transactions/:transactionId": {
    type: "income",
    destination_id: "account:ACCOUNT",
    amount: "99.00",
    description: "Pay",
  },
  "DELETE /workspaces/:workspaceId/transactions/:transactionId": undefined,
  "POST /workspaces/:workspaceId/transactions/:transactionId/tags/attach": { tag_ids: ["TAG"] },
  "POST /workspaces/:workspaceId/transactions/:transactionId/tags/detach": { tag_ids: ["TAG"] },
  "PUT /workspaces/:workspaceId/transactions/:transactionId/tags": { tag_ids: [] },
  "GET /workspaces/:workspaceId/tags": undefined,
  "POST /workspaces/:workspaceId/tags": { name: "Intrusion", parent_id: "TAG" },
  "GET /workspaces/:workspaceId/tags/:tagId": undefined,
  "PUT /workspaces/:workspaceId/tags/:tagId": { name: "Renamed", parent_id: null },
  "DELETE /workspaces/:workspaceId/tags/:tagId": undefined,
  "POST /workspaces/:workspaceId/tags/:tagId/merge": { into: "SIBLING" },
  "GET /workspaces/:workspaceId/tags/:tagId/transactions": undefined,
  "GET /workspaces/:workspaceId/payees": undefined,
  "POST /workspaces/:workspaceId/payees": { name: "Intrusion" },
  "GET /workspaces/:workspaceId/payees/:payeeId": undefined,
  "PUT /workspaces/:workspaceId/payees/:payeeId": { name: "Renamed" },
  "DELETE /workspaces/:workspaceId/payees/:payeeId": undefined,
  "POST /workspaces/:workspaceId/payees/:payeeId/merge": { into: "PAYEE_TWIN" },
  "GET /workspaces/:workspaceId/rules": undefined,
  "POST /workspaces/:workspaceId/rules": ruleBody,
  "PUT /workspaces/:workspaceId/rules/order": { rule_ids: ["RULE"] },
  "GET /workspaces/:workspaceId/rules/suggestions": undefined,
  "POST /workspaces/:workspaceId/rules/runs": {},
  "GET /workspaces/:workspaceId/rules/runs/:runId": undefined,
  "POST /workspaces/:workspaceId/rules/runs/:runId/scan": undefined,
  "POST /workspaces/:workspaceId/rules/runs/:runId/apply": undefined,
  "POST /workspaces/:workspaceId/rules/runs/:runId/undo": undefined,
  "POST /workspaces/:workspaceId/rules/suggestions/answer": { payee_id: "PAYEE_TWIN", tag_ids: ["TAG"], accept: true },
  "GET /workspaces/:workspaceId/rules/:ruleId": undefined,
  "PUT /workspaces/:workspaceId/rules/:ruleId": ruleBody,
  "DELETE /workspaces/:workspaceId/rules/:ruleId": undefined,
  "GET /workspaces/:workspaceId/dashboard/stats": undefined,
  "GET /workspaces/:workspaceId/dashboard/monthly-income": undefined,
  "GET /workspaces/:workspaceId/dashboard/monthly-expenses": undefined,
  "GET /workspaces/:workspaceId/dashboard/credit-card-spending": undefined,
  "GET /workspaces/:workspaceId/dashboard/virtual-balance": undefined,
  "GET /workspaces/:workspaceId/analytics/spending-trends": undefined,
  "GET /workspaces/:workspaceId/analytics/category-breakdown": undefined,
  "GET /workspaces/:workspaceId/analytics/income-vs-expenses": undefined,
  "GET /workspaces/:workspaceId/analytics/account-performance": undefined,
  "GET /workspaces/:workspaceId/analytics/balance-trend": undefined,
  "GET /workspaces/:workspaceId/analytics/budget-analysis": undefined,
  "GET /workspaces/:workspaceId/analytics/goals-progress": undefined,
  "GET /workspaces/:workspaceId/analytics/cash-flow": undefined,
  "GET /workspaces/:workspaceId/budgets": undefined,
  "POST /workspaces/:workspaceId/budgets": { tag_id: "TAG", amount: "90.00" },
  "GET /workspaces/:workspaceId/budgets/:budgetId": undefined,
  "PUT /workspaces/:workspaceId/budgets/:budgetId": { amount: "80.00", rollover: true },
  "DELETE /workspaces/:workspaceId/budgets/:budgetId": undefined,
  "GET /workspaces/:workspaceId/goals": undefined,
  "POST /workspaces/:workspaceId/goals": { name: "Intrusion", target_amount: "10.00", account_ids: ["ACCOUNT"] },
  "GET /workspaces/:workspaceId/goals/:goalId": undefined,
  "PUT /workspaces/:workspaceId/goals/:goalId": { name: "Taken", target_amount: "20.00", account_ids: ["ACCOUNT"] },
  "DELETE /workspaces/:workspaceId/goals/:goalId": undefined,
  "POST /workspaces/:workspaceId/goals/:goalId/contributions": { amount: "5.00" },
  "DELETE /workspaces/:workspaceId/goals/:goalId/contributions/:contributionId": undefined,
  "GET /workspaces/:workspaceId/exports/transactions.csv": undefined,
  "GET /workspaces/:workspaceId/exports/transactions.xlsx": undefined,
  "POST /workspaces/:workspaceId/imports/preview": { multipart: { target: "account:ACCOUNT", file: ofxFile } },
  "GET /workspaces/:workspaceId/transactions/:transactionId/receipts": undefined,
  "POST /workspaces/:workspaceId/transactions/:transactionId/receipts": { multipart: { file: pdfFile } },
  "GET /workspaces/:workspaceId/receipts/:receiptId/file": undefined,
  "DELETE /workspaces/:workspaceId/receipts/:receiptId": undefined,
  "GET /workspaces/:workspaceId/imports": undefined,
  "POST /workspaces/:workspaceId/imports": importBody,
  "POST /workspaces/:workspaceId/imports/:importId/chunks": { chunk_index: 1, lines: [importLine] },
  "DELETE /workspaces/:workspaceId/imports/:importId": undefined,
  "POST /workspaces/:workspaceId/move-ins/preview": { multipart: { file: organizzeFile } },
  "GET /workspaces/:workspaceId/move-ins": undefined,
  "POST /workspaces/:workspaceId/move-ins": moveInBody,
  "POST /workspaces/:workspaceId/move-ins/:moveInId/chunks": { chunk_index: 1, lines: [moveInLine] },
  "DELETE /workspaces/:workspaceId/move-ins/:moveInId": undefined,
  "GET /workspaces/:workspaceId/bank-connections": undefined,
  "POST /workspaces/:workspaceId/bank-connections/simplefin": { setup_token: "aHR0cDovLzEyNy4wLjAuMS9jbGFpbQ==" },
  "POST /workspaces/:workspaceId/bank-connections/pluggy/connect-token": { connection_id: "CONNECTION" },
  "POST /workspaces/:workspaceId/bank-connections/pluggy": { item_id: "ITEM" },
  "GET /workspaces/:workspaceId/bank-connections/:connectionId": undefined,
  "PUT /workspaces/:workspaceId/bank-connections/:connectionId/accounts/:remoteAccountId": {
    link: { type: "account", account_id: "ACCOUNT" },
  },
  "POST /workspaces/:workspaceId/bank-connections/:connectionId/sync": undefined,
  "GET /workspaces/:workspaceId/bank-connections/:connectionId/matched": undefined,
  "POST /workspaces/:workspaceId/bank-connections/:connectionId/matched/:lineId/undo": undefined,
  "GET /workspaces/:workspaceId/bank-connections/:connectionId/accounts/:remoteAccountId/difference": undefined,
  "POST /workspaces/:workspaceId/bank-connections/:connectionId/accounts/:remoteAccountId/card-days": undefined,
  "POST /workspaces/:workspaceId/bank-connections/:connectionId/accounts/:remoteAccountId/reconcile": {
    difference: "0.00",
  },
  "DELETE /workspaces/:workspaceId/bank-connections/:connectionId": undefined,
  "GET /workspaces/:workspaceId/exports/transactions.pdf": undefined,
  "GET /workspaces/:workspaceId/exports/workspace.zip": undefined,
  "GET /workspaces/:workspaceId/exports/analytics.pdf": undefined,
  "GET /workspaces/:workspaceId/scheduled-transactions": undefined,
  "POST /workspaces/:workspaceId/scheduled-transactions": scheduledBody,
  "GET /workspaces/:workspaceId/scheduled-transactions/:scheduledId": undefined,
  "PUT /workspaces/:workspaceId/scheduled-transactions/:scheduledId": scheduledBody,
  "DELETE /workspaces/:workspaceId/scheduled-transactions/:scheduledId": undefined,
  "POST /workspaces/:workspaceId/scheduled-transactions/:scheduledId/execute": undefined,
  "POST /workspaces/:workspaceId/scheduled-transactions/:scheduledId/cancel": undefined,
  "GET /workspaces/:workspaceId/recurring-transactions": undefined,
  "GET /workspaces/:workspaceId/recurring-transactions-due": undefined,
  "POST /workspaces/:workspaceId/recurring-transactions": recurringBody,
  "GET /workspaces/:workspaceId/recurring-transactions/:recurringId": undefined,
  "PUT /workspaces/:workspaceId/recurring-transactions/:recurringId": recurringBody,
  "DELETE /workspaces/:workspaceId/recurring-transactions/:recurringId": undefined,
  "POST /workspaces/:workspaceId/recurring-transactions/:recurringId/execute": undefined,
  "POST /workspaces/:workspaceId/recurring-transactions/:recurringId/pause": undefined,
  "POST /workspaces/:workspaceId/recurring-transactions/:recurringId/resume": undefined,
  "POST /workspaces/:workspaceId/installment-plans/calculate": { principal: "1000", months: 10 },
  "GET /workspaces/:workspaceId/installment-plans": undefined,
  "POST /workspaces/:workspaceId/installment-plans": installmentPlanBody,
  "GET /workspaces/:workspaceId/installment-plans/:planId": undefined,
  "PUT /workspaces/:workspaceId/installment-plans/:planId": { description: "Taken over", tag_ids: ["TAG"] },
  "DELETE /workspaces/:workspaceId/installment-plans/:planId": undefined,
  "POST /workspaces/:workspaceId/installment-plans/:planId/cancel": undefined,
  "POST /workspaces/:workspaceId/installment-plans/:planId/pause": undefined,
  "POST /workspaces/:workspaceId/installment-plans/:planId/resume": undefined,
  "POST /workspaces/:workspaceId/installment-plans/:planId/execute-payment": undefined,
  "POST /workspaces/:workspaceId/installment-plans/:planId/record-payment": { transaction_id: "TRANSACTION" },
  "GET /workspaces/:workspaceId/installment-plans-upcoming": undefined,
  "GET /workspaces/:workspaceId/installment-plans-overdue": undefined,
  "GET /workspaces/:workspaceId/installment-plans-statistics": undefined,
  "POST /workspaces/:workspaceId/installment-plans-execute-all": undefined,
  "GET /workspaces/:workspaceId/loans": undefined,
  "POST /workspaces/:workspaceId/loans": loanBody,
  "GET /workspaces/:workspaceId/loans/:loanId": undefined,
  "PUT /workspaces/:workspaceId/loans/:loanId": { name: "Taken over", auto_pay: true },
  "DELETE /workspaces/:workspaceId/loans/:loanId": undefined,
  "POST /workspaces/:workspaceId/loans/:loanId/record-payment": { amount: "100.00" },
  "GET /workspaces/:workspaceId/loans/:loanId/payoff": undefined,
  "POST /workspaces/:workspaceId/loans/:loanId/pay-off": {},
  "POST /workspaces/:workspaceId/loans/:loanId/refinance": { interest_rate: "10", term_months: 12 },
  "GET /workspaces/:workspaceId/loans-statistics": undefined,
  "GET /workspaces/:workspaceId/loans-upcoming": undefined,
  "POST /workspaces/:workspaceId/loans/calculate": { principal_amount: "1000", interest_rate: "12", term_months: 12 },
  "POST /workspaces/:workspaceId/loans/amortization": {
    principal_amount: "1000",
    interest_rate: "12",
    term_months: 12,
    start_date: "2026-12-01",
  },
};

/**
 * Routes NOT addressed by a workspace id, each reviewed for ids it takes in its body. Those that
 * store workspace ids (preferences) are walked below with another workspace's ids; a new route
 * fails this file until it is listed here.
 */
const routesOutsideWorkspaces: Record<
  string,
  | "no ids in the body"
  | "walked below"
  | "a provider's, with the server's secret: tests/node/bank-connections/bank-sync.test.ts"
  | "a signed link, no session: tests/node/reminders/reminder-routes.test.ts"
  | "the caller's own browser, by its push address: tests/node/reminders/reminder-routes.test.ts"
  | "an archive whose every id is replaced by a new one, in a new workspace: tests/node/restore/"
> = {
  "POST /auth/request-token": "no ids in the body",
  "POST /auth/login": "no ids in the body",
  "POST /auth/logout": "no ids in the body",
  "POST /auth/logout-everywhere": "no ids in the body",
  "POST /leads": "no ids in the body",
  "PUT /profile": "no ids in the body",
  "DELETE /profile": "no ids in the body",
  "PUT /profile/preferences": "walked below",
  "POST /profile/assistant/link-code": "no ids in the body",
  "DELETE /profile/assistant/link": "no ids in the body",
  "POST /profile/picture": "no ids in the body",
  "DELETE /profile/picture": "no ids in the body",
  "PUT /profile/reminders": "no ids in the body",
  "PUT /profile/push-devices":
    "the caller's own browser, by its push address: tests/node/reminders/reminder-routes.test.ts",
  "POST /profile/push-devices/forget":
    "the caller's own browser, by its push address: tests/node/reminders/reminder-routes.test.ts",
  "POST /notifications/read": "walked below",
  "POST /notifications/:notificationId/read": "walked below",
  "POST /reminders/unsubscribe": "a signed link, no session: tests/node/reminders/reminder-routes.test.ts",
  "POST /workspaces": "no ids in the body",
  "POST /workspace-archives":
    "an archive whose every id is replaced by a new one, in a new workspace: tests/node/restore/",
  "POST /workspace-archives/preview":
    "an archive whose every id is replaced by a new one, in a new workspace: tests/node/restore/",
  "POST /admin/jobs/due-items/run": "no ids in the body",
  "POST /admin/jobs/reminders/run": "no ids in the body",
  "POST /currency/convert": "no ids in the body",
  "POST /currency/convert-multiple": "no ids in the body",
  "DELETE /currency/cache": "no ids in the body",
  "POST /whatsapp/webhook": "no ids in the body",
  "POST /bank-webhooks/pluggy": "a provider's, with the server's secret: tests/node/bank-connections/bank-sync.test.ts",
};

/** Bodies name the victim's own account and tags, so only the workspace check can refuse them. */
function bodyFor(route: string, ids: Ids): unknown {
  const body = requestBodies[route];
  if (body === undefined) return undefined;
  return JSON.parse(
    JSON.stringify(body)
      .replaceAll("ACCOUNT", ids.accountId!)
      .replaceAll("CONNECTION", ids.connectionId!)
      .replaceAll("ITEM", ids.itemId!)
      .replaceAll("PAYEE_TWIN", ids.twinPayeeId!)
      .replaceAll("RULE", ids.ruleId!)
      .replaceAll("SIBLING", ids.siblingTagId!)
      .replaceAll("TAG", ids.tagId!)
      .replaceAll("TRANSACTION", ids.transactionId!),
  );
}

const registeredRoutes = [
  ...new Set(api.routes.filter((route) => route.method !== "ALL").map((route) => `${route.method} ${route.path}`)),
];
const workspaceScopedRoutes = registeredRoutes.filter((route) => route.includes(":workspaceId")).sort();

type Ids = Record<string, string>;

/** An account, a card, two tags and a tagged transaction (recorded through the API, so balances are real). */
async function victimLedger(t: TestApp, workspaceId: string, ownerToken: string) {
  const account = await insertAccount(t.db, { workspaceId, initialBalanceCents: 100_000 });
  const card = await insertCard(t.db, { workspaceId, accountId: account.id });
  const tag = await insertTag(t.db, { workspaceId });
  const siblingTag = await insertTag(t.db, { workspaceId, name: "Sibling" });
  const response = await t.request(`/api/workspaces/${workspaceId}/transactions`, {
    method: "POST",
    token: ownerToken,
    json: {
      type: "expense",
      origin_id: `card:${card.id}`,
      amount: "25.00",
      description: "Groceries",
      tag_ids: [tag.id],
    },
  });
  if (response.status !== 201)
    throw new Error(`fixture transaction failed: ${response.status} ${await response.text()}`);
  const transaction = (await response.json()).data;
  const planned = async (kind: string, body: unknown) => {
    const created = await t.request(`/api/workspaces/${workspaceId}/${kind}`, {
      method: "POST",
      token: ownerToken,
      json: JSON.parse(JSON.stringify(body).replaceAll("ACCOUNT", account.id)),
    });
    if (created.status !== 201) throw new Error(`fixture ${kind} failed: ${created.status} ${await created.text()}`);
    return (await created.json()).data.uuid as string;
  };
  const payeeId = await planned("payees", { name: "Padaria" });
  const ruleId = await planned("rules", {
    ...ruleBody,
    actions: JSON.parse(JSON.stringify(ruleBody.actions).replaceAll("TAG", tag.id)),
  });
  const twinPayeeId = await planned("payees", { name: "Padaria do Zé" });
  const goalId = await planned("goals", { name: "Trip", target_amount: "1000.00", account_ids: ["ACCOUNT"] });
  const contribution = await t.request(`/api/workspaces/${workspaceId}/goals/${goalId}/contributions`, {
    method: "POST",
    token: ownerToken,
    json: { amount: "50.00", note: "kept" },
  });
  if (contribution.status !== 201) throw new Error(`fixture contribution failed: ${await contribution.text()}`);
  const statementImport = await planned("imports", importBody);
  const chunk = await t.request(`/api/workspaces/${workspaceId}/imports/${statementImport}/chunks`, {
    method: "POST",
    token: ownerToken,
    json: { chunk_index: 0, lines: [importLine] },
  });
  if (chunk.status !== 200) throw new Error(`fixture import chunk failed: ${await chunk.text()}`);
  const moveInId = await planned("move-ins", moveInBody);
  const moveInChunk = await t.request(`/api/workspaces/${workspaceId}/move-ins/${moveInId}/chunks`, {
    method: "POST",
    token: ownerToken,
    json: { chunk_index: 0, lines: [JSON.parse(JSON.stringify(moveInLine).replaceAll("ACCOUNT", account.id))] },
  });
  if (moveInChunk.status !== 200) throw new Error(`fixture move-in chunk failed: ${await moveInChunk.text()}`);
  const bank = await bankConnectionOf(t, workspaceId, { accountId: account.id, transactionId: transaction.uuid });
  // A receipt's row as an upload writes it; its file is never reached, since every call is refused before.
  const receiptId = crypto.randomUUID();
  await t.db.insert(receipts).values({
    id: receiptId,
    workspaceId,
    transactionId: transaction.uuid,
    objectKey: `workspaces/${workspaceId}/receipts/${receiptId}`,
    fileName: "nota.pdf",
    contentType: "application/pdf",
    byteSize: pdfFile.length,
  });
  return {
    ...bank,
    receiptId,
    importId: statementImport,
    moveInId,
    budgetId: await planned("budgets", { amount: "500.00" }),
    goalId,
    contributionId: (await contribution.json()).data.contributions[0].uuid as string,
    scheduledId: await planned("scheduled-transactions", scheduledBody),
    recurringId: await planned("recurring-transactions", recurringBody),
    planId: await planned("installment-plans", installmentPlanBody),
    loanId: await planned("loans", loanBody),
    accountId: account.id,
    cardId: card.id,
    tagId: tag.id,
    siblingTagId: siblingTag.id,
    payeeId,
    twinPayeeId,
    ruleId,
    runId: await planned("rules/runs", { rule_id: ruleId }),
    transactionId: transaction.uuid as string,
    // The card's open statement on the test clock's day (2026-11-21; it closes on the 10th).
    closing_date: "2026-12-10",
  };
}

/**
 * A Pluggy connection reaching a checking account linked to the account, written as the connect and link
 * routes write it, with a bank line a sync joined to the transaction.
 */
async function bankConnectionOf(t: TestApp, workspaceId: string, ledger: { accountId: string; transactionId: string }) {
  const connectionId = crypto.randomUUID();
  const remoteAccountId = crypto.randomUUID();
  const itemId = crypto.randomUUID();
  await t.db.insert(bankConnections).values({
    id: connectionId,
    workspaceId,
    provider: "pluggy",
    institution: "Banco Sandbox",
    externalId: itemId,
  });
  await t.db.insert(bankRemoteAccounts).values({
    id: remoteAccountId,
    workspaceId,
    connectionId,
    remoteId: "remote-checking",
    kind: "checking",
    name: "Conta Corrente",
    currency: "BRL",
    balanceUnits: 150_000,
    balanceAt: "2026-11-21T12:00:00.000Z",
    accountId: ledger.accountId,
  });
  const lineId = crypto.randomUUID();
  await t.db.insert(bankLines).values({
    id: lineId,
    workspaceId,
    remoteAccountId,
    legId: ledger.accountId,
    lineId: "bank-line-1",
    transactionId: ledger.transactionId,
    joined: "matched",
    date: "2026-11-20",
    amountUnits: -4250,
    description: "PADARIA",
    seenRunId: crypto.randomUUID(),
  });
  return { connectionId, remoteAccountId, itemId, lineId };
}

/** A JSON body, or a multipart form for the upload routes (`{ multipart: { field: text } }`, the file named `file`). */
function requestOf(body: unknown): { json?: unknown; body?: FormData } {
  if (!body || typeof body !== "object" || !("multipart" in body)) return { json: body };
  const form = new FormData();
  for (const [field, value] of Object.entries(body.multipart as Record<string, string>)) {
    form.set(field, field === "file" ? new File([value], "extrato.ofx") : value);
  }
  return { body: form };
}

function fill(route: string, ids: Ids): { method: string; path: string } {
  const [method, template] = route.split(" ") as [string, string];
  const path = template.replace(/:(\w+)/g, (_, name: string) => {
    if (!ids[name]) throw new Error(`isolation.test.ts has no id for :${name} in ${route}; add one to the fixture.`);
    return ids[name]!;
  });
  return { method, path: `/api${path}` };
}

describe("tenant isolation", () => {
  let t: TestApp;
  let victim: Awaited<ReturnType<typeof workspaceWithTeam>>;
  let victimIds: Ids;
  beforeEach(async () => {
    t = await createTestApp();
    victim = await workspaceWithTeam(t, {
      owner: { tier: "unlimited", hasBetaAccess: true },
      workspace: { betaFeaturesEnabled: true },
    });
    const invitation = await insertInvitation(t.db, {
      workspaceId: victim.workspace.id,
      invitedBy: victim.owner.user.id,
    });
    const ledger = await victimLedger(t, victim.workspace.id, victim.owner.token);
    victimIds = {
      workspaceId: victim.workspace.id,
      userId: victim.admin.user.id,
      invitationId: invitation.id,
      ...ledger,
    };
  });

  async function expectEveryRouteRefused(caller: SignedIn, routes: string[], ids: Ids) {
    const before = await snapshotDatabase(t.db);
    for (const route of routes) {
      const { method, path } = fill(route, ids);
      const response = await t.request(path, { method, token: caller.token, ...requestOf(bodyFor(route, ids)) });
      expect({ route, status: response.status }).toEqual({ route, status: 404 });
      expect((await response.json()).code).toBe("NOT_FOUND");
    }
    expect(await snapshotDatabase(t.db)).toEqual(before);
  }

  it("covers every workspace-scoped route the API registers", () => {
    expect(workspaceScopedRoutes).toEqual(Object.keys(requestBodies).sort());
  });

  it("addresses every route under /workspaces/ by :workspaceId, so none escapes this test", () => {
    const underWorkspaces = registeredRoutes.filter((route) => route.split(" ")[1]!.startsWith("/workspaces/"));
    expect(underWorkspaces.filter((route) => !route.split(" ")[1]!.startsWith("/workspaces/:workspaceId"))).toEqual([]);
  });

  it("answers 404 and changes nothing when a signed-in non-member calls any of them with a real workspace", async () => {
    const stranger = await signInAs(t, { tier: "unlimited", hasBetaAccess: true });
    await expectEveryRouteRefused(stranger, workspaceScopedRoutes, victimIds);
  });

  it("answers 404 and changes nothing when the owner of workspace A sends workspace B's id", async () => {
    const intruder = await signInAs(t, { tier: "unlimited", hasBetaAccess: true });
    await insertWorkspace(t.db, { ownerId: intruder.user.id });
    await expectEveryRouteRefused(intruder, workspaceScopedRoutes, victimIds);
  });

  it("refuses, with 422 at parent_id and nothing changed, a tag of workspace A put under a tag of B", async () => {
    const intruder = await signInAs(t, { tier: "unlimited", hasBetaAccess: true });
    const own = await insertWorkspace(t.db, { ownerId: intruder.user.id });
    const ownTag = await insertTag(t.db, { workspaceId: own.id });
    const before = await snapshotDatabase(t.db);
    for (const [method, path] of [
      ["POST", `/api/workspaces/${own.id}/tags`],
      ["PUT", `/api/workspaces/${own.id}/tags/${ownTag.id}`],
    ] as const) {
      const json = { name: "Under theirs", parent_id: victimIds.tagId };
      const response = await t.request(path, { method, token: intruder.token, json });
      expect({ method, status: response.status }).toEqual({ method, status: 422 });
      expect((await response.json()).errors).toEqual({ parent_id: ["Category not found in this workspace"] });
    }
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it("answers 404 and changes nothing when the owner of workspace A sends B's member and invitation ids under A", async () => {
    const intruder = await signInAs(t, { tier: "unlimited", hasBetaAccess: true });
    const own = await insertWorkspace(t.db, { ownerId: intruder.user.id });
    const routesWithInnerIds = workspaceScopedRoutes.filter((route) => /:workspaceId\/.*:\w+/.test(route));
    expect(routesWithInnerIds.length).toBeGreaterThan(0);
    await expectEveryRouteRefused(intruder, routesWithInnerIds, { ...victimIds, workspaceId: own.id });
  });
});

describe("tenant isolation of ids sent in bodies of routes outside a workspace", () => {
  let t: TestApp;
  let victim: Awaited<ReturnType<typeof workspaceWithTeam>>;
  let victimIds: Ids;
  beforeEach(async () => {
    t = await createTestApp();
    victim = await workspaceWithTeam(t, {
      owner: { hasBetaAccess: true },
      workspace: { betaFeaturesEnabled: true },
    });
    victimIds = await victimLedger(t, victim.workspace.id, victim.owner.token);
  });

  it("has reviewed every write route not addressed by a workspace id", () => {
    const writes = registeredRoutes.filter((route) => !route.startsWith("GET ") && !route.includes(":workspaceId"));
    expect(writes.sort()).toEqual(Object.keys(routesOutsideWorkspaces).sort());
  });

  it("refuses, with 422 at each field and nothing stored, preferences naming another workspace, its account, card or tag", async () => {
    const intruder = await signInAs(t);
    const own = await insertWorkspace(t.db, { ownerId: intruder.user.id });
    // A member of the victim's workspace too: belonging to it is not enough, the ids must be the default workspace's.
    const neighbour = victim.member;
    const neighbourOwn = await insertWorkspace(t.db, { ownerId: neighbour.user.id });
    const attempts: Array<{ caller: SignedIn; body: Record<string, unknown>; fields: string[] }> = [
      { caller: intruder, body: { default_workspace_uuid: victim.workspace.id }, fields: ["default_workspace_uuid"] },
      {
        caller: intruder,
        body: {
          default_workspace_uuid: own.id,
          default_account_uuid: victimIds.accountId,
          default_card_uuid: victimIds.cardId,
          default_tag_uuid: victimIds.tagId,
        },
        fields: ["default_account_uuid", "default_card_uuid", "default_tag_uuid"],
      },
      {
        caller: intruder,
        body: {
          default_workspace_uuid: victim.workspace.id,
          default_account_uuid: victimIds.accountId,
          default_tag_uuid: victimIds.tagId,
        },
        fields: ["default_account_uuid", "default_tag_uuid", "default_workspace_uuid"],
      },
      { caller: intruder, body: { default_account_uuid: victimIds.accountId }, fields: ["default_account_uuid"] },
      {
        caller: neighbour,
        body: {
          default_workspace_uuid: neighbourOwn.id,
          default_account_uuid: victimIds.accountId,
          default_tag_uuid: victimIds.tagId,
        },
        fields: ["default_account_uuid", "default_tag_uuid"],
      },
    ];
    const before = await snapshotDatabase(t.db);
    for (const { caller, body, fields } of attempts) {
      const response = await t.request("/api/profile/preferences", { method: "PUT", token: caller.token, json: body });
      expect({ body, status: response.status }).toEqual({ body, status: 422 });
      const answer = await response.json();
      expect(answer.code).toBe("VALIDATION_FAILED");
      expect(Object.keys(answer.errors).sort()).toEqual(fields);
    }
    expect(await snapshotDatabase(t.db)).toEqual(before);
  });

  it("keeps each person's inbox their own: another's entry is 404 to read, and a workspace left takes its entries away", async () => {
    const entry = (userId: string) => ({
      userId,
      workspaceId: victim.workspace.id,
      kind: "statement_due" as const,
      subject: `card:${userId}`,
      about: "2026-11-24",
      channel: "in_app" as const,
      params: JSON.stringify({ name: "Nubank", amount: "10.00", currency: "BRL", days: 3, link: "cards" }),
      sendAfter: "2026-11-21T11:00:00.000Z",
      expiresAt: "2026-11-22T03:00:00.000Z",
      status: "sent" as const,
    });
    const [owners] = await t.db.insert(notifications).values(entry(victim.owner.user.id)).returning();
    await t.db.insert(notifications).values(entry(victim.member.user.id));
    const intruder = await signInAs(t);
    const before = await snapshotDatabase(t.db);
    for (const caller of [intruder, victim.member]) {
      const read = await t.request(`/api/notifications/${owners!.id}/read`, { method: "POST", token: caller.token });
      expect(read.status).toBe(404);
      const all = await t.request("/api/notifications/read", { method: "POST", token: intruder.token });
      expect((await all.json()).data).toEqual({ marked: 0, unread: 0 });
      const listed = await (await t.request("/api/notifications", { token: intruder.token })).json();
      expect(listed.data.notifications).toEqual([]);
    }
    expect(await snapshotDatabase(t.db)).toEqual(before);
    const mine = await (await t.request("/api/notifications", { token: victim.member.token })).json();
    expect(mine.data.notifications.map((item: { uuid: string }) => item.uuid)).not.toContain(owners!.id);
    expect(mine.data.unread).toBe(1);
    const left = await t.request(`/api/workspaces/${victim.workspace.id}/leave`, {
      method: "POST",
      token: victim.member.token,
    });
    expect(left.status).toBe(200);
    const gone = await (await t.request("/api/notifications", { token: victim.member.token })).json();
    expect(gone.data).toEqual({ notifications: [], unread: 0, next_before: null });
  });
});
