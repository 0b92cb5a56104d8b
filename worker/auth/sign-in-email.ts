import type { ServiceContext } from "../context.ts";
import type { Language } from "../i18n/language.ts";
import { sendEmail } from "../mail/mailer.ts";
import { authPolicy } from "./auth.policy.ts";

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
function signInEmail(code: string, language: Language, minutesLeft: number = authPolicy.codeLifetimeMinutes) {
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
