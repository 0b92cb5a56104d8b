import { cn } from "~/lib/utils";

/** The product mark and name; `inverse` for dark surfaces in the primary colour. */
export function Brand({ className, tone = "default" }: { className?: string; tone?: "default" | "inverse" }) {
  const [tile, mark] =
    tone === "inverse" ? ["var(--secondary)", "var(--primary)"] : ["var(--primary)", "var(--secondary)"];
  return (
    <span className={cn("inline-flex items-center gap-2 font-semibold tracking-tight", className)}>
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden>
        <rect width="32" height="32" rx="8" fill={tile} />
        <path
          d="M8 22V10l8 7 8-7v12"
          fill="none"
          stroke={mark}
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="text-lg">Moneta</span>
    </span>
  );
}
