import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// The browser bundles the shared rules and value lists: they may import each other and nothing else
// (no Drizzle table, no server module), or the wizard would pull the server into the page.
const root = join(import.meta.dirname, "../../..");
const rulesDirectory = "worker/ledger/rules";
const sharedFiles = ["db/enums.ts", ...readdirSync(join(root, rulesDirectory)).map((name) => `${rulesDirectory}/${name}`)];
const allowedImports = new Set(["../../../db/enums.ts", "./transaction-rules.ts", "./card-rules.ts"]);

const importsOf = (file: string) => [...readFileSync(join(root, file), "utf8").matchAll(/^import[^"]*"([^"]+)";/gm)].map(([, source]) => source);

describe("the shared rules and value lists", () => {
  it.each(sharedFiles)("%s imports only the other shared modules", (file) => {
    expect(importsOf(file).filter((source) => !allowedImports.has(source!))).toEqual([]);
  });

  it("include the rules the wizard and the service share", () => {
    expect(sharedFiles).toEqual(expect.arrayContaining(["db/enums.ts", `${rulesDirectory}/transaction-rules.ts`, `${rulesDirectory}/card-rules.ts`]));
  });
});
