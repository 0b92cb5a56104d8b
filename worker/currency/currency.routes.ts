import { Hono } from "hono";
import type { ApiEnv } from "../http/api-env.ts";
import { batchAsActor } from "../access/actor-access.ts";
import type { ActingContext, PersonActor } from "../access/actor.ts";
import { requirePerson } from "../access/access.middleware.ts";
import { parseJsonBody, validate } from "../http/validation.ts";
import {
  cacheQuerySchema,
  convertMultipleSchema,
  convertSchema,
  rateQuerySchema,
  ratesQuerySchema,
} from "./currency.schemas.ts";
import {
  convertAmount,
  convertMany,
  getRate,
  getRates,
  refreshCache,
  supportedCurrencies,
} from "./currency.service.ts";

/**
 * /currency… (SPEC §7 Currency): for any signed-in person, so the providers are not an open
 * proxy. Rates are not workspace data; nothing here reads or writes a workspace.
 */
/**
 * The session is checked first (one round trip): a revoked token starts no provider call and no
 * cache write. The work is handed over as a function so it only starts after the check.
 */
async function whileSessionLive<Result>(ctx: ActingContext<PersonActor>, work: () => Promise<Result>): Promise<Result> {
  await batchAsActor(ctx, {});
  return work();
}

export const currencyRoutes = new Hono<ApiEnv>()
  .use(requirePerson)
  .get("/rates", validate("query", ratesQuerySchema), async (c) =>
    c.json({
      data: await whileSessionLive(c.get("ctx"), () => getRates({ ctx: c.get("ctx"), input: c.req.valid("query") })),
    }),
  )
  .get("/rate", validate("query", rateQuerySchema), async (c) =>
    c.json({
      data: await whileSessionLive(c.get("ctx"), () => getRate({ ctx: c.get("ctx"), input: c.req.valid("query") })),
    }),
  )
  .post("/convert", async (c) =>
    c.json({
      data: await whileSessionLive(c.get("ctx"), async () =>
        convertAmount({ ctx: c.get("ctx"), input: await parseJsonBody(c.req.raw, convertSchema) }),
      ),
    }),
  )
  .post("/convert-multiple", async (c) =>
    c.json({
      data: await whileSessionLive(c.get("ctx"), async () =>
        convertMany({ ctx: c.get("ctx"), input: await parseJsonBody(c.req.raw, convertMultipleSchema) }),
      ),
    }),
  )
  .get("/supported", async (c) =>
    c.json({ data: await whileSessionLive(c.get("ctx"), async () => supportedCurrencies()) }),
  )
  // The verb checks the session in the batch that counts the call: no provider is asked before it.
  .delete("/cache", validate("query", cacheQuerySchema), async (c) =>
    c.json({ data: await refreshCache({ ctx: c.get("ctx"), input: c.req.valid("query") }) }),
  );
