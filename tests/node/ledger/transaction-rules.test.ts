import { describe, expect, it } from "vitest";
import { currencies, currencyMinorUnits, transactionKinds, type TransactionKind } from "../../../db/enums.ts";
import {
  currenciesOf,
  inferKind,
  isSamePlace,
  legProblems,
  legsOfKind,
  type LegProblems,
  type RuleLeg,
} from "../../../worker/ledger/rules/transaction-rules.ts";

// Two accounts in reais and one in dollars, with a card of each mode on the first and a credit card on the second.
const checking: RuleLeg = { type: "account", id: "checking", currency: "BRL" };
const savings: RuleLeg = { type: "account", id: "savings", currency: "BRL" };
const dollars: RuleLeg = { type: "account", id: "dollars", currency: "USD" };
const checkingCredit: RuleLeg = {
  type: "card",
  id: "checking-credit",
  accountId: "checking",
  mode: "credit",
  currency: "BRL",
};
const checkingDebit: RuleLeg = {
  type: "card",
  id: "checking-debit",
  accountId: "checking",
  mode: "debit",
  currency: "BRL",
};
const checkingDebitToo: RuleLeg = {
  type: "card",
  id: "checking-debit-2",
  accountId: "checking",
  mode: "debit",
  currency: "BRL",
};
const savingsCredit: RuleLeg = {
  type: "card",
  id: "savings-credit",
  accountId: "savings",
  mode: "credit",
  currency: "BRL",
};
const dollarsCredit: RuleLeg = {
  type: "card",
  id: "dollars-credit",
  accountId: "dollars",
  mode: "credit",
  currency: "USD",
};

type LegCase = [
  description: string,
  kind: TransactionKind,
  origin: RuleLeg | null,
  destination: RuleLeg | null,
  problems: LegProblems,
];

const legCases: LegCase[] = [
  ["income into an account", "income", null, checking, {}],
  ["income onto a credit card (a refund)", "income", null, checkingCredit, {}],
  ["income with nowhere to arrive", "income", null, null, { destination: "required" }],
  ["income that names an origin", "income", savings, checking, { origin: "forbidden" }],
  ["an expense from an account", "expense", checking, null, {}],
  ["an expense on a credit card", "expense", checkingCredit, null, {}],
  ["an expense from nowhere", "expense", null, null, { origin: "required" }],
  ["an expense that names a destination", "expense", checking, savings, { destination: "forbidden" }],
  ["a transfer between two accounts", "transfer", checking, savings, {}],
  ["a transfer between currencies", "transfer", checking, dollars, {}],
  ["a transfer from an account to a debit card of another account", "transfer", savings, checkingDebit, {}],
  ["a transfer from an account to its own credit card", "transfer", checking, checkingCredit, {}],
  ["a transfer missing both legs", "transfer", null, null, { origin: "required", destination: "required" }],
  ["a transfer missing its destination", "transfer", checking, null, { destination: "required" }],
  ["a transfer to the same account", "transfer", checking, checking, { destination: "sameLegs" }],
  ["a transfer to the same card", "transfer", checkingCredit, checkingCredit, { destination: "sameLegs" }],
  [
    "a transfer from an account to its own debit card",
    "transfer",
    checking,
    checkingDebit,
    { destination: "sameLegs" },
  ],
  [
    "a transfer between two debit cards of one account",
    "transfer",
    checkingDebit,
    checkingDebitToo,
    { destination: "sameLegs" },
  ],
  ["a card payment from the card's account", "pay_credit_card", checking, checkingCredit, {}],
  [
    "a card payment to a card of another account",
    "pay_credit_card",
    checking,
    savingsCredit,
    { destination: "cardOfAnotherAccount" },
  ],
  ["a card payment to a debit card", "pay_credit_card", checking, checkingDebit, { destination: "creditCardRequired" }],
  ["a card payment to an account", "pay_credit_card", checking, savings, { destination: "creditCardRequired" }],
  ["a card payment from a card", "pay_credit_card", checkingDebit, checkingCredit, { origin: "accountRequired" }],
  ["a card payment with no card", "pay_credit_card", checking, null, { destination: "required" }],
  ["a card payment with no account", "pay_credit_card", null, checkingCredit, { origin: "required" }],
];

describe("the legs each kind needs and allows", () => {
  it.each(legCases)("%s", (_description, kind, origin, destination, problems) => {
    expect(legProblems(kind, origin, destination)).toEqual(problems);
  });

  it("states a need for both sides of every kind", () => {
    expect(Object.keys(legsOfKind).sort()).toEqual([...transactionKinds].sort());
  });
});

describe("the same place", () => {
  it.each([
    ["the same account", checking, checking, true],
    ["an account and its debit card", checking, checkingDebit, true],
    ["two debit cards of one account", checkingDebit, checkingDebitToo, true],
    ["the same credit card", checkingCredit, checkingCredit, true],
    ["an account and its credit card (one moves the balance, the other the debt)", checking, checkingCredit, false],
    ["two credit cards", checkingCredit, savingsCredit, false],
    ["two accounts", checking, savings, false],
  ] as const)("%s: %s", (_description, origin, destination, isSame) => {
    expect(isSamePlace(origin, destination)).toBe(isSame);
    expect(isSamePlace(destination, origin)).toBe(isSame);
  });
});

describe("the kind of a transaction sent without one", () => {
  it.each([
    ["only an origin", checking, null, "expense"],
    ["only a destination", null, checking, "income"],
    ["an account paying its own credit card", checking, checkingCredit, "pay_credit_card"],
    ["an account and another account's credit card", checking, savingsCredit, "transfer"],
    ["an account and its debit card", checking, checkingDebit, "transfer"],
    ["two accounts", checking, savings, "transfer"],
    ["no leg at all (the checks then ask for both)", null, null, "transfer"],
  ] as const)("%s: %s", (_description, origin, destination, kind) => {
    expect(inferKind(origin, destination)).toBe(kind);
  });
});

describe("the currencies of a transaction", () => {
  it.each([
    [
      "income counts in the destination's currency",
      "income",
      null,
      dollars,
      { currency: "USD", destinationCurrency: "USD", needsRate: false },
    ],
    [
      "an expense counts in the origin's currency",
      "expense",
      dollarsCredit,
      null,
      { currency: "USD", destinationCurrency: "USD", needsRate: false },
    ],
    [
      "a card's currency is its account's",
      "expense",
      checkingCredit,
      null,
      { currency: "BRL", destinationCurrency: "BRL", needsRate: false },
    ],
    [
      "a transfer in one currency needs no rate",
      "transfer",
      checking,
      savings,
      { currency: "BRL", destinationCurrency: "BRL", needsRate: false },
    ],
    [
      "a transfer across currencies needs a rate",
      "transfer",
      checking,
      dollars,
      { currency: "BRL", destinationCurrency: "USD", needsRate: true },
    ],
    [
      "a card payment across currencies needs a rate",
      "pay_credit_card",
      dollars,
      checkingCredit,
      { currency: "USD", destinationCurrency: "BRL", needsRate: true },
    ],
    [
      "a transfer whose destination is not chosen yet stays in one currency",
      "transfer",
      dollars,
      null,
      { currency: "USD", destinationCurrency: "USD", needsRate: false },
    ],
  ] as const)("%s", (_description, kind, origin, destination, expected) => {
    expect(currenciesOf(kind, origin, destination)).toEqual(expected);
  });

  it.each([
    ["income before its destination is chosen", "income", checking, null],
    ["an expense before its origin is chosen", "expense", null, checking],
    ["a transfer before its origin is chosen", "transfer", null, dollars],
  ] as const)("is unknown for %s", (_description, kind, origin, destination) => {
    expect(currenciesOf(kind, origin, destination)).toBeNull();
  });

  it("knows the minor unit of every currency", () => {
    // ISO 4217: every currency an account may hold has cents but the yen, which has none.
    expect(currencies.map((currency) => [currency, currencyMinorUnits[currency]])).toEqual([
      ["USD", 2],
      ["BRL", 2],
      ["EUR", 2],
      ["GBP", 2],
      ["JPY", 0],
      ["AUD", 2],
      ["CAD", 2],
      ["CHF", 2],
      ["CNY", 2],
      ["SEK", 2],
      ["NZD", 2],
    ]);
  });
});
