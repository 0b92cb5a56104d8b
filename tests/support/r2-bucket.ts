import { convertV4MiniflareOptions, Miniflare } from "miniflare";

/**
 * A real R2 bucket (workerd's, through Miniflare) for node tests of code that keeps files in R2 — the
 * same store the built Worker uses, not an imitation of it.
 */
export async function startR2Bucket(name = "RECEIPTS") {
  const miniflare = new Miniflare(
    convertV4MiniflareOptions({
      modules: true,
      script: "export default { fetch: () => new Response(null, { status: 204 }) }",
      r2Buckets: [name],
    } as Parameters<typeof convertV4MiniflareOptions>[0]),
  );
  const bucket = (await miniflare.getR2Bucket(name)) as unknown as R2Bucket;
  return { bucket, dispose: () => miniflare.dispose() };
}
