import { Dialog as DialogPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "~/lib/utils";
import { useFocusReturn } from "./focus-return";
import { Icon } from "./icon";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;
export const DialogPortal = DialogPrimitive.Portal;

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      data-slot="dialog-overlay"
      className={cn(
        "fixed inset-0 z-50 bg-primary-900/45 backdrop-blur-[2px]",
        "data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out",
        className,
      )}
      {...props}
    />
  );
}

/** X button in the top-right corner, labelled "Close" in the page's language. */
export function OverlayCloseButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <DialogPrimitive.Close
      data-slot="overlay-close"
      className={cn(
        "absolute top-4 right-4 grid size-8 place-items-center rounded-md text-muted-foreground transition",
        "hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
        className,
      )}
    >
      <Icon name="x" className="size-4" />
      <span className="sr-only">{t("actions.close")}</span>
    </DialogPrimitive.Close>
  );
}

export type DialogContentProps = ComponentProps<typeof DialogPrimitive.Content> & { hasCloseButton?: boolean };

/**
 * A modal window: focus is trapped inside, Escape and the overlay close it, focus returns to
 * what opened it (./focus-return). Give it a DialogTitle and a DialogDescription so screen
 * readers announce both.
 */
export function DialogContent({
  className,
  children,
  hasCloseButton = true,
  onCloseAutoFocus,
  ...props
}: DialogContentProps) {
  const focusReturn = useFocusReturn(onCloseAutoFocus);
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(
          "fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-5 overflow-y-auto",
          "rounded-xl border bg-card p-6 shadow-2xl shadow-primary-900/20 outline-none",
          "data-[state=open]:animate-zoom-in data-[state=closed]:animate-fade-out",
          className,
        )}
        ref={focusReturn.rememberOpener}
        onCloseAutoFocus={focusReturn.onCloseAutoFocus}
        {...props}
      >
        {children}
        {hasCloseButton ? <OverlayCloseButton /> : null}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div data-slot="dialog-header" className={cn("grid gap-1.5 pr-8 text-left", className)} {...props} />;
}

/** Actions; stacked with the main one on top on phones, in a row on the right from `sm`. */
export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="dialog-footer"
      className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)}
      {...props}
    />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      data-slot="dialog-title"
      className={cn("text-lg leading-snug font-semibold tracking-tight", className)}
      {...props}
    />
  );
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      data-slot="dialog-description"
      className={cn("text-sm text-pretty text-muted-foreground", className)}
      {...props}
    />
  );
}
