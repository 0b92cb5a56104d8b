import type { ReactNode } from "react";
import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import type { IconName } from "~/components/ui/icon-names";
import { cn } from "~/lib/utils";

type StatusTabsProps = {
  label: string;
  current: string;
  tabs: { value: string; label: string }[];
  searchParams: URLSearchParams;
};

/** Status filters as links (they work before hydration and keep the URL shareable); a new status starts at page 1. */
export function StatusTabs({ label, current, tabs, searchParams }: StatusTabsProps) {
  const hrefOf = (value: string) => {
    const next = new URLSearchParams(searchParams);
    next.delete("page");
    next.set("status", value);
    return `?${next.toString()}`;
  };
  return (
    <nav aria-label={label}>
      <ul className="flex w-full gap-1 rounded-xl border bg-muted/50 p-1 sm:inline-flex sm:w-auto">
        {tabs.map((tab) => (
          <li key={tab.value} className="flex flex-1 sm:flex-none">
            <Link
              to={hrefOf(tab.value)}
              aria-current={tab.value === current ? "page" : undefined}
              className={cn(
                "inline-flex h-9 flex-1 items-center justify-center rounded-lg px-2 text-sm font-medium whitespace-nowrap transition sm:px-3 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                tab.value === current
                  ? "bg-card text-foreground shadow-xs"
                  : "text-muted-foreground hover:bg-card/60 hover:text-foreground",
              )}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A list page's rows in one card, named for assistive technology. */
export function ListCard({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section aria-label={label} className="overflow-hidden rounded-xl border bg-card shadow-sm">
      <ul className="divide-y">{children}</ul>
    </section>
  );
}

type EmptyProps = { icon: IconName; title: string; body: string; action?: ReactNode };

/** Nothing in this list yet: what the list is for, and the way to start it. */
export function EmptyState({ icon, title, body, action }: EmptyProps) {
  return (
    <section className="flex flex-col items-center rounded-2xl border bg-card px-6 py-14 text-center shadow-sm">
      <div className="grid size-14 place-items-center rounded-2xl bg-secondary-100 text-foreground">
        <Icon name={icon} className="size-7" />
      </div>
      <h2 className="mt-5 text-xl font-semibold text-foreground">{title}</h2>
      <p className="mt-2 max-w-md text-muted-foreground">{body}</p>
      {action ? <div className="mt-6">{action}</div> : null}
    </section>
  );
}

/** A page's figures at a glance, in cards under its heading (the running plans, what is owed). */
export function SummaryCards({ label, figures }: { label: string; figures: { label: string; value: string }[] }) {
  return (
    <section
      aria-label={label}
      className={cn("grid gap-3", figures.length === 3 ? "sm:grid-cols-3" : "sm:grid-cols-2 lg:grid-cols-4")}
    >
      {figures.map((figure) => (
        <div key={figure.label} className="rounded-2xl border bg-card p-4 shadow-xs">
          <p className="text-xs font-medium text-muted-foreground">{figure.label}</p>
          <p className="mt-1 text-xl font-semibold text-foreground tabular-nums">{figure.value}</p>
        </div>
      ))}
    </section>
  );
}

/** How far along a plan or a loan is: the words ("3 of 10 paid") over a bar. */
export function ProgressLine({ label, value, max }: { label: string; value: number; max: number }) {
  return (
    <div className="grid max-w-sm gap-1">
      <p className="text-sm text-foreground">{label}</p>
      <div
        className="h-2 overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={Math.round(value)}
        aria-label={label}
      >
        <div className="h-full rounded-full bg-accent" style={{ width: `${max > 0 ? (value / max) * 100 : 0}%` }} />
      </div>
    </div>
  );
}

/** A page's calculator under its own list: what a plan or a loan would cost before it is saved. */
export function CalculatorSection({ title, hint, children }: { title: string; hint: string; children: ReactNode }) {
  return (
    <section aria-labelledby="calculator-heading" className="grid gap-4">
      <div>
        <h2 id="calculator-heading" className="text-lg font-semibold text-foreground">
          {title}
        </h2>
        <p className="text-sm text-muted-foreground">{hint}</p>
      </div>
      {children}
    </section>
  );
}
