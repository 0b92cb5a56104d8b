import { Hono } from "hono";
import { isUuid } from "../../db/ids.ts";
import type { ApiEnv } from "../api.ts";
import { requirePerson } from "../auth/auth.middleware.ts";
import { validate } from "../http/validation.ts";
import { listTransactions } from "../transactions/transaction-reads.service.ts";
import { transactionFiltersSchema } from "../transactions/transactions.schemas.ts";
import { balanceHistorySchema, getBalanceHistory } from "./balance-history.service.ts";
import { createAccountSchema, updateAccountSchema } from "./accounts.schemas.ts";
import { createAccount, deleteAccount, getAccount, listAccounts, updateAccount } from "./accounts.service.ts";
import { listCardsOfAccount } from "../cards/cards.service.ts";

const base = "/:workspaceId/accounts";

/** /workspaces/{workspaceId}/accounts… (SPEC §7 Accounts). */
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
  })
  .get(`${base}/:accountId/transactions`, validate("query", transactionFiltersSchema), async (c) => {
    const { workspaceId, accountId } = c.req.param();
    const filters = { ...c.req.valid("query"), account_id: isUuid(accountId) ? accountId : undefined };
    const parent = { kind: "account" as const, id: accountId };
    return c.json(await listTransactions({ ctx: c.get("ctx"), input: { workspaceId, filters, parent } }));
  })
  .get(`${base}/:accountId/cards`, async (c) =>
    c.json({ data: await listCardsOfAccount({ ctx: c.get("ctx"), input: c.req.param() }) }),
  );
