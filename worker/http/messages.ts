import type englishErrors from "../../locales/en/errors.json";

/**
 * Messages travel as i18n keys with their values, never as sentences: whoever shows one to a person
 * (the API's envelope, a page's component) translates it into that person's language. The words
 * live in locales/{en,pt-BR}/errors.json (docs/decisions/021-messages-travel-as-keys.md).
 * No server imports: the browser's forms read these too.
 */

/** "a.b" for each sentence of a nested JSON object. */
type SentencePaths<Tree, Prefix extends string = ""> = {
  [Name in keyof Tree & string]: Tree[Name] extends string
    ? `${Prefix}${Name}`
    : SentencePaths<Tree[Name], `${Prefix}${Name}.`>;
}[keyof Tree & string];

/** A key of the errors namespace: "errors:fields.nameRequired", "errors:details.accountNotFound", "errors:NOT_FOUND". */
export type ErrorMessageKey = `errors:${SentencePaths<typeof englishErrors>}`;

export type MessageValues = Record<string, string | number>;
/** A message for a person: a key of any namespace ("common:typed…" for typed amounts) and its interpolation values. */
export type Message = { key: string; values?: MessageValues };
export type FieldMessages = Record<string, Message[]>;

/** "errors:fields.nameRequired" and the like: what a schema's or a service's message must look like. */
export const isMessageKey = (text: string) => /^[a-z-]+:[\w.]+$/i.test(text);

/** What a zod issue message is replaced by when a schema gave none of ours (zod's own English). */
export const unspecifiedFieldMessage: ErrorMessageKey = "errors:fields.invalid";
