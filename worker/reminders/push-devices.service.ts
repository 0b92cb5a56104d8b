/**
 * The browsers a person turned notifications on in (README: "Reminders", the push channel). A browser has
 * one push address: saved again — by the same person or, signed in as someone else, by another — it is the
 * latest person's. Turning notifications off in a browser forgets its address; a push service saying an
 * address is gone forgets it too (./reminder-delivery.ts).
 */
import { and, count, eq } from "drizzle-orm";
import type { z } from "zod";
import { pushSubscriptions } from "../../db/schema/index.ts";
import type { PersonCall } from "../access/actor.ts";
import { batchAsActor } from "../access/actor-access.ts";
import { vapidKeysOf } from "./push-reminders.ts";
import type { forgottenPushDeviceSchema, pushDeviceSchema } from "./reminders.schemas.ts";

const devicesOf = (ctx: PersonCall["ctx"]) =>
  ctx.db.select({ count: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, ctx.actor.userId));

const answerOf = (ctx: PersonCall["ctx"], devices: readonly { count: number }[]) => ({
  public_key: vapidKeysOf(ctx.env)?.publicKey ?? null,
  devices: devices[0]?.count ?? 0,
});

/** GET /profile/push-devices: the key browsers subscribe with (null: push is not set up here) and how many devices. */
export async function getPushDevices({ ctx }: PersonCall) {
  const { devices } = await batchAsActor(ctx, { devices: devicesOf(ctx) });
  return answerOf(ctx, devices);
}

/** PUT /profile/push-devices: this browser's subscription, saved (or moved to the caller) in one statement. */
export async function savePushDevice({ ctx, input }: PersonCall<z.infer<typeof pushDeviceSchema>>) {
  const row = { userId: ctx.actor.userId, p256dh: input.keys.p256dh, auth: input.keys.auth };
  const { devices } = await batchAsActor(ctx, {
    saved: ctx.db
      .insert(pushSubscriptions)
      .values({ endpoint: input.endpoint, ...row, createdAt: ctx.clock.now().toISOString() })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: row }),
    devices: devicesOf(ctx),
  });
  return answerOf(ctx, devices);
}

/** POST /profile/push-devices/forget: the caller's browser at this address gets no more pushes. */
export async function forgetPushDevice({ ctx, input }: PersonCall<z.infer<typeof forgottenPushDeviceSchema>>) {
  const { devices } = await batchAsActor(ctx, {
    forgotten: ctx.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.endpoint, input.endpoint), eq(pushSubscriptions.userId, ctx.actor.userId))),
    devices: devicesOf(ctx),
  });
  return answerOf(ctx, devices);
}
