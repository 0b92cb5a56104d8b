import type { BotChannel, CreatedVia, SystemJob } from "../../db/enums.ts";
import type { ServiceContext } from "../context.ts";

/** A signed-in person, as far as their session token says; the session row is checked in the batch with the data. */
export type PersonActor = { type: "person"; userId: string; sessionId: string; via: "cookie" | "bearer" };

/** The chat-bot acting for the user linked to a channel; membership and role are checked, there is no session. */
export type BotActor = { type: "bot"; userId: string; channel: BotChannel };

/** A named job of our own (the cron executor): may act in the workspace of the item it was handed. */
export type SystemActor = { type: "system"; job: SystemJob };

/** Who a service verb acts for — one type; worker/access/actor-access.ts is the one place that checks it. */
export type Actor = PersonActor | BotActor | SystemActor;

/** A service context with the actor a verb acts for (openstatus's `ctx.actor`). */
export type ActingContext<A extends Actor = Actor> = ServiceContext & { actor: A };

/** What every service verb takes: `verb({ ctx, input })`. Verbs only a signed-in person may call say so in `A`. */
export type ServiceCall<Input = undefined, A extends Actor = Actor> = { ctx: ActingContext<A> } & ([Input] extends [
  undefined,
]
  ? { input?: undefined }
  : { input: Input });
export type PersonCall<Input = undefined> = ServiceCall<Input, PersonActor>;

export function actingAs<A extends Actor>(ctx: ServiceContext, actor: A): ActingContext<A> {
  return { ...ctx, actor };
}

/** The user an action is recorded against: the person, or the bot's linked user; none for a job. */
export function actorUserId(actor: Actor): string | null {
  return actor.type === "system" ? null : actor.userId;
}

/** How a write records its actor beside `created_by` (db/enums.ts). */
export function createdViaOf(actor: Actor): CreatedVia {
  if (actor.type === "bot") return `bot:${actor.channel}`;
  if (actor.type === "system") return `system:${actor.job}`;
  return "person";
}

/** The API's reading of created_via: `{ type: "person" }`, `{ type: "bot", channel }` or `{ type: "system", job }`. */
export function describeCreatedVia(createdVia: CreatedVia) {
  const [type, detail] = createdVia.split(":") as ["person" | "bot" | "system", string | undefined];
  if (type === "bot") return { type, channel: detail as BotChannel };
  if (type === "system") return { type, job: detail as SystemJob };
  return { type };
}
