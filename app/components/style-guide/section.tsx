import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

export const sectionIds = [
  "colors",
  "typography",
  "formatting",
  "buttons",
  "forms",
  "feedback",
  "overlays",
  "navigation",
  "cards",
  "charts",
] as const;

export type SectionId = (typeof sectionIds)[number];

/** One chapter of the style guide, reachable at #id. */
export function Section({
  id,
  title,
  description,
  children,
}: {
  id: SectionId;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24">
      <header className="mb-6 max-w-2xl">
        <h2 id={`${id}-title`} className="text-xl font-semibold tracking-tight text-foreground sm:text-2xl">
          {title}
        </h2>
        <p className="mt-1.5 text-sm text-pretty text-muted-foreground sm:text-base">{description}</p>
      </header>
      {children}
    </section>
  );
}

/** A white panel with a small caption that holds one example. */
export function Specimen({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn("min-w-0 rounded-xl border bg-card p-5 shadow-xs sm:p-6", className)}>
      <h3 className="mb-4 text-xs font-semibold tracking-wider text-muted-foreground uppercase">{label}</h3>
      {children}
    </div>
  );
}
