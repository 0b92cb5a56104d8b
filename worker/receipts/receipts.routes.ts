import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../access/api-env.ts";
import { requirePerson } from "../access/access.middleware.ts";
import { bodyLimits, formEnvelopeBytes } from "../http/body-limits.ts";
import { AppError } from "../http/errors.ts";
import { answers, describeRoute, messageSchema } from "../http/openapi.ts";
import { maxReceiptBytes, receiptTypes } from "./receipt.rules.ts";
import { receiptResponseSchema } from "./receipts.responses.ts";
import { deleteReceipt, listReceipts, readReceiptFile, uploadReceipt } from "./receipts.service.ts";

const tag = "Receipts";

/** The upload's form: its `file` (the bytes are checked by the service, whatever it claims to be). */
async function uploadedFile(request: Request): Promise<{ fileName: string; bytes: Uint8Array }> {
  if (!(request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data"))
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "errors:details.receiptMultipartOnly");
  const form = await request.formData().catch(() => null);
  const file = form?.get("file");
  if (!(file instanceof File)) return { fileName: "", bytes: new Uint8Array() };
  return { fileName: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
}

/**
 * /workspaces/{workspaceId}/transactions/{transactionId}/receipts and /workspaces/{workspaceId}/receipts/{receiptId}:
 * reads by any member, writes by owner, admin or member, on every plan.
 */
export const receiptRoutes = new Hono<ApiEnv>()
  .use(requirePerson)
  .get(
    "/:workspaceId/transactions/:transactionId/receipts",
    describeRoute({
      tag,
      summary: "A transaction's receipts",
      description: "Oldest first. Each one's bytes are at `GET /workspaces/{workspaceId}/receipts/{uuid}/file`.",
      answer: answers.data(z.array(receiptResponseSchema)),
    }),
    async (c) => c.json({ data: await listReceipts({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(
    "/:workspaceId/transactions/:transactionId/receipts",
    bodyLimits.upload(maxReceiptBytes + formEnvelopeBytes, "10 MB"),
    describeRoute({
      tag,
      summary: "Attach a receipt to a transaction",
      description:
        "A multipart form with `file`: a photo (JPEG, PNG, WebP, HEIC) or a PDF, at most 10 MB (413), its type read " +
        "from its bytes whatever its name (415 otherwise). A PDF with JavaScript or a launch action, or one whose " +
        "object streams inflate past 32 MB, is refused (422 at `file`); so is an eleventh receipt on one " +
        "transaction. Nothing is stored when it is refused.",
      answer: answers.created(receiptResponseSchema),
      upload: { form: z.object({ file: z.file() }) },
      errors: ["PAYLOAD_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE", "SERVICE_UNAVAILABLE"],
    }),
    async (c) => {
      const file = await uploadedFile(c.req.raw);
      const input = { ...c.req.param(), ...file };
      return c.json({ data: await uploadReceipt({ ctx: c.get("ctx"), input }) }, 201);
    },
  )
  .get(
    "/:workspaceId/receipts/:receiptId/file",
    describeRoute({
      tag,
      summary: "A receipt's file",
      description:
        "The bytes, to members of the workspace only (404 to anyone else, as a missing receipt is), never stored by a " +
        "cache, under a sandboxing Content-Security-Policy. `?download=1` asks the browser to save it instead of showing it.",
      answer: answers.file(...receiptTypes),
    }),
    async (c) => {
      const { receipt, body } = await readReceiptFile({ ctx: c.get("ctx"), input: c.req.param() });
      const disposition = c.req.query("download") ? "attachment" : "inline";
      return c.body(body, 200, {
        "Content-Type": receipt.content_type,
        "Content-Length": String(receipt.byte_size),
        "Content-Disposition": `${disposition}; filename*=UTF-8''${encodeURIComponent(receipt.file_name)}`,
        // Shown alone (a PDF opened in a tab), the file runs nothing and reaches nothing of ours.
        "Content-Security-Policy": "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
        "X-Content-Type-Options": "nosniff",
      });
    },
  )
  .delete(
    "/:workspaceId/receipts/:receiptId",
    describeRoute({
      tag,
      summary: "Delete a receipt",
      description: "Its file is deleted from storage right after the answer (and by the cron, should that fail).",
      answer: answers.data(messageSchema),
    }),
    async (c) => {
      await deleteReceipt({ ctx: c.get("ctx"), input: c.req.param() });
      return c.json({ data: { message: "Receipt deleted" } });
    },
  );
