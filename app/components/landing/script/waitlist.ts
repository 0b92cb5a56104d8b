import {
  formatBrazilianPhone,
  leadFieldErrors,
  leadFields,
  type LeadField,
  type LeadFieldErrors,
} from "../../../../worker/leads/leads.rules";
import { landingIds, waitlistFieldId } from "../landing-ids";
import { dialogById, wireDialogClosing } from "./dialogs";
import { showSuccessToast } from "./toast";
import { postLead } from "./waitlist-request";

/** The form's own messages, rendered by the server in the page's language (waitlist-dialog.tsx). */
type FormMessages = {
  sending: string;
  success: string;
  invalid: string;
  duplicate: string;
  failed: string;
  network: string;
};

const fieldInput = (form: HTMLFormElement, field: LeadField) => form.elements.namedItem(field) as HTMLInputElement;

function showFieldErrors(form: HTMLFormElement, errors: LeadFieldErrors) {
  for (const field of leadFields) {
    const input = fieldInput(form, field);
    const slot = document.getElementById(`${waitlistFieldId(field)}-error`);
    const messages = errors[field] ?? [];
    if (!slot) continue;
    slot.textContent = messages.join(" ");
    slot.hidden = messages.length === 0;
    if (messages.length) {
      input.setAttribute("aria-invalid", "true");
      input.setAttribute("aria-describedby", slot.id);
    } else {
      input.removeAttribute("aria-invalid");
      input.removeAttribute("aria-describedby");
    }
  }
  const first = leadFields.find((field) => errors[field]?.length);
  if (first) fieldInput(form, first).focus();
}

/** The red box at the top of the form; inserted anew each time so screen readers announce it. */
function showAlert(form: HTMLFormElement, title: string | null, details: string[] = []) {
  const slot = form.querySelector("[data-alert-slot]");
  if (!slot) return;
  slot.replaceChildren();
  if (!title) return;
  const alert = document.createElement("div");
  alert.setAttribute("role", "alert");
  alert.className = "form-alert";
  alert.innerHTML = '<span aria-hidden="true" class="icon icon-circle-alert"></span><div><p></p></div>';
  alert.querySelector("p")!.textContent = title;
  if (details.length) {
    const list = document.createElement("ul");
    for (const detail of details) list.append(Object.assign(document.createElement("li"), { textContent: detail }));
    alert.lastElementChild!.append(list);
  }
  slot.append(alert);
}

async function submit(dialog: HTMLDialogElement, form: HTMLFormElement, messages: FormMessages) {
  showAlert(form, null);
  const values = Object.fromEntries(leadFields.map((field) => [field, fieldInput(form, field).value])) as Record<
    LeadField,
    string
  >;
  const language = document.documentElement.lang === "en" ? "en" : "pt-BR";
  const errors = leadFieldErrors(values, language);
  showFieldErrors(form, errors);
  if (leadFields.some((field) => errors[field])) return;
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const label = button.textContent;
  button.disabled = true;
  button.textContent = messages.sending;
  const outcome = await postLead({
    name: values.name.trim(),
    email: values.email.trim().toLowerCase(),
    phone: formatBrazilianPhone(values.phone),
  });
  button.disabled = false;
  button.textContent = label;
  switch (outcome.kind) {
    case "success":
      dialog.close();
      return showSuccessToast(outcome.serverMessage ?? messages.success);
    case "invalid":
      showAlert(form, messages.invalid, outcome.otherErrors);
      return showFieldErrors(form, outcome.fieldErrors);
    case "duplicate":
      return showAlert(form, outcome.serverMessage ?? messages.duplicate);
    case "failed":
      return showAlert(form, outcome.serverMessage ?? messages.failed);
    case "network":
      return showAlert(form, messages.network);
  }
}

/** Opens the waitlist dialog, with the capture's address filled in when there is one. */
export function openWaitlist(prefillEmail = "") {
  const dialog = dialogById(landingIds.waitlistDialog);
  const form = dialog?.querySelector("form");
  if (!dialog || !form) return;
  fieldInput(form, "email").value = prefillEmail;
  dialog.showModal();
}

/**
 * Every [data-waitlist-open] button opens the dialog (the drawer's closes the
 * drawer first); the phone is masked as it is typed; closing forgets everything typed, so the
 * next opening starts empty.
 */
export function enhanceWaitlist() {
  const dialog = dialogById(landingIds.waitlistDialog);
  const form = dialog?.querySelector("form");
  if (!dialog || !form) return;
  const messages = { ...form.dataset } as FormMessages;
  wireDialogClosing(dialog);
  document.addEventListener("click", (event) => {
    const opener = (event.target as Element).closest("[data-waitlist-open]");
    if (!opener) return;
    opener.closest("dialog")?.close();
    openWaitlist();
  });
  const phone = fieldInput(form, "phone");
  phone.addEventListener("input", () => {
    phone.value = formatBrazilianPhone(phone.value);
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void submit(dialog, form, messages);
  });
  dialog.addEventListener("close", () => {
    form.reset();
    showAlert(form, null);
    showFieldErrors(form, {});
  });
}
