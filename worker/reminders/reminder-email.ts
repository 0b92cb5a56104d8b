/**
 * A reminder as an e-mail: subject, text and HTML parts in the person's language, a button to the screen
 * where it can be acted on, and the one-click unsubscribe of its kind (List-Unsubscribe and
 * List-Unsubscribe-Post, RFC 8058).
 */
import type { ReminderKind } from "../../db/reminder-enums.ts";
import type { EmailMessage } from "../mail/mailer.ts";
import type { Language } from "../i18n/language.ts";
import { reminderSentences, type ReminderValues } from "./reminder-sentences.ts";
import { reminderTranslator } from "./reminder-translator.ts";

const escaped = (value: string) =>
  value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

export function reminderEmail(input: {
  to: string;
  language: Language;
  kind: ReminderKind;
  values: ReminderValues;
  /** The screen to act on, absolute. */
  link: string;
  unsubscribe: { page: string; oneClick: string };
  settingsUrl: string;
}): EmailMessage {
  const t = reminderTranslator(input.language);
  const { title, body } = reminderSentences(t, input.language, input.kind, input.values);
  const workspace = typeof input.values.workspace === "string" ? input.values.workspace : "";
  const footer = t("email.footer", { workspace });
  const text = [
    title,
    "",
    body,
    "",
    `${t("email.open")}: ${input.link}`,
    "",
    "--",
    footer,
    `${t("email.unsubscribe")}: ${input.unsubscribe.page}`,
    `${t("email.settings")}: ${input.settingsUrl}`,
    "",
  ].join("\n");
  const html = `<div style="font-family:system-ui,sans-serif;color:#121127;max-width:520px">
<h1 style="font-size:20px;margin:0 0 12px">${escaped(title)}</h1>
<p style="font-size:16px;line-height:1.5">${escaped(body)}</p>
<p style="margin:24px 0"><a href="${escaped(input.link)}" style="background:#5b43cf;color:#ffffff;padding:10px 18px;border-radius:8px;text-decoration:none;display:inline-block">${escaped(t("email.open"))}</a></p>
<p style="color:#5d5c72;font-size:13px;border-top:1px solid #e4e4ec;padding-top:12px">${escaped(footer)}<br>
<a href="${escaped(input.unsubscribe.page)}" style="color:#5d5c72">${escaped(t("email.unsubscribe"))}</a> · <a href="${escaped(input.settingsUrl)}" style="color:#5d5c72">${escaped(t("email.settings"))}</a></p></div>`;
  return {
    to: input.to,
    subject: title,
    text,
    html,
    headers: {
      "List-Unsubscribe": `<${input.unsubscribe.oneClick}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
