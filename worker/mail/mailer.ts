import { Resend } from "resend";
import type { ServiceContext } from "../context.ts";
import { AppError } from "../http/errors.ts";
import type { ErrorMessageKey } from "../http/messages.ts";

export type EmailMessage = { to: string; subject: string; text: string; html: string };

export type SendOptions = {
  /** The one line printed instead of sending in local and test runs without a key. */
  consoleLine?: string;
  /** What the person sees (503) when the message cannot be sent. */
  failureMessage?: ErrorMessageKey;
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
    .send({
      from: ctx.env.RESEND_FROM,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
    })
    .catch((cause: unknown) => ({ error: { message: String(cause) } }));
  if (error) {
    ctx.log.error("mail.send_failed", { error: error.message });
    throw failed();
  }
}
