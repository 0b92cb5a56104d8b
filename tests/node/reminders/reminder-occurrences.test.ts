import { describe, expect, it } from "vitest";
import type { recurringTransactions, scheduledTransactions } from "../../../db/schema/index.ts";
import { instantAt } from "../../../worker/reminders/local-hour.ts";
import {
  type Occurrence,
  occurrencesOf,
  type ReminderCard,
  type WorkspaceToday,
} from "../../../worker/reminders/reminder-occurrences.ts";
import { reminderSentences } from "../../../worker/reminders/reminder-sentences.ts";
import { reminderTranslator } from "../../../worker/reminders/reminder-translator.ts";

const nubank: ReminderCard = {
  id: "card-1",
  name: "Nubank",
  accountId: "account-1",
  mode: "credit",
  billingCycleDay: 20,
  dueDay: 30,
  debtCents: 50_000,
  currency: "BRL",
};

function day(overrides: Partial<WorkspaceToday> = {}): WorkspaceToday {
  return {
    workspace: { id: "workspace-1", currency: "BRL" },
    today: "2026-11-27",
    cards: [],
    cardDays: [],
    planned: { scheduledRows: [], recurringRows: [], planRows: [], loanRows: [] },
    accounts: [
      {
        id: "account-1",
        name: "Itaú",
        type: "checking",
        currency: "BRL",
        balanceCents: 100_000,
        isActive: true,
      },
    ],
    accountDays: [],
    budgets: [],
    goals: [],
    connections: [],
    spending: [],
    tagSpending: [],
    ...overrides,
  };
}

const kindsOf = (found: Occurrence[]) =>
  found.filter((occurrence) => occurrence.kind !== "weekly_summary").map((o) => `${o.kind} ${o.subject} ${o.about}`);

const scheduled = (fields: Partial<typeof scheduledTransactions.$inferSelect>) =>
  ({
    id: "scheduled-1",
    workspaceId: "workspace-1",
    kind: "expense",
    description: "Aluguel",
    amountCents: 200_000,
    currency: "BRL",
    origin: "account:account-1",
    destination: null,
    conversionRateMicros: null,
    scheduledDate: "2026-11-28",
    status: "pending",
    ...fields,
  }) as typeof scheduledTransactions.$inferSelect;

describe("what is worth telling today", () => {
  it("says a statement closes in 3 days with what it holds so far, and is due in 3 days and on the day", () => {
    const charges = [
      { leg: "card:card-1", day: "2026-11-15", kind: "expense" as const, direction: "out" as const, units: 50_000n },
    ];
    // Closing on the 30th: announced on the 27th with what was charged since the period began (31 October).
    const closing = occurrencesOf(day({ cards: [{ ...nubank, billingCycleDay: 30, dueDay: 10 }], cardDays: charges }));
    expect(closing.find((o) => o.kind === "statement_closing")).toMatchObject({
      subject: "card-1",
      about: "2026-11-30",
      params: { amount: "500.00", closing: "2026-11-30", due: "2026-12-10" },
    });
    // Closed on the 20th, due on the 30th: three days before, and on the day.
    const ahead = occurrencesOf(day({ cards: [nubank], cardDays: charges }));
    expect(kindsOf(ahead)).toEqual(["statement_due card-1:3 2026-11-30"]);
    expect(ahead[0]!.params).toMatchObject({
      amount: "500.00",
      days: 3,
      link: "cards?card=card-1&statement=2026-11-20",
    });
    const onTheDay = occurrencesOf(day({ today: "2026-11-30", cards: [nubank], cardDays: charges }));
    expect(kindsOf(onTheDay)).toEqual(["statement_due card-1:0 2026-11-30"]);
    // Paid in full: nothing is due.
    const paid = occurrencesOf(
      day({
        today: "2026-11-30",
        cards: [{ ...nubank, debtCents: 0 }],
        cardDays: [
          ...charges,
          { leg: "card:card-1", day: "2026-11-29", kind: "pay_credit_card", direction: "in", units: 50_000n },
        ],
      }),
    );
    expect(kindsOf(paid)).toEqual(["statement_paid card-1 2026-11-20"]);
    expect(paid[0]!.params).toMatchObject({ amount: "500.00" });
    // A card in debit mode has no statement.
    expect(kindsOf(occurrencesOf(day({ cards: [{ ...nubank, mode: "debit" }], cardDays: charges })))).toEqual([]);
  });

  it("says what posts tomorrow, and that the account would go below zero on that day because of it", () => {
    const found = occurrencesOf(day({ planned: { ...day().planned, scheduledRows: [scheduled({})] } }));
    expect(kindsOf(found)).toEqual([
      "planned_due scheduled:scheduled-1 2026-11-28",
      "balance_negative account-1 2026-11-28",
    ]);
    expect(found.find((o) => o.kind === "balance_negative")!.params).toMatchObject({
      balance: "-1000.00",
      cause: "Aluguel",
      date: "2026-11-28",
    });
    // An account already below zero today is not news; one with enough is not either.
    const below = day({
      planned: { ...day().planned, scheduledRows: [scheduled({ scheduledDate: "2026-12-02" })] },
      accounts: [{ ...day().accounts[0]!, balanceCents: -5 }],
    });
    expect(kindsOf(occurrencesOf(below))).toEqual([]);
    const enough = day({ planned: { ...day().planned, scheduledRows: [scheduled({ amountCents: 90_000 })] } });
    expect(kindsOf(occurrencesOf(enough))).toEqual(["planned_due scheduled:scheduled-1 2026-11-28"]);
  });

  it("says a budget crossed 80 % and 100 %, a goal reached, and a bank that needs the owners", () => {
    const found = occurrencesOf(
      day({
        budgets: [
          { uuid: "b1", name: "Mercado", currency: "BRL", spent: "850.00", available: "1000.00", percent: 85 },
          { uuid: "b2", name: null, currency: "BRL", spent: "5100.00", available: "5000.00", percent: 102 },
        ],
        goals: [
          { uuid: "g1", name: "Viagem", currency: "BRL", target: "3000.00", status: "reached" },
          { uuid: "g2", name: "Carro", currency: "BRL", target: "9000.00", status: "on_track" },
        ],
        connections: [
          { id: "c1", institution: "Nubank", status: "needs_login", consentExpiresAt: null },
          { id: "c2", institution: "Itaú", status: "active", consentExpiresAt: "2026-12-01T00:00:00.000Z" },
          { id: "c3", institution: "Inter", status: "active", consentExpiresAt: "2027-06-01T00:00:00.000Z" },
        ],
      }),
    );
    expect(kindsOf(found)).toEqual([
      "budget b1:80 2026-11-01",
      "budget b2:100 2026-11-01",
      "goal_reached g1 3000.00",
      "bank_attention c1:needs_login 2026-11-23",
      "bank_attention c2:consent_expiring 2026-12-01",
    ]);
    expect(found.filter((o) => o.kind === "bank_attention").map((o) => o.audience)).toEqual([
      "banks.connect",
      "banks.connect",
    ]);
  });

  it("sums the week in the workspace's currency, names the others, and counts what falls due", () => {
    const rule = {
      id: "rule-1",
      status: "active",
      name: "Academia",
      kind: "expense",
      description: "Academia",
      amountCents: 9_990,
      currency: "BRL",
      origin: "account:account-1",
      destination: null,
      conversionRateMicros: null,
      frequency: "monthly",
      interval: 1,
      dayOfMonth: 1,
      dayOfWeek: null,
      monthOfYear: null,
      weekendRule: "as_is",
      startDate: "2026-01-01",
      endDate: null,
      maxExecutions: null,
      executionCount: 10,
      nextDate: "2026-12-01",
      nextDueDate: "2026-12-01",
    } as unknown as typeof recurringTransactions.$inferSelect;
    const weekly = occurrencesOf(
      day({
        planned: { ...day().planned, recurringRows: [rule] },
        spending: [
          { day: "2026-11-21", currency: "BRL", units: 10_000n },
          { day: "2026-11-26", currency: "BRL", units: 5_000n },
          { day: "2026-11-15", currency: "BRL", units: 30_000n },
          { day: "2026-11-25", currency: "USD", units: 400n },
        ],
        tagSpending: [
          { name: "Mercado", currency: "BRL", units: 9_000n },
          { name: "Lazer", currency: "BRL", units: 6_000n },
        ],
      }),
    ).find((o) => o.kind === "weekly_summary")!;
    expect(weekly).toMatchObject({ weekday: 5, about: "2026-11-27" });
    expect(weekly.params).toMatchObject({
      spent: "150.00",
      spent_before: "300.00",
      other_currencies: ["USD"],
      tags: ["Mercado\t90.00", "Lazer\t60.00"],
      due_count: 1,
    });
    const t = reminderTranslator("pt-BR");
    expect(reminderSentences(t, "pt-BR", "weekly_summary", { ...weekly.params, workspace: "Casa" })).toEqual({
      title: "A sua semana em Casa",
      body:
        "Gastos dos últimos 7 dias: R$\u00a0150,00 (na semana anterior: R$\u00a0300,00). Valores em USD não entram na conta. " +
        "A maior parte foi para Mercado (R$\u00a090,00), Lazer (R$\u00a060,00). Um item vence nos próximos 7 dias.",
    });
  });
});

describe("the person's hour", () => {
  it("is read on the zone's clocks across daylight-saving changes", () => {
    expect(instantAt("2026-11-27", 8, "America/Sao_Paulo").toISOString()).toBe("2026-11-27T11:00:00.000Z");
    expect(instantAt("2026-03-07", 8, "America/New_York").toISOString()).toBe("2026-03-07T13:00:00.000Z");
    expect(instantAt("2026-03-08", 8, "America/New_York").toISOString()).toBe("2026-03-08T12:00:00.000Z");
    // An hour the clocks skip is the first moment after the gap; one they repeat, its first time.
    expect(instantAt("2026-03-08", 2, "America/New_York").toISOString()).toBe("2026-03-08T07:00:00.000Z");
    expect(instantAt("2026-11-01", 1, "America/New_York").toISOString()).toBe("2026-11-01T05:00:00.000Z");
    expect(instantAt("2026-09-06", 0, "America/Santiago").toISOString()).toBe("2026-09-06T04:00:00.000Z");
    expect(instantAt("2026-11-29", 8, "Pacific/Kiritimati").toISOString()).toBe("2026-11-28T18:00:00.000Z");
  });
});
