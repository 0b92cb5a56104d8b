import { errorSentence } from "../i18n/error-sentences.ts";
import type { Language } from "../i18n/language.ts";
import type { AppError, ErrorCode, FieldErrors } from "./errors.ts";
import type { FieldMessages, Message } from "./messages.ts";

export type ErrorBody = {
  message: string;
  code: ErrorCode;
  errors?: FieldErrors;
  request_id: string;
};

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
