import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../access/api-env.ts";
import { requirePerson } from "../access/access.middleware.ts";
import { AppError } from "../http/errors.ts";
import { bodyLimits, formEnvelopeBytes } from "../http/body-limits.ts";
import { answers, describeRoute } from "../http/openapi.ts";
import { validate } from "../http/validation.ts";
import { detectLanguage } from "../i18n/language.ts";
import { statementTooLarge } from "../imports/import-preview.service.ts";
import { maxStatementBytes } from "../imports/statement.ts";
import {
  moveInChunkAnswerSchema,
  moveInChunkSchema,
  moveInCreateSchema,
  moveInDateFormatSchema,
  moveInPreviewSchema,
  moveInResponseSchema,
  moveInStartSchema,
} from "./move-in.schemas.ts";
import {
  createMoveIn,
  listMoveIns,
  type MoveInUpload,
  previewMoveIn,
  undoMoveIn,
  writeMoveInChunk,
} from "./move-in.service.ts";

const base = "/:workspaceId/move-ins";
const tag = "Moving in";

const invalid = (field: string, key: "errors:statement.empty" | "errors:fields.invalid") =>
  new AppError("VALIDATION_FAILED", undefined, { fieldErrors: { [field]: [{ key }] } });

/** The preview's form: the export file, and the date format when the file's dates read both ways. */
async function previewForm(request: Request): Promise<MoveInUpload> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > maxStatementBytes + formEnvelopeBytes) throw statementTooLarge();
  if (!(request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "errors:details.multipartOnly");
  }
  const form = await request.formData().catch(() => null);
  const file = form?.get("file");
  if (!(file instanceof File)) throw invalid("file", "errors:statement.empty");
  if (file.size > maxStatementBytes) throw statementTooLarge();
  const dateFormatText = form?.get("date_format");
  let dateFormat: MoveInUpload["dateFormat"];
  if (typeof dateFormatText === "string" && dateFormatText !== "") {
    const parsed = moveInDateFormatSchema.safeParse(dateFormatText);
    if (!parsed.success) throw invalid("date_format", "errors:fields.invalid");
    dateFormat = parsed.data;
  }
  return { fileName: file.name || "export.csv", bytes: new Uint8Array(await file.arrayBuffer()), dateFormat };
}

/**
 * /workspaces/{workspaceId}/move-ins…: another app's export brought in whole — its accounts, cards,
 * categories and transactions — in three steps, and undone in one (docs/api.md#moving-in). Reads: any
 * member; writes: owner, admin or member; every plan (within its account limit).
 */
export const moveInRoutes = new Hono<ApiEnv>()
  .use(requirePerson)
  .post(
    `${base}/preview`,
    bodyLimits.upload(maxStatementBytes + formEnvelopeBytes, "5 MB"),
    describeRoute({
      tag,
      summary: "Read another app's export, writing nothing",
      description:
        "A multipart form: `file`, at most 5 MB, the CSV (or Excel .xlsx workbook, its first sheet) that Organizze, " +
        "Mobills, YNAB (its register), Actual Budget or Firefly III exports, recognised by its header; `date_format`, optional (`dmy`, `mdy` or `ymd`), when " +
        "the file's dates read both day-first and month-first (422 on `date_format` until it is given). The answer " +
        "lists the accounts, cards and tags to create or use (matched by name), and each transaction with its " +
        "sides, tag and whether the workspace already has it. A file of no known app, or one that cannot be read, " +
        "is `IMPORT_FILE_INVALID`; a workbook that would unpack past 40 MB is `PAYLOAD_TOO_LARGE`.",
      answer: answers.data(moveInPreviewSchema),
      upload: { form: z.object({ file: z.file(), date_format: z.string().optional() }) },
      errors: ["UNSUPPORTED_MEDIA_TYPE", "VALIDATION_FAILED", "IMPORT_FILE_INVALID", "PAYLOAD_TOO_LARGE"],
    }),
    async (c) => {
      const input = {
        ...c.req.param(),
        readUpload: () => previewForm(c.req.raw),
        language: detectLanguage(c.req.raw),
      };
      return c.json({ data: await previewMoveIn({ ctx: c.get("ctx"), input }) });
    },
  )
  .get(
    base,
    describeRoute({
      tag,
      summary: "The latest 50 move-ins",
      description: "Newest first, undone ones too.",
      answer: answers.data(z.array(moveInResponseSchema)),
    }),
    async (c) => c.json({ data: await listMoveIns({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(
    base,
    describeRoute({
      tag,
      summary: "Start a move-in: its accounts, cards and tags",
      description:
        "The accounts, cards and tags the preview listed: each is the workspace's own when one of that name is " +
        "there, else it is created now, in one batch with the move-in's record. The answer gives each one's id for " +
        "the lines. `LIMIT_REACHED` when the plan's account limit cannot hold the new accounts (nothing created).",
      answer: answers.created(moveInStartSchema),
      errors: ["LIMIT_REACHED"],
    }),
    validate("json", moveInCreateSchema),
    async (c) => {
      const input = { ...c.req.param(), ...c.req.valid("json") };
      return c.json({ data: await createMoveIn({ ctx: c.get("ctx"), input }) }, 201);
    },
  )
  .post(
    `${base}/:moveInId/chunks`,
    describeRoute({
      tag,
      summary: "Write up to 500 of the file's transactions",
      description:
        "The lines as the preview gave them, each with its `origin` and `destination` (`account:{uuid}` or " +
        "`card:{uuid}`, from the start's answer) and `tag_ids`, numbered by `chunk_index` from 0 and written in one " +
        "atomic batch. A line whose `imported_id` its account or card already holds is skipped. The same chunk sent " +
        "again is answered from the first write. `IMPORT_UNDONE` once the move-in was undone.",
      answer: answers.data(moveInChunkAnswerSchema),
      errors: ["IMPORT_UNDONE", "INSUFFICIENT_CREDIT", "BALANCE_OUT_OF_RANGE", "VALIDATION_FAILED"],
    }),
    validate("json", moveInChunkSchema),
    async (c) => {
      const input = { ...c.req.param(), ...c.req.valid("json") };
      return c.json({ data: await writeMoveInChunk({ ctx: c.get("ctx"), input }) });
    },
  )
  .delete(
    `${base}/:moveInId`,
    describeRoute({
      tag,
      summary: "Undo a move-in",
      description:
        "Every transaction it wrote goes (edited ones too) and every balance moves back, in one atomic batch; then " +
        "the accounts, cards and tags it created go, unless something recorded since holds them. `IMPORT_CHANGED` " +
        "when one of its transactions changed at that moment (nothing changed). Undoing again answers it again.",
      answer: answers.data(moveInResponseSchema),
      errors: ["IMPORT_CHANGED", "INSUFFICIENT_CREDIT", "BALANCE_OUT_OF_RANGE"],
    }),
    async (c) => c.json({ data: await undoMoveIn({ ctx: c.get("ctx"), input: c.req.param() }) }),
  );
