import { Icon } from "~/components/ui/icon";

/** A page whose saved items are still to come: its title, what it is for, and what works today. */
export function PlannedIntro({ title, subtitle, note }: { title: string; subtitle: string; note: string }) {
  return (
    <>
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-foreground">{title}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{subtitle}</p>
      </header>
      <p className="flex items-start gap-3 rounded-xl border border-info/25 bg-info/5 px-4 py-3 text-sm text-foreground">
        <Icon name="info" className="mt-0.5 size-4 shrink-0 text-info" />
        {note}
      </p>
    </>
  );
}
