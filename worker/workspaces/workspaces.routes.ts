import { Hono } from "hono";
import type { ApiEnv } from "../api.ts";
import { requireCaller } from "../auth/auth.middleware.ts";
import { validate } from "../http/validation.ts";
import { createWorkspaceSchema } from "./workspaces.schemas.ts";
import { createWorkspace, listWorkspaces } from "./workspaces.service.ts";

export const workspaceRoutes = new Hono<ApiEnv>()
  .use(requireCaller)
  .get("/", async (c) => c.json({ data: await listWorkspaces(c.var.services, c.var.caller) }))
  .post("/", validate("json", createWorkspaceSchema), async (c) => {
    return c.json({ data: await createWorkspace(c.var.services, c.var.caller, c.req.valid("json")) }, 201);
  });
