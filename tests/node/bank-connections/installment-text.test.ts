import { describe, expect, it } from "vitest";
import { installmentOfText } from "../../../worker/bank-connections/installment-text.ts";

/** Card lines as Brazilian banks write an installment purchase's months. */
describe("installments read from a card line's text", () => {
  it("reads the forms banks write, keeping the purchase's own text", () => {
    const lines = {
      "MAGAZINE LUIZA PARCELA 3/10": { number: 3, total: 10, purchase: "MAGAZINE LUIZA" },
      "Amazon - Parcela 3/10": { number: 3, total: 10, purchase: "Amazon" },
      "AMAZON BR PARC 02/06": { number: 2, total: 6, purchase: "AMAZON BR" },
      "NETSHOES PARC 03 DE 05": { number: 3, total: 5, purchase: "NETSHOES" },
      "PARC=04/12 LOJA X": { number: 4, total: 12, purchase: "LOJA X" },
      "CASAS BAHIA 01/12": { number: 1, total: 12, purchase: "CASAS BAHIA" },
      "MERCADOLIVRE*3PROD 02/10": { number: 2, total: 10, purchase: "MERCADOLIVRE*3PROD" },
      "Dell Computadores parcela 12 de 12": { number: 12, total: 12, purchase: "Dell Computadores" },
    };
    for (const [text, expected] of Object.entries(lines)) {
      expect({ text, read: installmentOfText(text, { onCard: true }) }).toEqual({ text, read: expected });
    }
  });

  it("reads no plan where there is none, or where it would be a guess", () => {
    for (const text of [
      "UBER *TRIP 8F2K",
      "PAGAMENTO 12/05",
      "LOJA PARCELA 1/1",
      "LOJA PARC 11/10",
      "PARCELA 3/10",
      "IFOOD 0/3",
      "PADARIA 2025",
    ]) {
      expect({ text, read: installmentOfText(text, { onCard: true }) }).toEqual({ text, read: null });
    }
    // A bank account's "…01/12" is more likely a date than an installment: only the keyword counts there.
    expect(installmentOfText("BOLETO ESCOLA 01/12", { onCard: false })).toBeNull();
    expect(installmentOfText("CARNE LOJA PARCELA 01/12", { onCard: false })).toEqual({
      number: 1,
      total: 12,
      purchase: "CARNE LOJA",
    });
  });
});
