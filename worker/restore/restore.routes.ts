import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../access/api-env.ts";
import { requirePerson } from "../access/access.middleware.ts";
import { AppError } from "../http/errors.ts";
import { bodyLimits, formEnvelopeBytes } from "../http/body-limits.ts";
import { answers, describeRoute } from "../http/openapi.ts";
import { maxArchiveBytes, previewRestore, restoreWorkspace } from "./restore.service.ts";

const tag = "Workspaces";

/** The archive of the multipart form's `file`. */
async function archiveForm(request: Request): Promise<Uint8Array<ArrayBuffer>> {
  if (!(request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "errors:details.multipartOnly");
  }
  const form = await request.formData().catch(() => null);
  const file = form?.get("file");
  if (!(file instanceof File))
    throw new AppError("VALIDATION_FAILED", undefined, {
      fieldErrors: { file: [{ key: "errors:details.archiveUnreadable" }] },
    });
  return new Uint8Array(await file.arrayBuffer());
}

const countsSchema = z.object({
  accounts: z.number().int(),
  cards: z.number().int(),
  tags: z.number().int(),
  transactions: z.number().int(),
  receipts: z.number().int(),
  budgets: z.number().int(),
  goals: z.number().int(),
  statement_imports: z.number().int(),
  scheduled_transactions: z.number().int(),
  recurring_transactions: z.number().int(),
  installment_plans: z.number().int(),
  loans: z.number().int(),
});
const summarySchema = z.object({
  name: z.string(),
  currency: z.string(),
  time_zone: z.string(),
  /** What the restore brings back. */
  counts: countsSchema,
  /** What the archive holds that a restore does not bring back yet. */
  not_restored: z.object({
    /** Members besides the owner who restores: invited again by them. */
    members: z.number().int(),
    /** Receipts' files, when this server has no storage for them. */
    receipts: z.number().int(),
  }),
});

const upload = { form: z.object({ file: z.file() }) };
const description =
  "A multipart form: `file`, Moneta's own workspace archive (GET /exports/workspace.zip) as it was downloaded, at " +
  "most 25 MB and 50,000 transactions. An archive that is not one, was cut short, or whose files were edited into " +
  "something else is `IMPORT_FILE_INVALID`, naming the file.";

/** /workspace-archives…: Moneta's own archive brought back as a new workspace of the caller's (docs/api.md#restoring-a-workspace). */
export const restoreRoutes = new Hono<ApiEnv>()
  .use(requirePerson)
  .post(
    "/preview",
    bodyLimits.upload(maxArchiveBytes + formEnvelopeBytes, "25 MB"),
    describeRoute({
      tag,
      summary: "Read a workspace archive, writing nothing",
      description: `${description} The answer says what a restore would bring back and what it would not.`,
      answer: answers.data(summarySchema),
      upload,
      errors: ["UNSUPPORTED_MEDIA_TYPE", "IMPORT_FILE_INVALID"],
    }),
    async (c) => {
      const input = { readUpload: () => archiveForm(c.req.raw) };
      return c.json({ data: await previewRestore({ ctx: c.get("ctx"), input }) });
    },
  )
  .post(
    "/",
    bodyLimits.upload(maxArchiveBytes + formEnvelopeBytes, "25 MB"),
    describeRoute({
      tag,
      summary: "Restore a workspace archive as a new workspace",
      description:
        `${description} The caller owns the new workspace; its accounts, cards, tags, statement imports, transactions ` +
        "(tags, split parts, notes, payees), receipts, budgets, goals, scheduled, recurring and installment items and " +
        "loans are recreated with new ids and the same balances; its other members are not (the owner invites them). `LIMIT_REACHED` when the plan allows no more workspaces, or fewer accounts than the archive has.",
      answer: answers.created(summarySchema.extend({ uuid: z.string() })),
      upload,
      errors: ["UNSUPPORTED_MEDIA_TYPE", "IMPORT_FILE_INVALID", "LIMIT_REACHED"],
    }),
    async (c) => {
      const input = { readUpload: () => archiveForm(c.req.raw) };
      return c.json({ data: await restoreWorkspace({ ctx: c.get("ctx"), input }) }, 201);
    },
  );
