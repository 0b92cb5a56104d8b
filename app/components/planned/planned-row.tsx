import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { type ActionResult, useResultToast } from "~/components/accounts/action-result";
import { ConfirmDelete } from "~/components/accounts/confirm-delete";
import { KindIcon, SignedAmount } from "~/components/transactions/transaction-row";
import { Badge, type BadgeProps } from "~/components/ui/badge";
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
import { useLanguage } from "~/lib/use-language";
import { cn } from "~/lib/utils";
import type { ScheduledItem } from "./planned-types";

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
    post: (intent: string, id?: string) =>
      fetcher.submit(id ? { intent, id } : { intent }, { method: "post", flushSync: true }),
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

type Props = {
  title: string;
  /** What the item posts (the template's kind, legs, amount). */
  template: Pick<ScheduledItem, "type" | "origin" | "destination" | "amount_cents" | "currency">;
  badge: { label: string; variant: BadgeProps["variant"] };
  /** Lines under the title: when, how it repeats. */
  lines: ReactNode[];
  /** Why the executor could not post it, translated. */
  failure: string | null;
  actions: RowAction[] | null;
  isBusy: boolean;
};

/** One scheduled or recurring item: what it posts, when, its status, and a menu of what may be done. */
export function PlannedRow({ title, template, badge, lines, failure, actions, isBusy }: Props) {
  const { t } = useTranslation(["planned", "transactions"]);
  const language = useLanguage();
  const outside = t("transactions:list.outside");
  return (
    <li
      className={cn("flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:gap-4", isBusy && "opacity-60")}
      data-testid="planned-row"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <KindIcon kind={template.type} label={t(`transactions:kinds.${template.type}`)} />
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="truncate font-medium text-foreground">{title}</h3>
            <Badge variant={badge.variant}>{badge.label}</Badge>
          </div>
          {lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines are fixed for a row
            <p key={index} className="text-sm text-muted-foreground">
              {line}
            </p>
          ))}
          <p className="flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
            <span className="truncate">{template.origin.name ?? outside}</span>
            <Icon name="arrow-right" className="size-3.5 shrink-0" aria-label={t("transactions:list.to")} />
            <span className="truncate">{template.destination.name ?? outside}</span>
          </p>
          {failure ? (
            <p className="flex items-start gap-1.5 text-sm text-destructive" role="note">
              <Icon name="triangle-exclamation-point" className="mt-0.5 size-4 shrink-0" />
              <span>
                {failure} <span className="text-muted-foreground">{t("planned:failure.retrying")}</span>
              </span>
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex items-center justify-between gap-3 pl-12 sm:pl-0">
        <SignedAmount
          kind={template.type}
          cents={template.amount_cents}
          currency={template.currency}
          language={language}
        />
        {actions?.length ? <RowActionsMenu title={title} actions={actions} isBusy={isBusy} /> : null}
      </div>
    </li>
  );
}

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
