import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../access/api-env.ts";
import { requirePerson } from "../access/access.middleware.ts";
import { answers, describeRoute, messageSchema } from "../http/openapi.ts";
import { validate } from "../http/validation.ts";
import { ruleResponseSchema, suggestionResponseSchema } from "./rules.responses.ts";
import { createRuleSchema, ruleOrderSchema, updateRuleSchema } from "./rules.schemas.ts";
import { createRule, deleteRule, getRule, listRules, reorderRules, updateRule } from "./rules.service.ts";
import { answerSuggestion, listSuggestions, suggestionAnswerSchema } from "./rule-suggestions.service.ts";

const base = "/:workspaceId/rules";

const tag = "Rules";

/** /workspaces/{workspaceId}/rules… (reads: any member; writes: owner, admin or member). */
export const ruleRoutes = new Hono<ApiEnv>()
  .use(requirePerson)
  .get(
    base,
    describeRoute({
      tag,
      summary: "Every rule of the workspace",
      description: "In the order they run.",
      answer: answers.data(z.array(ruleResponseSchema)),
    }),
    async (c) => c.json({ data: await listRules({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(
    base,
    describeRoute({
      tag,
      summary: "Create a rule",
      description:
        "Every condition must hold on a line from one of `sources` (money from outside — `imported`, `assistant`, " +
        "`bank` — unless it says; `typed` opts in what people type, whose own choices a rule never overrides). For " +
        "each action the first matching rule that has it wins. Goes last, or at `position` (0: first). Tags, " +
        "accounts and cards it names must be the workspace's (422 at the field).",
      answer: answers.created(ruleResponseSchema),
    }),
    validate("json", createRuleSchema),
    async (c) => {
      const input = { ...c.req.param(), ...c.req.valid("json") };
      return c.json({ data: await createRule({ ctx: c.get("ctx"), input }) }, 201);
    },
  )
  .get(
    `${base}/suggestions`,
    describeRoute({
      tag,
      summary: "Rules worth offering",
      description:
        "A payee whose transactions the person re-tagged the same way twice (`times`), not yet answered: offer " +
        '"Always tag {payee} as {tags}?" once. Most re-tagged first, five at most.',
      answer: answers.data(z.array(suggestionResponseSchema)),
    }),
    async (c) => c.json({ data: await listSuggestions({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(
    `${base}/suggestions/answer`,
    describeRoute({
      tag,
      summary: "Answer a suggested rule",
      description:
        "`accept: true` makes the rule (the payee equals its name → its tags, on everything that enters, typed entries " +
        "too; last in the order) and answers it; `false` only answers it. Answered, it is never offered again (404 " +
        "for one answered or never offered).",
      answer: answers.data(z.object({ rule: ruleResponseSchema.nullable() })),
    }),
    validate("json", suggestionAnswerSchema),
    async (c) => {
      const input = { ...c.req.param(), ...c.req.valid("json") };
      return c.json({ data: await answerSuggestion({ ctx: c.get("ctx"), input }) });
    },
  )
  .put(
    `${base}/order`,
    describeRoute({
      tag,
      summary: "Reorder the rules",
      description:
        "The rules in `rule_ids` run first, in that order; any not listed follow in the order they had. A rule not " +
        "of the workspace, or one listed twice, is refused (422 at `rule_ids`).",
      answer: answers.data(z.array(ruleResponseSchema)),
    }),
    validate("json", ruleOrderSchema),
    async (c) => {
      const input = { ...c.req.param(), ...c.req.valid("json") };
      return c.json({ data: await reorderRules({ ctx: c.get("ctx"), input }) });
    },
  )
  .get(
    `${base}/:ruleId`,
    describeRoute({ tag, summary: "A rule", answer: answers.data(ruleResponseSchema) }),
    async (c) => c.json({ data: await getRule({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .put(
    `${base}/:ruleId`,
    describeRoute({
      tag,
      summary: "Change, pause or resume a rule",
      description: "Only the fields sent change; `paused: true` stops it running until it is resumed.",
      answer: answers.data(ruleResponseSchema),
      errors: ["RULES_CHANGED"],
    }),
    validate("json", updateRuleSchema),
    async (c) => {
      const input = { ...c.req.param(), ...c.req.valid("json") };
      return c.json({ data: await updateRule({ ctx: c.get("ctx"), input }) });
    },
  )
  .delete(
    `${base}/:ruleId`,
    describeRoute({
      tag,
      summary: "Delete a rule",
      description: "What it already filed stays filed.",
      answer: answers.data(messageSchema),
    }),
    async (c) => c.json({ data: await deleteRule({ ctx: c.get("ctx"), input: c.req.param() }) }),
  );
