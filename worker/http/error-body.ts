import { errorSentence } from "../i18n/error-sentences.ts";
import type { Language } from "../i18n/language.ts";
import { z } from "zod";
import { type AppError, type ErrorCode, errorCodes, type FieldErrors } from "./errors.ts";
import type { FieldMessages, Message } from "./messages.ts";

/** The API's error envelope (docs/api.md: "Errors"); the OpenAPI document narrows `code` to each route's. */
export const errorBodySchema = z.object({
  message: z.string(),
  code: z.enum(errorCodes as [ErrorCode, ...ErrorCode[]]),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  request_id: z.string(),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;

/** A message's sentence in a language, from locales/<language>/*.json. */
export function translate(message: Message, language: Language): string {
  return errorSentence(message.key, message.values ?? {}, language);
}

export function translateFieldMessages(fieldMessages: FieldMessages, language: Language): FieldErrors {
  return Object.fromEntries(
    Object.entries(fieldMessages).map(([field, messages]) => [
      field,
      messages.map((message) => translate(message, language)),
    ]),
  );
}

/** The API's error envelope, its sentences in the caller's language; the code stays the same in every language. */
export function errorBody(error: AppError, requestId: string, language: Language): ErrorBody {
  return {
    message: translate(error.messageKey, language),
    code: error.code,
    ...(error.fieldErrors ? { errors: translateFieldMessages(error.fieldErrors, language) } : {}),
    request_id: requestId,
  };
}
