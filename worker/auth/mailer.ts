import { Resend } from "resend";
import type { ServiceContext } from "../context.ts";
import { AppError } from "../http/errors.ts";
import type { ErrorMessageKey } from "../http/messages.ts";
import type { Language } from "../i18n/language.ts";
import { authPolicy } from "./auth.policy.ts";

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

const signInMessages = {
  en: {
    subject: (code: string) => `${code} is your Moneta sign-in code`,
    intro: "Use this code to sign in to Moneta:",
    expiry: (minutesLeft: number) =>
      `It expires in ${minutesLeft} minute${minutesLeft === 1 ? "" : "s"} and works once.`,
    ignore: "If you didn't ask for it, you can ignore this e-mail; nobody can sign in without the code.",
  },
  "pt-BR": {
    subject: (code: string) => `${code} é o seu código de acesso ao Moneta`,
    intro: "Use este código para entrar no Moneta:",
    expiry: (minutesLeft: number) =>
      `Ele vale por ${minutesLeft} minuto${minutesLeft === 1 ? "" : "s"} e pode ser usado uma vez.`,
    ignore: "Se não foi você que pediu, ignore este e-mail; ninguém entra sem o código.",
  },
} as const;

/** minutesLeft: a code sent again keeps its first expiry, so the e-mail says what is left. */
export function signInEmail(code: string, language: Language, minutesLeft: number = authPolicy.codeLifetimeMinutes) {
  const text = signInMessages[language];
  const expiry = text.expiry(minutesLeft);
  return {
    subject: text.subject(code),
    text: `${text.intro}\n\n${code}\n\n${expiry}\n${text.ignore}\n`,
    html: `<div style="font-family:system-ui,sans-serif;color:#121127;max-width:480px">
<p>${text.intro}</p>
<p style="font-size:32px;font-weight:700;letter-spacing:8px;margin:24px 0">${code}</p>
<p>${expiry}</p><p style="color:#5d5c72">${text.ignore}</p></div>`,
  };
}

/** The sign-in code e-mail; locally the console line is what the developer (and the e2e test) reads. */
export async function sendSignInCode(
  ctx: ServiceContext,
  input: { email: string; code: string; language: Language; minutesLeft: number },
) {
  await sendEmail(
    ctx,
    { to: input.email, ...signInEmail(input.code, input.language, input.minutesLeft) },
    { consoleLine: `[sign-in code] ${input.email} ${input.code}`, failureMessage: "errors:details.codeNotSent" },
  );
}
