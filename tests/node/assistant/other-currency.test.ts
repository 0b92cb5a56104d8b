import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { accounts } from "../../../db/schema/index.ts";
import { useRateServices } from "../../support/rate-services.ts";
import { type AssistantHousehold, assistantHousehold } from "./assistant-fixture.ts";

/**
 * "café $4,75" with the default account in reais: the assistant offers the amount in reais at today's kept
 * rate — saying the rate, its source and its day, and keeping them in the note — or an account in dollars;
 * it converts only when asked, and never at a rate it does not have.
 */
describe("an amount in another currency than the account's", () => {
  const rates = useRateServices();
  let a: AssistantHousehold;
  beforeEach(async () => {
    await rates.reset();
    a = await assistantHousehold({ env: rates.env() });
  });
  // The rates fetched are cached after the answer: that write lands before the next test empties the cache.
  afterEach(() => a.ctx.settleDeferred());

  it("offers it in reais at today's rate, or in the dollar account, and records it in reais when asked", async () => {
    const [offer] = await a.send("café $4,75");
    expect(offer!.text).toBe(
      "Itaú está em BRL, e US$ 4,75 está em USD. Posso registrar no Itaú como R$ 25,37 (US$ 4,75 a 1 USD = 5,3412 BRL, cotação Frankfurter (ECB), em 20 de nov.) ou em uma conta em USD: Wise.",
    );
    expect(offer!.buttons).toEqual([
      { id: "convert", title: "Em BRL" },
      { id: "leg:0", title: "Wise" },
    ]);
    expect(await a.written()).toHaveLength(0);
    const [done] = await a.tap("convert", "Em BRL");
    expect(done!.text).toContain("R$ 25,37");
    const [row] = await a.written();
    expect(row).toMatchObject({ originAccountId: a.itau.id, amountCents: 2537, currency: "BRL" });
    // The note keeps what was typed and how it was converted (Intl's no-break spaces read as plain ones).
    expect(row!.note?.replace(/\u00a0/g, " ")).toBe(
      "US$ 4,75 a 1 USD = 5,3412 BRL, cotação Frankfurter (ECB), em 20 de nov.",
    );
    // Tapped again, nothing more is written.
    await a.tap("convert", "Em BRL");
    expect(await a.written()).toHaveLength(1);
  });

  it("records it in the dollar account when that is tapped, as typed", async () => {
    await a.send("café $4,75");
    await a.tap("leg:0", "Wise");
    expect(await a.written()).toMatchObject([{ originAccountId: a.wise.id, amountCents: 475, currency: "USD" }]);
  });

  it("with only accounts in reais, offers the conversion, or to cancel", async () => {
    await a.db.update(accounts).set({ isActive: false }).where(eq(accounts.id, a.wise.id));
    const [offer] = await a.send("café $4,75");
    expect(offer!.text).toContain("Você não tem conta em USD; cancele para não registrar.");
    expect(offer!.buttons).toEqual([
      { id: "convert", title: "Em BRL" },
      { id: "cancel", title: "Cancelar" },
    ]);
    expect((await a.tap("cancel", "Cancelar"))[0]!.text).toBe("Ok, não registrei nada.");
    expect(await a.written()).toHaveLength(0);
  });

  it("without any rate kept and no account in that currency, records nothing and says what to do", async () => {
    rates.providers.setMode("all", "down");
    await a.db.update(accounts).set({ isActive: false }).where(eq(accounts.id, a.wise.id));
    const [refused] = await a.send("café $4,75");
    expect(refused!.text).toBe(
      "Itaú está em BRL, e US$ 4,75 está em USD. Não tenho a cotação de hoje e você não tem conta em USD, então não registrei. Mande o valor em BRL ou crie uma conta em USD no Moneta.",
    );
    expect(refused!.buttons ?? []).toEqual([]);
    expect(await a.written()).toHaveLength(0);
  });
});
