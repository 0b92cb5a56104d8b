import { Hono } from "hono";
import type { ApiEnv } from "../http/api-env.ts";
import { validate } from "../http/validation.ts";
import { requirePerson } from "../access/access.middleware.ts";
import { requestOriginOf } from "./request-origin.ts";
import { signInSchema, requestCodeSchema } from "./auth.schemas.ts";
import { requestSignInCode, signIn, signOut, signOutEverywhere } from "./auth.service.ts";

export const authRoutes = new Hono<ApiEnv>()
  .post("/request-token", validate("json", requestCodeSchema), async (c) => {
    const result = await requestSignInCode(c.get("services"), c.req.valid("json"), requestOriginOf(c.req.raw));
    return c.json({ data: result });
  })
  .post("/login", validate("json", signInSchema), async (c) => {
    const { accessToken, expiresAt, user } = await signIn(
      c.get("services"),
      c.req.valid("json"),
      requestOriginOf(c.req.raw),
    );
    return c.json({
      data: { access_token: accessToken, token_type: "Bearer", expires_at: expiresAt.toISOString(), user },
    });
  })
  .post("/logout", requirePerson, async (c) => {
    await signOut({ ctx: c.get("ctx") });
    return c.json({ data: { message: "Signed out" } });
  })
  .post("/logout-everywhere", requirePerson, async (c) => {
    const { revokedSessions } = await signOutEverywhere({ ctx: c.get("ctx") });
    return c.json({ data: { message: "Signed out everywhere", revoked_sessions: revokedSessions } });
  });
