import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { languages } from "~/lib/i18n";

const localesDir = join(import.meta.dirname, "..", "..", "locales");

function flatten(value: unknown, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, text] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(path, text);
    }
  } else {
    out.set(prefix, String(value));
  }
  return out;
}

function load(language: string): Map<string, Map<string, string>> {
  const dir = join(localesDir, language);
  return new Map(
    readdirSync(dir)
      .filter((file) => file.endsWith(".json"))
      .map((file) => [file.replace(/\.json$/, ""), flatten(JSON.parse(readFileSync(join(dir, file), "utf8")))]),
  );
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1]).sort();

describe("locales", () => {
  const [reference, ...others] = languages.map((language) => ({ language, namespaces: load(language) }));

  it("has a folder for every interface language", () => {
    expect(readdirSync(localesDir).sort()).toEqual([...languages].sort());
  });

  for (const other of others) {
    it(`${other.language} has the same namespaces as ${reference!.language}`, () => {
      expect([...other.namespaces.keys()].sort()).toEqual([...reference!.namespaces.keys()].sort());
    });

    for (const [namespace, keys] of reference!.namespaces) {
      it(`${other.language}/${namespace} has exactly the keys and placeholders of ${reference!.language}/${namespace}`, () => {
        const otherKeys = other.namespaces.get(namespace) ?? new Map<string, string>();
        expect([...otherKeys.keys()].sort()).toEqual([...keys.keys()].sort());
        for (const [key, text] of keys) {
          expect(placeholders(otherKeys.get(key) ?? ""), `${namespace}:${key}`).toEqual(placeholders(text));
        }
      });
    }
  }

  it("has no empty messages", () => {
    for (const { language, namespaces } of [reference!, ...others]) {
      for (const [namespace, keys] of namespaces) {
        for (const [key, text] of keys) expect(text.trim(), `${language}/${namespace}:${key}`).not.toBe("");
      }
    }
  });
});
