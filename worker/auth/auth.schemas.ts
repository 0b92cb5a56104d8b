import { z } from "zod";
import { emailSchema } from "../http/email.schemas.ts";

export const codeSchema = z
  .string({ error: "errors:fields.code" })
  .trim()
  .regex(/^\d{6}$/, "errors:fields.code");

/** A solved Turnstile challenge, asked for past the sign-in soft limits (Turnstile's tokens fit 2048). */
const turnstileTokenSchema = z.string({ error: "errors:fields.invalid" }).max(2048, "errors:fields.tooLong").optional();

/** Shared by the sign-in form and the API: one definition of a valid request. */
export const requestCodeSchema = z.object({ email: emailSchema, turnstile_token: turnstileTokenSchema });

export const signInSchema = z.object({
  method: z.literal("email", { error: "errors:fields.signInMethod" }),
  email: emailSchema,
  token: codeSchema,
  turnstile_token: turnstileTokenSchema,
});

export type RequestCodeInput = z.infer<typeof requestCodeSchema>;
export type SignInInput = z.infer<typeof signInSchema>;
