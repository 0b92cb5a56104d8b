import { Hono } from "hono";
import type { z } from "zod";
import type { ApiEnv } from "../access/api-env.ts";
import { answers, describeRoute, messageSchema } from "../http/openapi.ts";
import { validate } from "../http/validation.ts";
import { requirePerson } from "../access/access.middleware.ts";
import { requestOriginOf } from "./request-origin.ts";
import { signedInSchema, signedOutEverywhereSchema } from "./auth.responses.ts";
import { signInSchema, requestCodeSchema } from "./auth.schemas.ts";
import { requestSignInCode, signIn, signOut, signOutEverywhere } from "./auth.service.ts";

const tag = "Sign-in";

/** Past the soft limits a Turnstile challenge is asked for; past the hard caps, 429 (docs/api.md: "Rate limits"). */
const challengeRefusals = ["CHALLENGE_REQUIRED", "RATE_LIMITED", "SERVICE_UNAVAILABLE"] as const;

export const authRoutes = new Hono<ApiEnv>()
  .post(
    "/request-token",
    describeRoute({
      tag,
      summary: "E-mail a sign-in code",
      description:
        "Public. A 6-digit code, valid 10 minutes and once; asking again while a code lives e-mails that same code " +
        "with its first expiry. The answer is the same for known and unknown addresses. `SERVICE_UNAVAILABLE` when " +
        "the e-mail cannot be sent (no code is kept) or Turnstile's siteverify cannot be reached.",
      answer: answers.data(messageSchema),
      errors: challengeRefusals,
    }),
    validate("json", requestCodeSchema),
    async (c) => {
      const result = await requestSignInCode(c.get("services"), c.req.valid("json"), requestOriginOf(c.req.raw));
      return c.json({ data: result });
    },
  )
  .post(
    "/login",
    describeRoute({
      tag,
      summary: "Sign in with the e-mailed code",
      description:
        "Public. The account is created at the first sign-in, and pending workspace invitations to the address are " +
        "accepted in the same atomic batch. The token is an HS256 JWT for a session of at most 60 days. " +
        "`UNAUTHENTICATED` for a wrong, expired or spent code, or one killed after 10 wrong tries.",
      answer: answers.data(signedInSchema),
      errors: ["UNAUTHENTICATED", ...challengeRefusals],
    }),
    validate("json", signInSchema),
    async (c) => {
      const { accessToken, expiresAt, user } = await signIn(
        c.get("services"),
        c.req.valid("json"),
        requestOriginOf(c.req.raw),
      );
      const data: z.infer<typeof signedInSchema> = {
        access_token: accessToken,
        token_type: "Bearer",
        expires_at: expiresAt.toISOString(),
        user,
      };
      return c.json({ data });
    },
  )
  .post(
    "/logout",
    requirePerson,
    describeRoute({
      tag,
      summary: "End this session",
      description: "A session that has already ended is 401, so a logged-out token cannot sign anyone out.",
      answer: answers.data(messageSchema),
    }),
    async (c) => {
      await signOut({ ctx: c.get("ctx") });
      return c.json({ data: { message: "Signed out" } });
    },
  )
  .post(
    "/logout-everywhere",
    requirePerson,
    describeRoute({
      tag,
      summary: "End every session of the caller, on every device",
      answer: answers.data(signedOutEverywhereSchema),
    }),
    async (c) => {
      const { revokedSessions } = await signOutEverywhere({ ctx: c.get("ctx") });
      const data: z.infer<typeof signedOutEverywhereSchema> = {
        message: "Signed out everywhere",
        revoked_sessions: revokedSessions,
      };
      return c.json({ data });
    },
  );
