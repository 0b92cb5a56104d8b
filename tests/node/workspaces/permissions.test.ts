import { describe, expect, it } from "vitest";
import type { workspaceRoles } from "../../../db/schema/index.ts";
import { can, rolesAllowed, type Permission } from "../../../worker/access/permissions.ts";

describe("the permission table", () => {
  const allowedTo = (role: (typeof workspaceRoles)[number]) =>
    (Object.keys(rolesAllowed) as Permission[]).filter((permission) => can(role, permission));

  it("lets a viewer only read", () => {
    expect(allowedTo("viewer")).toEqual(["workspace.read"]);
  });

  it("lets a member also write financial data", () => {
    expect(allowedTo("member")).toEqual(["workspace.read", "finances.write"]);
  });

  it("lets an admin also manage settings, members and bank connections, and download the whole workspace (on a plan with exports)", () => {
    expect(allowedTo("admin")).toEqual([
      "workspace.read",
      "finances.write",
      "workspace.update",
      "members.manage",
      "banks.connect",
      "workspace.export",
    ]);
  });

  it("lets only an owner manage ownership and delete the workspace", () => {
    expect(allowedTo("owner")).toEqual(Object.keys(rolesAllowed));
    expect(rolesAllowed["ownership.manage"]).toEqual(["owner"]);
    expect(rolesAllowed["workspace.delete"]).toEqual(["owner"]);
  });
});
