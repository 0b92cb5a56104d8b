import { answered } from "~/lib/api-answers";
import type { ImportPreview, PreviewLine } from "../../../worker/imports/import-preview.service";
import type { ImportResponse } from "../../../worker/imports/imports.service";
import type { ImportLine } from "../../../worker/imports/imports.schemas";

/**
 * The import dialog's calls to the JSON API (docs/api.md, "Imports"): the page's session cookie
 * authenticates them. A refusal throws its envelope's message, already in the person's language.
 */

export type { ImportPreview, ImportResponse, PreviewLine };

const send = (path: string, init: RequestInit & { json?: unknown } = {}) =>
  fetch(path, {
    ...init,
    credentials: "same-origin",
    headers: init.json === undefined ? init.headers : { "Content-Type": "application/json" },
    body: init.json === undefined ? init.body : JSON.stringify(init.json),
  });

export function importApi(workspaceId: string) {
  const base = `/api/workspaces/${workspaceId}/imports`;
  return {
    async preview(
      file: File,
      target: string,
      csvMapping: unknown | null,
      { statement = 0, csvStartLine }: { statement?: number; csvStartLine?: number } = {},
    ): Promise<ImportPreview> {
      const form = new FormData();
      form.set("file", file);
      form.set("target", target);
      if (csvMapping) form.set("csv_mapping", JSON.stringify(csvMapping));
      if (csvStartLine) form.set("csv_start_line", String(csvStartLine));
      if (statement > 0) form.set("statement", String(statement));
      return answered(await send(`${base}/preview`, { method: "POST", body: form }));
    },
    async create(body: {
      target: string;
      file_name: string;
      format: string;
      csv_mapping: unknown | null;
      line_count: number;
      skipped_count: number;
      refused_count: number;
    }): Promise<ImportResponse> {
      return answered(await send(base, { method: "POST", json: body }));
    },
    async chunk(importId: string, chunkIndex: number, lines: ImportLine[]) {
      return answered<{ chunk_index: number; created: number; skipped: number }>(
        await send(`${base}/${importId}/chunks`, { method: "POST", json: { chunk_index: chunkIndex, lines } }),
      );
    },
    async list(): Promise<ImportResponse[]> {
      return answered(await send(base));
    },
    async undo(importId: string): Promise<ImportResponse> {
      return answered(await send(`${base}/${importId}`, { method: "DELETE" }));
    },
  };
}

/** A preview line as a chunk sends it back. */
/** A previewed line as its chunk sends it: with how the rules filed it (the tags' names were for showing). */
export const chunkLine = ({
  line,
  date,
  description,
  amount,
  imported_id,
  note,
  filed,
  transfer_with,
}: PreviewLine): ImportLine => {
  const { tags: _shown, ...filing } = filed ?? { tags: [] };
  return {
    line,
    date,
    description,
    amount,
    imported_id,
    note,
    filed: filed ? filing : null,
    transfer_with: transfer_with ? `${transfer_with.type}:${transfer_with.uuid}` : null,
  };
};
