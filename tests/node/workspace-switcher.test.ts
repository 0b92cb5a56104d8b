import { describe, expect, it } from "vitest";
import { sameRouteIn } from "~/components/shell/workspace-switcher";

describe("switching workspace keeps the address in step", () => {
  it("keeps the area and the query, swapping only the workspace id", () => {
    expect(sameRouteIn("/workspaces/aaa/cards", "?view=all", "bbb")).toBe("/workspaces/bbb/cards?view=all");
    expect(sameRouteIn("/workspaces/aaa/settings", "", "bbb")).toBe("/workspaces/bbb/settings");
  });

  it("falls back to the dashboard outside a workspace area", () => {
    expect(sameRouteIn("/workspaces/aaa", "", "bbb")).toBe("/workspaces/bbb/dashboard");
    expect(sameRouteIn("/settings", "", "bbb")).toBe("/workspaces/bbb/dashboard");
  });
});
