import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { isUuid, newId } from "../../db/ids.ts";
import { batchByName } from "../../db/named-batch.ts";
import { receiptObjectsToDelete, receipts, transactions, users } from "../../db/schema/index.ts";
import type { BotActor, PersonActor, PersonCall, ServiceCall } from "../access/actor.ts";
import { actorStillMay, readInWorkspace } from "../access/actor-access.ts";
import type { ServiceContext } from "../context.ts";
import { AppError, fieldError } from "../http/errors.ts";
import type { DueItemExecutor, ExecutorOutcome } from "../jobs/runner.ts";
import { checkPdfActions } from "./pdf-actions.ts";
import { detectReceiptType, maxReceiptBytes, maxReceiptsPerTransaction, type ReceiptType } from "./receipt.rules.ts";

/**
 * Receipts: photos and PDFs attached to a transaction, their bytes in R2 (`env.RECEIPTS`), private —
 * read only through the Worker by a member of the transaction's workspace, after the same check
 * (docs/decisions/055-receipts-in-r2.md). A receipt's row goes with its transaction by the database's
 * cascades, and a trigger queues its object for `receiptFilesExecutor` to delete.
 */

export type ReceiptResponse = {
  uuid: string;
  transaction_id: string;
  file_name: string;
  content_type: ReceiptType;
  byte_size: number;
  created_by: { name: string } | null;
  created_at: string;
};

const receiptNotFound = () => new AppError("NOT_FOUND", "errors:details.receiptNotFound");
const transactionNotFound = () => new AppError("NOT_FOUND", "errors:details.transactionNotFound");
const receiptsUnavailable = () => new AppError("SERVICE_UNAVAILABLE", "errors:details.receiptsUnavailable");

function bucketOf(ctx: ServiceContext): R2Bucket {
  if (!ctx.env.RECEIPTS) throw receiptsUnavailable();
  return ctx.env.RECEIPTS;
}

/** Where a receipt's bytes live in the bucket: under its workspace, by its own id. */
export const receiptObjectKey = (workspaceId: string, receiptId: string) =>
  `workspaces/${workspaceId}/receipts/${receiptId}`;

/** A file name kept for showing and downloading: one line, no path, at most 120 characters. */
function keptFileName(name: string, type: ReceiptType): string {
  const base = name
    .replace(/^.*[\\/]/, "")
    .replace(/[\p{Cc}"]/gu, "")
    .trim()
    .slice(-120);
  return base || `receipt.${type.split("/")[1] === "jpeg" ? "jpg" : type.split("/")[1]}`;
}

function receiptColumns(ctx: ServiceContext) {
  return ctx.db
    .select({
      id: receipts.id,
      transactionId: receipts.transactionId,
      objectKey: receipts.objectKey,
      fileName: receipts.fileName,
      contentType: receipts.contentType,
      byteSize: receipts.byteSize,
      createdByName: users.name,
      createdAt: receipts.createdAt,
    })
    .from(receipts)
    .leftJoin(users, eq(users.id, receipts.createdBy));
}

type ReceiptRow = Awaited<ReturnType<ReturnType<typeof receiptColumns>["all"]>>[number];

const toReceipt = (row: ReceiptRow): ReceiptResponse => ({
  uuid: row.id,
  transaction_id: row.transactionId,
  file_name: row.fileName,
  content_type: row.contentType,
  byte_size: row.byteSize,
  created_by: row.createdByName ? { name: row.createdByName } : null,
  created_at: row.createdAt,
});

const transactionInWorkspace = (ctx: ServiceContext, workspaceId: string, transactionId: string) =>
  ctx.db
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(eq(transactions.id, isUuid(transactionId) ? transactionId : ""), eq(transactions.workspaceId, workspaceId)),
    );

/**
 * The bytes checked before anything is stored: present, at most 10 MB (413), a type a receipt may be
 * by its own signature (415), and a PDF without actions that run (422).
 */
async function checkedReceipt(bytes: Uint8Array): Promise<ReceiptType> {
  if (bytes.byteLength === 0) throw fieldError("file", "errors:fields.receiptMissing");
  if (bytes.byteLength > maxReceiptBytes)
    throw fieldError("file", "errors:fields.receiptTooLarge", {
      code: "PAYLOAD_TOO_LARGE",
      message: "errors:details.receiptTooLarge",
    });
  const type = detectReceiptType(bytes);
  if (!type) throw fieldError("file", "errors:fields.receiptType", { code: "UNSUPPORTED_MEDIA_TYPE" });
  if (type === "application/pdf") {
    const check = await checkPdfActions(bytes);
    if (check === "runs_actions") throw fieldError("file", "errors:fields.receiptRunsActions");
    if (check === "unreadable") throw fieldError("file", "errors:fields.receiptUnreadable");
  }
  return type;
}

export type ReceiptUpload = { workspaceId: string; transactionId: string; fileName: string; bytes: Uint8Array };

/**
 * POST /transactions/{id}/receipts (and a photo sent to the assistant): the file checked, put in R2, then its row written in one batch guarded
 * by the caller still being allowed and the transaction still being there. When that guard fails (the
 * transaction was deleted meanwhile) the object is deleted again and the answer is 404.
 */
export async function uploadReceipt({
  ctx,
  input,
}: ServiceCall<ReceiptUpload, PersonActor | BotActor>): Promise<ReceiptResponse> {
  const {
    rows: { transactionRows, countRows },
  } = await readInWorkspace(ctx, input.workspaceId, "finances.write", {
    transactionRows: transactionInWorkspace(ctx, input.workspaceId, input.transactionId),
    countRows: ctx.db
      .select({ count: count() })
      .from(receipts)
      .where(
        and(
          eq(receipts.workspaceId, input.workspaceId),
          eq(receipts.transactionId, isUuid(input.transactionId) ? input.transactionId : ""),
        ),
      ),
  });
  if (!transactionRows[0]) throw transactionNotFound();
  if ((countRows[0]?.count ?? 0) >= maxReceiptsPerTransaction)
    throw fieldError("file", "errors:fields.receiptsFull", { values: { max: maxReceiptsPerTransaction } });
  const contentType = await checkedReceipt(input.bytes);
  const bucket = bucketOf(ctx);
  const id = newId();
  const objectKey = receiptObjectKey(input.workspaceId, id);
  const fileName = keptFileName(input.fileName, contentType);
  await bucket.put(objectKey, input.bytes, { httpMetadata: { contentType } });
  const now = ctx.clock.now().toISOString();
  const values = sql`select ${id}, ${input.workspaceId}, ${input.transactionId}, ${objectKey}, ${fileName}, ${contentType}, ${input.bytes.byteLength}, ${ctx.actor.userId}, ${now}`;
  const guard = sql`exists (select 1 from ${transactions} where ${transactions.id} = ${input.transactionId} and ${transactions.workspaceId} = ${input.workspaceId}) and ${actorStillMay(ctx, input.workspaceId, "finances.write")}`;
  let stored: ReceiptRow[];
  try {
    ({
      rows: { stored },
    } = await batchByName(
      ctx.db,
      [
        ctx.db.run(
          sql`insert into ${receipts} (id, workspace_id, transaction_id, object_key, file_name, content_type, byte_size, created_by, created_at) ${values} where ${guard}`,
        ),
      ],
      { stored: receiptColumns(ctx).where(eq(receipts.id, id)) },
    ));
  } catch (error) {
    await bucket.delete(objectKey);
    throw error;
  }
  if (!stored[0]) {
    await bucket.delete(objectKey);
    throw transactionNotFound();
  }
  return toReceipt(stored[0]);
}

/** GET /transactions/{id}/receipts: the transaction's receipts, oldest first; any member may read them. */
export async function listReceipts({
  ctx,
  input,
}: PersonCall<{ workspaceId: string; transactionId: string }>): Promise<ReceiptResponse[]> {
  const {
    rows: { transactionRows, receiptRows },
  } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    transactionRows: transactionInWorkspace(ctx, input.workspaceId, input.transactionId),
    receiptRows: receiptColumns(ctx)
      .where(
        and(
          eq(receipts.workspaceId, input.workspaceId),
          eq(receipts.transactionId, isUuid(input.transactionId) ? input.transactionId : ""),
        ),
      )
      .orderBy(asc(receipts.createdAt), asc(receipts.id)),
  });
  if (!transactionRows[0]) throw transactionNotFound();
  return receiptRows.map(toReceipt);
}

const oneReceipt = (ctx: ServiceContext, workspaceId: string, receiptId: string) =>
  receiptColumns(ctx).where(
    and(eq(receipts.id, isUuid(receiptId) ? receiptId : ""), eq(receipts.workspaceId, workspaceId)),
  );

/**
 * GET /receipts/{id}/file: the bytes, to a member of the receipt's workspace only (404 to anyone else, as a
 * missing receipt is); never by a public address.
 */
export async function readReceiptFile({ ctx, input }: PersonCall<{ workspaceId: string; receiptId: string }>) {
  const {
    rows: { receiptRows },
  } = await readInWorkspace(ctx, input.workspaceId, "workspace.read", {
    receiptRows: oneReceipt(ctx, input.workspaceId, input.receiptId),
  });
  const receipt = receiptRows[0];
  if (!receipt) throw receiptNotFound();
  const object = await bucketOf(ctx).get(receipt.objectKey);
  if (!object) throw receiptNotFound();
  return { receipt: toReceipt(receipt), body: object.body as unknown as ReadableStream };
}

/** DELETE /receipts/{id}: the row goes at once (its object is queued by the trigger) and the object is deleted after the answer. */
export async function deleteReceipt({ ctx, input }: PersonCall<{ workspaceId: string; receiptId: string }>) {
  const {
    rows: { receiptRows },
  } = await readInWorkspace(ctx, input.workspaceId, "finances.write", {
    receiptRows: oneReceipt(ctx, input.workspaceId, input.receiptId),
  });
  if (!receiptRows[0]) throw receiptNotFound();
  await batchByName(
    ctx.db,
    [
      ctx.db
        .delete(receipts)
        .where(
          and(
            eq(receipts.id, input.receiptId),
            eq(receipts.workspaceId, input.workspaceId),
            actorStillMay(ctx, input.workspaceId, "finances.write"),
          ),
        ),
    ],
    {},
  );
  ctx.defer(deleteQueuedObjects(ctx, { posted: 0, failed: 0, failures: [], finished: true }));
}

/** Objects deleted per pass: R2 takes up to 1000 keys in one call. */
const objectsPerPass = 1000;

/**
 * Deletes from R2 the objects of receipts that are gone (however they went: deleted themselves, or with
 * their transaction, account, workspace or person), then forgets them. Deleting an object twice is
 * harmless, so overlapping runs need no claim.
 */
async function deleteQueuedObjects(ctx: ServiceContext, outcome: ExecutorOutcome): Promise<void> {
  if (!ctx.env.RECEIPTS) return;
  for (;;) {
    const queued = await ctx.db
      .select({ objectKey: receiptObjectsToDelete.objectKey })
      .from(receiptObjectsToDelete)
      .orderBy(asc(receiptObjectsToDelete.queuedAt))
      .limit(objectsPerPass);
    if (queued.length === 0) return;
    const keys = queued.map((row) => row.objectKey);
    await ctx.env.RECEIPTS.delete(keys);
    await ctx.db.delete(receiptObjectsToDelete).where(inArray(receiptObjectsToDelete.objectKey, keys));
    outcome.posted += keys.length;
    if (queued.length < objectsPerPass) return;
  }
}

/** The cron's part: the files of receipts gone are deleted from storage within a tick. */
export const receiptFilesExecutor: DueItemExecutor = { name: "receipt-files", execute: deleteQueuedObjects };
