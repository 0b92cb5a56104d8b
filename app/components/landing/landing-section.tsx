import type { ReactNode } from "react";
import { cn } from "~/lib/utils";

type LandingSectionProps = {
  id: string;
  title: string;
  lead?: string;
  tone?: "plain" | "card" | "dark";
  children: ReactNode;
};

/** One band of the landing page, reachable at #id, with its heading (styles in landing.css). */
export function LandingSection({ id, title, lead, tone = "plain", children }: LandingSectionProps) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={cn("band", tone !== "plain" && `band-${tone}`)}>
      <div className="wrap">
        <div className="band-head">
          <h2 id={`${id}-title`}>{title}</h2>
          {lead ? <p>{lead}</p> : null}
        </div>
        {children}
      </div>
    </section>
  );
}
