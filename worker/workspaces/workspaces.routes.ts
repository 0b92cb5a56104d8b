import { Hono } from "hono";
import type { ApiEnv } from "../http/api-env.ts";
import { requirePerson } from "../access/access.middleware.ts";
import { validate } from "../http/validation.ts";
import { inviteMember, revokeInvitation } from "./invitations.service.ts";
import { changeRoleSchema, inviteMemberSchema } from "./members.schemas.ts";
import { changeMemberRole, leaveWorkspace, listMembers, removeMember } from "./members.service.ts";
import { getTierInfo, getUsageStats } from "./tier-info.service.ts";
import { createWorkspaceSchema, updateWorkspaceSchema } from "./workspaces.schemas.ts";
import {
  createWorkspace,
  deleteWorkspace,
  getWorkspace,
  listWorkspaces,
  updateWorkspace,
} from "./workspaces.service.ts";

/**
 * /workspaces and everything addressed by a workspace id. The id parameter is always
 * `workspaceId`: tests/node/isolation.test.ts finds workspace-scoped routes by it.
 */
export const workspaceRoutes = new Hono<ApiEnv>()
  .use(requirePerson)
  .get("/", async (c) => c.json({ data: await listWorkspaces({ ctx: c.get("ctx") }) }))
  .post("/", validate("json", createWorkspaceSchema), async (c) => {
    return c.json({ data: await createWorkspace({ ctx: c.get("ctx"), input: c.req.valid("json") }) }, 201);
  })
  .get("/:workspaceId", async (c) => {
    return c.json({ data: await getWorkspace({ ctx: c.get("ctx"), input: c.req.param() }) });
  })
  .put("/:workspaceId", validate("json", updateWorkspaceSchema), async (c) => {
    const input = { ...c.req.param(), ...c.req.valid("json") };
    return c.json({ data: await updateWorkspace({ ctx: c.get("ctx"), input }) });
  })
  .delete("/:workspaceId", async (c) => {
    return c.json({ data: await deleteWorkspace({ ctx: c.get("ctx"), input: c.req.param() }) });
  })
  .get("/:workspaceId/tier-info", async (c) => {
    return c.json({ data: await getTierInfo({ ctx: c.get("ctx"), input: c.req.param() }) });
  })
  .get("/:workspaceId/usage-stats", async (c) => {
    return c.json({ data: await getUsageStats({ ctx: c.get("ctx"), input: c.req.param() }) });
  })
  .get("/:workspaceId/members", async (c) => {
    return c.json({ data: await listMembers({ ctx: c.get("ctx"), input: c.req.param() }) });
  })
  .post("/:workspaceId/members", validate("json", inviteMemberSchema), async (c) => {
    const input = { ...c.req.param(), ...c.req.valid("json") };
    return c.json({ data: await inviteMember({ ctx: c.get("ctx"), input }) }, 201);
  })
  .put("/:workspaceId/members/:userId", validate("json", changeRoleSchema), async (c) => {
    const input = { ...c.req.param(), ...c.req.valid("json") };
    return c.json({ data: await changeMemberRole({ ctx: c.get("ctx"), input }) });
  })
  .delete("/:workspaceId/members/:userId", async (c) => {
    return c.json({ data: await removeMember({ ctx: c.get("ctx"), input: c.req.param() }) });
  })
  .delete("/:workspaceId/invitations/:invitationId", async (c) => {
    return c.json({ data: await revokeInvitation({ ctx: c.get("ctx"), input: c.req.param() }) });
  })
  .post("/:workspaceId/leave", async (c) => {
    return c.json({ data: await leaveWorkspace({ ctx: c.get("ctx"), input: c.req.param() }) });
  });

/** GET /profile/workspaces: the caller's workspaces, as GET /workspaces lists them, under the profile too. */
export const profileWorkspaceRoutes = new Hono<ApiEnv>().get("/workspaces", requirePerson, async (c) =>
  c.json({ data: await listWorkspaces({ ctx: c.get("ctx") }) }),
);
