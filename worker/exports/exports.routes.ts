import { Hono } from "hono";
import type { ApiEnv } from "../api.ts";
import { requirePerson } from "../auth/auth.middleware.ts";
import { validate } from "../http/validation.ts";
import { detectLanguage } from "../i18n/language.ts";
import { transactionsCsvQuerySchema } from "./exports.schemas.ts";
import { exportTransactionsCsv } from "./transactions-csv.service.ts";

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
  });
