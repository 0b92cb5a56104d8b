/**
 * `npm run bench:weight [-- --no-build] [-- --files]`: what a first visit to each signed-in page (and /login)
 * downloads in JavaScript and CSS, brotli-compressed at quality 11 as Cloudflare serves them.
 * Serves the build in workerd (Miniflare) against a fresh sqld with one signed-in owner, reads each
 * page's HTML, and counts every script, module preload (also those sent inert until the first paint), stylesheet
 * and inline module import it names, once per page (the files come from build/client). Prints a Markdown table
 * against the budget: signed-in pages ≤ 150 KB, /login ≤ 100 KB; the analytics page, charts included, ≤ 250 KB.
 * Not part of `npm test`.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, constants as zlib } from "node:zlib";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import type { Database } from "../db/client.ts";
import { insertUser, insertWorkspace } from "../db/factories.ts";
import { newId } from "../db/ids.ts";
import { sessions } from "../db/schema/index.ts";
import { startBuiltWorker } from "../tests/support/built-worker.ts";
import { signSessionToken } from "../worker/access/tokens.ts";
import { freePort, migrateDatabase, projectRoot, startDatabase } from "./local-stack.ts";

const jwtSecret = "weight-secret-weight-secret-weight-secret";
const budgets = { signedIn: 150 * 1024, login: 100 * 1024, analytics: 250 * 1024 };
const pages: Array<{ path: string; isSignedIn: boolean; budget?: number }> = [
  { path: "/login", isSignedIn: false },
  { path: "/workspaces/{w}/dashboard", isSignedIn: true },
  { path: "/workspaces/{w}/transactions", isSignedIn: true },
  { path: "/workspaces/{w}/accounts", isSignedIn: true },
  { path: "/workspaces/{w}/cards", isSignedIn: true },
  { path: "/workspaces/{w}/tags", isSignedIn: true },
  { path: "/workspaces/{w}/scheduled-transactions", isSignedIn: true },
  { path: "/workspaces/{w}/recurring-transactions", isSignedIn: true },
  { path: "/workspaces/{w}/settings", isSignedIn: true },
  { path: "/workspaces/{w}/installment-plans", isSignedIn: true },
  { path: "/workspaces/{w}/loans", isSignedIn: true },
  { path: "/workspaces/{w}/analytics", isSignedIn: true, budget: budgets.analytics },
  { path: "/workspaces", isSignedIn: true },
  { path: "/settings", isSignedIn: true },
];

/** Every /assets/… JS or CSS file the HTML makes the browser fetch before the page is usable. */
function firstLoadAssets(html: string): string[] {
  const found = new Set<string>();
  const patterns = [
    /<link\b[^>]*rel="(?:modulepreload|moneta-modulepreload|stylesheet)"[^>]*href="([^"]+)"/g,
    /<link\b[^>]*href="([^"]+)"[^>]*rel="(?:modulepreload|moneta-modulepreload|stylesheet)"/g,
    /<script\b[^>]*src="([^"]+)"/g,
    /\bimport\s*(?:[^"'()]*?from\s*)?["']([^"']+\.js)["']/g,
    /\bimport\(\s*["']([^"']+\.js)["']\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const match of html.matchAll(pattern)) {
      const path = match[1]!;
      if (path.startsWith("/assets/") && /\.(js|css)$/.test(path)) found.add(path);
    }
  }
  return [...found].sort();
}

const brotliBytes = (body: Buffer) =>
  brotliCompressSync(body, {
    params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.byteLength },
  }).byteLength;

const isListingFiles = process.argv.includes("--files");

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

if (!process.argv.includes("--no-build")) {
  console.log("  • Building the app…");
  const build = spawnSync(join(projectRoot, "node_modules", ".bin", "react-router"), ["build"], {
    cwd: projectRoot,
    stdio: "ignore",
  });
  if (build.status !== 0) throw new Error("The build failed: run `npm run build` to see why.");
}

const dataDir = mkdtempSync(join(tmpdir(), "moneta-weight-"));
const database = await startDatabase({ dataDir, port: await freePort() });
const worker = startBuiltWorker({
  databaseUrl: database.url,
  vars: { JWT_SECRET: jwtSecret, APP_URL: "http://weight.local", APP_ENV: "local" },
  onLog: () => {},
});
try {
  await migrateDatabase(database.url);
  const client = createClient({ url: database.url });
  const db = drizzle(client) as unknown as Database;
  const user = await insertUser(db, { name: "Weight Owner" });
  const workspace = await insertWorkspace(db, { ownerId: user.id, currency: "BRL" });
  const now = new Date();
  const sessionId = newId();
  const expiresAt = new Date(now.getTime() + 86_400_000);
  await db.insert(sessions).values({
    id: sessionId,
    userId: user.id,
    createdAt: now.toISOString(),
    lastSeenAt: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
  });
  const token = await signSessionToken(jwtSecret, { userId: user.id, sessionId, expiresAt, now });
  client.close();

  const sizeOf = new Map<string, number>();
  const assetBytes = (path: string) => {
    if (!sizeOf.has(path)) sizeOf.set(path, brotliBytes(readFileSync(join(projectRoot, "build", "client", path))));
    return sizeOf.get(path)!;
  };

  console.log("\n| Page | JS (brotli) | CSS (brotli) | JS + CSS | files | budget |");
  console.log("|---|---|---|---|---|---|");
  for (const page of pages) {
    const path = page.path.replace("{w}", workspace.id);
    const response = await worker.dispatchFetch(`http://weight.local${path}`, {
      headers: page.isSignedIn ? { Cookie: `moneta_session=${token}; lang=pt-BR` } : { Cookie: "lang=pt-BR" },
      redirect: "manual",
    });
    const html = await response.text();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    const assets = firstLoadAssets(html);
    const js = assets.filter((asset) => asset.endsWith(".js")).reduce((sum, asset) => sum + assetBytes(asset), 0);
    const css = assets.filter((asset) => asset.endsWith(".css")).reduce((sum, asset) => sum + assetBytes(asset), 0);
    const budget = page.budget ?? (page.isSignedIn ? budgets.signedIn : budgets.login);
    const verdict = js + css <= budget ? "met" : "over";
    console.log(
      `| ${page.path} | ${kb(js)} | ${kb(css)} | ${kb(js + css)} | ${assets.length} | ≤ ${kb(budget)}: ${verdict} |`,
    );
    if (isListingFiles) for (const asset of assets) console.log(`    ${kb(assetBytes(asset)).padStart(9)}  ${asset}`);
  }
} finally {
  await worker.dispose();
  await database.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
