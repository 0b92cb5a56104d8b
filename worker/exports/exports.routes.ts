import { Hono } from "hono";
import type { ApiEnv } from "../api.ts";
import { requirePerson } from "../auth/auth.middleware.ts";
import { validate } from "../http/validation.ts";
import { detectLanguage } from "../i18n/language.ts";
import {
  transactionsCsvQuerySchema,
  transactionsPdfQuerySchema,
  transactionsXlsxQuerySchema,
  workspaceZipQuerySchema,
} from "./exports.schemas.ts";
import { pdfContentType } from "./pdf.ts";
import { exportTransactionsCsv } from "./transactions-csv.service.ts";
import { exportTransactionsPdf } from "./transactions-pdf.service.ts";
import { exportTransactionsXlsx } from "./transactions-xlsx.service.ts";
import { exportWorkspaceZip } from "./workspace-zip.service.ts";
import { xlsxContentType } from "./xlsx.ts";

const base = "/:workspaceId/exports";

/** /workspaces/{workspaceId}/exports/… (issue 18): the workspace's data as files to keep. */
export const exportRoutes = new Hono<ApiEnv>()
  .use(requirePerson)
  .get(`${base}/transactions.csv`, validate("query", transactionsCsvQuerySchema), async (c) => {
    const { separator, language: chosen, ...filters } = c.req.valid("query");
    const language = chosen ?? detectLanguage(c.req.raw);
    const { stream, fileName } = await exportTransactionsCsv({
      ctx: c.get("ctx"),
      input: {
        ...c.req.param(),
        filters,
        language,
        separator: separator ?? (language === "pt-BR" ? ";" : ","),
      },
    });
    return new Response(stream, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${fileName}"`,
        "Cache-Control": "private, no-store",
      },
    });
  })
  .get(`${base}/transactions.xlsx`, validate("query", transactionsXlsxQuerySchema), async (c) => {
    const { language: chosen, ...filters } = c.req.valid("query");
    const { stream, fileName } = await exportTransactionsXlsx({
      ctx: c.get("ctx"),
      input: { ...c.req.param(), filters, language: chosen ?? detectLanguage(c.req.raw) },
    });
    return new Response(stream, {
      headers: {
        "Content-Type": xlsxContentType,
        "Content-Disposition": `attachment; filename="${fileName}"`,
        "Cache-Control": "private, no-store",
      },
    });
  })
  .get(`${base}/transactions.pdf`, validate("query", transactionsPdfQuerySchema), async (c) => {
    const { language: chosen, ...filters } = c.req.valid("query");
    const { bytes, fileName } = await exportTransactionsPdf({
      ctx: c.get("ctx"),
      input: { ...c.req.param(), filters, language: chosen ?? detectLanguage(c.req.raw) },
    });
    return new Response(bytes, {
      headers: {
        "Content-Type": pdfContentType,
        "Content-Disposition": `attachment; filename="${fileName}"`,
        "Cache-Control": "private, no-store",
      },
    });
  })
  .get(`${base}/workspace.zip`, validate("query", workspaceZipQuerySchema), async (c) => {
    const { stream, fileName } = await exportWorkspaceZip({
      ctx: c.get("ctx"),
      input: { ...c.req.param(), language: c.req.valid("query").language ?? detectLanguage(c.req.raw) },
    });
    return new Response(stream, {
      headers: {
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="${fileName}"`,
        "Cache-Control": "private, no-store",
      },
    });
  });
