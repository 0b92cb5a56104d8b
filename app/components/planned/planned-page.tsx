import { type ComponentProps, type ReactNode, useState } from "react";
import { useSearchParams } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { CalculatorSection, EmptyState, ListCard, StatusTabs } from "~/components/ui/list-page";
import { Pagination } from "~/components/ui/pagination";
import { formatAmountText } from "~/lib/format";
import type { Language } from "~/lib/i18n";
import { BetaGate, type BetaGateProps } from "./beta-gate";

type PlannedPageProps = {
  title: string;
  /** A mark beside the title, for a page still in beta. */
  titleBadge?: string;
  subtitle: string;
  /** The page's primary action (a NewItemButton); null where the viewer may not add. */
  newItem: ReactNode;
  /** Why the page cannot be used yet, where it cannot. */
  gate?: BetaGateProps | null;
  /** Over the list: the chosen plan's or loan's details. */
  details?: ReactNode;
  statusTabs?: Omit<ComponentProps<typeof StatusTabs>, "searchParams"> | null;
  /** The figures over the list, while it has rows. */
  summary?: ReactNode;
  list: { label: string; rows: ReactNode[]; pages?: { current: number; last: number } };
  /** In the list's place while it has no rows; null where the gate already says why. */
  empty: ComponentProps<typeof EmptyState> | null;
  /** Under the list: what a plan or a loan would cost before it is saved. */
  calculator?: { title: string; hint: string; form: ReactNode };
  /** What the primary action and the rows open; null where the viewer may not edit. */
  dialogs: ReactNode;
};

/**
 * The page every kind of money planned for later is listed on (scheduled, recurring, installment
 * plans, loans): its heading and primary action, then the list with what surrounds it.
 */
export function PlannedPage({
  title,
  titleBadge,
  subtitle,
  newItem,
  gate,
  details,
  statusTabs,
  summary,
  list,
  empty,
  calculator,
  dialogs,
}: PlannedPageProps) {
  const [searchParams] = useSearchParams();
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-foreground">
            {title}
            {titleBadge ? (
              <Badge variant="accent" className="ml-3 align-middle">
                {titleBadge}
              </Badge>
            ) : null}
          </h1>
          <p className="mt-1 max-w-2xl text-sm text-muted-foreground">{subtitle}</p>
        </div>
        {newItem}
      </div>
      {gate ? <BetaGate {...gate} /> : null}
      {details}
      {statusTabs ? <StatusTabs {...statusTabs} searchParams={searchParams} /> : null}
      {list.rows.length ? (
        <>
          {summary}
          <ListCard label={list.label}>{list.rows}</ListCard>
          {list.pages ? <Pagination current={list.pages.current} last={list.pages.last} /> : null}
        </>
      ) : empty ? (
        <EmptyState {...empty} />
      ) : null}
      {calculator ? (
        <CalculatorSection title={calculator.title} hint={calculator.hint}>
          {calculator.form}
        </CalculatorSection>
      ) : null}
      {dialogs}
    </div>
  );
}

/** A planned page's primary action, in its heading and in its empty list. */
export function NewItemButton({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <Button variant="accent" onClick={onClick}>
      <Icon name="plus" />
      {label}
    </Button>
  );
}

/**
 * A page's add-or-edit dialog: opened on a new item or on a row's. Closing keeps the item, so the
 * dialog does not change under its closing animation.
 */
export function useItemDialog<Item>() {
  const [state, setState] = useState<{ open: boolean; item: Item | null }>({ open: false, item: null });
  return {
    openNew: () => setState({ open: true, item: null }),
    openEdit: (item: Item) => setState({ open: true, item }),
    dialog: {
      ...state,
      onOpenChange: (open: boolean) => setState((current) => ({ ...current, open })),
    },
  };
}

/** A summary's figure in every currency it has, side by side and never converted; "—" with none. */
export function amountsPerCurrency<Field extends string>(
  entries: readonly ({ currency: string } & Record<Field, string>)[],
  field: Field,
  language: Language,
): string {
  if (!entries.length) return "—";
  return entries.map((entry) => formatAmountText(entry[field], entry.currency, language)).join(" · ");
}
