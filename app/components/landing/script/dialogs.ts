/**
 * Native modal <dialog> helpers for the landing page: the close buttons and the backdrop close a
 * dialog (Escape already does). Each dialog's content sits in one wrapper, so a click whose
 * target is the <dialog> itself landed on the backdrop.
 */
export function wireDialogClosing(dialog: HTMLDialogElement) {
  dialog.addEventListener("click", (event) => {
    const target = event.target as Element;
    if (target === dialog || target.closest("[data-dialog-close]")) dialog.close();
  });
}

export function dialogById(id: string): HTMLDialogElement | null {
  const element = document.getElementById(id);
  return element instanceof HTMLDialogElement ? element : null;
}
