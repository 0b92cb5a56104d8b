import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "../access/api-env.ts";
import { requirePerson } from "../access/access.middleware.ts";
import { answers, describeRoute, messageSchema } from "../http/openapi.ts";
import { validate } from "../http/validation.ts";
import { inviteMember, revokeInvitation } from "./invitations.service.ts";
import { changeRoleSchema, inviteMemberSchema } from "./members.schemas.ts";
import { changeMemberRole, leaveWorkspace, listMembers, removeMember } from "./members.service.ts";
import { getTierInfo, getUsageStats } from "./tier-info.service.ts";
import {
  invitationSchema,
  memberSchema,
  membersSchema,
  tierInfoSchema,
  usageStatsSchema,
  workspaceSchema,
} from "./workspaces.responses.ts";
import { createWorkspaceSchema, updateWorkspaceSchema } from "./workspaces.schemas.ts";
import {
  createWorkspace,
  deleteWorkspace,
  getWorkspace,
  listWorkspaces,
  updateWorkspace,
} from "./workspaces.service.ts";

const workspacesTag = "Workspaces";
const membersTag = "Members";

/**
 * /workspaces and everything addressed by a workspace id. The id parameter is always
 * `workspaceId`: tests/node/isolation.test.ts finds workspace-scoped routes by it.
 */
export const workspaceRoutes = new Hono<ApiEnv>()
  .use(requirePerson)
  .get(
    "/",
    describeRoute({
      tag: workspacesTag,
      summary: "The caller's workspaces",
      description: "Oldest first, each with the caller's `role`.",
      answer: answers.data(z.array(workspaceSchema)),
    }),
    async (c) => c.json({ data: await listWorkspaces({ ctx: c.get("ctx") }) }),
  )
  .post(
    "/",
    describeRoute({
      tag: workspacesTag,
      summary: "Create a workspace owned by the caller",
      description:
        "`FORBIDDEN` for `beta_features_enabled: true` without the caller's beta access; `LIMIT_REACHED` when the " +
        "caller owns as many workspaces as the plan allows (Free: 2, with beta access 3; workspaces joined by " +
        "invitation do not count).",
      answer: answers.created(workspaceSchema),
      errors: ["LIMIT_REACHED"],
    }),
    validate("json", createWorkspaceSchema),
    async (c) => c.json({ data: await createWorkspace({ ctx: c.get("ctx"), input: c.req.valid("json") }) }, 201),
  )
  .get(
    "/:workspaceId",
    describeRoute({ tag: workspacesTag, summary: "A workspace", answer: answers.data(workspaceSchema) }),
    async (c) => c.json({ data: await getWorkspace({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .put(
    "/:workspaceId",
    describeRoute({
      tag: workspacesTag,
      summary: "Change a workspace's settings",
      description:
        "Owner or admin. Only the fields sent change; `description` null or empty clears it. `FORBIDDEN` for " +
        "`beta_features_enabled: true` without the caller's beta access.",
      answer: answers.data(workspaceSchema),
    }),
    validate("json", updateWorkspaceSchema),
    async (c) => {
      const input = { ...c.req.param(), ...c.req.valid("json") };
      return c.json({ data: await updateWorkspace({ ctx: c.get("ctx"), input }) });
    },
  )
  .delete(
    "/:workspaceId",
    describeRoute({
      tag: workspacesTag,
      summary: "Delete a workspace with all its data",
      description: "Owner only. Its members, invitations and all its data go with it.",
      answer: answers.data(messageSchema),
    }),
    async (c) => c.json({ data: await deleteWorkspace({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .get(
    "/:workspaceId/tier-info",
    describeRoute({
      tag: workspacesTag,
      summary: "The workspace's plan: features, limits and accounts left",
      description:
        "The plan is the workspace's most generous owner's. A null limit or remainder means no limit. A beta feature " +
        "is true only when the owner has beta access and the workspace switched beta features on.",
      answer: answers.data(tierInfoSchema),
    }),
    async (c) => c.json({ data: await getTierInfo({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .get(
    "/:workspaceId/usage-stats",
    describeRoute({
      tag: workspacesTag,
      summary: "How many accounts the workspace uses of its plan's limit",
      answer: answers.data(usageStatsSchema),
    }),
    async (c) => c.json({ data: await getUsageStats({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .get(
    "/:workspaceId/members",
    describeRoute({
      tag: membersTag,
      summary: "The workspace's members and pending invitations",
      answer: answers.data(membersSchema),
    }),
    async (c) => c.json({ data: await listMembers({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(
    "/:workspaceId/members",
    describeRoute({
      tag: membersTag,
      summary: "Invite someone by e-mail",
      description:
        "Owner or admin; inviting an owner needs an owner. The address becomes a member at its next sign-in. " +
        "Inviting an address already invited renews the invitation with the new role and e-mails it again. " +
        "`ALREADY_MEMBER` at `email`; `SERVICE_UNAVAILABLE` when the e-mail cannot be sent (no invitation is kept).",
      answer: answers.created(invitationSchema),
      errors: ["ALREADY_MEMBER", "SERVICE_UNAVAILABLE"],
    }),
    validate("json", inviteMemberSchema),
    async (c) => {
      const input = { ...c.req.param(), ...c.req.valid("json") };
      return c.json({ data: await inviteMember({ ctx: c.get("ctx"), input }) }, 201);
    },
  )
  .put(
    "/:workspaceId/members/:userId",
    describeRoute({
      tag: membersTag,
      summary: "Change a member's role",
      description:
        "Owner or admin for roles below owner; only an owner makes or unmakes an owner. `LAST_OWNER` when the last " +
        "owner would step down.",
      answer: answers.data(memberSchema),
      errors: ["LAST_OWNER"],
    }),
    validate("json", changeRoleSchema),
    async (c) => {
      const input = { ...c.req.param(), ...c.req.valid("json") };
      return c.json({ data: await changeMemberRole({ ctx: c.get("ctx"), input }) });
    },
  )
  .delete(
    "/:workspaceId/members/:userId",
    describeRoute({
      tag: membersTag,
      summary: "Remove a member",
      description:
        "Owner or admin removes members below owner; only an owner removes an owner. The workspace stops being the " +
        "removed member's default for the assistant.",
      answer: answers.data(messageSchema),
      errors: ["LAST_OWNER"],
    }),
    async (c) => c.json({ data: await removeMember({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .delete(
    "/:workspaceId/invitations/:invitationId",
    describeRoute({
      tag: membersTag,
      summary: "Withdraw a pending invitation",
      description: "Owner or admin. An invitation already accepted is not found.",
      answer: answers.data(messageSchema),
    }),
    async (c) => c.json({ data: await revokeInvitation({ ctx: c.get("ctx"), input: c.req.param() }) }),
  )
  .post(
    "/:workspaceId/leave",
    describeRoute({
      tag: membersTag,
      summary: "Leave the workspace",
      description: "Any member, the last owner excepted (`LAST_OWNER`). No body.",
      answer: answers.data(messageSchema),
      errors: ["LAST_OWNER"],
    }),
    async (c) => c.json({ data: await leaveWorkspace({ ctx: c.get("ctx"), input: c.req.param() }) }),
  );

/** GET /profile/workspaces: the caller's workspaces, as GET /workspaces lists them, under the profile too. */
export const profileWorkspaceRoutes = new Hono<ApiEnv>().get(
  "/workspaces",
  requirePerson,
  describeRoute({
    tag: "Profile",
    summary: "The caller's workspaces, as GET /api/workspaces lists them",
    answer: answers.data(z.array(workspaceSchema)),
  }),
  async (c) => c.json({ data: await listWorkspaces({ ctx: c.get("ctx") }) }),
);
