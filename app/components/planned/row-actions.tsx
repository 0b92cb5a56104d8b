import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { type ActionResult, useResultToast } from "~/components/accounts/action-result";
import { ConfirmDelete } from "~/components/accounts/confirm-delete";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { Icon } from "~/components/ui/icon";
import type { IconName } from "~/components/ui/icon-names";

/** The shared fetcher a page's rows post their actions with; the page toasts the outcome. */
const plannedActionsKey = "planned-actions";

/**
 * A planned page's row actions (execute, pause, cancel…) posted to its own action, one at a time,
 * each outcome a toast in the page's namespace; which item (and which intent) is on its way, to show it busy.
 */
export function usePlannedActions(namespace = "planned") {
  const fetcher = useFetcher<ActionResult>({ key: plannedActionsKey });
  useResultToast(fetcher.data, namespace);
  const isBusy = fetcher.state !== "idle";
  return {
    post: (intent: string, id?: string, fields: Record<string, string> = {}) =>
      fetcher.submit(id ? { intent, id, ...fields } : { intent, ...fields }, { method: "post", flushSync: true }),
    busyId: isBusy ? fetcher.formData?.get("id") : null,
    busyIntent: isBusy ? fetcher.formData?.get("intent") : null,
  };
}

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
  const { t } = useTranslation("planned");
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
            aria-label={t("planned:actions.menu", { name: title })}
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
      <ConfirmDelete
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
