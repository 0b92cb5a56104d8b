import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { languages } from "~/lib/i18n";

/**
 * Schemas and services speak in keys of the errors namespace (worker/http/messages.ts); this holds
 * every key they use to a sentence in each language, and every schema message to being a key.
 */
const root = join(import.meta.dirname, "..", "..");

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => join(folder, file));
}

const sources = ["worker", "app", "db"]
  .flatMap(sourceFiles)
  .map((path) => ({ path, text: readFileSync(join(root, path), "utf8") }));

/** "errors:fields.nameRequired" → each file that names it. */
function usedKeys(): Map<string, string[]> {
  const used = new Map<string, string[]>();
  for (const { path, text } of sources) {
    for (const [, key] of text.matchAll(/["'`](errors:[\w.]+)["'`]/g))
      used.set(key!, [...(used.get(key!) ?? []), path]);
  }
  return used;
}

const errorsOf = (language: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(root, "locales", language, "errors.json"), "utf8"));

function sentenceAt(messages: Record<string, unknown>, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>(
      (node, name) => (node && typeof node === "object" ? (node as Record<string, unknown>)[name] : undefined),
      messages,
    );
}

const sentencePaths = (node: unknown, prefix = ""): string[] =>
  typeof node === "string"
    ? [prefix]
    : Object.entries(node as Record<string, unknown>).flatMap(([name, child]) =>
        sentencePaths(child, prefix ? `${prefix}.${name}` : name),
      );

describe("message keys", () => {
  const used = usedKeys();

  it("are used by the code (the scan finds them)", () => {
    expect(used.size).toBeGreaterThan(50);
  });

  for (const language of languages) {
    it(`each key a schema or a service uses has a sentence in ${language}/errors.json`, () => {
      const messages = errorsOf(language);
      const missing = [...used].filter(([key]) => {
        const sentence = sentenceAt(messages, key.slice("errors:".length));
        return typeof sentence !== "string" || sentence.trim() === "";
      });
      expect(missing.map(([key, files]) => `${key} (${files.join(", ")})`)).toEqual([]);
    });
  }

  it("no field or detail sentence is left that nothing uses", () => {
    const messages = errorsOf("en");
    const unused = ["fields", "details"]
      .flatMap((group) => sentencePaths(messages[group], group))
      .filter((path) => !used.has(`errors:${path}`));
    expect(unused).toEqual([]);
  });

  it("schemas give keys, never sentences, as their messages", () => {
    const sentences: string[] = [];
    const schemaFiles = sources.filter(({ path }) => /\.schemas\.ts$|ledger[/\\]money\.ts$/.test(path));
    expect(schemaFiles.length).toBeGreaterThan(5);
    for (const { path, text } of schemaFiles) {
      const messages = [
        ...text.matchAll(/\b(?:error|message):\s*"([^"]*)"/g),
        ...text.matchAll(/\.(?:min|max|length|regex|refine|int|email|uuid)\((?:[^"\n]*?,\s*)?"([^"]*)"\)/g),
      ].map((match) => match[1]!);
      for (const message of messages)
        if (!/^errors:[\w.]+$/.test(message)) sentences.push(`${relative(root, join(root, path))}: ${message}`);
    }
    expect(sentences).toEqual([]);
  });
});
