import { deflateSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { receiptObjectsToDelete, receipts } from "../../../db/schema/index.ts";
import { receiptFilesExecutor } from "../../../worker/receipts/receipts.service.ts";
import { startR2Bucket } from "../../support/r2-bucket.ts";
import { testServiceContext } from "../../support/service-context.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { snapshotDatabase } from "../../support/workspaces.ts";
import { readZip } from "../../support/xlsx-reader.ts";
import { householdLedger, type HouseholdLedger } from "../transactions/ledger-fixture.ts";

/** The first bytes of each kind of file a receipt may be, with something after them. */
const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, ...new TextEncoder().encode("JFIF receipt photo")]);
const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const webp = new TextEncoder().encode("RIFF\u0010\u0000\u0000\u0000WEBPVP8 photo");
const heic = new TextEncoder().encode("\u0000\u0000\u0000\u0018ftypheic\u0000\u0000\u0000\u0000mif1heic");
const pdf = (body: string) => new TextEncoder().encode(`%PDF-1.7\n${body}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
const cleanPdf = pdf("1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj");
/** An object stream (PDF 1.5) whose packed objects are `objects`, deflated as its /FlateDecode says. */
function pdfWithObjectStream(objects: string | Uint8Array) {
  const data = deflateSync(typeof objects === "string" ? Buffer.from(objects) : objects);
  const head = Buffer.from(
    `%PDF-1.7\n5 0 obj << /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${data.length} >>\nstream\n`,
  );
  return new Uint8Array(Buffer.concat([head, data, Buffer.from("\nendstream\nendobj\n%%EOF\n")]));
}

describe("receipts on transactions", () => {
  let r2: Awaited<ReturnType<typeof startR2Bucket>>;
  let t: TestApp;
  let h: HouseholdLedger;
  let transactionId: string;
  beforeAll(async () => {
    r2 = await startR2Bucket();
  });
  afterAll(async () => {
    await r2?.dispose();
  });
  beforeEach(async () => {
    t = await createTestApp({ env: { RECEIPTS: r2.bucket } });
    h = await householdLedger(t);
    const recorded = await h.record({
      type: "expense",
      origin_id: `account:${h.checking.id}`,
      amount: "3499.00",
      description: "Geladeira em 10x",
    });
    transactionId = (await recorded.json()).data.uuid;
  });

  const receiptsPath = (id = transactionId) => `/api/workspaces/${h.workspaceId}/transactions/${id}/receipts`;
  const filePath = (receiptId: string) => `/api/workspaces/${h.workspaceId}/receipts/${receiptId}/file`;

  function upload(bytes: Uint8Array, name = "nota.jpg", token = h.member.token, id = transactionId) {
    const form = new FormData();
    form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name));
    return t.request(receiptsPath(id), { method: "POST", body: form, token });
  }
  async function uploaded(bytes: Uint8Array, name?: string) {
    const response = await upload(bytes, name);
    expect(response.status).toBe(201);
    return (await response.json()).data as { uuid: string; content_type: string; file_name: string; byte_size: number };
  }
  const objectKeys = async () =>
    (await r2.bucket.list({ prefix: `workspaces/${h.workspaceId}/` })).objects.map((o) => o.key);
  /** What the cron's tick does for receipts: the files of the receipts gone leave storage. */
  const runFilesJob = () =>
    receiptFilesExecutor.execute(testServiceContext(t.db, { env: t.env }), {
      posted: 0,
      failed: 0,
      failures: [],
      finished: true,
    });

  it("keeps a photo, lists it, and serves its bytes to members only, with its type from the bytes", async () => {
    const receipt = await uploaded(jpeg, "C:\\fotos\\nota fiscal.png");
    expect(receipt).toMatchObject({ content_type: "image/jpeg", file_name: "nota fiscal.png", byte_size: jpeg.length });
    const listed = await t.request(receiptsPath(), { token: h.viewer.token });
    expect(listed.status).toBe(200);
    expect((await listed.json()).data.map((item: { uuid: string }) => item.uuid)).toEqual([receipt.uuid]);
    const file = await t.request(filePath(receipt.uuid), { token: h.viewer.token });
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("image/jpeg");
    expect(file.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect(file.headers.get("Cache-Control")).toBe("no-store");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(jpeg);
    // Without a session, nothing; a viewer may look but not attach.
    expect((await t.request(filePath(receipt.uuid))).status).toBe(401);
    expect((await upload(png, "x.png", h.viewer.token)).status).toBe(403);
    expect(await objectKeys()).toEqual([`workspaces/${h.workspaceId}/receipts/${receipt.uuid}`]);
    // The list counts them, and keeps only the transactions with one when asked.
    await h.record({ type: "income", destination_id: `account:${h.checking.id}`, amount: "10.00", description: "Pix" });
    const list = async (query = "") =>
      (await (
        await t.request(`/api/workspaces/${h.workspaceId}/transactions${query}`, { token: h.viewer.token })
      ).json()) as {
        data: { description: string; receipt_count: number }[];
        meta: { total: number };
      };
    const all = await list();
    expect(all.data.map((row) => [row.description, row.receipt_count]).filter(([, count]) => count)).toEqual([
      ["Geladeira em 10x", 1],
    ]);
    const withReceipt = await list("?has_receipt=true");
    expect(withReceipt.data.map((row) => row.description)).toEqual(["Geladeira em 10x"]);
    expect(withReceipt.meta.total).toBe(1);
    expect((await list("?has_receipt=false")).meta.total).toBe(all.meta.total);
  });

  it.each([
    ["a PNG", png, "image/png"],
    ["a WebP", webp, "image/webp"],
    ["an iPhone's HEIC", heic, "image/heic"],
    ["a PDF", cleanPdf, "application/pdf"],
    [
      "a PDF whose object stream holds no action",
      pdfWithObjectStream("1 0 obj << /Type /Annot >> endobj"),
      "application/pdf",
    ],
  ])("takes %s", async (_kind, bytes, type) => {
    expect((await uploaded(bytes, "recibo")).content_type).toBe(type);
  });

  it.each([
    [
      "an .exe renamed .jpg",
      new TextEncoder().encode("MZ\u0090\u0000 this program cannot be run in DOS mode"),
      "nota.jpg",
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    ],
    [
      "an SVG (it could carry script)",
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      "nota.svg",
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    ],
    ["an empty file", new Uint8Array(), "nota.jpg", 422, "VALIDATION_FAILED"],
    [
      "a PDF with JavaScript",
      pdf("1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj"),
      "nota.pdf",
      422,
      "VALIDATION_FAILED",
    ],
    [
      "a PDF hiding /JavaScript behind escapes",
      pdf("1 0 obj << /OpenAction << /S /J#61vaScript /J#53 (x) >> >> endobj"),
      "nota.pdf",
      422,
      "VALIDATION_FAILED",
    ],
    [
      "a PDF that launches a program",
      pdf("1 0 obj << /OpenAction << /S /Launch /F (calc.exe) >> >> endobj"),
      "nota.pdf",
      422,
      "VALIDATION_FAILED",
    ],
    [
      "a PDF with JavaScript packed in a compressed object stream",
      pdfWithObjectStream("1 0 obj << /S /JavaScript /JS (x) >> endobj"),
      "nota.pdf",
      422,
      "VALIDATION_FAILED",
    ],
    [
      "a PDF whose object stream is a decompression bomb",
      pdfWithObjectStream(new Uint8Array(40 * 1024 * 1024)),
      "nota.pdf",
      422,
      "VALIDATION_FAILED",
    ],
  ])("refuses %s and stores nothing", async (_kind, bytes, name, status, code) => {
    const before = await snapshotDatabase(t.db);
    const response = await upload(bytes, name);
    expect(response.status).toBe(status);
    const body = await response.json();
    expect(body.code).toBe(code);
    expect(body.errors).toHaveProperty("file");
    expect(await snapshotDatabase(t.db)).toEqual(before);
    expect(await objectKeys()).toEqual([]);
  });

  it("takes a receipt only as a multipart form: JSON or raw bytes are 415", async () => {
    for (const [contentType, body] of [
      ["application/json", JSON.stringify({ file: "x" })],
      ["image/jpeg", jpeg],
    ] as const) {
      const response = await t.request(receiptsPath(), {
        method: "POST",
        token: h.member.token,
        body: body as BodyInit,
        headers: { "Content-Type": contentType },
      });
      expect(response.status).toBe(415);
      expect((await response.json()).message).toContain("multipart/form-data");
    }
    expect(await objectKeys()).toEqual([]);
  });

  it("refuses a file over 10 MB with 413, before reading it, and an eleventh receipt on one transaction", async () => {
    const large = new Uint8Array(10 * 1024 * 1024 + 1);
    large.set(jpeg);
    const response = await upload(large);
    expect(response.status).toBe(413);
    expect((await response.json()).code).toBe("PAYLOAD_TOO_LARGE");
    for (let index = 0; index < 10; index++) await uploaded(jpeg);
    const eleventh = await upload(jpeg);
    expect(eleventh.status).toBe(422);
    expect((await eleventh.json()).errors.file).toEqual([
      "This transaction already has 10 receipts. Delete one to add another.",
    ]);
    expect(await objectKeys()).toHaveLength(10);
  });

  it("answers 404 for a transaction or receipt of another workspace, and for one that is not there", async () => {
    const other = await householdLedger(t);
    const foreign = await other.record({
      type: "expense",
      origin_id: `account:${other.checking.id}`,
      amount: "1.00",
      description: "x",
    });
    const foreignId = (await foreign.json()).data.uuid;
    expect((await upload(jpeg, "a.jpg", h.member.token, foreignId)).status).toBe(404);
    expect((await upload(jpeg, "a.jpg", h.member.token, crypto.randomUUID())).status).toBe(404);
    const receipt = await uploaded(jpeg);
    // The other workspace's owner, asking under their own workspace for this receipt.
    const sneaky = await t.request(`/api/workspaces/${other.workspaceId}/receipts/${receipt.uuid}/file`, {
      token: other.owner.token,
    });
    expect(sneaky.status).toBe(404);
  });

  it("deletes a receipt after a request, its file right after the answer", async () => {
    const receipt = await uploaded(jpeg);
    const response = await t.request(`/api/workspaces/${h.workspaceId}/receipts/${receipt.uuid}`, {
      method: "DELETE",
      token: h.member.token,
    });
    expect(response.status).toBe(200);
    await t.settleDeferred();
    expect(await objectKeys()).toEqual([]);
    expect(await t.db.select().from(receipts)).toEqual([]);
    expect(await t.db.select().from(receiptObjectsToDelete)).toEqual([]);
    expect((await t.request(filePath(receipt.uuid), { token: h.member.token })).status).toBe(404);
  });

  it("takes the files with the transaction, the workspace and the person's account (LGPD)", async () => {
    await uploaded(jpeg);
    await uploaded(cleanPdf, "nota.pdf");
    expect(
      (
        await t.request(`/api/workspaces/${h.workspaceId}/transactions/${transactionId}`, {
          method: "DELETE",
          token: h.member.token,
        })
      ).status,
    ).toBe(200);
    expect(await t.db.select().from(receipts)).toEqual([]);
    expect(await t.db.select().from(receiptObjectsToDelete)).toHaveLength(2);
    await runFilesJob();
    expect(await objectKeys()).toEqual([]);
    expect(await t.db.select().from(receiptObjectsToDelete)).toEqual([]);

    const again = await (
      await h.record({
        type: "income",
        destination_id: `account:${h.checking.id}`,
        amount: "10.00",
        description: "Pix",
      })
    ).json();
    transactionId = again.data.uuid;
    await uploaded(png);
    expect(
      (await t.request(`/api/workspaces/${h.workspaceId}`, { method: "DELETE", token: h.owner.token })).status,
    ).toBe(200);
    await runFilesJob();
    expect(await objectKeys()).toEqual([]);

    const person = await householdLedger(t);
    h = person;
    transactionId = (
      await (
        await person.record({
          type: "expense",
          origin_id: `account:${person.checking.id}`,
          amount: "5.00",
          description: "Café",
        })
      ).json()
    ).data.uuid;
    await uploaded(webp);
    expect((await t.request("/api/profile", { method: "DELETE", token: person.owner.token })).status).toBe(200);
    await runFilesJob();
    expect(await objectKeys()).toEqual([]);
    expect(await t.db.select().from(receipts).where(eq(receipts.workspaceId, person.workspaceId))).toEqual([]);
  });

  it("puts each receipt and its file in the workspace's archive", async () => {
    const photo = await uploaded(jpeg, "nota.jpg");
    const archive = await t.request(`/api/workspaces/${h.workspaceId}/exports/workspace.zip?language=pt-BR`, {
      token: h.owner.token,
    });
    expect(archive.status).toBe(200);
    const files = readZip(new Uint8Array(await archive.arrayBuffer()));
    const listed = JSON.parse(files.get("receipts.json")!) as {
      uuid: string;
      file: string;
      transaction_uuid: string;
    }[];
    expect(listed).toEqual([
      expect.objectContaining({
        uuid: photo.uuid,
        transaction_uuid: transactionId,
        file: `receipts/${photo.uuid}-nota.jpg`,
      }),
    ]);
    expect(files.get(`receipts/${photo.uuid}-nota.jpg`)).toBe(new TextDecoder("latin1").decode(jpeg));
    expect(files.get("README.txt")).toContain("receipts.json, receipts.csv");
  });

  it("says receipts are not available where no storage is set up, and stores nothing", async () => {
    const bare = await createTestApp();
    const ledger = await householdLedger(bare);
    const recorded = await (
      await ledger.record({
        type: "expense",
        origin_id: `account:${ledger.checking.id}`,
        amount: "1.00",
        description: "x",
      })
    ).json();
    const form = new FormData();
    form.set("file", new File([jpeg], "nota.jpg"));
    const response = await bare.request(
      `/api/workspaces/${ledger.workspaceId}/transactions/${recorded.data.uuid}/receipts`,
      {
        method: "POST",
        body: form,
        token: ledger.member.token,
      },
    );
    expect(response.status).toBe(503);
    expect((await response.json()).code).toBe("SERVICE_UNAVAILABLE");
  });
});
