import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../access/api-env.ts";
import { requirePerson } from "../access/access.middleware.ts";
import { answers, describeRoute } from "../http/openapi.ts";
import { validate } from "../http/validation.ts";
import {
  applyRuleRun,
  createRuleRun,
  getRuleRun,
  ruleRunSchema,
  scanRuleRun,
  undoRuleRun,
} from "./rule-runs.service.ts";

const base = "/:workspaceId/rules/runs";

const tag = "Rules";

const changeSchema = z.object({
  tag_ids: z.array(z.string()).optional(),
  payee: z.string().optional(),
  description: z.string().optional(),
  note: z.string().optional(),
});

/** A rule run as the API answers it: where it stands, its counts, and a sample of its changes. */
const ruleRunResponseSchema = z.object({
  uuid: z.string(),
  rule_id: z.string().nullable(),
  status: z.enum(["scanning", "ready", "applied", "undone"]),
  scanned: z.number().int(),
  matched: z.number().int(),
  applied: z.number().int(),
  skipped: z.number().int(),
  undone: z.number().int(),
  kept: z.number().int(),
  sample: z.array(
    z.object({
      transaction: z.object({
        uuid: z.string(),
        date: z.string(),
        description: z.string(),
        amount: z.string(),
        currency: z.string(),
      }),
      before: z.object({
        tag_ids: z.array(z.string()),
        payee_id: z.string().nullable(),
        description: z.string(),
        note: z.string().nullable(),
      }),
      after: changeSchema,
    }),
  ),
  created_at: z.string(),
});

/**
 * /workspaces/{workspaceId}/rules/runs…: rules applied to transactions already written, in steps — scan,
 * apply, undo — none reading or writing more than a chunk (worker/transactions/rule-runs.service.ts).
 */
export const ruleRunRoutes = new Hono<ApiEnv>()
  .use(requirePerson)
  .post(
    base,
    describeRoute({
      tag,
      summary: "Start applying rules to existing transactions",
      description:
        "One rule (`rule_id`) or every rule that is not paused, in their order, wherever the transactions came " +
        "from. Nothing changes yet: scan it, see what would change, then apply it.",
      answer: answers.created(ruleRunResponseSchema),
    }),
    validate("json", ruleRunSchema),
    async (c) => {
      const input = { ...c.req.param(), ...c.req.valid("json") };
      return c.json({ data: await createRuleRun({ ctx: c.get("ctx"), input }) }, 201);
    },
  )
  .get(
    `${base}/:runId`,
    describeRoute({ tag, summary: "A rule run", answer: answers.data(ruleRunResponseSchema) }),
    async (c) => c.json({ data: await getRuleRun({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(
    `${base}/:runId/scan`,
    describeRoute({
      tag,
      summary: "Look through the next transactions",
      description:
        "The next 2,000 transactions (oldest first) checked against the rules; the changes they would make are kept. " +
        "Call again while `status` is `scanning`; then `matched` says how many would change and `sample` shows up " +
        "to ten: what each had (`before`) and what it will have (`after`). Tags are replaced, the payee, description " +
        "and an empty note set; split transactions and splits are left as they are.",
      answer: answers.data(ruleRunResponseSchema),
    }),
    async (c) => c.json({ data: await scanRuleRun({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(
    `${base}/:runId/apply`,
    describeRoute({
      tag,
      summary: "Apply the next changes",
      description:
        "The next 100 changes of a scanned run, each only while its transaction is as it was scanned (else `skipped`). " +
        "Call again until `status` is `applied`. 409 `RULE_RUN_NOT_READY` while it is still scanning.",
      answer: answers.data(ruleRunResponseSchema),
      errors: ["RULE_RUN_NOT_READY"],
    }),
    async (c) => c.json({ data: await applyRuleRun({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(
    `${base}/:runId/undo`,
    describeRoute({
      tag,
      summary: "Undo the next changes",
      description:
        "The next 100 applied changes put back, each only while its transaction is as the run left it (one edited " +
        "since keeps that edit: `kept`). Call again until `status` is `undone`. 409 `RULE_RUN_NOT_READY` before it " +
        "is applied.",
      answer: answers.data(ruleRunResponseSchema),
      errors: ["RULE_RUN_NOT_READY"],
    }),
    async (c) => c.json({ data: await undoRuleRun({ ctx: c.get("ctx"), input: c.req.param() }) }),
  );
