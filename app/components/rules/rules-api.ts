import { answered } from "~/lib/api-answers";
import type { RuleResponse } from "./rule-values";
import type { RuleRun } from "./rule-run-summary";

/**
 * The rules' calls to the JSON API (docs/api.md, "Rules"), from the Rules page and the import dialog
 * alike: the page's session cookie authenticates them. A refusal throws its envelope's message and its
 * fields' messages (at e.g. `conditions.0.value`), already in the person's language.
 */

const send = (path: string, method: string, json?: unknown) =>
  fetch(path, {
    method,
    credentials: "same-origin",
    headers: json === undefined ? undefined : { "Content-Type": "application/json" },
    body: json === undefined ? undefined : JSON.stringify(json),
  });

export function rulesApi(workspaceId: string) {
  const base = `/api/workspaces/${workspaceId}/rules`;
  return {
    async create(body: unknown): Promise<RuleResponse> {
      return answered(await send(base, "POST", body));
    },
    async update(ruleId: string, body: unknown): Promise<RuleResponse> {
      return answered(await send(`${base}/${ruleId}`, "PUT", body));
    },
    async remove(ruleId: string): Promise<void> {
      await answered(await send(`${base}/${ruleId}`, "DELETE"));
    },
    /** Says yes (the rule is made) or no to a suggested rule; either way it is not offered again. */
    async answerSuggestion(body: { payee_id: string; tag_ids: string[]; accept: boolean }) {
      return answered<{ rule: RuleResponse | null }>(await send(`${base}/suggestions/answer`, "POST", body));
    },
    async reorder(ruleIds: string[]): Promise<RuleResponse[]> {
      return answered(await send(`${base}/order`, "PUT", { rule_ids: ruleIds }));
    },
    /** Starts applying one rule, or every rule that is not paused, to the transactions already there. */
    async startRun(ruleId?: string): Promise<RuleRun> {
      return answered(await send(`${base}/runs`, "POST", ruleId ? { rule_id: ruleId } : {}));
    },
    /** One step of a run: a chunk scanned, applied or undone. */
    async stepRun(runId: string, step: "scan" | "apply" | "undo"): Promise<RuleRun> {
      return answered(await send(`${base}/runs/${runId}/${step}`, "POST"));
    },
  };
}

/** The workspace's tags as a picker offers them (a subcategory named with its category), for the import dialog. */
export async function fetchTagOptions(workspaceId: string) {
  const tags = await answered<Array<{ uuid: string; name: string; color: string; parent_id: string | null }>>(
    await fetch(`/api/workspaces/${workspaceId}/tags`, { credentials: "same-origin" }),
  );
  const names = new Map(tags.map((tag) => [tag.uuid, tag.name]));
  return tags.map(({ uuid, name, color, parent_id }) => ({
    uuid,
    name,
    color,
    parent_name: parent_id ? (names.get(parent_id) ?? null) : null,
  }));
}
