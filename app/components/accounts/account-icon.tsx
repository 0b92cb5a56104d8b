import { BarChart3, Banknote, CreditCard, Landmark, Wallet, type LucideIcon } from "lucide-react";
import type { accountIcons } from "../../../worker/ledger/palettes";
import { cn } from "~/lib/utils";

export type AccountIconName = (typeof accountIcons)[number];

export const accountIconComponents: Record<AccountIconName, LucideIcon> = {
  banknotes: Banknote,
  "credit-card": CreditCard,
  "building-library": Landmark,
  "chart-bar": BarChart3,
  wallet: Wallet,
};

/** The account's icon on a tint of its colour. */
export function AccountBadgeIcon({ icon, color, className }: { icon: string; color: string; className?: string }) {
  const Icon = accountIconComponents[icon as AccountIconName] ?? Wallet;
  return (
    <span
      aria-hidden
      className={cn("grid size-11 shrink-0 place-items-center rounded-xl", className)}
      style={{ backgroundColor: `${color}1f`, color }}
    >
      <Icon className="size-5" />
    </span>
  );
}
