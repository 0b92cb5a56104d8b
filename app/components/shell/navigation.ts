import { BarChart3, CalendarClock, CreditCard, Landmark, LayoutDashboard, Layers, Repeat, Tags, Receipt, Wallet } from "lucide-react";
import type { ComponentType } from "react";

export type NavItem = { area: string; Icon: ComponentType<{ className?: string }>; isBeta?: boolean };
export type NavGroup = { id: "overview" | "finance" | "transactions" | "organization"; items: NavItem[] };

/** SPEC §2 sidebar: groups and links, in order. Recurring shows only when the tier allows. */
export function navigationGroups(options: { showRecurring: boolean }): NavGroup[] {
  return [
    {
      id: "overview",
      items: [
        { area: "dashboard", Icon: LayoutDashboard },
        { area: "analytics", Icon: BarChart3 },
      ],
    },
    {
      id: "finance",
      items: [
        { area: "accounts", Icon: Wallet },
        { area: "cards", Icon: CreditCard },
      ],
    },
    {
      id: "transactions",
      items: [
        { area: "transactions", Icon: Receipt },
        { area: "scheduled-transactions", Icon: CalendarClock },
        { area: "installment-plans", Icon: Layers },
        { area: "loans", Icon: Landmark },
        ...(options.showRecurring ? [{ area: "recurring-transactions", Icon: Repeat, isBeta: true }] : []),
      ],
    },
    { id: "organization", items: [{ area: "tags", Icon: Tags }] },
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
