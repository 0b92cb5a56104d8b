import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../access/api-env.ts";
import { requirePerson } from "../access/access.middleware.ts";
import { answers, describeRoute } from "../http/openapi.ts";
import { validate } from "../http/validation.ts";
import {
  balanceDifferenceResponseSchema,
  bankConnectionResponseSchema,
  pluggyConnectTokenResponseSchema,
  matchedLineResponseSchema,
  pluggyWebhookAnswerSchema,
  syncRequestedResponseSchema,
  writtenTransactionResponseSchema,
} from "./bank-connections.responses.ts";
import { receivePluggyWebhook, requestSync } from "./bank-sync.service.ts";
import { bodyLimits } from "../http/body-limits.ts";
import {
  pluggyConnectSchema,
  pluggyConnectTokenSchema,
  reconcileSchema,
  remoteAccountLinkSchema,
  simplefinConnectSchema,
} from "./bank-connections.schemas.ts";
import { explainDifference, listMatchedLines, reconcileBalance, undoMatch } from "./bank-lines.service.ts";
import { detectLanguage } from "../i18n/language.ts";
import {
  connectPluggy,
  connectSimplefin,
  disconnectBankConnection,
  getBankConnection,
  linkRemoteAccount,
  listBankConnections,
  pluggyConnectToken,
  alignCardBillDays,
} from "./bank-connections.service.ts";

const base = "/:workspaceId/bank-connections";

const tag = "Bank connections";

const connectRefusals =
  "Owner or admin (`banks.connect`), on a plan with bank connections (`PLAN_UPGRADE_REQUIRED` otherwise). " +
  "`BANK_PROVIDER_UNAVAILABLE` (503, with `Retry-After`) when the provider did not answer: nothing changed.";

/** /workspaces/{workspaceId}/bank-connections… (README: "Bank connections"): reads, any member; the rest `banks.connect`. */
export const bankConnectionRoutes = new Hono<ApiEnv>()
  .use(requirePerson)
  .get(
    base,
    describeRoute({
      tag,
      summary: "The workspace's bank connections",
      description: "Disconnected ones included, each with the accounts it reaches and where their lines go.",
      answer: answers.data(z.array(bankConnectionResponseSchema)),
    }),
    async (c) => c.json({ data: await listBankConnections({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(
    `${base}/simplefin`,
    describeRoute({
      tag,
      summary: "Connect through SimpleFIN",
      description:
        "Claims the setup token made in the SimpleFIN Bridge (a token works once: 422 at `setup_token` when " +
        `SimpleFIN refuses it) and lists the accounts it reaches, undecided. ${connectRefusals}`,
      answer: answers.created(bankConnectionResponseSchema),
      errors: ["PLAN_UPGRADE_REQUIRED", "BANK_CONNECTIONS_UNAVAILABLE", "BANK_PROVIDER_UNAVAILABLE"],
    }),
    validate("json", simplefinConnectSchema),
    async (c) => {
      const input = { ...c.req.param(), ...c.req.valid("json") };
      return c.json({ data: await connectSimplefin({ ctx: c.get("ctx"), input }) }, 201);
    },
  )
  .post(
    `${base}/pluggy/connect-token`,
    describeRoute({
      tag,
      summary: "A token for Pluggy's Connect widget",
      description:
        "For a new connection, or with `connection_id` to sign in again to that connection's bank. The widget " +
        `makes an item, which POST /bank-connections/pluggy turns into the connection. ${connectRefusals}`,
      answer: answers.data(pluggyConnectTokenResponseSchema),
      errors: [
        "PLAN_UPGRADE_REQUIRED",
        "BANK_CONNECTIONS_UNAVAILABLE",
        "BANK_PROVIDER_UNAVAILABLE",
        "BANK_CONNECTION_DISCONNECTED",
      ],
    }),
    validate("json", pluggyConnectTokenSchema),
    async (c) => {
      const input = { ...c.req.param(), ...c.req.valid("json") };
      return c.json({ data: await pluggyConnectToken({ ctx: c.get("ctx"), input }) });
    },
  )
  .post(
    `${base}/pluggy`,
    describeRoute({
      tag,
      summary: "Connect the item Pluggy's widget made",
      description:
        "Only an item made with this workspace's connect token is accepted (422 at `item_id` otherwise); the same " +
        `item sent again answers the connection it already is. ${connectRefusals}`,
      answer: answers.created(bankConnectionResponseSchema),
      errors: ["PLAN_UPGRADE_REQUIRED", "BANK_CONNECTIONS_UNAVAILABLE", "BANK_PROVIDER_UNAVAILABLE"],
    }),
    validate("json", pluggyConnectSchema),
    async (c) => {
      const input = { ...c.req.param(), ...c.req.valid("json") };
      return c.json({ data: await connectPluggy({ ctx: c.get("ctx"), input }) }, 201);
    },
  )
  .get(
    `${base}/:connectionId`,
    describeRoute({ tag, summary: "A bank connection", answer: answers.data(bankConnectionResponseSchema) }),
    async (c) => c.json({ data: await getBankConnection({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .put(
    `${base}/:connectionId/accounts/:remoteAccountId`,
    describeRoute({
      tag,
      summary: "Choose where a bank account's lines go",
      description:
        "A bank account to an active Moneta account, a credit card to a credit or hybrid card, in the same currency " +
        "(422 at the field otherwise); `ignore` brings nothing in; `none` leaves it undecided. A Moneta account or " +
        "card takes one bank account's lines (`BANK_ACCOUNT_LINKED`). Owner or admin (`banks.connect`).",
      answer: answers.data(bankConnectionResponseSchema),
      errors: ["BANK_ACCOUNT_LINKED", "BANK_CONNECTION_DISCONNECTED"],
    }),
    validate("json", remoteAccountLinkSchema),
    async (c) => {
      const input = { ...c.req.param(), ...c.req.valid("json") };
      return c.json({ data: await linkRemoteAccount({ ctx: c.get("ctx"), input }) });
    },
  )
  .post(
    `${base}/:connectionId/sync`,
    describeRoute({
      tag,
      summary: "Sync now",
      description:
        "The bank is read at once, after the answer; a long sync carries on with the cron (the connection's " +
        "`sync` says how far it is). Any member who may write; once a minute per connection (`RATE_LIMITED`, " +
        "with `Retry-After`).",
      answer: answers.data(syncRequestedResponseSchema),
      errors: ["RATE_LIMITED", "BANK_CONNECTION_DISCONNECTED"],
    }),
    async (c) => c.json({ data: await requestSync({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .get(
    `${base}/:connectionId/matched`,
    describeRoute({
      tag,
      summary: "Lines joined to transactions you had",
      description:
        "The bank's lines a sync joined to a transaction already there (same amount and direction, within 3 days, " +
        "a word in common) instead of writing them again: the latest 200, newest first. Any member.",
      answer: answers.data(z.array(matchedLineResponseSchema)),
    }),
    async (c) => c.json({ data: await listMatchedLines({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(
    `${base}/:connectionId/matched/:lineId/undo`,
    describeRoute({
      tag,
      summary: "Undo a match",
      description:
        "The bank's line was not that transaction: it is written as its own (as the bank states it), and the " +
        "transaction that was there stays. Once (404 after). Any member who may write.",
      answer: answers.data(writtenTransactionResponseSchema),
    }),
    async (c) => c.json({ data: await undoMatch({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(
    `${base}/:connectionId/accounts/:remoteAccountId/card-days`,
    describeRoute({
      tag,
      summary: "Use the bank's bill days for a linked card",
      description:
        "The linked credit card's billing (closing) day and due day become those of its bill at the bank (its " +
        "`card_days.bank`), so its statements are the bank's bills. 404 when the account is not linked to a card " +
        "or the bank gives no bill dates. Any member who may write.",
      answer: answers.data(bankConnectionResponseSchema),
    }),
    async (c) => c.json({ data: await alignCardBillDays({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .get(
    `${base}/:connectionId/accounts/:remoteAccountId/difference`,
    describeRoute({
      tag,
      summary: "Why a balance differs from the bank's",
      description:
        "Within the days the bank's lines cover: entries here no bank line joined, lines the bank no longer shows " +
        "whose transactions are still here, and bank lines whose transactions were deleted here, each with its " +
        "share of the difference; `before_lines` is the rest, from before the bank's first line. Any member.",
      answer: answers.data(balanceDifferenceResponseSchema),
    }),
    async (c) => c.json({ data: await explainDifference({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(
    `${base}/:connectionId/accounts/:remoteAccountId/reconcile`,
    describeRoute({
      tag,
      summary: "Reconcile a balance with the bank's",
      description:
        "Records one adjustment dated today — income or expense of `difference`, with a note naming the bank's " +
        "balance — so Moneta's balance becomes the bank's. `difference` must be the account's `balance_difference` " +
        "as read: if it moved since, `BANK_BALANCE_CHANGED` and nothing is written. Any member who may write.",
      answer: answers.data(writtenTransactionResponseSchema),
      errors: ["BANK_BALANCE_CHANGED"],
    }),
    validate("json", reconcileSchema),
    async (c) => {
      const input = { ...c.req.param(), ...c.req.valid("json"), language: detectLanguage(c.req.raw) };
      return c.json({ data: await reconcileBalance({ ctx: c.get("ctx"), input }) });
    },
  )
  .delete(
    `${base}/:connectionId`,
    describeRoute({
      tag,
      summary: "Disconnect a bank",
      description:
        "Pluggy's item is deleted (the bank stops being read); SimpleFIN's access is forgotten. The connection " +
        "stays, disconnected, with its accounts unlinked; the transactions it brought stay. Owner or admin " +
        "(`banks.connect`); `BANK_PROVIDER_UNAVAILABLE` when Pluggy did not answer: nothing changed.",
      answer: answers.data(bankConnectionResponseSchema),
      errors: ["BANK_CONNECTIONS_UNAVAILABLE", "BANK_PROVIDER_UNAVAILABLE"],
    }),
    async (c) => c.json({ data: await disconnectBankConnection({ ctx: c.get("ctx"), input: c.req.param() }) }),
  );

/** A delivery is a few hundred bytes; anything near this is not Pluggy. */
const maxWebhookBodyBytes = 64 * 1024;

/** /bank-webhooks/pluggy: Pluggy's webhook. Public: Pluggy holds no session and proves itself with the shared secret. */
export const bankWebhookRoutes = new Hono<ApiEnv>().post(
  "/pluggy",
  bodyLimits.json(maxWebhookBodyBytes, "64 KB"),
  describeRoute({
    tag,
    summary: "Pluggy's webhook",
    description:
      "`X-Moneta-Webhook-Secret` must equal the Worker's `PLUGGY_WEBHOOK_SECRET` (compared in constant time): " +
      "missing, wrong or none configured is `UNAUTHENTICATED`, which Pluggy does not retry. Each `eventId` is " +
      "handled once. An item or transactions event syncs the item's connection from Pluggy's API after the answer; " +
      "the body itself is never trusted for data.",
    answer: answers.data(pluggyWebhookAnswerSchema),
    upload: { types: ["application/json"] },
    errors: ["UNAUTHENTICATED", "UNSUPPORTED_MEDIA_TYPE"],
  }),
  async (c) => {
    const services = c.get("services");
    const text = await c.req.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const answer = await receivePluggyWebhook(services, { secret: c.req.header("X-Moneta-Webhook-Secret"), body });
    return c.json({ data: answer });
  },
);
