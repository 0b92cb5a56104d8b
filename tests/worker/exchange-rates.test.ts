import type { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startBuiltWorker } from "../support/built-worker.ts";
import { type FakeRateProviders, providerUrlEnv, startFakeRateProviders } from "../support/fake-rate-providers.ts";
import { databaseAt, workspaceOwnerIn } from "../support/worker-session.ts";

/**
 * The rate chain in workerd, as production runs it: real fetch() to the providers (faked on
 * 127.0.0.1), AbortSignal timeouts, KV, and the cron's refresh in waitUntil.
 */
describe("exchange rates in the built Worker", () => {
  let worker: Miniflare;
  let providers: FakeRateProviders;
  const db = () => databaseAt(inject("databaseUrl"));

  beforeAll(async () => {
    providers = await startFakeRateProviders({ slowMs: 8_000 });
    worker = startBuiltWorker({
      databaseUrl: inject("databaseUrl"),
      vars: { ...providerUrlEnv(providers), RATES_PROVIDER_TIMEOUT_MS: "500" },
    });
    await worker.ready;
  });
  afterAll(async () => {
    await worker?.dispose();
    await providers?.close();
  });

  it("answers rates through the chain, moving past a slow provider within its time limit", async () => {
    const owner = await workspaceOwnerIn(db());
    providers.setMode("frankfurter", "slow");
    const started = Date.now();
    const response = await worker.dispatchFetch("http://127.0.0.1/api/currency/rates?base_currency=EUR", {
      headers: owner.api,
    });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { source: string; rates: Record<string, string> } };
    expect(data.source).toBe("open-er-api");
    expect(data.rates.BRL).toMatch(/^6\.\d{6}$/);
    expect(Date.now() - started).toBeLessThan(3_000);
    providers.setMode("all", "ok");
    const kv = await worker.getKVNamespace("EXCHANGE_RATES");
    await expect.poll(() => kv.get("rates:v1:EUR"), { timeout: 5_000 }).not.toBeNull();
  });

  it("refreshes the rates in use from the cron run, in waitUntil", async () => {
    const kv = await worker.getKVNamespace("EXCHANGE_RATES");
    await kv.delete("rates:v1:BRL");
    // workspaceOwnerIn's workspace is in dollars (the default) and its account in reais: both bases are in use.
    await workspaceOwnerIn(db());
    const result = await (await worker.getWorker()).scheduled({
      cron: "*/5 * * * *",
      scheduledTime: new Date(),
    });
    expect(result.outcome).toBe("ok");
    await expect.poll(() => kv.get("rates:v1:BRL"), { timeout: 5_000 }).not.toBeNull();
    const kept = await db().all<{ base: string }>("select distinct base from exchange_rates" as never);
    expect(kept.map((row) => row.base)).toContain("BRL");
  });
});
