/**
 * The sign-in page's only script (no React; routes/login.tsx). The forms work without it; it adds
 * what a live page should: Continue enabled once the field is filled, the code field taking digits
 * only, one submission at a time with a busy label, and the Turnstile challenge when asked for.
 */
import { forgetKeptPages } from "../../../lib/offline-app";
import { showChallenge } from "./challenge";

// Whoever sees this page is signed out: the pages the installed app kept on this device go with the session.
void forgetKeptPages();

const emailField = document.querySelector<HTMLInputElement>("#email");
const codeField = document.querySelector<HTMLInputElement>("#token");
const buttons = [...document.querySelectorAll<HTMLButtonElement>("button[type=submit]")];
// Only plain-text buttons change their label (the language switcher's hold more than text).
const idleLabels = new Map(
  buttons.filter((button) => button.dataset.busyLabel).map((button) => [button, button.textContent]),
);
let isSending = false;

/** Continue stays off until its field holds something worth sending (the server still checks it). */
function isReady(button: HTMLButtonElement): boolean {
  const field = button.form?.querySelector<HTMLInputElement>("#email, #token");
  if (!field || button.hasAttribute("form")) return true;
  return field === emailField ? field.value.trim() !== "" : /^\d{6}$/.test(field.value);
}

function showButtons() {
  for (const button of buttons) {
    button.disabled = isSending || !isReady(button);
    const idleLabel = idleLabels.get(button);
    if (!isSending && idleLabel) button.textContent = idleLabel;
  }
}

// Once a form is on its way every button waits for the answer, and the one pressed says what it does.
document.addEventListener("submit", (event) => {
  if (isSending) return event.preventDefault();
  isSending = true;
  const pressed = event.submitter instanceof HTMLButtonElement ? event.submitter : null;
  // After the browser has taken the form's data, so that nothing disabled drops out of it.
  setTimeout(() => {
    showButtons();
    if (pressed?.dataset.busyLabel) pressed.textContent = pressed.dataset.busyLabel;
  });
});
// Back to this page from the next one (or what the browser kept typed in it): usable again.
window.addEventListener("pageshow", () => {
  isSending = false;
  showButtons();
});
codeField?.addEventListener("input", () => {
  const digits = codeField.value.replace(/\D/g, "").slice(0, 6);
  if (digits !== codeField.value) codeField.value = digits;
});
document.addEventListener("input", showButtons);

showButtons();
showChallenge(document.querySelector("[data-turnstile-site-key]"));
// The page is live (end-to-end tests wait for this mark, as on the React pages: tests/support/browser.ts).
document.documentElement.dataset.hydrated = "";
