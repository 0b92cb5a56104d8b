import { Resend } from "resend";
import type { ServiceContext } from "../context.ts";
import { AppError } from "../http/errors.ts";
import type { ErrorMessageKey } from "../http/messages.ts";

export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post on reminders (RFC 8058). */
  headers?: Record<string, string>;
};

export type SendOptions = {
  /** The one line printed instead of sending in local and test runs without a key. */
  consoleLine?: string;
  /** What the person sees (503) when the message cannot be sent. */
  failureMessage?: ErrorMessageKey;
  /**
   * Resend sends a message once per key (for 24 hours): a retry after a run died between sending and
   * recording it gets the first answer back instead of a second e-mail.
   */
  idempotencyKey?: string;
};

/**
 * Sends one e-mail with Resend. Without an API key, local and test runs print one line to
 * the server console instead; production refuses, so a missing key is never silent.
 */
export async function sendEmail(ctx: ServiceContext, message: EmailMessage, options: SendOptions = {}) {
  const failed = () => new AppError("SERVICE_UNAVAILABLE", options.failureMessage ?? "errors:details.emailNotSent");
  if (!ctx.env.RESEND_API_KEY) {
    if (ctx.env.APP_ENV === "production") {
      ctx.log.error("mail.not_configured", {});
      throw failed();
    }
    console.log(options.consoleLine ?? `[e-mail] ${message.to} ${message.subject}`);
    return;
  }
  const resend = new Resend(ctx.env.RESEND_API_KEY, { baseUrl: ctx.env.RESEND_BASE_URL || undefined });
  const { error } = await resend.emails
    .send(
      {
        from: ctx.env.RESEND_FROM,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
      },
      { idempotencyKey: options.idempotencyKey },
    )
    .catch((cause: unknown) => ({ error: { message: String(cause) } }));
  if (error) {
    ctx.log.error("mail.send_failed", { error: error.message });
    throw failed();
  }
}
