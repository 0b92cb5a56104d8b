import type { WorkspaceRole } from "../../db/schema/index.ts";
import type { Language } from "../i18n/language.ts";
import { emailTranslator } from "../mail/email-sentences.ts";

/** Names come from users: never let them become markup. */
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

export type InvitationEmailInput = {
  to: string;
  inviterName: string;
  workspaceName: string;
  role: WorkspaceRole;
  signInUrl: string;
  language: Language;
};

/** The invitation e-mail, text and HTML, in the invitee's language (else the inviter's). */
export function invitationEmail(input: InvitationEmailInput) {
  const t = emailTranslator(input.language);
  const role = t(`invitation.roles.${input.role}`);
  const body = t("invitation.body", { inviter: input.inviterName, workspace: input.workspaceName, role });
  const safeBody = t("invitation.body", {
    inviter: escapeHtml(input.inviterName),
    workspace: escapeHtml(input.workspaceName),
    role,
  });
  const howTo = t("invitation.howTo", { email: input.to });
  const button = t("invitation.button");
  const ignore = t("invitation.ignore");
  return {
    to: input.to,
    // A subject is one line whatever the names contain.
    subject: t("invitation.subject", { inviter: input.inviterName, workspace: input.workspaceName }).replace(
      /\s+/g,
      " ",
    ),
    text: `${body}\n\n${howTo}\n${input.signInUrl}\n\n${ignore}\n`,
    html: `<div style="font-family:system-ui,sans-serif;color:#121127;max-width:480px">
<p>${safeBody}</p><p>${escapeHtml(howTo)}</p>
<p style="margin:24px 0"><a href="${escapeHtml(input.signInUrl)}" style="background:#5b43cf;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${button}</a></p>
<p style="color:#5d5c72">${ignore}</p></div>`,
  };
}
