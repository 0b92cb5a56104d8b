import type { IconName } from "~/components/ui/icon";

/** `loadsDocument`: the page is loaded whole, for the Content-Security-Policy it brings (Pluggy's widget). */
export type NavItem = { area: string; icon: IconName; isBeta?: boolean; loadsDocument?: boolean };
export type NavGroup = { id: "overview" | "finance" | "transactions" | "organization"; items: NavItem[] };

/** The sidebar (docs/product.md#navigation): groups and links, in order. Recurring shows only when the tier allows. */
export function navigationGroups(options: { showRecurring: boolean }): NavGroup[] {
  return [
    {
      id: "overview",
      items: [
        { area: "dashboard", icon: "layout-dashboard" },
        { area: "analytics", icon: "chart-column" },
      ],
    },
    {
      id: "finance",
      items: [
        { area: "accounts", icon: "wallet" },
        { area: "cards", icon: "credit-card" },
        { area: "bank-connections", icon: "wifi", loadsDocument: true },
      ],
    },
    {
      id: "transactions",
      items: [
        { area: "transactions", icon: "receipt" },
        { area: "scheduled-transactions", icon: "calendar-clock" },
        { area: "installment-plans", icon: "layers" },
        { area: "loans", icon: "landmark" },
        ...(options.showRecurring
          ? [{ area: "recurring-transactions", icon: "repeat", isBeta: true } satisfies NavItem]
          : []),
      ],
    },
    {
      id: "organization",
      items: [
        { area: "tags", icon: "tags" },
        { area: "rules", icon: "sliders-horizontal" },
        { area: "payees", icon: "store" },
      ],
    },
  ];
}

export const sidebarCookieName = "moneta_sidebar";

/** Collapsed groups live in a cookie (not only local storage) so the server renders them collapsed: no flash. */
export function parseCollapsedGroups(cookieHeader: string | null): string[] {
  for (const part of cookieHeader?.split(";") ?? []) {
    const [key, value] = part.trim().split("=");
    if (key === sidebarCookieName && value) return decodeURIComponent(value).split(",").filter(Boolean);
  }
  return [];
}
