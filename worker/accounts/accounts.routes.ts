import { Hono } from "hono";
import type { ApiEnv } from "../http/api-env.ts";
import { requirePerson } from "../access/access.middleware.ts";
import { validate } from "../http/validation.ts";
import { balanceHistorySchema, getBalanceHistory } from "./balance-history.service.ts";
import { createAccountSchema, updateAccountSchema } from "./accounts.schemas.ts";
import { createAccount, deleteAccount, getAccount, listAccounts, updateAccount } from "./accounts.service.ts";

const base = "/:workspaceId/accounts";

/**
 * /workspaces/{workspaceId}/accounts… (SPEC §7 Accounts). An account's cards and transactions are listed by
 * cards.routes.ts and transactions.routes.ts, which build on accounts.
 */
export const accountRoutes = new Hono<ApiEnv>()
  .use(requirePerson)
  .get(base, async (c) => c.json({ data: await listAccounts({ ctx: c.get("ctx"), input: c.req.param() }) }))
  .post(base, validate("json", createAccountSchema), async (c) => {
    const input = { ...c.req.param(), ...c.req.valid("json") };
    return c.json({ data: await createAccount({ ctx: c.get("ctx"), input }) }, 201);
  })
  .get(`${base}/:accountId`, async (c) =>
    c.json({ data: await getAccount({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .put(`${base}/:accountId`, validate("json", updateAccountSchema), async (c) => {
    const input = { ...c.req.param(), ...c.req.valid("json") };
    return c.json({ data: await updateAccount({ ctx: c.get("ctx"), input }) });
  })
  .delete(`${base}/:accountId`, async (c) =>
    c.json({ data: await deleteAccount({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .get(`${base}/:accountId/balance/history`, validate("query", balanceHistorySchema), async (c) => {
    const input = { ...c.req.param(), ...c.req.valid("query") };
    return c.json({ data: await getBalanceHistory({ ctx: c.get("ctx"), input }) });
  });
