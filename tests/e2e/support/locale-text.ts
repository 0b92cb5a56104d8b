import { readFileSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "../../../scripts/local-stack.ts";

export type Language = "en" | "pt-BR";

/** A text of the app in the language under test, read from the locale files the app itself uses. */
export function translator(language: Language) {
  const namespaces = new Map<string, Record<string, unknown>>();
  return (key: string, values: Record<string, string> = {}): string => {
    const [namespace, path] = key.split(":") as [string, string];
    if (!namespaces.has(namespace)) {
      const file = join(projectRoot, "locales", language, `${namespace}.json`);
      namespaces.set(namespace, JSON.parse(readFileSync(file, "utf8")));
    }
    const text = path
      .split(".")
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], namespaces.get(namespace));
    if (typeof text !== "string") throw new Error(`No text ${key} in ${language}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
  };
}
