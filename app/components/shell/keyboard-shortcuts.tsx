import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";

/** What a key does, in the order the help lists them; "g d" is "g" then "d" within a second. */
const shortcutKeys = ["n", "/", "g d", "g t", "g a", "g c", "?"] as const;

const goTo = { d: "dashboard", t: "transactions", a: "accounts", c: "cards" } as const;
const chordMs = 1000;

/** Typing into a field, a menu or a dialog: a letter is a letter there, never a shortcut. */
function isTypingOrInOverlay(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest("input, textarea, select, [role=dialog], [role=menu], [role=listbox], [role=combobox]"))
    return true;
  return false;
}

/**
 * The desktop's keyboard shortcuts on every workspace page (README: "Keyboard shortcuts and the phone's add button"): `n` a new
 * transaction, `/` the transactions' search, `g` then `d`, `t`, `a` or `c` to the dashboard, transactions,
 * accounts or cards, `?` this list. Never inside a text field, a menu or a dialog, nor with Ctrl, ⌘ or Alt.
 */
export function KeyboardShortcuts({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation("workspaces");
  const navigate = useNavigate();
  const [isHelpOpen, setHelpOpen] = useState(false);
  const pendingG = useRef(0);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingOrInOverlay(event.target)) return;
      const path = `/workspaces/${workspaceId}`;
      const isChord = Date.now() - pendingG.current < chordMs;
      pendingG.current = 0;
      if (isChord && event.key in goTo) {
        event.preventDefault();
        navigate(`${path}/${goTo[event.key as keyof typeof goTo]}`);
        return;
      }
      if (event.key === "g") {
        pendingG.current = Date.now();
        return;
      }
      if (event.key === "n") {
        event.preventDefault();
        navigate(`${path}/dashboard?new=transaction`);
      } else if (event.key === "/") {
        event.preventDefault();
        const search = document.querySelector<HTMLInputElement>("input[type=search][name=search]");
        if (search && search.offsetParent !== null) search.focus();
        else navigate(`${path}/transactions?focus=search`);
      } else if (event.key === "?") {
        event.preventDefault();
        setHelpOpen(true);
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [navigate, workspaceId]);

  return (
    <Dialog open={isHelpOpen} onOpenChange={setHelpOpen}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{t("shortcuts.title")}</DialogTitle>
          <DialogDescription>{t("shortcuts.description")}</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
          {shortcutKeys.map((key) => (
            <div key={key} className="contents">
              <dt className="flex gap-1">
                {key.split(" ").map((part) => (
                  <kbd
                    key={part}
                    className="min-w-7 rounded-md border bg-muted px-1.5 py-0.5 text-center font-mono text-xs font-semibold text-foreground"
                  >
                    {part}
                  </kbd>
                ))}
              </dt>
              <dd className="text-muted-foreground">{t(`shortcuts.keys.${key}`)}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
