import type { ServiceContext } from "../context.ts";
import type { Env } from "../env.ts";
import { AppError } from "../http/errors.ts";
import type { ErrorMessageKey } from "../http/messages.ts";

/** Cloudflare's server-side check of a Turnstile token (tests point TURNSTILE_VERIFY_URL at a fake). */
export const turnstileVerifyUrl = "https://challenges.cloudflare.com/turnstile/v0/siteverify";
const verifyTimeoutMs = 5000;

/** Only local and test runs may switch the challenge off; production ignores the switch. */
export function isTurnstileDisabled(env: Pick<Env, "APP_ENV" | "TURNSTILE_DISABLED">): boolean {
  return env.TURNSTILE_DISABLED === "true" && env.APP_ENV !== "production";
}

const challengeRequired = (message: ErrorMessageKey) => new AppError("CHALLENGE_REQUIRED", message);
const checkUnavailable = () => new AppError("SERVICE_UNAVAILABLE", "errors:details.challengeUnavailable");

type SiteverifyAnswer = { success?: unknown; "error-codes"?: unknown };

/**
 * Past a soft limit, sign-in goes on only for someone who solved a Turnstile challenge: a
 * missing or refused token is 403 CHALLENGE_REQUIRED (the client shows the widget and sends
 * the new token), an unreachable siteverify is 503 — fail closed, never a silent pass.
 */
export async function requireSolvedChallenge(
  ctx: ServiceContext,
  token: string | undefined,
  remoteIp: string,
): Promise<void> {
  if (isTurnstileDisabled(ctx.env)) return;
  if (!token) throw challengeRequired("errors:details.challengeMissing");
  if (!ctx.env.TURNSTILE_SECRET_KEY) {
    ctx.log.error("turnstile.not_configured", {});
    throw checkUnavailable();
  }
  const form = new URLSearchParams({ secret: ctx.env.TURNSTILE_SECRET_KEY, response: token });
  if (remoteIp !== "local") form.set("remoteip", remoteIp);
  let answer: SiteverifyAnswer;
  try {
    const response = await fetch(ctx.env.TURNSTILE_VERIFY_URL || turnstileVerifyUrl, {
      method: "POST",
      body: form,
      signal: AbortSignal.timeout(verifyTimeoutMs),
    });
    if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
    answer = (await response.json()) as SiteverifyAnswer;
  } catch (cause) {
    ctx.log.error("turnstile.unreachable", { error: String(cause) });
    throw checkUnavailable();
  }
  if (answer.success === true) return;
  ctx.log.info("turnstile.refused", { error_codes: answer["error-codes"] });
  throw challengeRequired("errors:details.challengeFailed");
}
