import { Icon, type IconName } from "~/components/ui/icon";
import type { accountIcons } from "../../../worker/accounts/accounts.presets";
import { cn } from "~/lib/utils";

export type AccountIconName = (typeof accountIcons)[number];

/** The sprite icon that draws each account icon an account can store (docs/product.md#accounts). */
export const accountIconGlyphs: Record<AccountIconName, IconName> = {
  banknotes: "banknote",
  "credit-card": "credit-card",
  "building-library": "landmark",
  "chart-bar": "chart-column",
  wallet: "wallet",
};

/** The account's icon on a tint of its colour. */
export function AccountBadgeIcon({ icon, color, className }: { icon: string; color: string; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn("grid size-11 shrink-0 place-items-center rounded-xl", className)}
      style={{ backgroundColor: `${color}1f`, color }}
    >
      <Icon name={accountIconGlyphs[icon as AccountIconName] ?? "wallet"} className="size-5" />
    </span>
  );
}
