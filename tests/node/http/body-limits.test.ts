import { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { createWorkerApp } from "../../../worker/app.ts";
import type { ApiEnv } from "../../../worker/access/api-env.ts";
import { bodyLimits } from "../../../worker/http/body-limits.ts";
import { AppError } from "../../../worker/http/errors.ts";
import { jsonBodiesOnly } from "../../../worker/http/validation.ts";
import { createTestDatabase } from "../../support/database.ts";
import { testEnv, testServiceContext } from "../../support/service-context.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";

const kilobytes = (count: number) => "x".repeat(count * 1024);
const megabytes = (count: number) => new Uint8Array(count * 1024 * 1024);
const tooLarge = (limit: string) => ({
  code: "PAYLOAD_TOO_LARGE",
  message: `The request body is too large (the limit is ${limit}).`,
});

/** A body sent in chunks, without a Content-Length: the limit counts what arrives. */
function streamed(text: string) {
  const bytes = new TextEncoder().encode(text);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let offset = 0; offset < bytes.length; offset += 64 * 1024)
        controller.enqueue(bytes.slice(offset, offset + 64 * 1024));
      controller.close();
    },
  });
  return { body: stream, duplex: "half" } as RequestInit;
}

const bytesRead = async (request: Request) => ({ bytes: (await request.arrayBuffer()).byteLength });

/** Routes shaped like the API's: one that declares nothing, a larger JSON one, an upload behind a sign-in check. */
const fixtureApi = new Hono<ApiEnv>()
  .use(jsonBodiesOnly)
  .use("/private/*", async (c, next) => {
    if (!c.req.header("X-Signed-In")) throw new AppError("UNAUTHENTICATED");
    await next();
  })
  .post("/notes", async (c) => c.json(await bytesRead(c.req.raw)))
  .post("/deliveries", bodyLimits.json(1024 * 1024, "1 MB"), async (c) => c.json(await bytesRead(c.req.raw)))
  .post("/private/upload", bodyLimits.upload(1024 * 1024, "1 MB"), async (c) => c.json(await bytesRead(c.req.raw)));

describe("body limits, as each route declares them", () => {
  let app: ReturnType<typeof createWorkerApp>;
  const env = testEnv();
  beforeAll(async () => {
    const db = await createTestDatabase();
    app = createWorkerApp({
      api: fixtureApi,
      renderPage: (c) => c.text("page"),
      createServices: () => testServiceContext(db),
    });
  });
  const post = (path: string, init: RequestInit & { contentType?: string }) =>
    app.request(
      path,
      { ...init, method: "POST", headers: { "Content-Type": init.contentType ?? "application/json", ...init.headers } },
      env,
    );

  it("holds a route that declares nothing to 256 KB of JSON, sent whole or in chunks", async () => {
    expect((await post("/api/notes", { body: JSON.stringify(kilobytes(200)) })).status).toBe(200);
    const whole = await post("/api/notes", { body: JSON.stringify(kilobytes(300)) });
    expect(whole.status).toBe(413);
    expect(await whole.json()).toMatchObject(tooLarge("256 KB"));
    const chunked = await post("/api/notes", streamed(JSON.stringify(kilobytes(300))));
    expect(chunked.status).toBe(413);
  });

  it("lets a JSON route declare more, holds it to that, and still to JSON", async () => {
    const declared = await post("/api/deliveries", { body: JSON.stringify(kilobytes(600)) });
    expect(declared.status).toBe(200);
    expect((await declared.json()).bytes).toBeGreaterThan(600 * 1024);
    expect((await post("/api/deliveries", streamed(JSON.stringify(kilobytes(600))))).status).toBe(200);
    const over = await post("/api/deliveries", { body: JSON.stringify(kilobytes(1100)) });
    expect(over.status).toBe(413);
    expect(await over.json()).toMatchObject(tooLarge("1 MB"));
    expect((await post("/api/deliveries", { body: "hello", contentType: "text/plain" })).status).toBe(415);
  });

  it("lets an upload declare its limit and any type, measured before any other middleware runs", async () => {
    const signedIn = { "X-Signed-In": "yes" };
    const upload = await post("/api/private/upload", {
      body: megabytes(0.5),
      contentType: "application/octet-stream",
      headers: signedIn,
    });
    expect(upload.status).toBe(200);
    expect(await upload.json()).toEqual({ bytes: 512 * 1024 });
    const over = await post("/api/private/upload", { body: megabytes(2), contentType: "application/octet-stream" });
    expect(over.status).toBe(413);
    expect(await over.json()).toMatchObject(tooLarge("1 MB"));
    const under = await post("/api/private/upload", { body: megabytes(0.5), contentType: "application/octet-stream" });
    expect(under.status).toBe(401);
  });

  it("keeps unknown API paths to the default and page form posts to the pictures' 2 MB", async () => {
    const unknown = await post("/api/nothing", { body: JSON.stringify(kilobytes(300)) });
    expect(unknown.status).toBe(413);
    const form = await post("/settings", { body: megabytes(1), contentType: "multipart/form-data; boundary=x" });
    expect(form.status).toBe(200);
    expect(await form.text()).toBe("page");
    const bigForm = await post("/settings", { body: megabytes(3), contentType: "multipart/form-data; boundary=x" });
    expect(bigForm.status).toBe(413);
  });
});

describe("the API's own uploads", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  const post = (path: string, body: BodyInit, contentType: string) =>
    t.request(path, { method: "POST", body, headers: { "Content-Type": contentType } });

  it("takes a picture past 256 KB up to 2 MB, refusing a 3 MB one before asking who sent it", async () => {
    expect((await post("/api/profile/picture", megabytes(1), "image/png")).status).toBe(401);
    const over = await post("/api/profile/picture", megabytes(3), "image/png");
    expect(over.status).toBe(413);
    expect(await over.json()).toMatchObject(tooLarge("2 MB"));
  });

  it("takes a statement to import up to 5 MB", async () => {
    const path = "/api/workspaces/00000000-0000-4000-8000-000000000000/imports/preview";
    expect((await post(path, megabytes(3), "multipart/form-data; boundary=x")).status).toBe(401);
    const over = await post(path, megabytes(6), "multipart/form-data; boundary=x");
    expect(over.status).toBe(413);
    expect(await over.json()).toMatchObject(tooLarge("5 MB"));
  });

  it("takes a WhatsApp delivery up to 1 MB of JSON", async () => {
    const delivery = JSON.stringify({ padding: kilobytes(600) });
    expect((await post("/api/whatsapp/webhook", delivery, "application/json")).status).toBe(401);
    const over = await post("/api/whatsapp/webhook", JSON.stringify({ padding: kilobytes(1100) }), "application/json");
    expect(over.status).toBe(413);
    expect(await over.json()).toMatchObject(tooLarge("1 MB"));
  });

  it("holds every other route to 256 KB of JSON", async () => {
    const response = await post("/api/leads", JSON.stringify({ email: kilobytes(300) }), "application/json");
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject(tooLarge("256 KB"));
  });
});
