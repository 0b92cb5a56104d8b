import { z } from "zod";

/** Shared by the sign-in form and the API: one definition of a valid request. */
export const emailSchema = z
  .string({ error: "errors:fields.emailRequired" })
  .trim()
  .min(1, "errors:fields.emailRequired")
  .max(254, "errors:fields.emailTooLong")
  .pipe(z.email("errors:fields.emailInvalid"))
  .transform((email) => email.toLowerCase());

export const codeSchema = z
  .string({ error: "errors:fields.code" })
  .trim()
  .regex(/^\d{6}$/, "errors:fields.code");

/** A solved Turnstile challenge, asked for past the sign-in soft limits (Turnstile's tokens fit 2048). */
const turnstileTokenSchema = z.string({ error: "errors:fields.invalid" }).max(2048, "errors:fields.tooLong").optional();

export const requestCodeSchema = z.object({ email: emailSchema, turnstile_token: turnstileTokenSchema });

export const signInSchema = z.object({
  method: z.literal("email", { error: "errors:fields.signInMethod" }),
  email: emailSchema,
  token: codeSchema,
  turnstile_token: turnstileTokenSchema,
});

export type RequestCodeInput = z.infer<typeof requestCodeSchema>;
export type SignInInput = z.infer<typeof signInSchema>;
