export type IconName =
  | "check"
  | "x"
  | "menu"
  | "briefcase-business"
  | "users"
  | "graduation-cap"
  | "file-spreadsheet"
  | "message-circle"
  | "credit-card"
  | "receipt"
  | "layers"
  | "trending-up"
  | "chart-column"
  | "smartphone"
  | "play"
  | "arrow-up-right"
  | "arrow-down-right"
  | "circle-check"
  | "circle-alert"
  | "chevron-down";

/** A decorative Lucide icon drawn by landing.css (a mask in currentColor); size it with a class. */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return <span aria-hidden className={className ? `icon icon-${name} ${className}` : `icon icon-${name}`} />;
}
