import { createClient } from "@libsql/client";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import type { Miniflare } from "miniflare";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { insertAccount, insertWorkspace } from "../../db/factories.ts";
import { transactions, users, workspaces } from "../../db/schema/index.ts";
import { startBuiltWorker } from "../support/built-worker.ts";
import { fixedClock } from "../support/service-context.ts";
import { signInAs } from "../support/sessions.ts";
import type { TestApp } from "../support/test-app.ts";

/** The key tests/support/built-worker.ts hands the Worker. */
const jwtSecret = "worker-test-secret-worker-test-secret";
const site = "http://127.0.0.1";

describe("page form actions and the Origin check, in the built Worker", () => {
  let worker: Miniflare;
  let db: Database;
  const logLines: string[] = [];
  let person: Awaited<ReturnType<typeof signInAs>>;

  beforeAll(async () => {
    // APP_ENV "local" writes the request and error log, where a refused action must leave no stack trace.
    worker = startBuiltWorker({
      databaseUrl: inject("databaseUrl"),
      vars: { APP_ENV: "local" },
      onLog: (line) => logLines.push(line),
    });
    await worker.ready;
    db = drizzle(createClient({ url: inject("databaseUrl") })) as unknown as Database;
  });
  afterAll(async () => {
    await worker?.dispose();
  });
  beforeEach(async () => {
    const clock = fixedClock(new Date().toISOString());
    person = await signInAs({ db, clock, env: { JWT_SECRET: jwtSecret } } as unknown as TestApp, { name: "Ana" });
    logLines.length = 0;
  });

  const post = (path: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
    worker.dispatchFetch(`${site}${path}`, {
      method: "POST",
      body: new URLSearchParams(form),
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Cookie: `lang=pt-BR; ${person.cookie}`,
        ...headers,
      },
      redirect: "manual",
    });
  const profileStatus = async () =>
    (await worker.dispatchFetch(`${site}/api/profile`, { headers: { Authorization: `Bearer ${person.token}` } }))
      .status;
  const nameOf = async () =>
    (await db.select({ name: users.name }).from(users).where(eq(users.id, person.user.id)))[0]?.name;
  /** The zone of the workspace a page action created and redirected to. */
  const zoneOfCreated = async (response: Awaited<ReturnType<typeof post>>) => {
    expect(response.status).toBe(302);
    const uuid = /^\/workspaces\/([0-9a-f-]{36})\/dashboard$/.exec(response.headers.get("Location") ?? "")?.[1];
    const rows = await db
      .select({ timeZone: workspaces.timeZone })
      .from(workspaces)
      .where(eq(workspaces.id, uuid ?? ""));
    return rows[0]?.timeZone;
  };

  it("refuses a page action without an Origin with 403 and the translated page, changes nothing, logs no stack", async () => {
    const response = await post("/settings", { intent: "update-profile", name: "Hacked" });
    expect(response.status).toBe(403);
    expect(response.headers.get("Content-Type")).toContain("text/html");
    expect(await response.text()).toContain("Este pedido foi recusado");
    expect(await nameOf()).toBe("Ana");
    expect(logLines.filter((line) => /unhandled_error|\bstack\b|\n\s+at /.test(line))).toEqual([]);
  });

  it("refuses /logout from a foreign, null, look-alike or missing Origin with 403, and the session lives on", async () => {
    for (const origin of ["https://evil.example", "null", `${site}.evil.example`, "http://127.0.0.1:1", undefined]) {
      const response = await post("/logout", {}, origin ? { Origin: origin } : {});
      expect({ origin, status: response.status }).toEqual({ origin, status: 403 });
      expect(response.headers.get("Set-Cookie")).toBeNull();
      expect(await response.text()).toContain("Este pedido foi recusado");
    }
    expect(await profileStatus()).toBe(200);
    expect(logLines.filter((line) => /unhandled_error|\bstack\b/.test(line))).toEqual([]);
  });

  it("logs out from our own Origin, and a second logout with the revoked cookie still lands on /login", async () => {
    const first = await post("/logout", {}, { Origin: site });
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/login");
    expect(await profileStatus()).toBe(401);
    const again = await post("/logout", {}, { Origin: site });
    expect(again.status).toBe(302);
    expect(again.headers.get("Set-Cookie")).toContain("moneta_session=;");
  });

  it("sends the language switcher only to paths on our site", async () => {
    for (const redirectTo of [
      "/\t/evil.example/",
      "/%2F/evil.example/",
      "/\\evil.example",
      "//evil.example/",
      "https://evil.example/",
    ]) {
      const response = await post("/language", { language: "en", redirectTo }, { Origin: site });
      expect({ redirectTo, location: response.headers.get("Location") }).toEqual({ redirectTo, location: "/" });
    }
    const back = await post("/language", { language: "en", redirectTo: "/privacy-policy?x=1#top" }, { Origin: site });
    expect(back.headers.get("Location")).toBe("/privacy-policy?x=1#top");
  });

  it("takes the Origin check on the language switcher too", async () => {
    const response = await post("/language", { language: "en", redirectTo: "/" }, { Origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  it("takes an entry kept offline only from who recorded it, and reads its amount in the language it was typed in", async () => {
    const workspace = await insertWorkspace(db, { ownerId: person.user.id, currency: "BRL" });
    const account = await insertAccount(db, { workspaceId: workspace.id, currency: "BRL" });
    const entry = (fields: Record<string, string>) =>
      post(
        `/workspaces/${workspace.id}/transactions.data`,
        {
          intent: "create",
          type: "expense",
          description: "Café",
          date: "2026-11-29",
          origin_id: `account:${account.id}`,
          has_tags: "1",
          note: "",
          parts: "null",
          idempotency_key: crypto.randomUUID(),
          replay: "1",
          ...fields,
        },
        { Origin: site },
      );
    const amounts = async () =>
      (
        await db
          .select({ cents: transactions.amountCents })
          .from(transactions)
          .where(eq(transactions.workspaceId, workspace.id))
      )
        .map((row) => row.cents)
        .sort((a, b) => a - b);
    // Recorded by someone else on this device, sent under this person's session: refused, nothing written.
    expect((await entry({ amount: "12,50", typed_in: "pt-BR", recorded_by: crypto.randomUUID() })).status).toBe(403);
    expect(await amounts()).toEqual([]);
    // The page is Portuguese (the cookie), the entry was typed in English: "1,250.00" is one thousand two hundred and fifty.
    expect((await entry({ amount: "1,250.00", typed_in: "en", recorded_by: person.user.id })).status).toBe(200);
    expect((await entry({ amount: "12,50", typed_in: "pt-BR", recorded_by: person.user.id })).status).toBe(200);
    expect(await amounts()).toEqual([1250, 125_000]);
  });

  it("starts a workspace in the zone the form carries, or the page language's when it carries none", async () => {
    // A Portuguese page sent before hydration: no zone in the form.
    expect(await zoneOfCreated(await post("/workspace-setup", { name: "Casa" }, { Origin: site }))).toBe(
      "America/Sao_Paulo",
    );
    // The create dialog after hydration, with the browser's zone.
    expect(
      await zoneOfCreated(await post("/workspaces", { name: "Viagem", time_zone: "Asia/Tokyo" }, { Origin: site })),
    ).toBe("Asia/Tokyo");
  });

  it("falls back to UTC for an English page whose form carries a zone no one has", async () => {
    const response = await post(
      "/workspace-setup",
      { name: "Home", time_zone: "Mars/Olympus" },
      { Origin: site, Cookie: `lang=en; ${person.cookie}` },
    );
    expect(await zoneOfCreated(response)).toBe("UTC");
  });
});
