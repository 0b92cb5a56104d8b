import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../access/api-env.ts";
import { requirePerson } from "../access/access.middleware.ts";
import { AppError } from "../http/errors.ts";
import { bodyLimits, formEnvelopeBytes } from "../http/body-limits.ts";
import { answers, describeRoute } from "../http/openapi.ts";
import { fieldErrorsFrom, validate } from "../http/validation.ts";
import { detectLanguage } from "../i18n/language.ts";
import { previewImport, statementTooLarge } from "./import-preview.service.ts";
import { csvMappingSchema, csvStartLineSchema } from "./csv-mapping.schemas.ts";
import { importChunkAnswerSchema, importPreviewSchema, importResponseSchema } from "./imports.responses.ts";
import { importChunkSchema, importCreateSchema, importListQuerySchema, importTargetSchema } from "./imports.schemas.ts";
import { createImport, listImports, undoImport, writeImportChunk } from "./imports.service.ts";
import { maxStatementBytes } from "./statement.ts";

const base = "/:workspaceId/imports";
const tag = "Imports";

const invalid = (
  field: string,
  key:
    | "errors:fields.importTargetMissing"
    | "errors:fields.importStatementMissing"
    | "errors:fields.csvMapping"
    | "errors:fields.csvStartLine"
    | "errors:statement.empty",
) => new AppError("VALIDATION_FAILED", undefined, { fieldErrors: { [field]: [{ key }] } });

const prefixed = (errors: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [`csv_mapping.${field}`, messages]),
  ) as ReturnType<typeof fieldErrorsFrom>;

/** Far beyond the statements any bank puts in one file. */
const maxStatementIndex = 99;

/** The preview's form: the file, its account or card ("account:{uuid}"), and a CSV mapping as JSON text. */
async function previewForm(request: Request) {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > maxStatementBytes + formEnvelopeBytes) throw statementTooLarge();
  if (!(request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "errors:details.multipartOnly");
  }
  const form = await request.formData().catch(() => null);
  if (!form) throw invalid("file", "errors:statement.empty");
  const file = form.get("file");
  if (!(file instanceof File)) throw invalid("file", "errors:statement.empty");
  const target = importTargetSchema.safeParse(form.get("target") ?? "");
  if (!target.success) throw invalid("target", "errors:fields.importTargetMissing");
  const mappingText = form.get("csv_mapping");
  let csvMapping = null;
  if (typeof mappingText === "string" && mappingText.trim() !== "") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(mappingText);
    } catch {
      throw invalid("csv_mapping", "errors:fields.csvMapping");
    }
    const mapping = csvMappingSchema.safeParse(parsed);
    if (!mapping.success) {
      throw new AppError("VALIDATION_FAILED", undefined, { fieldErrors: prefixed(fieldErrorsFrom(mapping.error)) });
    }
    csvMapping = mapping.data;
  }
  const startLineText = form.get("csv_start_line");
  let csvStartLine: number | undefined;
  if (typeof startLineText === "string" && startLineText.trim() !== "") {
    const startLine = csvStartLineSchema.safeParse(Number(startLineText));
    if (!startLine.success) throw invalid("csv_start_line", "errors:fields.csvStartLine");
    csvStartLine = startLine.data;
  }
  const statementText = form.get("statement");
  const statementIndex = typeof statementText === "string" && statementText.trim() !== "" ? Number(statementText) : 0;
  if (!Number.isInteger(statementIndex) || statementIndex < 0 || statementIndex > maxStatementIndex)
    throw invalid("statement", "errors:fields.importStatementMissing");
  if (file.size > maxStatementBytes) throw statementTooLarge();
  return {
    target: target.data,
    fileName: file.name || "statement",
    bytes: new Uint8Array(await file.arrayBuffer()),
    csvMapping,
    csvStartLine,
    statementIndex,
  };
}

/**
 * /workspaces/{workspaceId}/imports…: bank statements (OFX, CSV) into an account or card, in three steps
 * (docs/api.md#imports). Reads: any member; writes: owner, admin or member; every plan.
 */
export const importRoutes = new Hono<ApiEnv>()
  .use(requirePerson)
  .post(
    `${base}/preview`,
    bodyLimits.upload(maxStatementBytes + formEnvelopeBytes, "5 MB"),
    describeRoute({
      tag,
      summary: "Read a statement file, writing nothing",
      description:
        "A multipart form: `file`, at most 5 MB; `target`, `account:{uuid}` or `card:{uuid}` (422 when not in the " +
        "workspace, or archived); `csv_mapping`, optional, a CSV's column mapping as JSON text (the shape of " +
        "`csv.mapping` in the answer); `csv_start_line`, optional, the line a CSV's table starts on when the person " +
        "says so (found below any account details otherwise); `statement`, optional, which statement of an OFX file holding several " +
        "(0-based, as `ofx.statements` lists them; 422 when the file has no such statement). OFX/QFX is " +
        "recognised by its content, anything else is read as CSV, in UTF-8 or Windows-1252. A file that cannot " +
        "be read is `IMPORT_FILE_INVALID`, naming the line.",
      answer: answers.data(importPreviewSchema),
      upload: {
        form: z.object({
          file: z.file(),
          target: z.string(),
          csv_mapping: z.string().optional(),
          csv_start_line: z.string().optional(),
          statement: z.string().optional(),
        }),
      },
      errors: ["UNSUPPORTED_MEDIA_TYPE", "VALIDATION_FAILED", "IMPORT_FILE_INVALID"],
    }),
    async (c) => {
      const input = {
        ...c.req.param(),
        readUpload: () => previewForm(c.req.raw),
        language: detectLanguage(c.req.raw),
      };
      return c.json({ data: await previewImport({ ctx: c.get("ctx"), input }) });
    },
  )
  .get(
    base,
    describeRoute({
      tag,
      summary: "The latest 50 imports",
      description: "Newest first; `target` (`account:{uuid}` or `card:{uuid}`) for one account's or card's.",
      answer: answers.data(z.array(importResponseSchema)),
    }),
    validate("query", importListQuerySchema),
    async (c) => {
      const input = { ...c.req.param(), ...c.req.valid("query") };
      return c.json({ data: await listImports({ ctx: c.get("ctx"), input }) });
    },
  )
  .post(
    base,
    describeRoute({
      tag,
      summary: "Start an import",
      description:
        "What the preview found, before the lines are sent in chunks: the import has created nothing yet. A CSV's " +
        "`csv_mapping` is kept for the next CSV of the same account or card.",
      answer: answers.created(importResponseSchema),
    }),
    validate("json", importCreateSchema),
    async (c) => {
      const input = { ...c.req.param(), ...c.req.valid("json") };
      return c.json({ data: await createImport({ ctx: c.get("ctx"), input }) }, 201);
    },
  )
  .post(
    `${base}/:importId/chunks`,
    describeRoute({
      tag,
      summary: "Write up to 500 of the file's lines",
      description:
        "The lines as the preview gave them, numbered by `chunk_index` from 0, written in one atomic batch: a " +
        "negative amount is an expense, a positive one income. A line whose bank id the account or card already " +
        "holds is skipped. The same chunk sent again is answered from the first write and writes nothing. " +
        "`IMPORT_UNDONE` once the import was undone; `INSUFFICIENT_CREDIT` when a card's purchases pass its limit.",
      answer: answers.data(importChunkAnswerSchema),
      errors: ["IMPORT_UNDONE", "INSUFFICIENT_CREDIT", "BALANCE_OUT_OF_RANGE", "REFERENCED_ITEM_DELETED"],
    }),
    validate("json", importChunkSchema),
    async (c) => {
      const input = { ...c.req.param(), ...c.req.valid("json") };
      return c.json({ data: await writeImportChunk({ ctx: c.get("ctx"), input }) });
    },
  )
  .delete(
    `${base}/:importId`,
    describeRoute({
      tag,
      summary: "Undo an import",
      description:
        "Every transaction it created goes (edited ones too) and every balance moves back, in one atomic batch; the " +
        "import stays listed with `undone_at`. `IMPORT_CHANGED` when one of its transactions changed at the same " +
        "moment (nothing changed). Undoing an undone import answers it again.",
      answer: answers.data(importResponseSchema),
      errors: ["IMPORT_CHANGED", "INSUFFICIENT_CREDIT", "BALANCE_OUT_OF_RANGE"],
    }),
    async (c) => {
      return c.json({ data: await undoImport({ ctx: c.get("ctx"), input: c.req.param() }) });
    },
  );
