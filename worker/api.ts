import { Hono } from "hono";
import { authRoutes } from "./auth/auth.routes.ts";
import { healthRoutes } from "./health/health.routes.ts";
import type { ApiEnv } from "./access/api-env.ts";
import { apiReferenceRoutes } from "./pages/api-reference.routes.ts";
import { jsonBodiesOnly } from "./http/validation.ts";
import { leadRoutes } from "./leads/leads.routes.ts";
import { profileRoutes } from "./profile/profile.routes.ts";
import { profileWorkspaceRoutes, workspaceRoutes } from "./workspaces/workspaces.routes.ts";
import { accountRoutes } from "./accounts/accounts.routes.ts";
import { cardRoutes } from "./cards/cards.routes.ts";
import { tagRoutes } from "./tags/tags.routes.ts";
import { payeeRoutes } from "./payees/payees.routes.ts";
import { ruleRoutes } from "./rules/rules.routes.ts";
import { transactionRoutes } from "./transactions/transactions.routes.ts";
import { ruleRunRoutes } from "./transactions/rule-runs.routes.ts";
import { dashboardRoutes } from "./dashboard/dashboard.routes.ts";
import { scheduledRoutes } from "./planning/scheduled/scheduled.routes.ts";
import { recurringRoutes } from "./planning/recurring/recurring.routes.ts";
import { calculatorRoutes } from "./planning/calculators/calculators.routes.ts";
import { installmentRoutes } from "./planning/installments/installments.routes.ts";
import { loanRoutes } from "./planning/loans/loans.routes.ts";
import { operatorRoutes } from "./operator/operator.routes.ts";
import { currencyRoutes } from "./currency/currency.routes.ts";
import { analyticsRoutes } from "./analytics/analytics.routes.ts";
import { budgetRoutes } from "./budgets/budgets.routes.ts";
import { goalRoutes } from "./goals/goals.routes.ts";
import { exportRoutes } from "./exports/exports.routes.ts";
import { importRoutes } from "./imports/imports.routes.ts";
import { moveInRoutes } from "./move-in/move-in.routes.ts";
import { restoreRoutes } from "./restore/restore.routes.ts";
import { receiptRoutes } from "./receipts/receipts.routes.ts";
import { bankConnectionRoutes, bankWebhookRoutes } from "./bank-connections/bank-connections.routes.ts";
import { whatsappRoutes } from "./assistant/whatsapp.routes.ts";
import { notificationRoutes, reminderSettingsRoutes, unsubscribeRoutes } from "./reminders/reminders.routes.ts";

/**
 * The public JSON API, mounted at /api. Each feature adds its router here and describes each route
 * (worker/http/openapi.ts); GET /api/openapi.json is the document, GET /api/docs its reference page,
 * and tests/node/api-contract.test.ts holds every route and answer to it.
 */
export const api: Hono<ApiEnv> = new Hono<ApiEnv>()
  .use(jsonBodiesOnly)
  .route(
    "/",
    apiReferenceRoutes(() => api),
  )
  .route("/health", healthRoutes)
  .route("/auth", authRoutes)
  .route("/leads", leadRoutes)
  .route("/profile", profileRoutes)
  .route("/profile", profileWorkspaceRoutes)
  .route("/profile", reminderSettingsRoutes)
  .route("/notifications", notificationRoutes)
  .route("/reminders", unsubscribeRoutes)
  .route("/workspaces", workspaceRoutes)
  .route("/workspaces", accountRoutes)
  .route("/workspaces", cardRoutes)
  .route("/workspaces", transactionRoutes)
  .route("/workspaces", ruleRunRoutes)
  .route("/workspaces", tagRoutes)
  .route("/workspaces", payeeRoutes)
  .route("/workspaces", ruleRoutes)
  .route("/workspaces", dashboardRoutes)
  .route("/workspaces", scheduledRoutes)
  .route("/workspaces", recurringRoutes)
  .route("/workspaces", analyticsRoutes)
  .route("/workspaces", budgetRoutes)
  .route("/workspaces", goalRoutes)
  .route("/workspaces", exportRoutes)
  .route("/workspaces", importRoutes)
  .route("/workspaces", moveInRoutes)
  .route("/workspace-archives", restoreRoutes)
  .route("/workspaces", receiptRoutes)
  .route("/workspaces", bankConnectionRoutes)
  .route("/workspaces", calculatorRoutes)
  .route("/workspaces", installmentRoutes)
  .route("/workspaces", loanRoutes)
  .route("/currency", currencyRoutes)
  .route("/admin", operatorRoutes)
  .route("/whatsapp", whatsappRoutes)
  .route("/bank-webhooks", bankWebhookRoutes);
