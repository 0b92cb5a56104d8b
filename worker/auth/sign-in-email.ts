import type { ServiceContext } from "../context.ts";
import type { Language } from "../i18n/language.ts";
import { emailTranslator } from "../mail/email-sentences.ts";
import { sendEmail } from "../mail/mailer.ts";
import { authPolicy } from "./auth.policy.ts";

/** minutesLeft: a code sent again keeps its first expiry, so the e-mail says what is left. */
function signInEmail(code: string, language: Language, minutesLeft: number = authPolicy.codeLifetimeMinutes) {
  const t = emailTranslator(language);
  const intro = t("signIn.intro");
  const expiry = t("signIn.expiry", { count: minutesLeft });
  const ignore = t("signIn.ignore");
  return {
    subject: t("signIn.subject", { code }),
    text: `${intro}\n\n${code}\n\n${expiry}\n${ignore}\n`,
    html: `<div style="font-family:system-ui,sans-serif;color:#121127;max-width:480px">
<p>${intro}</p>
<p style="font-size:32px;font-weight:700;letter-spacing:8px;margin:24px 0">${code}</p>
<p>${expiry}</p><p style="color:#5d5c72">${ignore}</p></div>`,
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
