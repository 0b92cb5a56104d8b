import { useState } from "react";
import { useTranslation } from "react-i18next";
import { MoveInDialog, RecentMoveIns } from "~/components/move-in/lazy-move-in";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";

/**
 * "Bring your history" in the workspace's settings: moving in from another finance app through its
 * export, and the latest move-ins with their undo. Shown to those who may write the finances; the
 * dialog and the list load after the page.
 */
export function BringYourHistory({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation("workspace-settings");
  const [isOpen, setIsOpen] = useState(false);
  /** Grows when the dialog wrote or undid a move-in, so the list reads again. */
  const [changes, setChanges] = useState(0);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("moveIn.title")}</CardTitle>
        <CardDescription>{t("moveIn.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Button variant="outline" className="w-fit" aria-haspopup="dialog" onClick={() => setIsOpen(true)}>
          <Icon name="upload" />
          {t("moveIn.open")}
        </Button>
        <RecentMoveIns workspaceId={workspaceId} version={changes} />
      </CardContent>
      <MoveInDialog
        open={isOpen}
        onOpenChange={setIsOpen}
        workspaceId={workspaceId}
        onChanged={() => setChanges((count) => count + 1)}
      />
    </Card>
  );
}
