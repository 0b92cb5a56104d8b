import { describe, expect, it } from "vitest";
import { newWorkspaceTimeZone } from "../../../worker/workspaces/new-workspace-time-zone.ts";

describe("a new workspace's time zone from a page form", () => {
  it("takes the zone the browser sent", () => {
    expect(newWorkspaceTimeZone("America/Manaus", "en")).toBe("America/Manaus");
    expect(newWorkspaceTimeZone(" Asia/Tokyo ", "pt-BR")).toBe("Asia/Tokyo");
  });

  it("falls back to the page language's zone when the form carried none or an unknown one", () => {
    for (const submitted of [null, "", "Mars/Olympus"]) {
      expect({ submitted, zone: newWorkspaceTimeZone(submitted, "pt-BR") }).toEqual({
        submitted,
        zone: "America/Sao_Paulo",
      });
      expect({ submitted, zone: newWorkspaceTimeZone(submitted, "en") }).toEqual({ submitted, zone: "UTC" });
    }
    expect(newWorkspaceTimeZone(new File([], "zone.txt"), "pt-BR")).toBe("America/Sao_Paulo");
  });
});
