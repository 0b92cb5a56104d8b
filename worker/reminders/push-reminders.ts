/**
 * A reminder as a push notification to each browser the person turned notifications on in (README:
 * "Reminders"): the title and sentence of the inbox entry, in their language, and the screen to open. Sent
 * when any one browser took it; a browser its push service says is gone (404 or 410) is forgotten.
 */
import type { ReminderKind } from "../../db/reminder-enums.ts";
import type { ServiceContext } from "../context.ts";
import type { Language } from "../i18n/language.ts";
import { encryptPushMessage, type VapidKeys, vapidAuthorization } from "../push/web-push.ts";
import { reminderSentences, type ReminderValues } from "./reminder-sentences.ts";
import { reminderTranslator } from "./reminder-translator.ts";

export type PushDevice = { endpoint: string; p256dh: string; auth: string };

/** What the service worker shows (app/service-worker/service-worker.ts reads the same shape). */
export type PushPayload = { title: string; body: string; url: string; tag: string };

/** The app's VAPID keys, or null where push is not configured (the settings page then says so). */
export function vapidKeysOf(env: ServiceContext["env"]): VapidKeys | null {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = env;
  if (!publicKey || !privateKey) return null;
  return { publicKey, privateKey, subject: env.VAPID_SUBJECT || new URL(env.APP_URL).origin };
}

/** A push message lives this long on the push service while the device is off (a reminder is for today). */
const timeToLiveSeconds = 12 * 60 * 60;

export function pushPayload(input: {
  language: Language;
  kind: ReminderKind;
  values: ReminderValues;
  link: string;
  notificationId: string;
}): PushPayload {
  const { title, body } = reminderSentences(
    reminderTranslator(input.language),
    input.language,
    input.kind,
    input.values,
  );
  return { title, body, url: input.link, tag: input.notificationId };
}

export type PushOutcome = { delivered: boolean; gone: string[]; error: string | null };

/** Sends the payload to every device; at least one taking it is a delivery. */
export async function sendPushToDevices(
  ctx: ServiceContext,
  devices: readonly PushDevice[],
  payload: PushPayload,
): Promise<PushOutcome> {
  const keys = vapidKeysOf(ctx.env);
  if (!keys) return { delivered: false, gone: [], error: "push is not configured" };
  const body = JSON.stringify(payload);
  const answers = await Promise.all(
    devices.map(async (device) => {
      try {
        const response = await fetch(device.endpoint, {
          method: "POST",
          headers: {
            Authorization: await vapidAuthorization(device.endpoint, keys, ctx.clock.now()),
            "Content-Encoding": "aes128gcm",
            "Content-Type": "application/octet-stream",
            TTL: String(timeToLiveSeconds),
            Urgency: "normal",
          },
          body: await encryptPushMessage(body, device),
          signal: AbortSignal.timeout(5000),
        });
        return { endpoint: device.endpoint, status: response.status };
      } catch (error) {
        return { endpoint: device.endpoint, status: 0, error: error instanceof Error ? error.message : String(error) };
      }
    }),
  );
  const gone = answers
    .filter((answer) => answer.status === 404 || answer.status === 410)
    .map((answer) => answer.endpoint);
  const delivered = answers.some((answer) => answer.status >= 200 && answer.status < 300);
  const failed = answers.find((answer) => !(answer.status >= 200 && answer.status < 300));
  return {
    delivered,
    gone,
    error: delivered ? null : failed ? `push service answered ${failed.status || "nothing"}` : "no device",
  };
}
