import { Toast as ToastPrimitive } from "radix-ui";
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "~/lib/utils";
import { Icon, type IconName } from "./icon";
import { toastDurations, type ToastKind } from "./toast-durations";
import { emptyToastList, removeToast, subscribeToToasts, toast, toastList } from "./toast-store";

const icons: Record<ToastKind, IconName> = {
  success: "circle-check",
  error: "circle-exclamation-point",
  warning: "triangle-exclamation-point",
  info: "info",
};
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

/** The top-right stack of toasts (Radix); ./toast renders it once its code has arrived. */
export function Toaster() {
  const { t } = useTranslation();
  const list = useSyncExternalStore(subscribeToToasts, toastList, () => emptyToastList);
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
              if (event.currentTarget.dataset.state === "closed") removeToast(id);
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
                <ToastPrimitive.Description className="text-sm text-muted-foreground">
                  {description}
                </ToastPrimitive.Description>
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
      {/* Radix puts the real hotkey (F8) where the label says {hotkey}. Toasts start below the app
          header (h-14), so they never cover its menus and switchers. */}
      <ToastPrimitive.Viewport
        label={t("toast.region", { hotkey: "{hotkey}" })}
        className="fixed top-14 right-0 z-[100] flex max-h-[calc(100dvh-3.5rem)] w-full flex-col gap-2 p-4 outline-none sm:max-w-sm"
      />
    </ToastPrimitive.Provider>
  );
}
