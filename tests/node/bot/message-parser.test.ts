import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type ParseContext,
  type ParsedMessage,
  type ParsedTransaction,
  parseMessage,
} from "../../../worker/bot/message-parser";
import { loadCorpus, minimumExactShare, scoreCorpus } from "../../support/bot-corpus";

const { context } = loadCorpus();
const parse = (text: string, language?: "pt" | "en") => parseMessage(text, { ...context, language });

function transaction(parsed: ParsedMessage): ParsedTransaction {
  if (!("kind" in parsed)) throw new Error(`expected a transaction, got ${JSON.stringify(parsed)}`);
  return parsed;
}
const amountOf = (text: string, language?: "pt" | "en") => transaction(parse(text, language)).amount;
const askOf = (text: string, language?: "pt" | "en") => {
  const parsed = parse(text, language);
  return "ask" in parsed ? parsed.ask : null;
};

describe("amounts are read exactly in every notation", () => {
  it.each([
    ["gastei 45,90 no mercado", "45.90"],
    ["spent 45.90 on groceries", "45.90"],
    ["paguei 1.234,56 de aluguel", "1234.56"],
    ["paid 1,234.56 for rent", "1234.56"],
    ["R$ 12 de café", "12.00"],
    ["12 reais de café", "12.00"],
    ["coffee $20", "20.00"],
    ["gastei 20 dólares no spotify", "20.00"],
    ["R$1.234,56 no supermercado", "1234.56"],
    ["mercado 1.500", "1500.00"],
    ["groceries 1,500", "1500.00"],
    ["gastei 2 mil na viagem", "2000.00"],
    ["spent 3k on the trip", "3000.00"],
    ["paguei 7,5 no pão", "7.50"],
    ["3x de 49,90 no cartão", "149.70"],
  ])("%j → %s", (text, amount) => {
    expect(amountOf(text)).toBe(amount);
  });

  it("takes the one number with cents or a currency among several", () => {
    expect(amountOf("2 cafés 7,50")).toBe("7.50");
    expect(amountOf("R$ 30 de almoço pra 2 pessoas")).toBe("30.00");
    expect(amountOf("2 kg de carne 60")).toBe("60.00");
  });
});

describe("an amount that could be read two ways is asked, never guessed", () => {
  it.each([
    ["spent 1.500 on a couch", ["1.50", "1500.00"]],
    ["gastei 1,500 no sofá", ["1.50", "1500.00"]],
    ["spent $1.500 on flights", ["1.50", "1500.00"]],
    ["gastei R$ 1,500 no mercado", ["1.50", "1500.00"]],
    ["1.500", ["1.50", "1500.00"]],
  ])("%j offers %j", (text, readings) => {
    expect(parse(text)).toMatchObject({ ask: "ambiguousAmount", readings });
  });

  it("lets the user's bot language decide a message whose words do not", () => {
    expect(amountOf("uber 1.200", "pt")).toBe("1200.00");
    expect(askOf("uber 1.200", "en")).toBe("ambiguousAmount");
    expect(amountOf("uber 1,200", "en")).toBe("1200.00");
    expect(askOf("uber 1,200", "pt")).toBe("ambiguousAmount");
  });

  it("lets the words outweigh the bot language", () => {
    expect(askOf("transfer 1.500 from checking to savings", "pt")).toBe("ambiguousAmount");
  });

  it.each([
    ["gastei no mercado", "amount"],
    ["paid 12.3456 for gas", "amount"],
    ["spent 0 on lunch", "amount"],
    ["paguei 50 no mercado e 30 na farmácia", "whichAmount"],
    ["comprei 3 pizzas por 90", "whichAmount"],
    ["comprei tv 4.000 em 12x de 400", "whichAmount"],
  ])("%j asks %s", (text, ask) => {
    expect(askOf(text)).toBe(ask);
  });

  it("never reads one text as two different amounts in the two languages", () => {
    const written = fc
      .tuple(fc.integer({ min: 1, max: 9_999_999 }), fc.constantFrom(".", ","), fc.constantFrom(".", ","))
      .chain(([whole, group, decimal]) =>
        fc.tuple(fc.constant(whole), fc.constant(group), fc.constant(decimal), fc.integer({ min: 0, max: 999 })),
      )
      .map(([whole, group, decimal, fraction]) => {
        const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, group);
        return fraction === 0 ? grouped : `${grouped}${decimal}${fraction}`;
      });
    fc.assert(
      fc.property(written, (amount) => {
        const [pt, en] = (["pt", "en"] as const).map((language) => parse(`uber ${amount}`, language));
        if (pt && en && "kind" in pt && "kind" in en) expect(pt.amount).toBe(en.amount);
      }),
    );
  });
});

describe("dates relative to today (Friday 2026-11-27)", () => {
  it.each([
    ["uber 20 hoje", "2026-11-27"],
    ["uber 20 ontem", "2026-11-26"],
    ["uber 20 anteontem", "2026-11-25"],
    ["uber 20 dia 15", "2026-11-15"],
    ["uber 20 dia 30", "2026-10-30"],
    ["uber 20 15/11", "2026-11-15"],
    ["uber 20 20/12", "2025-12-20"],
    ["uber 20 segunda", "2026-11-23"],
    ["uber 20 sexta", "2026-11-20"],
    ["spent 20 on gas yesterday", "2026-11-26"],
    ["spent 20 on gas on the 3rd", "2026-11-03"],
    ["spent 20 on gas last friday", "2026-11-20"],
    ["spent 20 on gas 11/15", "2026-11-15"],
    ["uber 30 ontme", "2026-11-26"],
  ])("%j is %s", (text, date) => {
    expect(transaction(parse(text)).date).toBe(date);
  });

  it("asks when day and month could be swapped, and for an impossible date", () => {
    expect(parse("lunch 03/04 20")).toMatchObject({ ask: "ambiguousDate", readings: ["2026-03-04", "2026-04-03"] });
    expect(transaction(parse("almoço 03/04 20")).date).toBe("2026-04-03");
    expect(askOf("gastei 50 em 31/02")).toBe("date");
  });

  it("asks again for a typed year outside 1900–2199 rather than recording it", () => {
    expect(askOf("gastei 50 em 15/02/0001")).toBe("date");
    expect(askOf("gastei 50 em 15/02/2200")).toBe("date");
    expect(transaction(parse("gastei 50 em 01/01/1900")).date).toBe("1900-01-01");
  });
});

describe("accounts, cards, tags and installments by name, alias, keyword or typo", () => {
  it("matches names ignoring case and accents, and within one typo from five letters", () => {
    expect(transaction(parse("paguei 100 no ITAU")).account).toBe("Itaú");
    expect(transaction(parse("gastei 45,90 no nubnak")).account).toBe("Nubank");
    expect(transaction(parse("gastei 45,90 no mercadp")).tag).toBe("Mercado");
    expect(transaction(parse("gastei 12 no nu")).account).toBe("Nubank");
    expect(transaction(parse("vou fazer compras 70")).tag).toBeNull();
  });

  it("reads payment roles as the defaults", () => {
    expect(transaction(parse("gastei 30 no cartão")).account).toBe("card");
    expect(transaction(parse("gastei 30 no débito")).account).toBe("debit");
    expect(transaction(parse("paguei 30 no pix")).account).toBe("pix");
  });

  it("reads installment plans with and without interest", () => {
    expect(transaction(parse("notebook 5.000 em 12x com juros de 1,99%")).installments).toEqual({
      count: 12,
      interestRatePercent: "1.99",
    });
    expect(transaction(parse("celular 1.800 10x sem juros")).installments).toEqual({
      count: 10,
      interestRatePercent: null,
    });
    expect(transaction(parse("bought a phone for 1,200 in 3 installments")).installments).toEqual({
      count: 3,
      interestRatePercent: null,
    });
    expect(askOf("tv 3.000 em 12x com juros")).toBe("interestRate");
  });

  it("reads transfers' source and destination", () => {
    expect(parse("transferi 200 do itaú para o nubank")).toMatchObject({
      kind: "transfer",
      account: "Itaú",
      toAccount: "Nubank",
    });
    expect(parse("transfer 50 from checking to savings")).toMatchObject({ account: "Itaú", toAccount: "Poupança" });
    expect(askOf("transferi 200 pro joão")).toBe("transferAccount");
  });
});

describe("commands and kinds", () => {
  it.each([
    ["saldo", { command: "balance" }],
    ["DESFAZER", { command: "undo" }],
    ["undo", { command: "undo" }],
    ["ajuda", { command: "help" }],
    ["resumo", { command: "summary" }],
    ["VINCULAR 482913", { command: "link", code: "482913" }],
    ["link 482913", { command: "link", code: "482913" }],
  ])("%j is %j", (text, command) => {
    expect(parse(text)).toEqual(command);
  });

  it("keeps what was bought as the description, without amounts, dates, accounts or filler words", () => {
    expect(transaction(parse("show do coldplay 600 ontem no nubank")).description).toBe("show coldplay");
    expect(transaction(parse("bought a laptop for $1,299.99 🎉")).description).toBe("laptop");
  });

  it("tells income from expenses", () => {
    expect(transaction(parse("recebi 5.000 de salário")).kind).toBe("income");
    expect(transaction(parse("got paid 3,200 today")).kind).toBe("income");
    expect(transaction(parse("paid 3,200 for rent")).kind).toBe("expense");
  });
});

describe("the labelled corpus", () => {
  it(`is parsed at least ${minimumExactShare * 100}% exactly, with no wrong amount written`, () => {
    const { overall, outcomes } = scoreCorpus();
    expect(overall.total).toBeGreaterThanOrEqual(300);
    expect(outcomes.filter((outcome) => outcome.isWrongAmount).map((outcome) => outcome.text)).toEqual([]);
    expect(overall.exact / overall.total).toBeGreaterThanOrEqual(minimumExactShare);
  });

  it("counts a written amount that should have been asked as wrong", () => {
    const corpus = {
      context: context as ParseContext,
      messages: [
        { category: "t", text: "mercado 1.500", language: "pt" as const, expected: { ask: "ambiguousAmount" } },
      ],
    };
    expect(scoreCorpus(corpus).overall).toMatchObject({ exact: 0, wrongAmounts: 1 });
  });
});
