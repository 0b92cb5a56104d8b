import { Toast as ToastPrimitive } from "radix-ui";
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "~/lib/utils";
import { Icon, type IconName } from "./icon";
import { toastDurations, type ToastKind } from "./toast-durations";

export { toastDurations, type ToastKind };

type ToastItem = { id: number; kind: ToastKind; title: string; description?: string; open: boolean };

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emptyList: ToastItem[] = [];

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

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const icons: Record<ToastKind, IconName> = { success: "circle-check", error: "circle-exclamation-point", warning: "triangle-exclamation-point", info: "info" };
const iconColors = {
  success: "text-success",
  error: "text-destructive",
  warning: "text-warning",
  info: "text-info",
};
const accentBars = {
  success: "before:bg-success",
  error: "before:bg-destructive",
  warning: "before:bg-warning",
  info: "before:bg-info",
};

/** Rendered once in the root layout: the top-right stack of toasts. */
export function Toaster() {
  const { t } = useTranslation();
  const list = useSyncExternalStore(subscribe, () => items, () => emptyList);
  return (
    <ToastPrimitive.Provider swipeDirection="right" label={t("toast.label")}>
      {list.map(({ id, kind, title, description, open }) => {
        return (
          <ToastPrimitive.Root
            key={id}
            open={open}
            duration={toastDurations[kind]}
            type={kind === "error" ? "foreground" : "background"}
            data-kind={kind}
            onOpenChange={(isOpen) => {
              if (!isOpen) toast.dismiss(id);
            }}
            // Drop the item only after the 300 ms close animation has played.
            onAnimationEnd={(event) => {
              if (event.currentTarget.dataset.state === "closed") update(items.filter((item) => item.id !== id));
            }}
            className={cn(
              "group relative flex w-full items-start gap-3 overflow-hidden rounded-lg border bg-card p-4 pl-5 shadow-lg shadow-primary-900/10",
              "before:absolute before:inset-y-0 before:left-0 before:w-1",
              accentBars[kind],
              "data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out",
              "data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=end]:animate-toast-out",
            )}
          >
            <Icon name={icons[kind]} className={cn("mt-0.5 size-5 shrink-0", iconColors[kind])} />
            <div className="grid flex-1 gap-1">
              <ToastPrimitive.Title className="text-sm font-semibold text-foreground">{title}</ToastPrimitive.Title>
              {description ? (
                <ToastPrimitive.Description className="text-sm text-muted-foreground">{description}</ToastPrimitive.Description>
              ) : null}
            </div>
            <ToastPrimitive.Close
              aria-label={t("actions.close")}
              className="rounded-md p-1 text-muted-foreground opacity-70 transition hover:bg-muted hover:opacity-100"
            >
              <Icon name="x" className="size-4" />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        );
      })}
      {/* Radix puts the real hotkey (F8) where the label says {hotkey}. */}
      <ToastPrimitive.Viewport
        label={t("toast.region", { hotkey: "{hotkey}" })}
        className="fixed top-0 right-0 z-[100] flex max-h-dvh w-full flex-col gap-2 p-4 outline-none sm:max-w-sm"
      />
    </ToastPrimitive.Provider>
  );
}
