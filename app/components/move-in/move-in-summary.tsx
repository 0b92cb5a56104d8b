import { type Ref, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { DialogFooter } from "~/components/ui/dialog";
import { cn } from "~/lib/utils";
import type { moveInApi } from "./move-in-api";
import type { Step } from "./move-in-dialog";
import { UndoMoveIn } from "./move-in-undo";

/** What the move-in created, the way to the accounts it made, and its Undo until it is used. */
export function SummaryStep({
  record,
  skipped,
  isUndone,
  api,
  workspaceId,
  headingRef,
  onClose,
  onUndone,
}: Extract<Step, { name: "summary" }> & {
  api: ReturnType<typeof moveInApi>;
  workspaceId: string;
  headingRef: Ref<HTMLHeadingElement>;
  onClose(): void;
  onUndone(): void;
}) {
  const { t } = useTranslation("move-in");
  const doneButton = useRef<HTMLButtonElement>(null);
  // Once undone, the Undo button leaves; the focus goes to Done rather than to the page behind.
  useEffect(() => {
    if (isUndone) doneButton.current?.focus();
  }, [isUndone]);
  const places = record.created.accounts + record.created.cards;
  return (
    <div className="grid gap-4">
      <h3 ref={headingRef} tabIndex={-1} aria-live="polite" className="font-semibold outline-none">
        {isUndone ? t("summary.undone") : t("summary.title")}
      </h3>
      <ul className="grid gap-1 text-sm">
        <li>{t("summary.created", { count: record.created_count })}</li>
        {places ? <li>{t("summary.places", { count: places })}</li> : null}
        {record.created.tags ? <li>{t("summary.tags", { count: record.created.tags })}</li> : null}
        {skipped > 0 ? <li>{t("summary.skipped", { count: skipped })}</li> : null}
        {record.refused_count ? <li>{t("summary.refused", { count: record.refused_count })}</li> : null}
      </ul>
      <DialogFooter>
        {isUndone ? null : <UndoMoveIn api={api} moveIn={record} onUndone={onUndone} />}
        {isUndone ? null : (
          <Link to={`/workspaces/${workspaceId}/accounts`} className={cn(buttonVariants({ variant: "outline" }))}>
            {t("summary.seeAccounts")}
          </Link>
        )}
        <Button ref={doneButton} variant="accent" onClick={onClose}>
          {t("summary.done")}
        </Button>
      </DialogFooter>
    </div>
  );
}
