import { index, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("style-guide", "routes/style-guide.tsx"),
  route("language", "routes/language.ts"),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.ts"),
  route("onboarding", "routes/onboarding.tsx"),
  route("workspace-setup", "routes/workspace-setup.tsx"),
  route("workspaces", "routes/workspaces.tsx"),
  route("settings", "routes/settings.tsx"),
  route("workspaces/:workspaceId", "routes/workspace-layout.tsx", [
    route("settings", "routes/workspace-settings.tsx"),
    route("dashboard", "routes/workspace-dashboard.tsx"),
    route("accounts", "routes/workspace-accounts.tsx"),
    route("cards", "routes/workspace-cards.tsx"),
    route("transactions", "routes/workspace-transactions.tsx"),
    route("tags", "routes/workspace-tags.tsx"),
    route("scheduled-transactions", "routes/workspace-scheduled.tsx"),
    route("recurring-transactions", "routes/workspace-recurring.tsx"),
    route(":area", "routes/workspace-area.tsx"),
  ]),
  route("dashboard", "routes/workspace-redirect.ts", { id: "dashboard-redirect" }),
  route("privacy-policy", "routes/legal.tsx", { id: "privacy-policy" }),
  route("terms-of-use", "routes/legal.tsx", { id: "terms-of-use" }),
  route("terms", "routes/legal.tsx", { id: "terms" }),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
