import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { languages } from "~/lib/i18n";
import { errorCodes } from "../../worker/http/errors.ts";

const messagesOf = (language: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "locales", language, "errors.json"), "utf8"));

describe("error codes", () => {
  for (const language of languages) {
    it(`each has a sentence in ${language}/errors.json, beside the fields', the details' and the statement files' sentences`, () => {
      const messages = messagesOf(language);
      for (const code of errorCodes) {
        const text = messages[code];
        expect(typeof text === "string" && text.trim() !== "", `${language}/errors:${code}`).toBe(true);
      }
      // Message keys of schemas and services (fields.*, details.*): tests/node/message-keys.test.ts;
      // why a statement file is refused (statement.*): tests/node/imports/statement-problems.test.ts.
      expect(Object.keys(messages).sort()).toEqual([...errorCodes, "details", "fields", "statement"].sort());
    });
  }
});
