import { describe, expect, it } from "vitest";
import { findBrokenReferences, repositoryOf, slugOf } from "../../scripts/check-references.ts";

const repository = repositoryOf({
  "README.md":
    "# Moneta\n\n## Exchange rates\n\n**Money model.** Integers.\n\n### Roles (`worker/access/permissions.ts`)\n",
  "docs/product.md":
    "# What Moneta is\n\n## Cards and statements\n\n## Cards and statements\n\n```sh\n# not a heading\n```\n",
  "docs/api.md": "# The JSON API\n\n### Retries: `Idempotency-Key`\n\n## Exports\n",
  "docs/decisions/012-a-database-client-per-request.md": "# 12. A database client per request\n",
  "worker/ledger/money.ts": "",
});

const problemsIn = (file: string, text: string) =>
  findBrokenReferences(file, text, repository).map(({ line, reference }) => `${line} ${reference}`);

describe("the reference check", () => {
  it("passes references that lead somewhere", () => {
    const text = [
      "// The rules: docs/product.md#cards-and-statements, and docs/api.md#retries-idempotency-key.",
      "// One client per request (docs/decisions/012-a-database-client-per-request.md, decision 12).",
      '// README: "Exchange rates" and "Money model"; README "Roles"; docs/api.md "Retries" and "Exports".',
      "// The second heading of the same name: docs/product.md#cards-and-statements-1. See docs/.",
      "// Not ours: https://www.exchangerate-api.com/docs/free, biomejs/biome#10531, the colour #121127.",
    ].join("\n");
    expect(problemsIn("worker/ledger/money.ts", text)).toEqual([]);
  });

  it("follows relative links in docs/ and the README, from the file's own folder", () => {
    const text =
      "[decision 12](decisions/012-a-database-client-per-request.md), [home](../README.md#moneta), [cards](#cards-and-statements), [web](https://example.com/x.md)";
    expect(problemsIn("docs/product.md", text)).toEqual([]);
    expect(problemsIn("docs/product.md", "[api](api.md#nowhere) and [gone](decisions/999-gone.md)")).toEqual([
      "1 api.md#nowhere",
      "1 decisions/999-gone.md",
    ]);
  });

  it("fails on the documents the repository does not hold", () => {
    const text = [
      "/** SPEC §4 Card form: debit forces debit mode. */",
      "// Nothing shared across requests (ARCHITECTURE §14).",
      "// See ARCHITECTURE.md beside the spec.",
      "// Read ../shared/STYLE.md first.",
      "// Asked for in issue 12 §3.",
      "The budget (Issue #4).",
    ].join("\n");
    expect(problemsIn("app/lib/format.ts", text)).toEqual([
      "1 SPEC §4",
      "2 ARCHITECTURE §14",
      "3 ARCHITECTURE.md",
      "4 ../shared/STYLE.md",
      "5 issue 12",
      "6 Issue #4",
    ]);
  });

  it("fails on a path, an anchor, a named section or a decision that does not exist", () => {
    const text = [
      "// docs/decisions/026. and docs/guide.md",
      "// docs/product.md#cards and README.md#exchange-rate and docs/api.md#not-a-heading",
      '// README: "Import and export"; docs/api.md "Exports" and "Imports".',
      "// decision 99",
    ].join("\n");
    expect(problemsIn("worker/ledger/money.ts", text)).toEqual([
      "1 docs/decisions/026",
      "1 docs/guide.md",
      "2 docs/product.md#cards",
      "2 README.md#exchange-rate",
      "2 docs/api.md#not-a-heading",
      '3 README "Import and export"',
      '3 docs/api.md "Imports"',
      "4 decision 99",
    ]);
  });

  it("names the file and line of each", () => {
    expect(findBrokenReferences("app/x.ts", "ok\n// SPEC §2", repository)).toEqual([
      { file: "app/x.ts", line: 2, reference: "SPEC §2", reason: expect.stringContaining("docs/product.md") },
    ]);
  });

  it("slugs headings as GitHub does: accents kept, punctuation dropped, each space a hyphen", () => {
    expect(slugOf("Cards and statements")).toBe("cards-and-statements");
    expect(slugOf("Retries: `Idempotency-Key`")).toBe("retries-idempotency-key");
    expect(slugOf("Relatório de importação")).toBe("relatório-de-importação");
    expect(slugOf("Setup: what a newcomer waits for (`npm run measure:setup`)")).toBe(
      "setup-what-a-newcomer-waits-for-npm-run-measuresetup",
    );
    expect(slugOf("snake_case & more")).toBe("snake_case--more");
  });
});
