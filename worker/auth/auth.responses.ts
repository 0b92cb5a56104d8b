import { z } from "zod";
import { userSchema } from "../profile/profile.responses.ts";

/** POST /auth/login: the bearer token of a new session (at most 60 days) and the User. */
export const signedInSchema = z.object({
  access_token: z.string(),
  token_type: z.literal("Bearer"),
  expires_at: z.string(),
  user: userSchema,
});

/** POST /auth/logout-everywhere. */
export const signedOutEverywhereSchema = z.object({ message: z.string(), revoked_sessions: z.number().int() });
