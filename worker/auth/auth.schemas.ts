import { z } from "zod";

/** Shared by the sign-in form and the API: one definition of a valid request. */
export const emailSchema = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "That email address is too long")
  .pipe(z.email("Enter a valid email address"))
  .transform((email) => email.toLowerCase());

export const codeSchema = z
  .string({ error: "Enter the 6-digit code" })
  .trim()
  .regex(/^\d{6}$/, "Enter the 6-digit code");

/** A solved Turnstile challenge, asked for past the sign-in soft limits (Turnstile's tokens fit 2048). */
const turnstileTokenSchema = z.string().max(2048).optional();

export const requestCodeSchema = z.object({ email: emailSchema, turnstile_token: turnstileTokenSchema });

export const signInSchema = z.object({
  method: z.literal("email", { error: "Only e-mail sign-in is supported" }),
  email: emailSchema,
  token: codeSchema,
  turnstile_token: turnstileTokenSchema,
});

export type RequestCodeInput = z.infer<typeof requestCodeSchema>;
export type SignInInput = z.infer<typeof signInSchema>;
