import { z } from "zod";

/** An e-mail address as sign-in and invitations take it, in the forms and the API alike: trimmed, lower-cased. */
export const emailSchema = z
  .string({ error: "errors:fields.emailRequired" })
  .trim()
  .min(1, "errors:fields.emailRequired")
  .max(254, "errors:fields.emailTooLong")
  .pipe(z.email("errors:fields.emailInvalid"))
  .transform((email) => email.toLowerCase());
