/**
 * The import statements of the repository's own TypeScript, read with regular expressions: the
 * code is Biome-formatted (statements end with `;`, imports start their line), which is all these
 * need. TypeScript 7 has no compiler API to ask instead.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

export const repositoryRoot = resolve(import.meta.dirname, "..", "..");

export type SourceImport = {
  /** The file that imports, relative to the repository root (`app/lib/i18n.ts`). */
  file: string;
  line: number;
  specifier: string;
  /** The repository file it names, relative to the root; null for packages and virtual modules. */
  target: string | null;
  /**
   * `import type …` and `export type … from`: erased from the JavaScript. `import { type A }` is
   * not: with verbatimModuleSyntax it leaves `import {} from "…"`, which still loads the module.
   */
  isTypeOnly: boolean;
};

const staticImport = /^(import|export)\b([^;"']*?)\bfrom\s*["']([^"']+)["']/gm;
const sideEffectImport = /^import\s*["']([^"']+)["']/gm;
const dynamicImport = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** Every .ts and .tsx file under the given folders (relative to the root), build output excluded. */
export function sourceFiles(...folders: string[]): string[] {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const name of readdirSync(join(repositoryRoot, folder))) {
      const path = join(folder, name);
      if (name === "node_modules" || name.startsWith(".")) continue;
      if (statSync(join(repositoryRoot, path)).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name) && !name.endsWith(".d.ts")) files.push(path);
    }
  };
  for (const folder of folders) walk(folder);
  return files.sort();
}

/** A specifier as a repository file: relative paths and the `~/` alias (app/), extension optional. */
function resolveTarget(file: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith(".")) base = resolve(repositoryRoot, dirname(file), specifier);
  else if (specifier.startsWith("~/")) base = resolve(repositoryRoot, "app", specifier.slice(2));
  else return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")];
  const found = candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
  return relative(repositoryRoot, found ?? base);
}

export function importsOf(file: string, source = readFileSync(join(repositoryRoot, file), "utf8")): SourceImport[] {
  const lineAt = (index: number) => source.slice(0, index).split("\n").length;
  const found: SourceImport[] = [];
  const add = (index: number, specifier: string, isTypeOnly: boolean) =>
    found.push({ file, line: lineAt(index), specifier, target: resolveTarget(file, specifier), isTypeOnly });
  for (const match of source.matchAll(staticImport)) {
    add(match.index, match[3]!, /^\s+type\b/.test(match[2]!));
  }
  for (const match of source.matchAll(sideEffectImport)) add(match.index, match[1]!, false);
  for (const match of source.matchAll(dynamicImport)) add(match.index, match[1]!, false);
  return found;
}

/** `worker/pages/render-page.ts:3 imports "../app/lib/session.server.ts"`, for failure messages. */
export const describeImport = (found: SourceImport) => `${found.file}:${found.line} imports "${found.specifier}"`;
