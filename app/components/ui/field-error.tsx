import { useTranslation } from "react-i18next";
import type { Message } from "../../../worker/http/messages";

/**
 * The first message for a field, in the page's language. Schemas and services send keys with
 * values (worker/http/messages.ts); the words are in locales/<language>/errors.json.
 */
export function useFieldMessage() {
  // Asked for when the form opens, so the namespace is there before the first refusal.
  const { t } = useTranslation("errors");
  return (messages: Message[] | undefined) => {
    const message = messages?.[0];
    return message ? t(message.key, message.values ?? {}) : undefined;
  };
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {message}
    </p>
  );
}

/** A field's first message, from its keys, in the page's language. */
export function FieldMessages({ id, messages }: { id: string; messages?: Message[] }) {
  const messageFor = useFieldMessage();
  return <FieldError id={id} message={messageFor(messages)} />;
}

/** aria props for a field that may carry an error. */
export const invalidProps = (id: string, message: string | undefined) =>
  message ? { "aria-invalid": true as const, "aria-describedby": id } : {};
