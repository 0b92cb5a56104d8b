import { Hono } from "hono";
import type { ApiEnv } from "../access/api-env.ts";
import { requirePerson } from "../access/access.middleware.ts";
import { answers, describeRoute } from "../http/openapi.ts";
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
const tag = "Exports";

const transactionFiles =
  "Every transaction the list's filters keep (`GET …/transactions`'s query without `page` and `per_page`), newest " +
  "first. `language` (`en` or `pt-BR`; default the `lang` cookie, then Accept-Language) is the headers' and the " +
  "kinds' words.";
const paidFormat =
  "`PLAN_UPGRADE_REQUIRED` unless the workspace owner's plan has export features (CSV is on every plan).";

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
  .get(
    `${base}/transactions.csv`,
    describeRoute({
      tag,
      summary: "The transactions as CSV",
      description:
        `${transactionFiles} \`separator\`: \`;\` (the default in Portuguese, with a decimal comma) or \`,\`. ` +
        "UTF-8 with a byte order mark, CRLF lines; streamed, so a read failing mid-download ends the file with a " +
        "line saying it is incomplete.",
      answer: answers.file("text/csv"),
    }),
    validate("query", transactionsCsvQuerySchema),
    async (c) => {
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
    },
  )
  .get(
    `${base}/transactions.xlsx`,
    describeRoute({
      tag,
      summary: "The transactions as an Excel workbook",
      description: `${transactionFiles} One sheet of typed cells, no formulas; streamed like the CSV. ${paidFormat}`,
      answer: answers.file(xlsxContentType),
      errors: ["PLAN_UPGRADE_REQUIRED"],
    }),
    validate("query", transactionsXlsxQuerySchema),
    async (c) => {
      const { language: chosen, ...filters } = c.req.valid("query");
      const { stream, fileName } = await exportTransactionsXlsx({
        ctx: c.get("ctx"),
        input: { ...c.req.param(), filters, language: chosen ?? detectLanguage(c.req.raw) },
      });
      return download(stream, xlsxContentType, fileName);
    },
  )
  .get(
    `${base}/transactions.pdf`,
    describeRoute({
      tag,
      summary: "The transactions as a PDF statement",
      description:
        `${transactionFiles} A4, with totals per currency; built whole before answering, so at most 5,000 ` +
        `transactions (its last line says so past that). ${paidFormat}`,
      answer: answers.file(pdfContentType),
      errors: ["PLAN_UPGRADE_REQUIRED"],
    }),
    validate("query", transactionsPdfQuerySchema),
    async (c) => {
      const { language: chosen, ...filters } = c.req.valid("query");
      const { bytes, fileName } = await exportTransactionsPdf({
        ctx: c.get("ctx"),
        input: { ...c.req.param(), filters, language: chosen ?? detectLanguage(c.req.raw) },
      });
      return download(bytes, pdfContentType, fileName);
    },
  )
  .get(
    `${base}/analytics.pdf`,
    describeRoute({
      tag,
      summary: "The analytics reports over a range as a PDF",
      description:
        "`from` and `to` as the reports take them, `language` as for the other files. A report the plan lacks " +
        `(advanced analytics) is a line saying which plan has it. ${paidFormat} Then 422 for the range, as the ` +
        "reports refuse it.",
      answer: answers.file(pdfContentType),
      errors: ["PLAN_UPGRADE_REQUIRED"],
    }),
    validate("query", analyticsPdfQuerySchema),
    async (c) => {
      const { language: chosen, ...range } = c.req.valid("query");
      const { bytes, fileName } = await exportAnalyticsPdf({
        ctx: c.get("ctx"),
        input: { ...c.req.param(), ...range, language: chosen ?? detectLanguage(c.req.raw) },
      });
      return download(bytes, pdfContentType, fileName);
    },
  )
  .get(
    `${base}/workspace.zip`,
    describeRoute({
      tag,
      summary: "Everything the workspace holds, as a zip",
      description:
        "Each entity as JSON and CSV with the API's field names, and a README in `language`; written as it " +
        "downloads and kept nowhere. The owner may always download it, on every plan; an admin when the owner's " +
        "plan has export features (`PLAN_UPGRADE_REQUIRED` otherwise); other members are `FORBIDDEN`.",
      answer: answers.file("application/zip"),
      errors: ["FORBIDDEN", "PLAN_UPGRADE_REQUIRED"],
    }),
    validate("query", workspaceZipQuerySchema),
    async (c) => {
      const { stream, fileName } = await exportWorkspaceZip({
        ctx: c.get("ctx"),
        input: { ...c.req.param(), language: c.req.valid("query").language ?? detectLanguage(c.req.raw) },
      });
      return download(stream, "application/zip", fileName);
    },
  );
