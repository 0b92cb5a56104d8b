import { toastDurations } from "~/components/ui/toast-durations";
import { landingIds } from "../landing-ids";

/** The page's success toast, drawn like the kit's (toast.tsx) and gone after 5 s, as the kit's success toasts. */
export function showSuccessToast(title: string) {
  const list = document.getElementById(landingIds.toasts);
  if (!list) return;
  const item = document.createElement("li");
  item.dataset.kind = "success";
  item.className = "toast";
  const icon = document.createElement("span");
  icon.className = "icon icon-circle-check";
  icon.setAttribute("aria-hidden", "true");
  const text = document.createElement("p");
  text.textContent = title;
  const close = document.createElement("button");
  close.type = "button";
  close.setAttribute("aria-label", list.dataset.closeLabel ?? "");
  close.innerHTML = '<span aria-hidden="true" class="icon icon-x"></span>';
  item.append(icon, text, close);
  const dismiss = () => {
    item.dataset.state = "closed";
    // Removed once the 300 ms close animation has played.
    setTimeout(() => item.remove(), 300);
  };
  close.addEventListener("click", dismiss);
  setTimeout(dismiss, toastDurations.success);
  list.append(item);
}
