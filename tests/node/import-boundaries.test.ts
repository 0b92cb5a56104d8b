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
  {
    pattern: /^db\/(enums|history-apps|planning-enums|reminder-enums)\.ts$/,
    reason: "the value lists the tables store, plain data",
  },
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
    pattern: /^worker\/currency\/(conversion|rate-currencies|rate-sources)\.ts$/,
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
  {
    pattern: /^worker\/receipts\/receipt\.rules\.ts$/,
    reason: "what a receipt may be, checked before uploading",
  },
  {
    pattern: /^worker\/analytics\/category-groups\.ts$/,
    reason: "the category breakdown's rows by category, the same on the page and in the PDF",
  },
  { pattern: /^worker\/transactions\/filter-keys\.ts$/, reason: "the list's filter names, kept in the page's address" },
  {
    pattern: /^worker\/imports\/(statement|csv-mapping)\.ts$/,
    reason: "an import's limits and a CSV mapping's choices, which the import dialog checks before uploading",
  },
  {
    pattern: /^worker\/rules\/rule-sources\.ts$/,
    reason: "where the lines a rule runs on come from, which its form offers",
  },
  {
    pattern: /^worker\/payees\/payee-names\.ts$/,
    reason: "a payee's name and length, the same in the form and on the server",
  },
  {
    pattern: /^worker\/reminders\/reminder-hours\.ts$/,
    reason: "the night hours no reminder is sent in unless allowed",
  },
  { pattern: /^worker\/access\/permissions\.ts$/, reason: "what each role may do, so pages hide what it may not" },
  {
    pattern: /^worker\/push\/web-push\.ts$/,
    reason: "base64url as push keys travel, which the page decodes for PushManager.subscribe()",
  },
  {
    pattern: /^worker\/bank-connections\/pluggy-widget\.ts$/,
    reason: "where Pluggy's widget loads from, for the page that opens it and the policy that allows it",
  },
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
      ...importsOf("worker/mail/mailer.ts", 'import type { Language } from "../../app/lib/i18n.ts";\n'),
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
      'worker/mail/mailer.ts:1 imports "../../app/lib/i18n.ts"',
      'db/seed.ts:1 imports "../worker/ledger/effects.ts"',
      'app/components/accounts/account-row.tsx:2 imports "../../../worker/cards/cards.mapper"',
      'app/components/accounts/account-row.tsx:6 imports "../../../worker/accounts/accounts.service.ts"',
      'worker/ledger/money.ts:1 imports "../../db/client.ts"',
      'worker/tags/tags.schemas.ts:2 imports "drizzle-orm"',
    ]);
  });
});

/**
 * app/components/<feature>/ holds one feature's components. What several features use lives in
 * app/lib/ or in the shared folders below, which import no feature; one feature uses another's
 * components only along the crossings listed here, each with its reason.
 */
describe("app component features", () => {
  /**
   * The UI kit, the charts and the page frame (header, brand, error page): every feature uses them. The
   * frame's parts loaded after the page (the error pages, the inbox's sheet, the iPhone install hint) are
   * frame too, in a folder of their own so the shared kit's chunk does not take them in.
   */
  const sharedFolders = new Set(["ui", "charts", "layout", "frame-later"]);

  const allowedCrossings: ReadonlyArray<{ from: string; to: string; reason: string }> = [
    { from: "dashboard", to: "accounts", reason: "the dashboard's quick add opens the account dialog" },
    { from: "dashboard", to: "cards", reason: "the dashboard's quick add opens the card dialog" },
    {
      from: "dashboard",
      to: "transactions",
      reason: "the dashboard shows the recent transactions' rows and quick-adds a transaction",
    },
    {
      from: "planned",
      to: "transactions",
      reason: "a planned item is a transaction posted later: made with the transaction wizard, shown with its kind",
    },
    {
      from: "installments",
      to: "calculators",
      reason: "an installment plan's dialog previews its payments the way the calculator does",
    },
    { from: "loans", to: "calculators", reason: "a loan's details show its schedule in the calculators' table" },
    {
      from: "installments",
      to: "planned",
      reason: "installment plans are planned money: their summary states amounts per currency as the planned pages do",
    },
    { from: "rules", to: "transactions", reason: "a rule's tags are picked with the transaction wizard's tag picker" },
    { from: "imports", to: "rules", reason: "the import preview makes a rule from a line with the rule dialog" },
    {
      from: "workspace-settings",
      to: "move-in",
      reason: "the settings page opens Bring your history and lists the recent move-ins",
    },
    {
      from: "shell",
      to: "transactions",
      reason: "every workspace page sends the transactions recorded offline; the lists show those waiting",
    },
  ];

  const componentFolderOf = (file: string | null) => file?.match(/^app\/components\/([^/]+)\//)?.[1];

  /** The folder pair an import crosses (type-only imports too: they tie the two as much), if any. */
  function crossingOf(found: SourceImport) {
    const from = componentFolderOf(found.file);
    const to = componentFolderOf(found.target);
    if (!from || !to || from === to || sharedFolders.has(to)) return null;
    return { from, to };
  }

  function featureViolations(imports: SourceImport[]): string[] {
    return imports
      .filter((found) => {
        const crossing = crossingOf(found);
        if (!crossing) return false;
        if (sharedFolders.has(crossing.from)) return true;
        return !allowedCrossings.some(({ from, to }) => from === crossing.from && to === crossing.to);
      })
      .map(describeImport);
  }

  const imports = sourceFiles("app/components").flatMap((file) => importsOf(file));

  it("keeps each feature's components to its folder, the shared folders and the listed crossings", () => {
    expect(featureViolations(imports)).toEqual([]);
  });

  it("lists only crossings that some import takes", () => {
    for (const { from, to, reason } of allowedCrossings) {
      expect(
        imports.some((found) => {
          const crossing = crossingOf(found);
          return crossing?.from === from && crossing.to === to;
        }),
        `${from} → ${to} (${reason}) is taken by no import`,
      ).toBe(true);
    }
  });

  it("reports a crossing that is not listed, and a shared folder that reaches a feature", () => {
    const crossings = [
      ...importsOf(
        "app/components/cards/card-tile.tsx",
        [
          'import { UsageBar } from "~/components/accounts/usage-bar";',
          'import type { AccountUsage } from "../accounts/usage-bar";',
          'import { Button } from "~/components/ui/button";',
          'import { AreaChart } from "~/components/charts/area-chart";',
          'import { CardVisual } from "./card-visual";',
        ].join("\n"),
      ),
      ...importsOf(
        "app/components/dashboard/recent-transactions.tsx",
        'import { TransactionRow } from "~/components/transactions/transaction-row";\n',
      ),
      ...importsOf(
        "app/components/ui/pagination.tsx",
        'import { perPage } from "~/components/transactions/filters";\n',
      ),
    ];
    expect(featureViolations(crossings)).toEqual([
      'app/components/cards/card-tile.tsx:1 imports "~/components/accounts/usage-bar"',
      'app/components/cards/card-tile.tsx:2 imports "../accounts/usage-bar"',
      'app/components/ui/pagination.tsx:1 imports "~/components/transactions/filters"',
    ]);
  });
});

/**
 * worker/'s features form a DAG (docs/decisions/042-worker-features-form-a-dag.md). A feature imports
 * the shared layers and only the features it builds on, each edge written down once below with its
 * reason; the shared layers import no feature; the composition layer (the pages' services, the API's
 * router, the Worker) sits above every feature, and no feature imports it. Type-only imports count
 * everywhere: a type ties two folders' code as much as a value does.
 */
describe("worker features", () => {
  /** What every feature may import. */
  const sharedLayers: ReadonlyArray<{ path: string; holds: string }> = [
    { path: "db/", holds: "the tables, ids and batch helpers" },
    { path: "worker/access/", holds: "who is calling and what they may do: actors, sessions, roles, rate limits" },
    { path: "worker/http/", holds: "errors, validation, body limits, the request's scope" },
    { path: "worker/i18n/", holds: "languages, formats and the errors' sentences" },
    { path: "worker/idempotency/", holds: "the Idempotency-Key of money writes" },
    { path: "worker/ledger/", holds: "amounts, dates and what a transaction does to balances" },
    { path: "worker/mail/", holds: "sending an e-mail" },
    { path: "worker/push/", holds: "a Web Push message: its encryption and the VAPID token" },
    { path: "worker/tiers/", holds: "what each plan allows" },
    { path: "worker/context.ts", holds: "the services a verb is given" },
    { path: "worker/env.ts", holds: "the Worker's bindings" },
  ];

  /** Above every feature: what assembles several features (reads for a page, the cron's parts), and what serves them. */
  const compositionLayer = ["worker/pages/", "worker/operator/", "worker/api.ts", "worker/app.ts", "worker/index.ts"];

  /** What each feature builds on; a folder of worker/ is one feature, its subfolders included. */
  const allowedEdges: ReadonlyArray<{ from: string; to: string; reason: string }> = [
    { from: "analytics", to: "currency", reason: "the reports count other currencies at the day's rate" },
    { from: "analytics", to: "planning", reason: "the balance trend and the cash flow add what is planned" },
    { from: "assistant", to: "bot", reason: "the assistant reads messages with the bot's parser" },
    {
      from: "assistant",
      to: "currency",
      reason: "an amount in another currency is offered in the account's at today's kept rate",
    },
    { from: "assistant", to: "planning", reason: "the assistant records installment purchases" },
    { from: "assistant", to: "receipts", reason: "a photo sent to the assistant becomes a transaction's receipt" },
    { from: "assistant", to: "rules", reason: "the workspace's rules tag what a person sends before any guess" },
    { from: "assistant", to: "transactions", reason: "the assistant records transactions" },
    {
      from: "bank-connections",
      to: "imports",
      reason: "a synced line is matched and filed the way an imported one is",
    },
    { from: "bank-connections", to: "jobs", reason: "the cron's runner syncs what is due" },
    { from: "bank-connections", to: "payees", reason: "a synced line finds, or makes, its payee" },
    {
      from: "bank-connections",
      to: "planning",
      reason: "a card's purchase em N vezes from the bank becomes an installment plan",
    },
    { from: "bank-connections", to: "transactions", reason: "a synced line becomes a transaction" },
    { from: "auth", to: "profile", reason: "signing in answers with the person's profile" },
    { from: "auth", to: "workspaces", reason: "signing in accepts the workspaces' invitations in the same batch" },
    { from: "budgets", to: "analytics", reason: "a budget's spending is read by the analytics reports' queries" },
    { from: "budgets", to: "currency", reason: "a budget counts other currencies at the day's rate" },
    { from: "cards", to: "accounts", reason: "a card's account is an account" },
    { from: "cards", to: "transactions", reason: "card purchases and payments are transactions" },
    {
      from: "dashboard",
      to: "analytics",
      reason: "the cards' statements on the dashboard read the reports' rollup of card days",
    },
    { from: "dashboard", to: "budgets", reason: "the dashboard warns of budgets near their limit" },
    { from: "dashboard", to: "currency", reason: "the figures are in the workspace's currency" },
    { from: "dashboard", to: "planning", reason: "the virtual balance adds what is planned" },
    { from: "dashboard", to: "transactions", reason: "the dashboard lists the latest transactions" },
    { from: "exports", to: "accounts", reason: "the workspace's file holds its accounts" },
    { from: "exports", to: "analytics", reason: "the analytics PDF prints the reports" },
    { from: "exports", to: "budgets", reason: "the analytics PDF prints the budgets" },
    { from: "exports", to: "cards", reason: "the workspace's file holds its cards" },
    { from: "exports", to: "goals", reason: "the analytics PDF prints the goals" },
    { from: "exports", to: "transactions", reason: "the files list transactions" },
    { from: "goals", to: "analytics", reason: "a goal's progress reads the accounts the way the reports do" },
    { from: "goals", to: "currency", reason: "a goal counts other currencies at the latest rate" },
    { from: "imports", to: "exports", reason: "an imported line without a description takes the files' word for it" },
    { from: "imports", to: "payees", reason: "an imported line finds, or makes, its payee" },
    { from: "imports", to: "rules", reason: "the preview files each line by the workspace's rules" },
    { from: "imports", to: "transactions", reason: "an imported line becomes a transaction" },
    {
      from: "move-in",
      to: "imports",
      reason: "another app's export is read, matched and undone the way a statement's lines are",
    },
    { from: "move-in", to: "exports", reason: "an Excel workbook is opened with the zip reader the archives use" },
    { from: "move-in", to: "payees", reason: "a brought-in line finds, or makes, its payee" },
    { from: "move-in", to: "transactions", reason: "a brought-in line becomes a transaction" },
    { from: "restore", to: "exports", reason: "a restore reads the archive the export writes" },
    { from: "restore", to: "payees", reason: "a restored transaction takes its payee by name" },
    { from: "restore", to: "receipts", reason: "a restored receipt's file is stored and checked as an upload is" },
    { from: "restore", to: "transactions", reason: "restored transactions are written with their parts and count" },
    { from: "planning", to: "cards", reason: "installments and projected statements follow a card's billing days" },
    { from: "planning", to: "currency", reason: "the projection counts other currencies" },
    { from: "planning", to: "jobs", reason: "what falls due is posted by the jobs' runner" },
    { from: "planning", to: "transactions", reason: "what is planned is posted as transactions" },
    { from: "profile", to: "assistant", reason: "the profile shows and manages the assistant's link to a phone" },
    { from: "reminders", to: "assistant", reason: "a reminder on WhatsApp goes out through the assistant's number" },
    {
      from: "reminders",
      to: "analytics",
      reason: "a card's statements are read from the reports' rollup of card days",
    },
    { from: "reminders", to: "budgets", reason: "a budget crossing 80 % or 100 % is worth a reminder" },
    { from: "reminders", to: "cards", reason: "a statement's closing and due dates follow the card's days" },
    { from: "reminders", to: "goals", reason: "a goal reached is worth a reminder" },
    { from: "reminders", to: "jobs", reason: "the cron's runner decides and sends the day's reminders" },
    {
      from: "reminders",
      to: "planning",
      reason: "what falls due tomorrow and the projected balance are planned money",
    },
    { from: "reminders", to: "workspaces", reason: "a person's time zone is checked as a workspace's is" },
    { from: "receipts", to: "jobs", reason: "the cron's runner deletes the files of receipts that are gone" },
    { from: "tags", to: "rules", reason: "a merge or a delete moves the tags the rules give" },
    { from: "transactions", to: "currency", reason: "a transaction across currencies takes a rate" },
    { from: "transactions", to: "payees", reason: "an income or expense names its payee" },
    { from: "transactions", to: "rules", reason: "the rules that run on typed entries fill what was left empty" },
    { from: "workspaces", to: "profile", reason: "members are listed with their name and picture" },
  ];

  const isShared = (file: string) => sharedLayers.some(({ path }) => file.startsWith(path));
  const isComposition = (file: string) => compositionLayer.some((path) => file.startsWith(path));
  const featureOf = (file: string) =>
    isShared(file) || isComposition(file) ? null : (file.match(/^worker\/([^/]+)\//)?.[1] ?? null);
  const isAllowed = (from: string, to: string) => allowedEdges.some((edge) => edge.from === from && edge.to === to);

  function dagViolations(imports: SourceImport[]): string[] {
    return imports.flatMap((found) => {
      const target = found.target;
      if (!target || (!target.startsWith("worker/") && !target.startsWith("db/"))) return [];
      const from = featureOf(found.file);
      const to = featureOf(target);
      if (isShared(found.file) && !isShared(target)) return [`${describeImport(found)}: a shared layer reaches up`];
      if (from && isComposition(target)) return [`${describeImport(found)}: a feature reaches the composition layer`];
      if (from && to && from !== to && !isAllowed(from, to)) {
        return [`${describeImport(found)}: ${from} → ${to} is not a listed edge`];
      }
      return [];
    });
  }

  /** Strongly connected components of the file graph (Tarjan) whose files sit in more than one folder. */
  function crossFolderCycles(imports: SourceImport[]): string[][] {
    const next = new Map<string, string[]>();
    for (const { file, target } of imports) {
      if (!next.has(file)) next.set(file, []);
      if (target) next.get(file)!.push(target);
    }
    const order = new Map<string, number>();
    const lowest = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const cycles: string[][] = [];
    const visit = (file: string) => {
      order.set(file, order.size);
      lowest.set(file, order.get(file)!);
      stack.push(file);
      onStack.add(file);
      for (const target of next.get(file) ?? []) {
        if (!order.has(target)) {
          visit(target);
          lowest.set(file, Math.min(lowest.get(file)!, lowest.get(target)!));
        } else if (onStack.has(target)) lowest.set(file, Math.min(lowest.get(file)!, order.get(target)!));
      }
      if (lowest.get(file) !== order.get(file)) return;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (new Set(component.map((path) => path.slice(0, path.lastIndexOf("/")))).size > 1)
        cycles.push(component.sort());
    };
    for (const file of next.keys()) if (!order.has(file)) visit(file);
    return cycles;
  }

  const files = sourceFiles("worker", "db");
  const imports = files.flatMap((file) => importsOf(file));

  it("sorts every worker/ file into a shared layer, a feature folder or the composition layer", () => {
    expect(
      files.filter((file) => file.startsWith("worker/") && !isShared(file) && !isComposition(file) && !featureOf(file)),
    ).toEqual([]);
  });

  it("keeps each feature to the shared layers and the features it builds on, and the shared layers below them", () => {
    expect(dagViolations(imports)).toEqual([]);
  });

  it("has no two shared layers that import each other", () => {
    const layerOf = (file: string) => sharedLayers.find(({ path }) => file.startsWith(path))?.path;
    const edges = new Set(
      imports.flatMap((found) => {
        const from = layerOf(found.file);
        const to = found.target ? layerOf(found.target) : undefined;
        return from && to && from !== to ? [`${from} → ${to}`] : [];
      }),
    );
    const mutual = [...edges].filter((edge) => edges.has(edge.split(" → ").reverse().join(" → ")));
    expect(mutual).toEqual([]);
  });

  it("has no import cycle across folders (one folder's files may need each other, as db/schema's tables do)", () => {
    expect(crossFolderCycles(imports)).toEqual([]);
  });

  it("lists only edges that some import takes, between features that exist", () => {
    for (const { from, to, reason } of allowedEdges) {
      expect(
        imports.some((found) => featureOf(found.file) === from && found.target && featureOf(found.target) === to),
        `${from} → ${to} (${reason}) is taken by no import`,
      ).toBe(true);
    }
  });

  it("lists edges that form no cycle", () => {
    const reachable = (from: string, seen = new Set<string>()): Set<string> => {
      for (const edge of allowedEdges.filter((candidate) => candidate.from === from && !seen.has(candidate.to))) {
        seen.add(edge.to);
        reachable(edge.to, seen);
      }
      return seen;
    };
    const features = new Set(allowedEdges.map((edge) => edge.from));
    expect([...features].filter((feature) => reachable(feature).has(feature))).toEqual([]);
  });

  it("reports an unlisted edge, a shared layer or a feature reaching up, and a cycle across folders", () => {
    const crossings = [
      ...importsOf(
        "worker/accounts/accounts.routes.ts",
        [
          'import { listCardsOfAccount } from "../cards/cards.service.ts";',
          'import { requirePerson } from "../access/access.middleware.ts";',
          'import { transactionsQuery } from "../pages/transactions-page.service.ts";',
        ].join("\n"),
      ),
      ...importsOf(
        "worker/cards/cards.service.ts",
        'import { accountQuery } from "../accounts/accounts.service.ts";\n',
      ),
      ...importsOf(
        "worker/planning/loans/loans.service.ts",
        'import { postTransaction } from "../../transactions/transactions.service.ts";\n',
      ),
      ...importsOf("worker/http/errors.ts", 'import type { CardResponse } from "../cards/cards.mapper.ts";\n'),
    ];
    expect(dagViolations(crossings)).toEqual([
      'worker/accounts/accounts.routes.ts:1 imports "../cards/cards.service.ts": accounts → cards is not a listed edge',
      'worker/accounts/accounts.routes.ts:3 imports "../pages/transactions-page.service.ts": a feature reaches the composition layer',
      'worker/http/errors.ts:1 imports "../cards/cards.mapper.ts": a shared layer reaches up',
    ]);
    const cycle = [
      ...importsOf(
        "worker/cards/cards.service.ts",
        'import { accountQuery } from "../accounts/accounts.service.ts";\n',
      ),
      ...importsOf("worker/accounts/accounts.service.ts", 'import { cardsQuery } from "../cards/cards.service.ts";\n'),
      ...importsOf("worker/bot/mentions.ts", 'import { parse } from "./message-parser.ts";\n'),
      ...importsOf("worker/bot/message-parser.ts", 'import { mentions } from "./mentions.ts";\n'),
    ];
    expect(crossFolderCycles(cycle)).toEqual([
      ["worker/accounts/accounts.service.ts", "worker/cards/cards.service.ts"],
    ]);
  });
});
