import { readFileSync } from "node:fs";
import { expect } from "vitest";
import type { TestApp } from "../../support/test-app.ts";
import type { MoveInPreview, MoveInStart } from "../../../worker/move-in/move-in.service.ts";

/** What the browser's dialog does with the API (app/components/move-in/move-in-api.ts), for node tests. */

export const moveInFixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../fixtures/move-in/${name}`, import.meta.url)));

export function moveInClient(t: TestApp, workspaceId: string, token: string) {
  const base = `/api/workspaces/${workspaceId}/move-ins`;
  async function previewAnswer(bytes: Uint8Array<ArrayBuffer>, name: string, dateFormat?: string) {
    const form = new FormData();
    form.set("file", new File([bytes], name));
    if (dateFormat) form.set("date_format", dateFormat);
    return t.request(`${base}/preview`, { method: "POST", body: form, token });
  }
  async function preview(bytes: Uint8Array<ArrayBuffer>, name: string, dateFormat?: string): Promise<MoveInPreview> {
    const answer = await previewAnswer(bytes, name, dateFormat);
    expect(answer.status, await answer.clone().text()).toBe(200);
    return (await answer.json()).data;
  }
  /** Start and chunks, as the dialog sends them: every new line (and possible duplicates when asked). */
  async function bringIn(found: MoveInPreview, { withPossible = false, chunkSize = 500 } = {}) {
    const lines = found.lines.filter(
      (line) => line.status === "new" || (withPossible && line.status === "possible_duplicate"),
    );
    const started = await t.request(base, {
      method: "POST",
      token,
      json: {
        file_name: found.file_name,
        app: found.app,
        accounts: found.accounts
          .filter((place) => !place.archived)
          .map(({ name, type, currency, opening_balance, paid_from }) => ({
            name,
            type,
            currency,
            opening_balance,
            paid_from,
          })),
        tags: found.tags.map(({ name, parent }) => ({ name, parent })),
        line_count: found.lines.length,
        refused_count: found.counts.refused,
      },
    });
    expect(started.status, await started.clone().text()).toBe(201);
    const moveIn: MoveInStart = (await started.json()).data;
    const legs = new Map(moveIn.accounts.map((place) => [place.name, `${place.type}:${place.uuid}`]));
    const tagIds = new Map(moveIn.tags.map((tag) => [tag.name, tag.uuid]));
    let created = 0;
    for (let start = 0, index = 0; start < lines.length; start += chunkSize, index++) {
      const chunk = lines.slice(start, start + chunkSize).map((line) => ({
        line: line.lines[0],
        date: line.date,
        type: line.type,
        amount: line.amount,
        description: line.description,
        origin: line.from === null ? null : legs.get(line.from),
        destination: line.to === null ? null : legs.get(line.to),
        tag_ids: line.tag === null ? [] : [tagIds.get(line.tag)],
        parts:
          line.parts?.map((part) => ({ amount: part.amount, tag_ids: [tagIds.get(part.tag)], note: part.note })) ??
          null,
        note: line.note,
        imported_id: line.imported_id,
      }));
      const answer = await t.request(`${base}/${moveIn.uuid}/chunks`, {
        method: "POST",
        token,
        json: { chunk_index: index, lines: chunk },
      });
      expect(answer.status, await answer.clone().text()).toBe(200);
      created += (await answer.json()).data.created;
    }
    return { moveIn, created };
  }
  const undo = (moveInId: string) => t.request(`${base}/${moveInId}`, { method: "DELETE", token });
  return { base, previewAnswer, preview, bringIn, undo };
}
