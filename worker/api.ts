import { Hono } from "hono";
import type { Language } from "./i18n/language.ts";
import type { ActingContext, PersonActor } from "./auth/actor.ts";
import { authRoutes } from "./auth/auth.routes.ts";
import type { ServiceContext } from "./context.ts";
import type { Env } from "./env.ts";
import { healthRoutes } from "./health/health.routes.ts";
import type { RequestScope } from "./http/request-scope.ts";
import { jsonBodiesOnly } from "./http/validation.ts";
import { leadRoutes } from "./leads/leads.routes.ts";
import { profileRoutes } from "./profile/profile.routes.ts";
import { workspaceRoutes } from "./workspaces/workspaces.routes.ts";
import { accountRoutes } from "./accounts/accounts.routes.ts";
import { cardRoutes } from "./cards/cards.routes.ts";
import { tagRoutes } from "./tags/tags.routes.ts";
import { transactionRoutes } from "./transactions/transactions.routes.ts";
import { dashboardRoutes } from "./dashboard/dashboard.routes.ts";
import { scheduledRoutes } from "./scheduled/scheduled.routes.ts";
import { recurringRoutes } from "./recurring/recurring.routes.ts";
import { calculatorRoutes } from "./calculators/calculators.routes.ts";
import { installmentRoutes } from "./installments/installments.routes.ts";
import { loanRoutes } from "./loans/loans.routes.ts";
import { jobRoutes } from "./jobs/jobs.routes.ts";
import { currencyRoutes } from "./currency/currency.routes.ts";
import { analyticsRoutes } from "./analytics/analytics.routes.ts";
import { budgetRoutes } from "./budgets/budgets.routes.ts";
import { goalRoutes } from "./goals/goals.routes.ts";
import { exportRoutes } from "./exports/exports.routes.ts";
import { importRoutes } from "./imports/imports.routes.ts";
import { importPreviewPath } from "./imports/statement.ts";
import { whatsappRoutes } from "./assistant/whatsapp.routes.ts";

export type ApiEnv = {
  Bindings: Env;
  /**
   * `ctx` (acting as the signed-in person) is set by requirePerson on routes that need one; `language`, by a
   * route that answers in a language of its own choosing (errors otherwise follow the `lang` cookie, then Accept-Language).
   */
  Variables: { scope: RequestScope; services: ServiceContext; ctx: ActingContext<PersonActor>; language?: Language };
};

/**
 * The public JSON API, mounted at /api. Each feature adds its router here; docs/api.md documents
 * every route (tests/node/api-doc.test.ts fails when one is missing there).
 */
export const api = new Hono<ApiEnv>()
  // The uploads: the profile picture (multipart or the raw image bytes) and a statement to import (multipart).
  .use(
    jsonBodiesOnly({ except: ["POST /api/profile/picture", new RegExp(`^POST ${importPreviewPath.source.slice(1)}`)] }),
  )
  .route("/health", healthRoutes)
  .route("/auth", authRoutes)
  .route("/leads", leadRoutes)
  .route("/profile", profileRoutes)
  .route("/workspaces", workspaceRoutes)
  .route("/workspaces", accountRoutes)
  .route("/workspaces", cardRoutes)
  .route("/workspaces", transactionRoutes)
  .route("/workspaces", tagRoutes)
  .route("/workspaces", dashboardRoutes)
  .route("/workspaces", scheduledRoutes)
  .route("/workspaces", recurringRoutes)
  .route("/workspaces", analyticsRoutes)
  .route("/workspaces", budgetRoutes)
  .route("/workspaces", goalRoutes)
  .route("/workspaces", exportRoutes)
  .route("/workspaces", importRoutes)
  .route("/workspaces", calculatorRoutes)
  .route("/workspaces", installmentRoutes)
  .route("/workspaces", loanRoutes)
  .route("/currency", currencyRoutes)
  .route("/admin", jobRoutes)
  .route("/whatsapp", whatsappRoutes);
