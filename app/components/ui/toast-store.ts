import type { ToastKind } from "./toast-durations";

/**
 * The toasts on screen, kept outside React so any code can show one (toast.success("Saved"))
 * and the toaster — whose Radix code arrives after the page is live — finds them all.
 */
export type ToastItem = { id: number; kind: ToastKind; title: string; description?: string; open: boolean };

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
export const emptyToastList: ToastItem[] = [];

function update(next: ToastItem[]) {
  items = next;
  for (const listener of listeners) listener();
}

function show(kind: ToastKind, title: string, description?: string): number {
  const id = nextId++;
  update([...items, { id, kind, title, description, open: true }]);
  return id;
}

/** Show a toast from anywhere: toast.success("Saved"), toast.error(message, detail). */
export const toast = {
  success: (title: string, description?: string) => show("success", title, description),
  error: (title: string, description?: string) => show("error", title, description),
  warning: (title: string, description?: string) => show("warning", title, description),
  info: (title: string, description?: string) => show("info", title, description),
  dismiss: (id: number) => update(items.map((item) => (item.id === id ? { ...item, open: false } : item))),
};

export function subscribeToToasts(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const toastList = () => items;

/** Drops a toast once its closing animation has played. */
export const removeToast = (id: number) => update(items.filter((item) => item.id !== id));
