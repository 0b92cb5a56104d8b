import { openWaitlist } from "./waitlist";

const errorId = "capture-email-error";

/** The capture only asks for an "@"; its message goes under the field, never in an alert(). */
export function enhanceCapture() {
  const form = document.querySelector<HTMLFormElement>("form[data-capture]");
  const input = form?.querySelector<HTMLInputElement>('input[name="email"]');
  if (!form || !input) return;
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const address = input.value.trim();
    const isValid = address.includes("@");
    document.getElementById(errorId)?.remove();
    if (isValid) {
      input.removeAttribute("aria-invalid");
      input.removeAttribute("aria-describedby");
      openWaitlist(address);
      return;
    }
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", errorId);
    const message = document.createElement("p");
    message.id = errorId;
    message.setAttribute("role", "alert");
    message.innerHTML = '<span aria-hidden="true" class="icon icon-circle-alert"></span>';
    message.append(form.dataset.invalid ?? "");
    form.append(message);
  });
}
