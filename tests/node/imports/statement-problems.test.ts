import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { languages } from "~/lib/i18n";
import { statementProblemReasons } from "../../../worker/imports/statement.ts";

const statementSentencesOf = (language: string): Record<string, string> =>
  JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "..", "locales", language, "errors.json"), "utf8"))
    .statement;

describe("why a statement file is refused", () => {
  for (const language of languages) {
    it(`has a sentence for each reason, and only those, in ${language}/errors.json`, () => {
      const sentences = statementSentencesOf(language);
      expect(Object.keys(sentences).sort()).toEqual([...statementProblemReasons].sort());
      for (const reason of statementProblemReasons) expect(sentences[reason]?.trim()).not.toBe("");
    });
  }
});
