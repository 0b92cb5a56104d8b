/**
 * The folders' import boundaries, checked rather than remembered:
 *  - worker/ never imports app/, types included: the Worker and its tests must not need the app's code;
 *  - db/ imports nothing from worker/ or app/, types included;
 *  - browser code imports from worker/ and db/ only the browser-safe modules listed below, and those
 *    import only each other and zod. Type-only imports are free there: `import type` is erased from
 *    the bundle (a mapper's response type costs the browser nothing).
 * Biome's noRestrictedImports matches specifier text, so it can neither resolve `../` and `~/` to a
 * folder nor let `import type` through: hence this test.
 */
import { describe, expect, it } from "vitest";
import { describeImport, importsOf, type SourceImport, sourceFiles } from "../support/source-imports.ts";

/** Modules with no server dependencies (no database, Hono, jose, Resend or env) that forms share. */
const browserSafeModules: ReadonlyArray<{ pattern: RegExp; reason: string }> = [
  { pattern: /^db\/enums\.ts$/, reason: "the value lists the tables store, plain data" },
  { pattern: /^worker\/.+\.schemas\.ts$/, reason: "zod schemas, shared by forms and route validators" },
  { pattern: /^worker\/.+\.presets\.ts$/, reason: "preset colours, icons and issuers the forms offer" },
  {
    pattern: /^worker\/assistant\/link-code\.ts$/,
    reason: "the assistant's link code: its length, lifetime and the message the settings page shows",
  },
  { pattern: /^worker\/http\/errors\.ts$/, reason: "error codes, translated by the UI" },
  { pattern: /^worker\/http\/field-errors\.ts$/, reason: "zod issues as the envelope's field map" },
  { pattern: /^worker\/http\/messages\.ts$/, reason: "message keys and their values, which the pages translate" },
  { pattern: /^worker\/i18n\/language\.ts$/, reason: "the languages and how a request picks one" },
  { pattern: /^worker\/i18n\/formats\.ts$/, reason: "amounts and dates as text, the same in pages and files" },
  { pattern: /^worker\/idempotency\/idempotency-key\.ts$/, reason: "the forms' key field and its rules" },
  { pattern: /^worker\/leads\/leads\.rules\.ts$/, reason: "the waitlist form's rules" },
  {
    pattern: /^worker\/ledger\/(amounts|money|dates|date-range)\.ts$/,
    reason: "amounts and dates, parsed the same on both sides",
  },
  { pattern: /^worker\/ledger\/rules\//, reason: "the ledger rules the transaction wizard shares" },
  {
    pattern: /^worker\/currency\/(conversion|rate-currencies)\.ts$/,
    reason: "the rate currencies, their minor units and exact conversion, the same on both sides",
  },
  {
    pattern: /^worker\/planning\/money-schedules\.ts$/,
    reason: "exact installment and loan schedules, which the calculators work out in the page",
  },
  {
    pattern: /^worker\/planning\/recurrence\.ts$/,
    reason: "the recurrence engine, which previews a rule's next dates",
  },
  {
    pattern: /^worker\/profile\/picture\.rules\.ts$/,
    reason: "what a profile picture may be, checked before uploading",
  },
  { pattern: /^worker\/transactions\/filter-keys\.ts$/, reason: "the list's filter names, kept in the page's address" },
  { pattern: /^worker\/workspaces\/permissions\.ts$/, reason: "what each role may do, so pages hide what it may not" },
];

/** The one package browser-safe modules load: the same validation runs on both sides. */
const browserSafePackages = new Set(["zod"]);

const isBrowserSafe = (file: string) => browserSafeModules.some(({ pattern }) => pattern.test(file));
const isIn = (folder: string) => (found: SourceImport) => found.target?.startsWith(folder) ?? false;

/**
 * Route modules run on both sides: React Router's compiler removes their server exports (loader,
 * action, middleware) from the browser build with the imports only those use, so their imports are
 * not judged by file. What they render comes from app/components and app/lib, which are.
 */
const isRouteModule = (file: string) => file === "app/root.tsx" || file.startsWith("app/routes/");
const isBrowserCode = (file: string) =>
  file.startsWith("app/") && !/\.server\.tsx?$/.test(file) && !isRouteModule(file) && file !== "app/routes.ts";

function boundaryViolations(imports: SourceImport[]): string[] {
  const reachesServerCode = (found: SourceImport) =>
    !found.isTypeOnly && (isIn("worker/")(found) || isIn("db/")(found)) && !isBrowserSafe(found.target!);
  const loadsServerPackage = (found: SourceImport) =>
    !found.isTypeOnly && found.target === null && !browserSafePackages.has(found.specifier);
  return imports
    .filter((found) => {
      if (found.file.startsWith("worker/") && isIn("app/")(found)) return true;
      if (found.file.startsWith("db/") && (isIn("worker/")(found) || isIn("app/")(found))) return true;
      if (isBrowserSafe(found.file) && loadsServerPackage(found)) return true;
      return (isBrowserCode(found.file) || isBrowserSafe(found.file)) && reachesServerCode(found);
    })
    .map(describeImport);
}

describe("import boundaries", () => {
  const files = sourceFiles("app", "worker", "db");

  it("holds across app/, worker/ and db/", () => {
    expect(boundaryViolations(files.flatMap((file) => importsOf(file)))).toEqual([]);
  });

  it("lists only browser-safe modules that exist", () => {
    for (const { pattern, reason } of browserSafeModules) {
      expect(
        files.some((file) => pattern.test(file)),
        `${pattern} (${reason}) matches no file`,
      ).toBe(true);
    }
  });

  it("reports each kind of crossing with its file and line", () => {
    const imports = [
      ...importsOf("worker/auth/mailer.ts", 'import type { Language } from "../../app/lib/i18n.ts";\n'),
      ...importsOf("db/seed.ts", 'import { effectsOf } from "../worker/ledger/effects.ts";\n'),
      ...importsOf(
        "app/components/accounts/account-row.tsx",
        [
          'import type { AccountResponse } from "../../../worker/accounts/accounts.mapper";',
          'import {\n  type CardResponse,\n} from "../../../worker/cards/cards.mapper";',
          'import { accountColors } from "../../../worker/accounts/accounts.presets";',
          'const service = await import("../../../worker/accounts/accounts.service.ts");',
        ].join("\n"),
      ),
      ...importsOf("worker/ledger/money.ts", 'import { createDatabase } from "../../db/client.ts";\n'),
      ...importsOf("worker/tags/tags.schemas.ts", 'import { z } from "zod";\nimport { eq } from "drizzle-orm";\n'),
      ...importsOf("app/routes/home.tsx", 'import { pageContext } from "../../worker/context";\n'),
    ];
    expect(boundaryViolations(imports)).toEqual([
      'worker/auth/mailer.ts:1 imports "../../app/lib/i18n.ts"',
      'db/seed.ts:1 imports "../worker/ledger/effects.ts"',
      'app/components/accounts/account-row.tsx:2 imports "../../../worker/cards/cards.mapper"',
      'app/components/accounts/account-row.tsx:6 imports "../../../worker/accounts/accounts.service.ts"',
      'worker/ledger/money.ts:1 imports "../../db/client.ts"',
      'worker/tags/tags.schemas.ts:2 imports "drizzle-orm"',
    ]);
  });
});
