import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { toast } from "~/components/ui/toast-store";
import type { MoveInResponse, moveInApi } from "./move-in-api";

type UndoMoveInProps = {
  api: ReturnType<typeof moveInApi>;
  moveIn: Pick<MoveInResponse, "uuid" | "file_name" | "created_count">;
  /** Small in a list, where the file's name tells the rows' buttons apart. */
  isInList?: boolean;
  onUndone(): void;
};

/**
 * A move-in's Undo, asked first: its transactions go with their balances, and the accounts, cards
 * and tags it created go too unless something recorded since uses them (DELETE /move-ins/{id}).
 */
export function UndoMoveIn({ api, moveIn, isInList = false, onUndone }: UndoMoveInProps) {
  const { t } = useTranslation("move-in");
  const [open, setOpen] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button
          type="button"
          variant="outline"
          size={isInList ? "sm" : "md"}
          disabled={isBusy}
          aria-label={isInList ? t("undo.buttonFor", { file: moveIn.file_name }) : undefined}
        >
          {t("undo.button")}
        </Button>
      }
      title={t("undo.title")}
      description={t("undo.description", { count: moveIn.created_count })}
      confirmLabel={t("undo.confirm")}
      isBusy={isBusy}
      onConfirm={async () => {
        setIsBusy(true);
        try {
          await api.undo(moveIn.uuid);
          toast.success(t("undo.done"), t("undo.doneDescription"));
          onUndone();
        } catch (failure) {
          toast.error((failure as Error).message);
        } finally {
          setIsBusy(false);
        }
      }}
    />
  );
}
