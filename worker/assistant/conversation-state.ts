import { eq } from "drizzle-orm";
import { botConversations } from "../../db/schema/index.ts";
import type { ParsedTransaction } from "../bot/message-parser.ts";
import type { ServiceContext } from "../context.ts";
import type { LegRef } from "../transactions/transactions.schemas.ts";
import type { Draft } from "./assistant-writes.ts";

/** How long the assistant waits for an answer or a "Confirmar". */
export const pendingLifetimeMinutes = 30;

/** An account or card a leg may be, as offered to the person. */
export type LegOption = LegRef & { name: string };

/** A leg the person chose by button or name, which beats what the message said. */
export type ChosenLegs = { account?: LegOption; toAccount?: LegOption };

/**
 * A message understood: the parse, the legs chosen since, and the message it came from — whose id
 * keys the write, so a "Confirmar" tapped twice (two messages) still writes once.
 */
export type Understood = {
  parsed: ParsedTransaction;
  chosen: ChosenLegs;
  sourceMessageId: string;
  /** What the transaction's note says of it: the amount typed and the rate it was recorded at, when converted. */
  note?: string;
};

/** An amount in another currency, offered in the account's at today's kept rate: what the button writes. */
export type Conversion = { amount: string; currency: string; note: string };

/** What the assistant wrote, as it wrote it. */
export type Written = { draft: Draft; transactionId: string; understood: Understood };

/** What the assistant waits for from one person (bot_conversations.state_json). */
export type PendingState =
  /** A draft shown with Confirmar / Mudar conta / Cancelar (require confirmation on). */
  | { type: "confirm"; understood: Understood }
  /** One of the values a button offered: the amount or the date. */
  | { type: "pick"; understood: Understood; field: "amount" | "date"; choices: string[] }
  /** Which account or card: a button, or the name typed — for a message, or to move what was written. */
  | {
      type: "chooseLeg";
      understood: Understood;
      side: "account" | "toAccount";
      options: LegOption[];
      moving?: Written;
      /** An amount in another currency than the account's: "Em BRL" writes it converted, as offered. */
      conversion?: Conversion;
    }
  /** A transaction just written: "Mudar conta" moves it. */
  | { type: "written"; written: Written }
  /** The one missing piece, typed: read together with the message that asked. */
  | { type: "answer"; text: string; sourceMessageId: string }
  /** A photo or file sent with nothing just written: which of the latest transactions it belongs to. */
  | { type: "attach"; mediaId: string; fileName: string | null; choices: string[] };

export function readConversation(
  row: { stateJson: string; expiresAt: string } | undefined,
  now: Date,
): PendingState | null {
  if (!row || row.expiresAt <= now.toISOString()) return null;
  return JSON.parse(row.stateJson) as PendingState;
}

/** Keeps what the assistant now waits for (replacing anything before). */
export function savePendingStatement(ctx: ServiceContext, userId: string, state: PendingState) {
  const now = ctx.clock.now();
  const values = {
    stateJson: JSON.stringify(state),
    expiresAt: new Date(now.getTime() + pendingLifetimeMinutes * 60_000).toISOString(),
    updatedAt: now.toISOString(),
  };
  return ctx.db
    .insert(botConversations)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: botConversations.userId, set: values });
}

export function clearPendingStatement(ctx: ServiceContext, userId: string) {
  return ctx.db.delete(botConversations).where(eq(botConversations.userId, userId));
}
