/**
 * The assistant's conversation: one message in, the replies out. The channel's edge
 * (worker/assistant/whatsapp.routes.ts) verifies and reads the delivery; this decides what the
 * message means for the person linked to the phone and what is written, always through the same
 * service verbs the API uses, as the bot actor (created_via "bot:whatsapp").
 *
 * Once per message: a message that writes is claimed (bot_messages, by its id) in the same batch
 * as what it writes, keyed like an Idempotency-Key by the message that asked for it; any other
 * message is claimed before it is answered. A delivery sent again — or five at once — writes and
 * answers once.
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { botMessages, installmentPlans, transactions } from "../../db/schema/index.ts";
import { actingAs, type ActingContext, type BotActor } from "../access/actor.ts";
import { countHit } from "../access/rate-limit.ts";
import { readLinkCommand } from "../bot/command-reader.ts";
import { multiplyAmount } from "../bot/amount-reader.ts";
import { languageOf } from "../bot/message-language.ts";
import {
  type ParsedMessage,
  type ParsedQuestion,
  type ParsedTransaction,
  parseMessage,
} from "../bot/message-parser.ts";
import { messageText, normalisePhrase } from "../bot/message-text.ts";
import type { ServiceContext } from "../context.ts";
import { AppError } from "../http/errors.ts";
import { translate } from "../http/error-body.ts";
import type { Language } from "../i18n/language.ts";
import { deleteInstallmentPlan } from "../planning/installments/installments.service.ts";
import { todayIn } from "../ledger/dates.ts";
import { decimalToUnits, microsToRate, minorUnitOf, unitsToDecimal } from "../ledger/amounts.ts";
import { outcomeOf } from "../rules/rule-engine.ts";
import { resolveTier } from "../tiers/tiers.ts";
import { deleteTransaction } from "../transactions/transactions.service.ts";
import { can } from "../access/permissions.ts";
import type { IncomingMessage, OutgoingReply } from "./assistant-message.ts";
import { replyButtonLimits } from "./assistant-message.ts";
import { findLegs, legsOf, type Leg, type WrittenKind } from "./assistant-legs.ts";
import { type AssistantWorkspace, readSender, readWorkspace, type Sender } from "./assistant-reads.ts";
import { repliesIn, type Replies } from "./assistant-sentences.ts";
import { balanceReply, summaryReply } from "./assistant-reports.ts";
import { type Draft, describeDraft, moveDraft, whereOf, writeDraft } from "./assistant-writes.ts";
import {
  clearPendingStatement,
  type LegOption,
  type Conversion,
  type PendingState,
  savePendingStatement,
  type Understood,
  type Written,
} from "./conversation-state.ts";
import { type LinkOutcome, linkPhoneByCode } from "./link.service.ts";
import { fetchMedia } from "./graph-api.ts";
import { convertUnits } from "../currency/conversion.ts";
import { rateNow } from "../currency/currency.service.ts";
import { isRateCurrency } from "../currency/rate-currencies.ts";
import { rateSourceName } from "../currency/rate-sources.ts";
import { maxReceiptBytes } from "../receipts/receipt.rules.ts";
import { uploadReceipt } from "../receipts/receipts.service.ts";
import { tagFromHistory, tagFromKeywords } from "./tag-guess.ts";

/** How long "desfazer" reaches back. */
export const undoWindowHours = 24;
/** Unknown numbers get the how-to-link reply once in this window. */
const unknownSenderRule = { limit: 1, windowSeconds: 6 * 3600 };

export async function handleIncomingMessage(ctx: ServiceContext, message: IncomingMessage): Promise<OutgoingReply[]> {
  const sender = await readSender(ctx, message);
  if (sender.isHandled) return [];
  const text = message.content.type === "text" ? message.content.text : null;
  const link = text === null ? null : readLinkCommand(messageText(text));
  if (link) return linkPhone(ctx, message, link.code, commandLanguage(text!));
  if (!sender.person) return answerUnknownSender(ctx, message, text);

  const { person, preferences } = sender;
  const replies = repliesIn(preferences?.botLanguage ?? person.language);
  const settingsUrl = `${ctx.env.APP_URL}/settings`;
  const answerOnce = (reply: OutgoingReply[]) => claimThen(ctx, message, person.id, null, reply);
  const plansUrl = `${ctx.env.APP_URL}/#planos`;
  const say = (key: string) =>
    answerOnce([{ to: message.from, text: replies.say(key, { url: settingsUrl, plansUrl }) }]);
  if (!resolveTier(person).features.whatsapp_bot) return say("problem.noPlan");
  if (!preferences?.botEnabled) return say("problem.disabled");
  const workspaceId = preferences.defaultWorkspaceId;
  if (!workspaceId) return say("problem.noWorkspace");

  const botCtx = actingAs(ctx, { type: "bot", userId: person.id, channel: message.channel } satisfies BotActor);
  let workspace: AssistantWorkspace;
  try {
    workspace = await readWorkspace(botCtx, workspaceId, preferences.autoCategorize);
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") return say("problem.noWorkspace");
    throw error;
  }
  const conversation = new Conversation(botCtx, message, sender, workspace, replies);
  return conversation.answer(text);
}

/**
 * What a person is told when their message could not be handled (the database out of reach…):
 * nothing was recorded, send it again. In the message's own language, Portuguese when it has none.
 */
export function failureReply(message: IncomingMessage): OutgoingReply {
  const text = message.content.type === "text" ? message.content.text : "";
  const language: Language = languageOf(messageText(text), undefined) === "en" ? "en" : "pt-BR";
  return { to: message.from, text: repliesIn(language).say("problem.failed") };
}

/** "LINK 123456" is English; "VINCULAR 123456" and its forms are Portuguese. */
function commandLanguage(text: string): Language {
  return /^\W*link/i.test(text.trim()) ? "en" : "pt-BR";
}

/**
 * Inserts the message's claim, with `alsoInBatch` (what the assistant now waits for) in the same
 * round trip; false when it was already claimed (a redelivery or its twin, which wrote the same).
 */
async function claimMessage(
  ctx: ServiceContext,
  message: IncomingMessage,
  userId: string,
  workspaceId: string | null,
  alsoInBatch: BatchItem<"sqlite">[] = [],
) {
  const [claimed] = await ctx.db.batch([
    ctx.db
      .insert(botMessages)
      .values({ messageId: message.messageId, userId, workspaceId, receivedAt: ctx.clock.now().toISOString() })
      .onConflictDoNothing()
      .returning({ messageId: botMessages.messageId }),
    forgetOldMessages(ctx),
    ...alsoInBatch,
  ]);
  return claimed.length === 1;
}

/**
 * Handled messages are kept a week — past the 24 hours in which a delivery is acted on and "desfazer"
 * reaches back — and then deleted, a few by each claim, oldest first, so the table stays small.
 */
export const handledMessagesKeptDays = 7;
const forgottenPerClaim = 20;

function forgetOldMessages(ctx: ServiceContext) {
  const before = new Date(ctx.clock.now().getTime() - handledMessagesKeptDays * 86_400_000).toISOString();
  const oldest = ctx.db
    .select({ rowid: sql`rowid` })
    .from(botMessages)
    .where(lt(botMessages.receivedAt, before))
    .orderBy(asc(botMessages.receivedAt))
    .limit(forgottenPerClaim);
  return ctx.db.delete(botMessages).where(inArray(sql`rowid`, oldest));
}

async function claimThen(
  ctx: ServiceContext,
  message: IncomingMessage,
  userId: string,
  workspaceId: string | null,
  replies: OutgoingReply[],
): Promise<OutgoingReply[]> {
  return (await claimMessage(ctx, message, userId, workspaceId)) ? replies : [];
}

/** "VINCULAR 482913" from any phone: the code is the proof; it works once, within 10 minutes. */
async function linkPhone(ctx: ServiceContext, message: IncomingMessage, code: string | undefined, language: Language) {
  const replies = repliesIn(language);
  const url = `${ctx.env.APP_URL}/settings`;
  const reply = (key: string) => [{ to: message.from, text: replies.say(key, { url }) }];
  if (!code) return reply("problem.linkMissingCode");
  const linked = await linkPhoneByCode(ctx, { phone: message.from, code, now: ctx.clock.now() });
  if (linked.status === "linked") return claimThen(ctx, message, linked.userId, null, reply("problem.linked"));
  return reply(linkRefusals[linked.status]);
}

const linkRefusals = {
  invalid: "problem.linkInvalid",
  burned: "problem.linkBurned",
  tooManyAttempts: "problem.linkTooMany",
  paused: "problem.linkPaused",
} as const satisfies Record<Exclude<LinkOutcome["status"], "linked">, string>;

/** A number no one linked: how to link, once in a while (a stranger is not answered at every message). */
async function answerUnknownSender(ctx: ServiceContext, message: IncomingMessage, text: string | null) {
  const [counted] = await ctx.db.all<{ hits: number }>(
    countHit(`bot-unknown:${message.channel}:${message.from}`, unknownSenderRule, ctx.clock.now()),
  );
  if (!counted || Number(counted.hits) > unknownSenderRule.limit) return [];
  const language: Language = text && languageOf(messageText(text), undefined) === "en" ? "en" : "pt-BR";
  const replies = repliesIn(language);
  return [{ to: message.from, text: replies.say("problem.notLinked", { url: `${ctx.env.APP_URL}/settings` }) }];
}

/** WhatsApp's reply buttons: at most 3, titles cut to 20 characters. */
function buttonsOf(options: ReadonlyArray<{ id: string; title: string }>) {
  return options.slice(0, replyButtonLimits.count).map(({ id, title }) => ({
    id,
    title:
      title.length > replyButtonLimits.titleLength ? `${title.slice(0, replyButtonLimits.titleLength - 1)}…` : title,
  }));
}

/** One message of a linked person with the assistant on, in their default workspace. */
class Conversation {
  private readonly ctx: ActingContext<BotActor>;
  private readonly message: IncomingMessage;
  private readonly workspace: AssistantWorkspace;
  private readonly replies: Replies;
  private readonly pending: PendingState | null;
  private readonly preferences: NonNullable<Sender["preferences"]>;
  private readonly today: string;

  constructor(
    ctx: ActingContext<BotActor>,
    message: IncomingMessage,
    sender: Sender,
    workspace: AssistantWorkspace,
    replies: Replies,
  ) {
    this.ctx = ctx;
    this.message = message;
    this.workspace = workspace;
    this.replies = replies;
    this.pending = sender.pending;
    this.preferences = sender.preferences!;
    this.today = todayIn(workspace.timeZone, ctx.clock.now());
  }

  private get userId() {
    return this.ctx.actor.userId;
  }

  private reply(text: string, buttons?: ReadonlyArray<{ id: string; title: string }>): OutgoingReply[] {
    return [{ to: this.message.from, text, ...(buttons && buttons.length > 0 ? { buttons: buttonsOf(buttons) } : {}) }];
  }

  private say(key: string, values: Record<string, unknown> = {}) {
    return this.replies.say(key, {
      workspace: this.workspace.name,
      url: `${this.ctx.env.APP_URL}/settings`,
      ...values,
    });
  }

  /** Answers once: the claim and what the assistant now waits for (if anything) in one batch, then the reply. */
  private async answerOnce(replies: OutgoingReply[], waitFor?: PendingState | "nothing"): Promise<OutgoingReply[]> {
    const waiting =
      waitFor === "nothing"
        ? [clearPendingStatement(this.ctx, this.userId)]
        : waitFor
          ? [savePendingStatement(this.ctx, this.userId, waitFor)]
          : [];
    const claimed = await claimMessage(this.ctx, this.message, this.userId, this.workspace.id, waiting);
    return claimed ? replies : [];
  }

  private parse(text: string): ParsedMessage {
    const language = this.replies.language === "en" ? "en" : "pt";
    const { accounts, cards } = this.workspace;
    return parseMessage(text, {
      today: this.today,
      language,
      accounts: accounts.map((account) => ({ name: account.name, aliases: accountAliases[account.type] ?? [] })),
      cards: cards.map((card) => ({ name: card.name, aliases: card.issuer ? [card.issuer] : [] })),
      tags: this.workspace.tags.map((tag) => ({ name: tag.name })),
    });
  }

  async answer(text: string | null): Promise<OutgoingReply[]> {
    const { content } = this.message;
    if (content.type === "unsupported") return this.answerOnce(this.reply(this.say("problem.unsupported")));
    if (content.type === "button") return this.answerButton(content.id);
    if (content.type === "media") return this.receiveMedia(content.mediaId, content.fileName);
    return this.answerText(text!);
  }

  private async answerText(text: string): Promise<OutgoingReply[]> {
    const pending = this.pending;
    const parsed = this.parse(text);
    // The answer to a question holds only what was asked ("87,30", "para o Nubank"); a message with
    // words of its own ("uber 20") is a new one.
    if (pending?.type === "answer" && wordsOfItsOwn(parsed) === "") {
      const together = this.parse(`${pending.text} ${text}`);
      if (isTransaction(together))
        return this.proceed({ parsed: together, chosen: {}, sourceMessageId: pending.sourceMessageId });
    }
    if (pending?.type === "chooseLeg") {
      const wanted = normalisePhrase(text);
      const option = pending.options.find((candidate) => normalisePhrase(candidate.name) === wanted);
      if (option) return this.chooseLeg(pending, option);
    }
    if ("command" in parsed) return this.command(parsed.command);
    if ("ask" in parsed) return this.ask(parsed, text);
    return this.proceed({ parsed, chosen: {}, sourceMessageId: this.message.messageId });
  }

  private async answerButton(id: string): Promise<OutgoingReply[]> {
    const pending = this.pending;
    if (id === "undo") return this.undo();
    if (id === "cancel" && pending) return this.answerOnce(this.reply(this.say("cancelled")), "nothing");
    if (id === "confirm" && pending?.type === "confirm") return this.proceed(pending.understood, { confirmed: true });
    if (id === "change-account" && (pending?.type === "confirm" || pending?.type === "written")) {
      const understood = pending.type === "confirm" ? pending.understood : pending.written.understood;
      const { parsed } = understood;
      const { accounts, cards } = legsOf(this.workspace);
      const options =
        parsed.kind === "expense" && !parsed.installments
          ? [...accounts, ...cards]
          : parsed.installments
            ? cards.filter((card) => card.isCreditCard)
            : accounts;
      const moving = pending.type === "written" ? pending.written : undefined;
      return this.askLeg(understood, "account", "chooseAccount", options, moving);
    }
    const index = Number(id.split(":")[1]);
    if (id.startsWith("pick:") && pending?.type === "pick" && pending.choices[index] !== undefined) {
      const parsed = { ...pending.understood.parsed, [pending.field]: pending.choices[index] };
      return this.proceed({ ...pending.understood, parsed });
    }
    if (id.startsWith("leg:") && pending?.type === "chooseLeg" && pending.options[index]) {
      return this.chooseLeg(pending, pending.options[index]);
    }
    if (id === "convert" && pending?.type === "chooseLeg" && pending.conversion) {
      return this.convert(pending, pending.conversion);
    }
    if (id.startsWith("receipt:") && pending?.type === "attach" && pending.choices[index]) {
      return this.attachReceipt(pending.choices[index], pending, "nothing");
    }
    return this.answerOnce(this.reply(this.say("ask.expired")));
  }

  private chooseLeg(pending: Extract<PendingState, { type: "chooseLeg" }>, option: LegOption) {
    if (pending.moving) return this.move(pending.moving, option);
    const { type, id, name } = option;
    const understood = {
      ...pending.understood,
      chosen: { ...pending.understood.chosen, [pending.side]: { type, id, name } },
    };
    return this.proceed(understood);
  }

  private async command(command: "balance" | "undo" | "help" | "summary" | "link"): Promise<OutgoingReply[]> {
    if (command === "undo") return this.undo();
    if (command === "balance")
      return this.answerOnce(this.reply(balanceReply(this.workspace, this.replies, this.workspaceUrl())));
    if (command === "summary") {
      const text = await summaryReply(
        this.ctx,
        this.workspace,
        this.today,
        this.replies,
        this.workspaceUrl("analytics"),
      );
      return this.answerOnce(this.reply(text));
    }
    return this.answerOnce(this.reply(this.say("help")));
  }

  private workspaceUrl(page = "accounts") {
    return `${this.ctx.env.APP_URL}/workspaces/${this.workspace.id}/${page}`;
  }

  /** One short question for what is missing; the rest of the message is kept for the answer. */
  private ask(question: ParsedQuestion, text: string): Promise<OutgoingReply[]> {
    const understood: Understood = { parsed: question.draft, chosen: {}, sourceMessageId: this.message.messageId };
    const money = (amount: string) => this.replies.money(amount, this.currencyGuess(question.draft));
    switch (question.ask) {
      case "ambiguousAmount": {
        const choices = question.readings;
        const labels = choices.map(money);
        return this.answerOnce(
          this.reply(
            this.say("ask.ambiguousAmount", { written: question.written, first: labels[0], second: labels[1] }),
            labels.map((title, index) => ({ id: `pick:${index}`, title })),
          ),
          { type: "pick", understood, field: "amount", choices },
        );
      }
      case "whichAmount": {
        const [total, perInstallment] = question.candidates as [string, string];
        const count = question.draft.installments?.count ?? 1;
        const labels = [money(total), this.say("ask.perInstallment", { count, amount: money(perInstallment) })];
        return this.answerOnce(
          this.reply(
            this.say("ask.whichAmount", { first: labels[0], second: labels[1] }),
            labels.map((title, index) => ({ id: `pick:${index}`, title })),
          ),
          { type: "pick", understood, field: "amount", choices: [total, multiplyAmount(perInstallment, count)] },
        );
      }
      case "ambiguousDate": {
        const labels = question.readings.map((date) => this.replies.date(date));
        return this.answerOnce(
          this.reply(
            this.say("ask.ambiguousDate", { written: question.written, first: labels[0], second: labels[1] }),
            labels.map((title, index) => ({ id: `pick:${index}`, title })),
          ),
          { type: "pick", understood, field: "date", choices: question.readings },
        );
      }
      default: {
        const written = "written" in question ? question.written : "";
        return this.answerOnce(this.reply(this.say(`ask.${question.ask}`, { written })), {
          type: "answer",
          text,
          sourceMessageId: this.message.messageId,
        });
      }
    }
  }

  private currencyGuess(parsed: ParsedTransaction): string {
    if (parsed.currency) return parsed.currency;
    const found = findLegs(parsed, {}, this.workspace, this.preferences);
    const leg = found.status === "found" ? (found.origin ?? found.destination) : null;
    return leg?.currency ?? this.workspace.currency;
  }

  private askLeg(
    understood: Understood,
    side: "account" | "toAccount",
    question: string,
    options: Leg[],
    moving?: Written,
  ) {
    const names = options.map((option) => option.name);
    const buttons =
      options.length <= replyButtonLimits.count
        ? options.map((option, index) => ({ id: `leg:${index}`, title: this.legTitle(option, options) }))
        : undefined;
    const text =
      question === "sameName"
        ? this.say("ask.sameName", { name: options[0]?.name })
        : this.say(`ask.${question}`, { names: names.join(", ") });
    return this.answerOnce(this.reply(text, buttons), {
      type: "chooseLeg",
      understood,
      side,
      options: options.map(({ type, id, name }) => ({ type, id, name })),
      ...(moving ? { moving } : {}),
    });
  }

  /** A button's title: the name, with "conta"/"cartão" when an account and a card share it. */
  private legTitle(option: Leg, options: Leg[]) {
    const shared = options.filter((other) => normalisePhrase(other.name) === normalisePhrase(option.name)).length > 1;
    return shared
      ? this.say(option.type === "card" ? "parts.card" : "parts.account", { name: option.name })
      : option.name;
  }

  /**
   * A transaction understood: where it goes, its tag, then — with confirmation on and not yet
   * confirmed — the draft to confirm; otherwise it is written.
   */
  private async proceed(understood: Understood, { confirmed = false } = {}): Promise<OutgoingReply[]> {
    if (!can(this.workspace.role, "finances.write")) return this.answerOnce(this.reply(this.say("problem.viewer")));
    const { parsed } = understood;
    const legs = findLegs(parsed, understood.chosen, this.workspace, this.preferences);
    if (legs.status === "ask") return this.askLeg(understood, legs.side, legs.question, legs.options);
    if (legs.status === "problem") {
      const page = legs.problem === "noCards" ? "cards" : "accounts";
      return this.answerOnce(this.reply(this.say(`problem.${legs.problem}`, { url: this.workspaceUrl(page) })));
    }
    const leg = (legs.origin ?? legs.destination)!;
    if (parsed.currency && parsed.currency !== leg.currency)
      return this.offerCurrencies(understood, leg, parsed.currency);
    const draft: Draft = {
      workspaceId: this.workspace.id,
      kind: legs.kind,
      amount: parsed.amount!,
      currency: leg.currency,
      date: parsed.date,
      origin: legs.origin,
      destination: legs.destination,
      tag: this.tagOf(parsed, legs.kind, leg),
      description: this.descriptionToSave(parsed, legs.kind),
      installments: legs.kind === "expense" ? parsed.installments : null,
      ...(understood.note ? { note: understood.note } : {}),
    };
    if (this.preferences.requireConfirmation && !confirmed) {
      const text = `${describeDraft(draft, "draft", this.replies, this.today)}\n${this.say("draft.confirm")}`;
      return this.answerOnce(
        this.reply(text, [
          { id: "confirm", title: this.say("buttons.confirm") },
          { id: "change-account", title: this.say("buttons.changeAccount") },
          { id: "cancel", title: this.say("buttons.cancel") },
        ]),
        { type: "confirm", understood },
      );
    }
    return this.write(draft, understood);
  }

  private async write(draft: Draft, understood: Understood): Promise<OutgoingReply[]> {
    const { sourceMessageId } = understood;
    // A plain transaction can still be moved to another account ("Mudar conta"); a plan cannot.
    const canMove = !draft.installments && (draft.kind === "expense" || draft.kind === "income");
    try {
      const written = await writeDraft(this.ctx, draft, {
        key: `${this.message.channel}:${sourceMessageId}`,
        claim: (writtenId) => [
          forgetOldMessages(this.ctx),
          this.ctx.db.insert(botMessages).values({
            messageId: this.message.messageId,
            userId: this.userId,
            workspaceId: draft.workspaceId,
            receivedAt: this.ctx.clock.now().toISOString(),
            wroteKind: draft.installments ? "installment_plan" : "transaction",
            wroteId: writtenId,
          }),
          canMove
            ? savePendingStatement(this.ctx, this.userId, {
                type: "written",
                written: { draft, transactionId: writtenId, understood },
              })
            : clearPendingStatement(this.ctx, this.userId),
        ],
      });
      // A twin of this message, or a second "Confirmar", found it written: answered already.
      if (written.isReplay) return [];
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      return this.answerOnce(this.reply(this.say("problem.refused", { reason: this.reasonOf(error) })), "nothing");
    }
    const text = `${describeDraft(draft, "recorded", this.replies, this.today)}\n${this.say("recorded.undoHint")}`;
    const undo = { id: "undo", title: this.say("buttons.undo") };
    return this.reply(
      text,
      canMove ? [undo, { id: "change-account", title: this.say("buttons.changeAccount") }] : [undo],
    );
  }

  /** "Mudar conta" after a write: the transaction moves to the account or card chosen, as an edit would. */
  private async move(written: Written, option: LegOption): Promise<OutgoingReply[]> {
    const { accounts, cards } = legsOf(this.workspace);
    const leg = [...accounts, ...cards].find(
      (candidate) => candidate.type === option.type && candidate.id === option.id,
    );
    const { draft } = written;
    if (!leg) return this.answerOnce(this.reply(this.say("ask.expired")), "nothing");
    if (leg.currency !== draft.currency) {
      return this.answerOnce(
        this.reply(
          this.say("problem.currencyMismatch", {
            account: leg.name,
            accountCurrency: leg.currency,
            currency: draft.currency,
          }),
        ),
        // Still waiting for the account: another name may be typed.
      );
    }
    const moved: Draft = draft.kind === "income" ? { ...draft, destination: leg } : { ...draft, origin: leg };
    try {
      await moveDraft(this.ctx, moved, written.transactionId);
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      if (error.code === "NOT_FOUND") return this.answerOnce(this.reply(this.say("undo.alreadyGone")), "nothing");
      return this.answerOnce(this.reply(this.say("problem.refused", { reason: this.reasonOf(error) })), "nothing");
    }
    const state: PendingState = { type: "written", written: { ...written, draft: moved } };
    return this.answerOnce(this.reply(this.say("moved", { where: whereOf(moved, this.replies) })), state);
  }

  /**
   * An amount typed in another currency than the account's ("coffee $4.75" with only reais): never
   * converted unasked. The person is offered the amount in the account's currency at today's kept rate —
   * the rate, its source and its day said, and kept in the transaction's note — and the accounts and cards
   * in the amount's own currency; without a rate today, only those (or what to do when there are none).
   */
  private async offerCurrencies(understood: Understood, leg: Leg, currency: string): Promise<OutgoingReply[]> {
    const { accounts, cards } = legsOf(this.workspace);
    const sameCurrency = (understood.parsed.kind === "income" ? accounts : [...accounts, ...cards]).filter(
      (option) => option.currency === currency,
    );
    const typed = this.replies.money(understood.parsed.amount!, currency);
    let conversion: Conversion | null = null;
    if (isRateCurrency(currency) && isRateCurrency(leg.currency)) {
      try {
        const pair = await rateNow(this.ctx, currency, leg.currency);
        const units = decimalToUnits(understood.parsed.amount!, minorUnitOf(currency));
        const converted = units === null ? null : Number(convertUnits(units, currency, leg.currency, pair.rateMicros));
        if (converted !== null && converted > 0) {
          const rate = microsToRate(pair.rateMicros).replace(/\.?0+$/, "");
          const terms = {
            typed,
            rate: this.replies.language === "en" ? rate : rate.replace(".", ","),
            from: currency,
            to: leg.currency,
            source: rateSourceName(pair.source),
            date: this.replies.day(pair.rateDate, this.today),
          };
          conversion = {
            amount: unitsToDecimal(converted, leg.currency),
            currency: leg.currency,
            note: this.say("currency.note", terms),
          };
        }
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== "EXCHANGE_RATES_UNAVAILABLE") throw error;
      }
    }
    const shown = sameCurrency.slice(0, conversion ? replyButtonLimits.count - 1 : replyButtonLimits.count);
    const names = sameCurrency.map((option) => option.name).join(", ");
    const mismatch = { account: leg.name, accountCurrency: leg.currency, currency, typed };
    const text = conversion
      ? this.say(sameCurrency.length ? "currency.offer" : "currency.offerOnly", {
          ...mismatch,
          converted: this.replies.money(conversion.amount, leg.currency),
          note: conversion.note,
          names,
        })
      : this.say(sameCurrency.length ? "currency.noRate" : "currency.nothing", { ...mismatch, names });
    const buttons = [
      ...(conversion ? [{ id: "convert", title: this.say("buttons.convert", { currency: leg.currency }) }] : []),
      ...shown.map((option, index) => ({ id: `leg:${index}`, title: this.legTitle(option, sameCurrency) })),
      ...(sameCurrency.length === 0 ? [{ id: "cancel", title: this.say("buttons.cancel") }] : []),
    ];
    if (!conversion && sameCurrency.length === 0) return this.answerOnce(this.reply(text), "nothing");
    return this.answerOnce(this.reply(text, buttons), {
      type: "chooseLeg",
      understood,
      side: "account",
      options: shown.map(({ type, id, name }) => ({ type, id, name })),
      ...(conversion ? { conversion } : {}),
    });
  }

  /** "Em BRL": the amount written in the account's currency, as offered, the rate in its note. */
  private convert(pending: Extract<PendingState, { type: "chooseLeg" }>, conversion: Conversion) {
    const { understood } = pending;
    return this.proceed({
      ...understood,
      parsed: { ...understood.parsed, amount: conversion.amount, currency: conversion.currency },
      note: conversion.note,
    });
  }

  /**
   * A photo or file: the receipt of the transaction just written (within the conversation's 30 minutes),
   * else the person picks which of their latest three it belongs to; with none, they are told to send the
   * expense first.
   */
  private async receiveMedia(mediaId: string, fileName: string | null): Promise<OutgoingReply[]> {
    const pending = this.pending;
    const media = { mediaId, fileName };
    if (pending?.type === "written") return this.attachReceipt(pending.written.transactionId, media, pending);
    const latest = await this.ctx.db
      .select({
        id: transactions.id,
        description: transactions.description,
        amountCents: transactions.amountCents,
        currency: transactions.currency,
        date: transactions.date,
      })
      .from(transactions)
      .where(
        and(
          eq(transactions.workspaceId, this.workspace.id),
          eq(transactions.createdBy, this.userId),
          gte(transactions.createdAt, new Date(this.ctx.clock.now().getTime() - 7 * 86_400_000).toISOString()),
        ),
      )
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(replyButtonLimits.count);
    if (latest.length === 0) return this.answerOnce(this.reply(this.say("receipt.nothingRecent")), "nothing");
    const amountOf = (row: (typeof latest)[number]) =>
      this.replies.money(unitsToDecimal(row.amountCents, row.currency), row.currency);
    const lines = latest.map(
      (row, index) => `${index + 1}. ${row.description} — ${amountOf(row)}, ${this.replies.day(row.date, this.today)}`,
    );
    const buttons = latest.map((row, index) => ({
      id: `receipt:${index}`,
      title: `${index + 1}. ${row.description}`,
    }));
    const state: PendingState = { type: "attach", ...media, choices: latest.map((row) => row.id) };
    return this.answerOnce(this.reply(this.say("receipt.which", { list: lines.join("\n") }), buttons), state);
  }

  /** The photo or file fetched from WhatsApp and attached as a receipt, with what was decided kept or cleared. */
  private async attachReceipt(
    transactionId: string,
    media: { mediaId: string; fileName: string | null },
    keep: PendingState | "nothing",
  ): Promise<OutgoingReply[]> {
    // Claimed first: a delivery sent twice attaches once.
    const waiting =
      keep === "nothing"
        ? clearPendingStatement(this.ctx, this.userId)
        : savePendingStatement(this.ctx, this.userId, keep);
    if (!(await claimMessage(this.ctx, this.message, this.userId, this.workspace.id, [waiting]))) return [];
    const fetched = await fetchMedia(this.ctx, media.mediaId, maxReceiptBytes);
    if (!fetched.ok)
      return this.reply(this.say(fetched.reason === "too_large" ? "receipt.tooLarge" : "receipt.unavailable"));
    try {
      await uploadReceipt({
        ctx: this.ctx,
        input: {
          workspaceId: this.workspace.id,
          transactionId,
          fileName: media.fileName ?? "whatsapp",
          bytes: fetched.bytes,
        },
      });
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      if (error.code === "NOT_FOUND") return this.reply(this.say("undo.alreadyGone"));
      return this.reply(this.say("problem.refused", { reason: this.reasonOf(error) }));
    }
    const [attached] = await this.ctx.db
      .select({
        description: transactions.description,
        amountCents: transactions.amountCents,
        currency: transactions.currency,
      })
      .from(transactions)
      .where(eq(transactions.id, transactionId));
    return this.reply(
      this.say("receipt.attached", {
        description: attached?.description ?? "",
        amount: attached
          ? this.replies.money(unitsToDecimal(attached.amountCents, attached.currency), attached.currency)
          : "",
      }),
    );
  }

  private reasonOf(error: AppError) {
    const message = error.fieldErrors ? Object.values(error.fieldErrors)[0]![0]! : error.messageKey;
    return translate(message, this.replies.language);
  }

  /**
   * The tag: the one the message names; else the one the workspace's rules give a message like it (before
   * any guess of the assistant's own); else, with auto-categorise, one learned from history or a
   * keyword; else the default tag.
   */
  private tagOf(parsed: ParsedTransaction, kind: WrittenKind, leg: Leg): { id: string; name: string } | null {
    const tags = this.workspace.tags;
    const byName = parsed.tag ? tags.find((tag) => tag.name === parsed.tag) : undefined;
    if (byName) return byName;
    if (kind === "transfer" || kind === "pay_credit_card") return null;
    const ruled = outcomeOf(this.workspace.rules, {
      description: parsed.description,
      payee: null,
      amountUnits: decimalToUnits(parsed.amount!, minorUnitOf(leg.currency)) ?? 0,
      currency: leg.currency,
      kind,
      place: `${leg.type}:${leg.id}`,
      source: "assistant",
    });
    const ruledTagId = ruled?.tagIds?.[0] ?? ruled?.parts?.[0]?.tagIds[0];
    const byRule = ruledTagId ? tags.find((tag) => tag.id === ruledTagId) : undefined;
    if (byRule) return byRule;
    if (this.preferences.autoCategorize) {
      const learned = tagFromHistory(parsed.description, this.workspace.history);
      const fromHistory = learned ? tags.find((tag) => tag.id === learned) : undefined;
      if (fromHistory) return fromHistory;
      const byKeyword = tagFromKeywords(parsed.description, tags);
      if (byKeyword) return byKeyword;
    }
    return tags.find((tag) => tag.id === this.preferences.defaultTagId) ?? null;
  }

  private descriptionToSave(parsed: ParsedTransaction, kind: string): string {
    const written = parsed.description.trim();
    if (written) return (written[0]!.toLocaleUpperCase() + written.slice(1)).slice(0, 255);
    if (kind === "transfer" || kind === "pay_credit_card") return this.say("parts.transferDescription");
    const tag = parsed.tag;
    if (tag) return tag;
    const kindWord = this.say(`undo.kinds.${kind}`);
    return kindWord[0]!.toLocaleUpperCase() + kindWord.slice(1);
  }

  /** "desfazer": the newest thing the assistant wrote for this person in the last 24 hours goes. */
  private async undo(): Promise<OutgoingReply[]> {
    if (!(await claimMessage(this.ctx, this.message, this.userId, this.workspace.id))) return [];
    const since = new Date(this.ctx.clock.now().getTime() - undoWindowHours * 3_600_000).toISOString();
    const [last] = await this.ctx.db
      .select({
        messageId: botMessages.messageId,
        workspaceId: botMessages.workspaceId,
        wroteKind: botMessages.wroteKind,
        wroteId: botMessages.wroteId,
        kind: transactions.kind,
        amountCents: transactions.amountCents,
        currency: transactions.currency,
        description: transactions.description,
        date: transactions.date,
        planDescription: installmentPlans.description,
        planTotalCents: installmentPlans.totalAmountCents,
        planCurrency: installmentPlans.currency,
      })
      .from(botMessages)
      .leftJoin(transactions, eq(transactions.id, botMessages.wroteId))
      .leftJoin(installmentPlans, eq(installmentPlans.id, botMessages.wroteId))
      .where(
        and(
          eq(botMessages.userId, this.userId),
          isNotNull(botMessages.wroteId),
          isNull(botMessages.undoneAt),
          gte(botMessages.receivedAt, since),
        ),
      )
      .orderBy(desc(botMessages.receivedAt))
      .limit(1);
    if (!last?.wroteId || !last.workspaceId) return this.reply(this.say("undo.nothing"));
    const markUndone = () =>
      this.ctx.db
        .update(botMessages)
        .set({ undoneAt: this.ctx.clock.now().toISOString() })
        .where(eq(botMessages.messageId, last.messageId));
    const ref = { workspaceId: last.workspaceId };
    try {
      if (last.wroteKind === "installment_plan") {
        await deleteInstallmentPlan({
          ctx: this.ctx,
          input: { ...ref, planId: last.wroteId, withPostedInstallments: true },
        });
      } else {
        await deleteTransaction({ ctx: this.ctx, input: { ...ref, transactionId: last.wroteId } });
      }
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      // Edited or deleted in the app at this very moment: say why, and leave it to be tried again.
      if (error.code !== "NOT_FOUND") return this.reply(this.say("undo.failed", { reason: this.reasonOf(error) }));
      await markUndone();
      return this.reply(this.say("undo.alreadyGone"));
    }
    await markUndone();
    const what =
      last.wroteKind === "installment_plan"
        ? this.say("undo.plan", {
            total: this.replies.money(
              unitsToDecimal(last.planTotalCents ?? 0, last.planCurrency ?? "BRL"),
              last.planCurrency ?? "BRL",
            ),
            description: last.planDescription,
          })
        : this.say("undo.transaction", {
            kind: capitalised(this.say(`undo.kinds.${last.kind}`)),
            amount: this.replies.money(
              unitsToDecimal(last.amountCents ?? 0, last.currency ?? "BRL"),
              last.currency ?? "BRL",
            ),
            description: last.description,
            day: this.replies.day(last.date ?? this.today, this.today),
          });
    return this.reply(this.say("undo.done", { what }));
  }
}

const capitalised = (text: string) => (text ? text[0]!.toLocaleUpperCase() + text.slice(1) : text);

/** Words that name an account by its type: "na poupança", "from savings". */
const accountAliases: Partial<Record<string, string[]>> = {
  savings: ["poupanca", "savings"],
  checking: ["corrente", "checking"],
  investment: ["investimentos", "investments"],
};

/** What a message said besides amounts, dates, names and commands; null for a command. */
function wordsOfItsOwn(parsed: ParsedMessage): string | null {
  if ("command" in parsed) return null;
  return ("ask" in parsed ? parsed.draft : parsed).description;
}

function isTransaction(parsed: ParsedMessage): parsed is ParsedTransaction {
  return !("command" in parsed) && !("ask" in parsed);
}
