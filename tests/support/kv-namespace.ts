import type { KVNamespace } from "@cloudflare/workers-types";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";

/**
 * A real Workers KV namespace (workerd's, through Miniflare) for node tests of code that caches
 * in KV — the same store the built Worker uses, not an imitation of it.
 */
export async function startKvNamespace(name = "EXCHANGE_RATES") {
  const miniflare = new Miniflare(
    convertV4MiniflareOptions({
      modules: true,
      script: "export default { fetch: () => new Response(null, { status: 204 }) }",
      kvNamespaces: [name],
    } as Parameters<typeof convertV4MiniflareOptions>[0]),
  );
  const namespace = (await miniflare.getKVNamespace(name)) as unknown as KVNamespace;
  return { namespace, dispose: () => miniflare.dispose() };
}
