import type { WorkspaceRole } from "../../db/schema/index.ts";
import type { Language } from "../i18n/language.ts";

const messages = {
  en: {
    roles: { owner: "an owner", admin: "an admin", member: "a member", viewer: "a viewer" },
    subject: (inviter: string, workspace: string) => `${inviter} invited you to “${workspace}” on Moneta`,
    body: (inviter: string, workspace: string, role: string) =>
      `${inviter} invited you to join the workspace “${workspace}” on Moneta as ${role}.`,
    howTo: (email: string) => `Sign in with this address (${email}) and the workspace will be there:`,
    button: "Sign in to Moneta",
    ignore: "Not expecting this? You can ignore this e-mail.",
  },
  "pt-BR": {
    roles: { owner: "proprietário(a)", admin: "administrador(a)", member: "membro", viewer: "leitor(a)" },
    subject: (inviter: string, workspace: string) => `${inviter} convidou você para “${workspace}” no Moneta`,
    body: (inviter: string, workspace: string, role: string) =>
      `${inviter} convidou você para participar do espaço de trabalho “${workspace}” no Moneta como ${role}.`,
    howTo: (email: string) => `Entre com este endereço (${email}) e o espaço de trabalho estará lá:`,
    button: "Entrar no Moneta",
    ignore: "Não esperava por isso? Pode ignorar este e-mail.",
  },
} as const;

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
  const text = messages[input.language];
  const body = text.body(input.inviterName, input.workspaceName, text.roles[input.role]);
  const safeBody = text.body(escapeHtml(input.inviterName), escapeHtml(input.workspaceName), text.roles[input.role]);
  return {
    to: input.to,
    // A subject is one line whatever the names contain.
    subject: text.subject(input.inviterName, input.workspaceName).replace(/\s+/g, " "),
    text: `${body}\n\n${text.howTo(input.to)}\n${input.signInUrl}\n\n${text.ignore}\n`,
    html: `<div style="font-family:system-ui,sans-serif;color:#121127;max-width:480px">
<p>${safeBody}</p><p>${escapeHtml(text.howTo(input.to))}</p>
<p style="margin:24px 0"><a href="${escapeHtml(input.signInUrl)}" style="background:#5b43cf;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${text.button}</a></p>
<p style="color:#5d5c72">${text.ignore}</p></div>`,
  };
}
