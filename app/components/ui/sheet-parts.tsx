import { cva, type VariantProps } from "class-variance-authority";
import { Dialog as SheetPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "~/lib/utils";
import { DialogOverlay, OverlayCloseButton } from "./dialog-parts";
import { useFocusReturn } from "./focus-return";

/** The drawer's Radix parts; pages import ./sheet, which fetches this module after the page is live. */
export const Sheet = SheetPrimitive.Root;
export const SheetTrigger = SheetPrimitive.Trigger;
export const SheetClose = SheetPrimitive.Close;

export const sheetVariants = cva(
  "fixed inset-y-0 z-50 flex h-full w-[min(24rem,calc(100%-3rem))] flex-col gap-4 bg-card shadow-2xl shadow-primary-900/25 outline-none",
  {
    variants: {
      side: {
        left: "left-0 border-r data-[state=open]:animate-slide-in-left data-[state=closed]:animate-slide-out-left",
        right: "right-0 border-l data-[state=open]:animate-slide-in-right data-[state=closed]:animate-slide-out-right",
      },
    },
    defaultVariants: { side: "right" },
  },
);

export type SheetContentProps = ComponentProps<typeof SheetPrimitive.Content> &
  VariantProps<typeof sheetVariants> & { hasCloseButton?: boolean };

/** Focus is trapped inside while it is open and returns to what opened it (./focus-return). */
export function SheetContent({
  className,
  children,
  side,
  hasCloseButton = true,
  onCloseAutoFocus,
  ...props
}: SheetContentProps) {
  const focusReturn = useFocusReturn(onCloseAutoFocus);
  return (
    <SheetPrimitive.Portal>
      <DialogOverlay />
      <SheetPrimitive.Content
        data-slot="sheet-content"
        data-side={side ?? "right"}
        className={cn(sheetVariants({ side }), className)}
        ref={focusReturn.rememberOpener}
        onCloseAutoFocus={focusReturn.onCloseAutoFocus}
        {...props}
      >
        {children}
        {hasCloseButton ? <OverlayCloseButton /> : null}
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}

export function SheetHeader({ className, ...props }: ComponentProps<"div">) {
  return (
    <div data-slot="sheet-header" className={cn("grid gap-1.5 border-b px-6 pt-6 pb-5 pr-14", className)} {...props} />
  );
}

/** The scrolling middle of the drawer. */
export function SheetBody({ className, ...props }: ComponentProps<"div">) {
  return <div data-slot="sheet-body" className={cn("flex-1 overflow-y-auto px-6", className)} {...props} />;
}

export function SheetFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="sheet-footer"
      className={cn("mt-auto flex flex-col-reverse gap-2 border-t px-6 py-4 sm:flex-row sm:justify-end", className)}
      {...props}
    />
  );
}

export function SheetTitle({ className, ...props }: ComponentProps<typeof SheetPrimitive.Title>) {
  return (
    <SheetPrimitive.Title
      data-slot="sheet-title"
      className={cn("text-lg leading-snug font-semibold tracking-tight", className)}
      {...props}
    />
  );
}

export function SheetDescription({ className, ...props }: ComponentProps<typeof SheetPrimitive.Description>) {
  return (
    <SheetPrimitive.Description
      data-slot="sheet-description"
      className={cn("text-sm text-muted-foreground", className)}
      {...props}
    />
  );
}
