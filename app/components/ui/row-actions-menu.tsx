import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./button";
import { ConfirmDialog } from "./confirm-dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "./dropdown-menu";
import { Icon } from "./icon";
import type { IconName } from "./icon-names";

export type RowAction = {
  label: string;
  icon: IconName;
  onSelect(): void;
  /** Asks first: what cannot be undone. */
  confirm?: { title: string; body: string; confirmLabel: string };
  isDestructive?: boolean;
};

/** A row's "…" menu; what cannot be undone asks first. */
export function RowActionsMenu({ title, actions, isBusy }: { title: string; actions: RowAction[]; isBusy: boolean }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState<RowAction | null>(null);
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            className="-mr-2 size-9"
            disabled={isBusy}
            aria-label={t("actions.rowMenu", { name: title })}
          >
            <Icon name="ellipsis" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {actions.map((action) => (
            <RowMenuItem key={action.label} action={action} onConfirm={setConfirming} />
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? null : setConfirming(null))}
        title={confirming?.confirm?.title ?? ""}
        description={confirming?.confirm?.body ?? ""}
        confirmLabel={confirming?.confirm?.confirmLabel ?? ""}
        onConfirm={() => confirming?.onSelect()}
      />
    </>
  );
}

function RowMenuItem({ action, onConfirm }: { action: RowAction; onConfirm(action: RowAction): void }) {
  return (
    <>
      {action.isDestructive ? <DropdownMenuSeparator /> : null}
      <DropdownMenuItem
        variant={action.isDestructive ? "destructive" : undefined}
        onSelect={() => (action.confirm ? onConfirm(action) : action.onSelect())}
      >
        <Icon name={action.icon} />
        {action.label}
      </DropdownMenuItem>
    </>
  );
}
