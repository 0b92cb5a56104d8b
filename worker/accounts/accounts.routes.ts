import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../access/api-env.ts";
import { requirePerson } from "../access/access.middleware.ts";
import { answers, describeRoute, messageSchema } from "../http/openapi.ts";
import { validate } from "../http/validation.ts";
import { accountResponseSchema, balanceHistoryResponseSchema } from "./accounts.responses.ts";
import { balanceHistorySchema, getBalanceHistory } from "./balance-history.service.ts";
import { createAccountSchema, updateAccountSchema } from "./accounts.schemas.ts";
import { createAccount, deleteAccount, getAccount, listAccounts, updateAccount } from "./accounts.service.ts";

const base = "/:workspaceId/accounts";
const tag = "Accounts";

/**
 * /workspaces/{workspaceId}/accounts…. Reads: any member; writes: owner, admin or member. An account's
 * cards and transactions are listed by cards.routes.ts and transactions.routes.ts, which build on accounts.
 */
export const accountRoutes = new Hono<ApiEnv>()
  .use(requirePerson)
  .get(
    base,
    describeRoute({
      tag,
      summary: "Every account of the workspace",
      description: "Oldest first, archived ones included (`is_active: false`).",
      answer: answers.data(z.array(accountResponseSchema)),
    }),
    async (c) => c.json({ data: await listAccounts({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(
    base,
    describeRoute({
      tag,
      summary: "Create an account",
      description:
        "`balance` is the opening balance (may be negative; default 0); the currency defaults to the workspace's; " +
        "`color` is one of the 8 presets by hex or name (`blue`, the default, `green`, `amber`, `red`, `violet`, " +
        "`cyan`, `lime`, `orange`), answered as the upper-case hex. `LIMIT_REACHED` when the plan has no accounts " +
        "left (Free: 5 per workspace, archived ones included).",
      answer: answers.created(accountResponseSchema),
      errors: ["LIMIT_REACHED"],
    }),
    validate("json", createAccountSchema),
    async (c) => {
      const input = { ...c.req.param(), ...c.req.valid("json") };
      return c.json({ data: await createAccount({ ctx: c.get("ctx"), input }) }, 201);
    },
  )
  .get(
    `${base}/:accountId`,
    describeRoute({ tag, summary: "An account", answer: answers.data(accountResponseSchema) }),
    async (c) => c.json({ data: await getAccount({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .put(
    `${base}/:accountId`,
    describeRoute({
      tag,
      summary: "Change or archive an account",
      description:
        "Only the fields sent change; `is_active: false` archives it (it keeps its history but is not offered for new " +
        "transactions). The balance is computed, so `balance` is refused (422). `ACCOUNT_CURRENCY_LOCKED` at " +
        "`currency` when the account has transactions or cards.",
      answer: answers.data(accountResponseSchema),
      errors: ["ACCOUNT_CURRENCY_LOCKED"],
    }),
    validate("json", updateAccountSchema),
    async (c) => {
      const input = { ...c.req.param(), ...c.req.valid("json") };
      return c.json({ data: await updateAccount({ ctx: c.get("ctx"), input }) });
    },
  )
  .delete(
    `${base}/:accountId`,
    describeRoute({
      tag,
      summary: "Delete an account nothing was recorded in",
      description: "`ACCOUNT_HAS_TRANSACTIONS` (archive it instead) and `ACCOUNT_HAS_CARDS` otherwise.",
      answer: answers.data(messageSchema),
      errors: ["ACCOUNT_HAS_TRANSACTIONS", "ACCOUNT_HAS_CARDS"],
    }),
    async (c) => c.json({ data: await deleteAccount({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .get(
    `${base}/:accountId/balance/history`,
    describeRoute({
      tag,
      summary: "The account's balance at the end of each of the last days",
      description: "`days`: 2–366, default 30. Oldest first, today in the workspace's time zone included.",
      answer: answers.data(balanceHistoryResponseSchema),
    }),
    validate("query", balanceHistorySchema),
    async (c) => {
      const input = { ...c.req.param(), ...c.req.valid("query") };
      return c.json({ data: await getBalanceHistory({ ctx: c.get("ctx"), input }) });
    },
  );
