import { Hono } from "hono";
import type { ApiEnv } from "../access/api-env.ts";
import { requirePerson } from "../access/access.middleware.ts";
import { validate } from "../http/validation.ts";
import { detectLanguage } from "../i18n/language.ts";
import { exportAnalyticsPdf } from "./analytics-pdf.service.ts";
import {
  analyticsPdfQuerySchema,
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

/** A file to save, never cached: it holds the workspace's data. */
function download(body: BodyInit, contentType: string, fileName: string) {
  return new Response(body, {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** /workspaces/{workspaceId}/exports/…: the workspace's data as files to keep. */
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
    return download(stream, "text/csv; charset=utf-8", fileName);
  })
  .get(`${base}/transactions.xlsx`, validate("query", transactionsXlsxQuerySchema), async (c) => {
    const { language: chosen, ...filters } = c.req.valid("query");
    const { stream, fileName } = await exportTransactionsXlsx({
      ctx: c.get("ctx"),
      input: { ...c.req.param(), filters, language: chosen ?? detectLanguage(c.req.raw) },
    });
    return download(stream, xlsxContentType, fileName);
  })
  .get(`${base}/transactions.pdf`, validate("query", transactionsPdfQuerySchema), async (c) => {
    const { language: chosen, ...filters } = c.req.valid("query");
    const { bytes, fileName } = await exportTransactionsPdf({
      ctx: c.get("ctx"),
      input: { ...c.req.param(), filters, language: chosen ?? detectLanguage(c.req.raw) },
    });
    return download(bytes, pdfContentType, fileName);
  })
  .get(`${base}/analytics.pdf`, validate("query", analyticsPdfQuerySchema), async (c) => {
    const { language: chosen, ...range } = c.req.valid("query");
    const { bytes, fileName } = await exportAnalyticsPdf({
      ctx: c.get("ctx"),
      input: { ...c.req.param(), ...range, language: chosen ?? detectLanguage(c.req.raw) },
    });
    return download(bytes, pdfContentType, fileName);
  })
  .get(`${base}/workspace.zip`, validate("query", workspaceZipQuerySchema), async (c) => {
    const { stream, fileName } = await exportWorkspaceZip({
      ctx: c.get("ctx"),
      input: { ...c.req.param(), language: c.req.valid("query").language ?? detectLanguage(c.req.raw) },
    });
    return download(stream, "application/zip", fileName);
  });
