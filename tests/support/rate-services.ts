import { afterAll, beforeAll } from "vitest";
import { clearRatesCache } from "../../worker/currency/exchange-rates.service.ts";
import type { Env } from "../../worker/env.ts";
import { type FakeRateProviders, providerUrlEnv, startFakeRateProviders } from "./fake-rate-providers.ts";
import { startKvNamespace } from "./kv-namespace.ts";

/**
 * For a node test file: the fake rate providers on 127.0.0.1 and a real KV namespace, started once
 * for the file; `env()` is the configuration that points the Worker at them, `reset()` puts them
 * back (every provider answering, no call recorded, the cache empty) before each test.
 */
export function useRateServices(options: Parameters<typeof startFakeRateProviders>[0] = {}) {
  let providers: FakeRateProviders;
  let kv: Awaited<ReturnType<typeof startKvNamespace>>;
  beforeAll(async () => {
    providers = await startFakeRateProviders(options);
    kv = await startKvNamespace();
  });
  afterAll(async () => {
    await providers.close();
    await kv.dispose();
  });
  return {
    get providers() {
      return providers;
    },
    get kv() {
      return kv.namespace;
    },
    env: (): Partial<Env> => ({ EXCHANGE_RATES: kv.namespace, ...providerUrlEnv(providers) }),
    async reset() {
      providers.setMode("all", "ok");
      providers.calls.length = 0;
      await clearRatesCache({ env: { EXCHANGE_RATES: kv.namespace } } as never);
    },
  };
}
