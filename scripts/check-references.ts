/**
 * `npm run lint` runs this after Biome: every reference in app/, worker/, db/, scripts/, tests/,
 * docs/ and README.md must lead somewhere a reader can follow. It fails (exit 1, listing file:line
 * and the reference) on
 *  - a document that is not in the repository: the specification and architecture notes the code
 *    was first written from, anything under ../shared, an "issue N" (say what was asked instead);
 *  - a `docs/…` or `README.md` path, or a relative Markdown link in docs/ and the README, that does
 *    not exist, and a `#anchor` on a Markdown file that is not one of its headings (GitHub's slugs);
 *  - a section named in quotes after a document (README: "Loans", docs/api.md "Exports") that is not
 *    one of its headings or bold paragraph leads, and a "decision N" without its record.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { posix } from "node:path";

export type Repository = {
  /** A repository-relative path (forward slashes, no leading ./) to a file or folder. */
  exists(path: string): boolean;
  /** The text of a Markdown file, undefined when there is none. */
  readMarkdown(path: string): string | undefined;
  decisionNumbers: ReadonlySet<number>;
};

export type BrokenReference = { file: string; line: number; reference: string; reason: string };

const scannedFolders = ["app", "worker", "db", "scripts", "tests", "docs"];
const scannedFiles = ["README.md"];
/** This checker and its test spell out the broken references they look for. */
const filesOfExamples = new Set(["scripts/check-references.ts", "tests/node/check-references.test.ts"]);

const forbiddenWords: ReadonlyArray<{ pattern: RegExp; reason: string }> = [
  { pattern: /\bSPEC\b(?:\.md)?(?: ?§\s?\d+)?/g, reason: "not in the repository: cite a section of docs/product.md" },
  {
    pattern: /\bARCHITECTURE\b(?:\.md)?(?: ?§\s?\d+)?/g,
    reason: "not in the repository: cite a decision record or the README",
  },
  { pattern: /\.\.\/shared\b\S*/g, reason: "outside the repository" },
  { pattern: /\bissues? #?\d+/gi, reason: "an issue number: say what was asked, in words" },
];

/** GitHub's heading anchor: lower case, punctuation dropped except - and _, each space a -; accents kept. */
export function slugOf(heading: string): string {
  return plainText(heading)
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replaceAll(" ", "-");
}

/** A heading as it reads once rendered: link targets, code ticks, emphasis and tags gone. */
function plainText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .replace(/[`*]/g, "")
    .trim();
}

type Sections = { anchors: Set<string>; names: Set<string> };

/** The anchors GitHub gives a Markdown file (repeats get -1, -2…) and the names of its sections. */
export function sectionsOf(markdown: string): Sections {
  const anchors = new Set<string>();
  const names = new Set<string>();
  const seen = new Map<string, number>();
  let isInFence = false;
  for (const line of markdown.split("\n")) {
    if (/^ {0,3}(```|~~~)/.test(line)) isInFence = !isInFence;
    if (isInFence) continue;
    for (const [, id] of line.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(id!);
    const lead = /^\*\*([^*]+?)\.?\*\*/.exec(line);
    if (lead) names.add(lead[1]!.toLowerCase());
    const heading = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    if (!heading) continue;
    const text = plainText(heading[1]!);
    names.add(text.toLowerCase());
    // "Roles (`worker/access/permissions.ts`)" and "Retries: `Idempotency-Key`" are also named "Roles", "Retries".
    names.add(text.replace(/\s*\([^)]*\)$/, "").toLowerCase());
    names.add(text.replace(/:.*$/, "").toLowerCase());
    const slug = slugOf(text);
    const repeats = seen.get(slug) ?? 0;
    seen.set(slug, repeats + 1);
    anchors.add(repeats === 0 ? slug : `${slug}-${repeats}`);
  }
  return { anchors, names };
}

function sectionsIn(repository: Repository, path: string, cache: Map<string, Sections | undefined>) {
  if (!cache.has(path)) {
    const markdown = repository.readMarkdown(path);
    cache.set(path, markdown === undefined ? undefined : sectionsOf(markdown));
  }
  return cache.get(path);
}

type Found = { reference: string; reason: string };

/** A path (and its anchor) that must exist: a file or folder, and a heading of a Markdown file. */
function checkTarget(repository: Repository, path: string, anchor: string, cache: Map<string, Sections | undefined>) {
  if (path.startsWith("../") || !repository.exists(path)) return "no such file or folder";
  if (!anchor) return undefined;
  const sections = sectionsIn(repository, path, cache);
  if (!sections) return "an anchor on a file that is not Markdown";
  return sections.anchors.has(decodeURIComponent(anchor)) ? undefined : `no heading "${anchor}" in ${path}`;
}

function forbiddenIn(line: string): Found[] {
  return forbiddenWords.flatMap(({ pattern, reason }) =>
    [...line.matchAll(pattern)].map((match) => ({ reference: match[0], reason })),
  );
}

const pathPattern = /(?<![\w./@-])(docs\/[\w./-]*|README\.md)(?:#([\p{L}\p{M}\p{N}_%-]+))?/gu;

function pathsIn(line: string, repository: Repository, cache: Map<string, Sections | undefined>): Found[] {
  return [...line.matchAll(pathPattern)].flatMap((match) => {
    const path = match[1]!.replace(/[.-]+$/, "");
    const reason = checkTarget(repository, path.replace(/\/$/, "") || path, match[2] ?? "", cache);
    return reason ? [{ reference: match[0].replace(/[.-]+$/, ""), reason }] : [];
  });
}

/** Relative links of a Markdown file in docs/ or the README, resolved from its folder. */
function linksIn(line: string, file: string, repository: Repository, cache: Map<string, Sections | undefined>) {
  if (!file.endsWith(".md")) return [];
  return [...line.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].flatMap((match): Found[] => {
    const target = match[1]!;
    if (/^([a-z][a-z\d+.-]*:|\/\/)/i.test(target)) return [];
    const [path = "", anchor = ""] = target.split("#");
    const resolved = path ? posix.normalize(posix.join(posix.dirname(file), path)).replace(/\/$/, "") : file;
    const reason = checkTarget(repository, resolved, anchor, cache);
    return reason ? [{ reference: target, reason }] : [];
  });
}

const namedSectionPattern =
  /(?<![\w./-])(README(?:\.md)?|docs\/[\w./-]+\.md)[:,]? ("[^"\n]+"(?:(?:,? and |, | or )"[^"\n]+")*)/g;

/** Sections named in quotes after their document: README: "Loans", docs/api.md "Exports" and "Imports". */
function namedSectionsIn(line: string, repository: Repository, cache: Map<string, Sections | undefined>) {
  return [...line.matchAll(namedSectionPattern)].flatMap((match): Found[] => {
    const path = match[1] === "README" ? "README.md" : match[1]!;
    const sections = sectionsIn(repository, path, cache);
    return [...match[2]!.matchAll(/"([^"]+)"/g)]
      .filter(([, name]) => !sections?.names.has(name!.toLowerCase()))
      .map(([, name]) => ({ reference: `${match[1]} "${name}"`, reason: `no section "${name}" in ${path}` }));
  });
}

function decisionsIn(line: string, repository: Repository): Found[] {
  return [...line.matchAll(/\bdecision (\d{1,3})\b/gi)]
    .filter((match) => !repository.decisionNumbers.has(Number(match[1])))
    .map((match) => ({ reference: match[0], reason: "no such record in docs/decisions/" }));
}

/** Every reference in one file's text that leads nowhere. */
export function findBrokenReferences(file: string, text: string, repository: Repository): BrokenReference[] {
  const cache = new Map<string, Sections | undefined>();
  return text.split("\n").flatMap((line, index) => {
    const found = [
      ...forbiddenIn(line),
      ...pathsIn(line, repository, cache),
      ...linksIn(line, file, repository, cache),
      ...namedSectionsIn(line, repository, cache),
      ...decisionsIn(line, repository),
    ];
    // A README link to docs/ is both a path and a link: said once.
    const unique = new Map(found.map((each) => [each.reference, each]));
    return [...unique.values()].map((each) => ({ file, line: index + 1, ...each }));
  });
}

/** A repository held in memory, folders implied by the files' paths. */
export function repositoryOf(files: Record<string, string>): Repository {
  const paths = new Set<string>();
  for (const file of Object.keys(files)) {
    const parts = file.split("/");
    for (let depth = 1; depth <= parts.length; depth++) paths.add(parts.slice(0, depth).join("/"));
  }
  return {
    exists: (path) => paths.has(path),
    readMarkdown: (path) => (path.endsWith(".md") ? files[path] : undefined),
    decisionNumbers: decisionNumbersOf(Object.keys(files)),
  };
}

function decisionNumbersOf(paths: string[]): Set<number> {
  return new Set(paths.flatMap((path) => /^docs\/decisions\/(\d{3})-/.exec(path)?.[1] ?? []).map(Number));
}

function repositoryOnDisk(root: string): Repository {
  return {
    exists: (path) => existsSync(`${root}/${path}`),
    readMarkdown: (path) =>
      path.endsWith(".md") && existsSync(`${root}/${path}`) ? readFileSync(`${root}/${path}`, "utf8") : undefined,
    decisionNumbers: decisionNumbersOf(readdirSync(`${root}/docs/decisions`).map((name) => `docs/decisions/${name}`)),
  };
}

/** Text files under a folder, hidden folders and dependencies left out. */
function textFilesUnder(root: string, folder: string): string[] {
  return readdirSync(`${root}/${folder}`).flatMap((name) => {
    const path = `${folder}/${name}`;
    if (name.startsWith(".") || name === "node_modules") return [];
    if (statSync(`${root}/${path}`).isDirectory()) return textFilesUnder(root, path);
    return readFileSync(`${root}/${path}`).subarray(0, 8000).includes(0) ? [] : [path];
  });
}

if (import.meta.main) {
  const root = posix.resolve(import.meta.dirname, "..");
  const repository = repositoryOnDisk(root);
  const files = [...scannedFolders.flatMap((folder) => textFilesUnder(root, folder)), ...scannedFiles].filter(
    (file) => !filesOfExamples.has(file),
  );
  const broken = files.flatMap((file) =>
    findBrokenReferences(file, readFileSync(`${root}/${file}`, "utf8"), repository),
  );
  for (const { file, line, reference, reason } of broken) console.error(`${file}:${line}  ${reference}  (${reason})`);
  if (broken.length > 0) {
    console.error(`\n${broken.length} references lead nowhere a reader can follow.`);
    process.exit(1);
  }
  console.log(`References: ${files.length} files checked, every one leads somewhere.`);
}
