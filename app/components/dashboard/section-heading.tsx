import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/utils";

export const sectionLinkClass =
  "inline-flex items-center gap-1 rounded-md text-sm font-medium text-accent-text hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none";

/** A dashboard section's heading (`id` names the section) and the link to where its items live. */
export function SectionHeading({
  id,
  title,
  linkText,
  href,
  className,
}: {
  id: string;
  title: string;
  linkText: string;
  href: string;
  className?: string;
}) {
  return (
    <div className={cn("flex flex-wrap items-center justify-between gap-x-4 gap-y-1", className)}>
      <h2 id={id} className="font-semibold text-foreground">
        {title}
      </h2>
      <Link to={href} className={sectionLinkClass}>
        {linkText}
        <Icon name="arrow-right" className="size-4" />
      </Link>
    </div>
  );
}
