import { createContext, lazy, Suspense, use, useCallback, useState, type ReactNode } from "react";
import { Button, type ButtonProps } from "~/components/ui/button";

const loadWaitlistDialog = () => import("./waitlist-dialog");
// The dialog brings the form, the kit's Dialog and the zod schema: fetched on the first sign of
// interest (hover, focus, touch), never on the first load.
const WaitlistDialog = lazy(() => loadWaitlistDialog().then((module) => ({ default: module.WaitlistDialog })));

type OpenWaitlist = (prefillEmail?: string) => void;

const WaitlistContext = createContext<OpenWaitlist>(() => {});

type Opening = { isOpen: boolean; prefillEmail: string; count: number };

/** Holds the one waitlist dialog of the page; any descendant opens it with useOpenWaitlist(). */
export function WaitlistProvider({ children }: { children: ReactNode }) {
  const [opening, setOpening] = useState<Opening>({ isOpen: false, prefillEmail: "", count: 0 });
  const open = useCallback<OpenWaitlist>((prefillEmail = "") => {
    setOpening((current) => ({ isOpen: true, prefillEmail, count: current.count + 1 }));
  }, []);
  // Closing forgets the prefilled address, so the next opening from the header starts empty.
  const close = useCallback(() => setOpening((current) => ({ ...current, isOpen: false, prefillEmail: "" })), []);
  return (
    <WaitlistContext value={open}>
      {children}
      {opening.count > 0 ? (
        <Suspense fallback={null}>
          <WaitlistDialog key={opening.count} isOpen={opening.isOpen} prefillEmail={opening.prefillEmail} onClose={close} />
        </Suspense>
      ) : null}
    </WaitlistContext>
  );
}

export function useOpenWaitlist(): OpenWaitlist {
  return use(WaitlistContext);
}

export function preloadWaitlist() {
  void loadWaitlistDialog();
}

/** A kit Button that opens the waitlist dialog; it starts fetching the dialog when approached. */
export function WaitlistButton({ onClick, ...props }: ButtonProps) {
  const openWaitlist = useOpenWaitlist();
  return (
    <Button
      aria-haspopup="dialog"
      onPointerEnter={preloadWaitlist}
      onFocus={preloadWaitlist}
      onTouchStart={preloadWaitlist}
      onClick={(event) => {
        onClick?.(event);
        openWaitlist();
      }}
      {...props}
    />
  );
}
