import { eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { HistoryApp } from "../../../db/history-apps.ts";
import { accounts } from "../../../db/schema/index.ts";
import { createTestApp } from "../../support/test-app.ts";
import { workspaceWithTeam } from "../../support/workspaces.ts";
import { moveInClient } from "./move-in-client.ts";

/**
 * The round trip each app's export makes: whatever income, expenses and transfers a person kept in
 * Organizze, Mobills, YNAB, Actual or Firefly III, that app's export (written here as the app writes it)
 * brought into an empty workspace gives every account the balance the app showed — transfers paired,
 * never counted as income and expense — and bringing the same file in again writes nothing.
 */
const accountNames = ["Itaú Corrente", "Nubank", "Poupança Caixa"] as const;
const words = ["Pão", "de", "Açúcar", "café", "Ônibus", "iFood", "São", "João", "aluguel", "luz, água"];

type Entry =
  | { kind: "income" | "expense"; account: number; cents: number; day: number; description: string; category: string }
  | { kind: "transfer"; account: number; to: number; cents: number; day: number; description: string }
  | { kind: "split"; account: number; parts: { cents: number; category: string }[]; day: number; description: string };

const descriptionArbitrary = fc
  .array(fc.constantFrom(...words), { minLength: 1, maxLength: 3 })
  .map((parts) => parts.join(" "));
const entryArbitrary: fc.Arbitrary<Entry> = fc.oneof(
  fc.record({
    kind: fc.constantFrom("income" as const, "expense" as const),
    account: fc.integer({ min: 0, max: 2 }),
    cents: fc.integer({ min: 1, max: 99_999_999 }),
    day: fc.integer({ min: 1, max: 28 }),
    description: descriptionArbitrary,
    category: fc.constantFrom("Alimentação", "Moradia", "Transporte", "Salário"),
  }),
  fc
    .record({
      kind: fc.constant("transfer" as const),
      account: fc.integer({ min: 0, max: 2 }),
      to: fc.integer({ min: 1, max: 2 }),
      cents: fc.integer({ min: 1, max: 99_999_999 }),
      day: fc.integer({ min: 1, max: 28 }),
      description: descriptionArbitrary,
    })
    .map((entry) => ({ ...entry, to: (entry.account + entry.to) % 3 })),
  fc.record({
    kind: fc.constant("split" as const),
    account: fc.integer({ min: 0, max: 2 }),
    parts: fc.array(
      fc.record({
        cents: fc.integer({ min: 1, max: 9_999_999 }),
        category: fc.constantFrom("Alimentação", "Moradia", "Transporte"),
      }),
      { minLength: 2, maxLength: 4 },
    ),
    day: fc.integer({ min: 1, max: 28 }),
    description: descriptionArbitrary,
  }),
);

/** An entry's rows as an app without splits writes them: a split purchase as one expense per part. */
const unsplit = (entries: Entry[]): Exclude<Entry, { kind: "split" }>[] =>
  entries.flatMap((entry) =>
    entry.kind === "split"
      ? entry.parts.map((part) => ({ ...entry, kind: "expense" as const, cents: part.cents, category: part.category }))
      : [entry],
  );

const brazilian = (cents: number) => {
  const whole = Math.floor(Math.abs(cents) / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `${cents < 0 ? "-" : ""}${whole},${String(Math.abs(cents) % 100).padStart(2, "0")}`;
};
const dotted = (cents: number) =>
  `${cents < 0 ? "-" : ""}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;
/** Actual drops the trailing zeros of its amounts. */
const actualAmount = (cents: number) => dotted(cents).replace(/\.?0+$/, "") || "0";
const dayMonthYear = (day: number) => `${String(day).padStart(2, "0")}/10/2026`;
const iso = (day: number) => `2026-10-${String(day).padStart(2, "0")}`;
const quoted = (cell: string, delimiter: string) =>
  cell.includes(delimiter) || cell.includes('"') ? `"${cell.replaceAll('"', '""')}"` : cell;
const csv = (rows: string[][], delimiter: string) =>
  `${rows.map((row) => row.map((cell) => quoted(cell, delimiter)).join(delimiter)).join("\r\n")}\r\n`;

/** Each row an account sees of an entry: its signed amount there, and the other account of a transfer. */
function sides(entry: Entry): { account: number; cents: number; other: number | null }[] {
  if (entry.kind === "split")
    return [{ account: entry.account, cents: -entry.parts.reduce((sum, part) => sum + part.cents, 0), other: null }];
  if (entry.kind === "transfer")
    return [
      { account: entry.account, cents: -entry.cents, other: entry.to },
      { account: entry.to, cents: entry.cents, other: entry.account },
    ];
  return [{ account: entry.account, cents: entry.kind === "income" ? entry.cents : -entry.cents, other: null }];
}

const exports: Record<HistoryApp, (entries: Entry[]) => string> = {
  organizze: (entries) =>
    csv(
      [
        ["Data", "Descrição", "Categoria", "Valor", "Situação", "Conta"],
        ...unsplit(entries).flatMap((entry) =>
          sides(entry).map((side) => [
            dayMonthYear(entry.day),
            entry.description,
            entry.kind === "transfer" ? "Transferência" : entry.category,
            brazilian(side.cents),
            "Pago",
            accountNames[side.account]!,
          ]),
        ),
      ],
      ";",
    ),
  mobills: (entries) =>
    csv(
      [
        ["Data", "Descrição", "Valor", "Conta", "Situação", "Categoria", "Subcategoria"],
        ...unsplit(entries).flatMap((entry) =>
          sides(entry).map((side) => [
            dayMonthYear(entry.day),
            entry.description,
            brazilian(side.cents),
            accountNames[side.account]!,
            side.cents < 0 ? "Pago" : "Recebido",
            entry.kind === "transfer" ? "Transferência" : entry.category,
            entry.kind === "transfer" ? "" : "Outros",
          ]),
        ),
      ],
      ";",
    ),
  ynab: (entries) =>
    [
      '"Account"\t"Flag"\t"Date"\t"Payee"\t"Category Group/Category"\t"Category Group"\t"Category"\t"Memo"\t"Outflow"\t"Inflow"\t"Cleared"',
      ...entries.flatMap((entry) =>
        entry.kind === "split"
          ? entry.parts.map((part, index) =>
              [
                ...[
                  accountNames[entry.account]!,
                  "",
                  dayMonthYear(entry.day),
                  entry.description,
                  `Gastos: ${part.category}`,
                  "Gastos",
                  part.category,
                  `Split (${index + 1}/${entry.parts.length}) `,
                ].map((cell) => `"${cell}"`),
                `R$${brazilian(part.cents)}`,
                "R$0,00",
                '"Cleared"',
              ].join("\t"),
            )
          : sides(entry).map((side) => {
              const payee = side.other === null ? entry.description : `Transfer : ${accountNames[side.other]}`;
              const [group, category] =
                entry.kind === "transfer"
                  ? ["", ""]
                  : entry.kind === "income"
                    ? ["Inflow", "Ready to Assign"]
                    : ["Gastos", entry.category];
              const text = [
                accountNames[side.account]!,
                "",
                dayMonthYear(entry.day),
                payee,
                group ? `${group}: ${category}` : "",
                group,
                category,
                "",
              ];
              return [
                ...text.map((cell) => `"${cell}"`),
                `R$${brazilian(Math.max(0, -side.cents))}`,
                `R$${brazilian(Math.max(0, side.cents))}`,
                '"Cleared"',
              ].join("\t");
            }),
      ),
      "",
    ].join("\n"),
  actual: (entries) =>
    csv(
      [
        ["Account", "Date", "Payee", "Notes", "Category_Group", "Category", "Amount", "Split_Amount", "Cleared"],
        ...entries.flatMap((entry) =>
          entry.kind === "split"
            ? [
                [
                  accountNames[entry.account]!,
                  iso(entry.day),
                  entry.description,
                  `(SPLIT INTO ${entry.parts.length}) `,
                  "",
                  "",
                  "0",
                  actualAmount(-entry.parts.reduce((sum, part) => sum + part.cents, 0)),
                  "Cleared",
                ],
                ...entry.parts.map((part, index) => [
                  accountNames[entry.account]!,
                  iso(entry.day),
                  entry.description,
                  `(SPLIT ${index + 1} OF ${entry.parts.length}) `,
                  "Gastos",
                  part.category,
                  actualAmount(-part.cents),
                  "0",
                  "Cleared",
                ]),
              ]
            : sides(entry).map((side) => [
                accountNames[side.account]!,
                iso(entry.day),
                side.other === null ? entry.description : accountNames[side.other]!,
                "",
                entry.kind === "transfer" ? "" : "Gastos",
                entry.kind === "transfer" ? "" : entry.category,
                actualAmount(side.cents),
                "0",
                "Cleared",
              ]),
        ),
      ],
      ",",
    ),
  firefly: (entries) =>
    csv(
      [
        [
          "user_id",
          "group_id",
          "journal_id",
          "type",
          "currency_code",
          "amount",
          "description",
          "date",
          "source_name",
          "source_type",
          "destination_name",
          "destination_type",
          "category",
          "notes",
          "group_title",
        ],
        ...entries.flatMap((entry, index): string[][] => {
          const own = accountNames[entry.account]!;
          if (entry.kind === "split")
            // One row per split, sharing the group and its title.
            return entry.parts.map((part, partIndex) => [
              "1",
              String(index + 1),
              `${index + 1}.${partIndex}`,
              "Withdrawal",
              "BRL",
              dotted(-part.cents),
              `${entry.description} ${partIndex + 1}`,
              `${iso(entry.day)}T00:00:00-03:00`,
              own,
              "Asset account",
              "Mercado",
              "Expense account",
              part.category,
              "",
              entry.description,
            ]);
          const [type, amount, source, sourceType, destination, destinationType] =
            entry.kind === "transfer"
              ? ["Transfer", dotted(entry.cents), own, "Asset account", accountNames[entry.to]!, "Asset account"]
              : entry.kind === "expense"
                ? ["Withdrawal", dotted(-entry.cents), own, "Asset account", entry.description, "Expense account"]
                : ["Deposit", dotted(entry.cents), entry.description, "Revenue account", own, "Asset account"];
          return [
            [
              "1",
              String(index + 1),
              String(index + 1),
              type!,
              "BRL",
              amount!,
              entry.description,
              `${iso(entry.day)}T00:00:00-03:00`,
              source!,
              sourceType!,
              destination!,
              destinationType!,
              entry.kind === "transfer" ? "" : entry.category,
              "",
              "",
            ],
          ];
        }),
      ],
      ",",
    ),
};

describe("another app's export brought in", () => {
  it("gives every account the balance the app showed, and a second move-in of the file writes nothing", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(entryArbitrary, { minLength: 1, maxLength: 14 }),
        fc.constantFrom<HistoryApp>("organizze", "mobills", "ynab", "actual", "firefly"),
        async (entries, app) => {
          const t = await createTestApp({ now: "2026-11-28T15:00:00.000Z" });
          const team = await workspaceWithTeam(t, { owner: { tier: "unlimited" }, workspace: { currency: "BRL" } });
          const client = moveInClient(t, team.workspace.id, team.member.token);
          const file = new TextEncoder().encode(exports[app](entries));
          const found = await client.preview(
            file,
            `${app}.csv`,
            app === "actual" || app === "firefly" ? undefined : "dmy",
          );
          expect(found.app).toBe(app);
          expect(found.counts.refused).toBe(0);
          const transfers = found.lines.filter((line) => line.type === "transfer").length;
          expect(transfers).toBe(entries.filter((entry) => entry.kind === "transfer").length);
          // A split purchase comes back as one, in its parts, from the apps that write splits.
          if (app === "ynab" || app === "actual" || app === "firefly")
            expect(found.lines.filter((line) => line.parts !== null).map((line) => line.parts!.length)).toEqual(
              entries.flatMap((entry) => (entry.kind === "split" ? [entry.parts.length] : [])),
            );
          await client.bringIn(found, { withPossible: true, chunkSize: 5 });

          const expected = new Map<string, number>();
          for (const entry of entries)
            for (const side of sides(entry))
              expected.set(accountNames[side.account]!, (expected.get(accountNames[side.account]!) ?? 0) + side.cents);
          const rows = await t.db.select().from(accounts).where(eq(accounts.workspaceId, team.workspace.id));
          expect(Object.fromEntries(rows.map((row) => [row.name, row.balanceCents]))).toEqual(
            Object.fromEntries(expected),
          );

          const again = await client.preview(
            file,
            `${app}.csv`,
            app === "actual" || app === "firefly" ? undefined : "dmy",
          );
          expect(again.counts).toMatchObject({ new: 0, duplicate: again.lines.length });
        },
      ),
      { numRuns: 25 },
    );
  });
});
