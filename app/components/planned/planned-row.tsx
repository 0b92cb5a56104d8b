import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import type { loader as layoutLoader } from "~/routes/workspace-layout";
import { KindIcon, SignedAmount } from "~/components/transactions/kind-icons";
import { Badge, type BadgeProps } from "~/components/ui/badge";
import { Icon } from "~/components/ui/icon";
import { useLanguage } from "~/lib/use-language";
import { cn } from "~/lib/utils";
import type { ScheduledItem } from "./planned-types";
import { type RowAction, RowActionsMenu } from "~/components/ui/row-actions-menu";

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
  const workspaceCurrency = useRouteLoaderData<typeof layoutLoader>("routes/workspace-layout")?.workspace.currency;
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
          isForeign={workspaceCurrency !== undefined && template.currency !== workspaceCurrency}
        />
        {actions?.length ? <RowActionsMenu title={title} actions={actions} isBusy={isBusy} /> : null}
      </div>
    </li>
  );
}
