import { answered } from "~/lib/api-answers";
import type { MoveInPreview, MoveInResponse, MoveInStart } from "../../../worker/move-in/move-in.service";
import type { MoveInLine } from "../../../worker/move-in/move-in.schemas";

/**
 * "Bring your history"'s calls to the JSON API (docs/api.md#moving-in): the page's session cookie
 * authenticates them. A refusal throws its envelope's message, already in the person's language.
 */

export type { MoveInPreview, MoveInResponse, MoveInStart };
export type MoveInPreviewLine = MoveInPreview["lines"][number];

/** Lines per chunk: the API's most. */
const chunkSize = 500;

const send = (path: string, init: RequestInit & { json?: unknown } = {}) =>
  fetch(path, {
    ...init,
    credentials: "same-origin",
    headers: init.json === undefined ? init.headers : { "Content-Type": "application/json" },
    body: init.json === undefined ? init.body : JSON.stringify(init.json),
  });

export function moveInApi(workspaceId: string) {
  const base = `/api/workspaces/${workspaceId}/move-ins`;
  return {
    async preview(file: File, dateFormat?: "dmy" | "mdy" | "ymd"): Promise<MoveInPreview> {
      const form = new FormData();
      form.set("file", file);
      if (dateFormat) form.set("date_format", dateFormat);
      return answered(await send(`${base}/preview`, { method: "POST", body: form }));
    },
    async list(): Promise<MoveInResponse[]> {
      return answered(await send(base));
    },
    async undo(moveInId: string): Promise<MoveInResponse> {
      return answered(await send(`${base}/${moveInId}`, { method: "DELETE" }));
    },
    /**
     * Writes what the preview found: the accounts, cards and tags first, then the chosen lines in
     * chunks of 500, telling `onProgress` how many are written. A chunk whose answer was lost is sent
     * again (the API answers it from its claim, writing nothing twice). After a failure, `resume` goes
     * on with the same move-in from the lines `onProgress` last counted.
     */
    async bringIn(
      preview: MoveInPreview,
      lines: readonly MoveInPreviewLine[],
      onProgress: (written: number, moveIn: MoveInStart) => void,
      resume?: { moveIn: MoveInStart; written: number },
    ): Promise<{ moveIn: MoveInStart; created: number; skipped: number }> {
      const moveIn: MoveInStart =
        resume?.moveIn ??
        (await answered(
          await send(base, {
            method: "POST",
            json: {
              file_name: preview.file_name,
              app: preview.app,
              accounts: preview.accounts
                .filter((place) => !place.archived)
                .map((place) => ({
                  name: place.name,
                  type: place.type,
                  currency: place.currency,
                  opening_balance: place.opening_balance,
                  paid_from: place.paid_from,
                })),
              tags: preview.tags.map((tag) => ({ name: tag.name, parent: tag.parent })),
              line_count: preview.lines.length,
              skipped_count: preview.lines.length - lines.length - preview.counts.refused,
              refused_count: preview.counts.refused,
            },
          }),
        ));
      const legs = new Map(moveIn.accounts.map((place) => [place.name, `${place.type}:${place.uuid}`]));
      const tagIds = new Map(moveIn.tags.map((tag) => [tag.name, tag.uuid]));
      let created = 0;
      let skipped = 0;
      const from = Math.floor((resume?.written ?? 0) / chunkSize) * chunkSize;
      // Told at once, so a first chunk that fails can be sent again to this move-in, not a new one.
      onProgress(from, moveIn);
      for (let start = from, index = from / chunkSize; start < lines.length; start += chunkSize, index++) {
        const chunk = lines.slice(start, start + chunkSize).map(
          (line): MoveInLine => ({
            line: line.lines[0]!,
            date: line.date,
            type: line.type,
            amount: line.amount,
            description: line.description,
            origin: line.from === null ? null : (legs.get(line.from) ?? null),
            destination: line.to === null ? null : (legs.get(line.to) ?? null),
            tag_ids: line.tag === null || !tagIds.has(line.tag) ? [] : [tagIds.get(line.tag)!],
            parts:
              line.parts?.map((part) => ({
                amount: part.amount,
                tag_ids: tagIds.has(part.tag) ? [tagIds.get(part.tag)!] : [],
                note: part.note,
              })) ?? null,
            note: line.note,
            imported_id: line.imported_id,
          }),
        );
        const answer = await sendChunk(`${base}/${moveIn.uuid}/chunks`, { chunk_index: index, lines: chunk });
        created += answer.created;
        skipped += answer.skipped;
        onProgress(start + chunk.length, moveIn);
      }
      return { moveIn, created, skipped };
    },
  };
}

/** One chunk, sent again once when the network lost it. */
async function sendChunk(path: string, body: unknown): Promise<{ created: number; skipped: number }> {
  try {
    return await answered(await send(path, { method: "POST", json: body }));
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return answered(await send(path, { method: "POST", json: body }));
  }
}
