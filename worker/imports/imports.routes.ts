import { Hono } from "hono";
import type { ApiEnv } from "../access/api-env.ts";
import { requirePerson } from "../access/access.middleware.ts";
import { AppError } from "../http/errors.ts";
import { bodyLimits, formEnvelopeBytes } from "../http/body-limits.ts";
import { fieldErrorsFrom, validate } from "../http/validation.ts";
import { detectLanguage } from "../i18n/language.ts";
import { previewImport, statementTooLarge } from "./import-preview.service.ts";
import { csvMappingSchema } from "./csv-mapping.schemas.ts";
import { importChunkSchema, importCreateSchema, importListQuerySchema, importTargetSchema } from "./imports.schemas.ts";
import { createImport, listImports, undoImport, writeImportChunk } from "./imports.service.ts";
import { maxStatementBytes } from "./statement.ts";

const base = "/:workspaceId/imports";

const invalid = (
  field: string,
  key: "errors:fields.importTargetMissing" | "errors:fields.csvMapping" | "errors:statement.empty",
) => new AppError("VALIDATION_FAILED", undefined, { fieldErrors: { [field]: [{ key }] } });

const prefixed = (errors: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [`csv_mapping.${field}`, messages]),
  ) as ReturnType<typeof fieldErrorsFrom>;

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
  if (file.size > maxStatementBytes) throw statementTooLarge();
  return {
    target: target.data,
    fileName: file.name || "statement",
    bytes: new Uint8Array(await file.arrayBuffer()),
    csvMapping,
  };
}

/** /workspaces/{workspaceId}/imports…: bank statements (OFX, CSV) into an account or card. */
export const importRoutes = new Hono<ApiEnv>()
  .use(requirePerson)
  .post(`${base}/preview`, bodyLimits.upload(maxStatementBytes + formEnvelopeBytes, "5 MB"), async (c) => {
    const input = {
      ...c.req.param(),
      readUpload: () => previewForm(c.req.raw),
      language: detectLanguage(c.req.raw),
    };
    return c.json({ data: await previewImport({ ctx: c.get("ctx"), input }) });
  })
  .get(base, validate("query", importListQuerySchema), async (c) => {
    const input = { ...c.req.param(), ...c.req.valid("query") };
    return c.json({ data: await listImports({ ctx: c.get("ctx"), input }) });
  })
  .post(base, validate("json", importCreateSchema), async (c) => {
    const input = { ...c.req.param(), ...c.req.valid("json") };
    return c.json({ data: await createImport({ ctx: c.get("ctx"), input }) }, 201);
  })
  .post(`${base}/:importId/chunks`, validate("json", importChunkSchema), async (c) => {
    const input = { ...c.req.param(), ...c.req.valid("json") };
    return c.json({ data: await writeImportChunk({ ctx: c.get("ctx"), input }) });
  })
  .delete(`${base}/:importId`, async (c) => {
    return c.json({ data: await undoImport({ ctx: c.get("ctx"), input: c.req.param() }) });
  });
