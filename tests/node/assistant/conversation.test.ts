import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { insertAccount, insertCard, insertTag, insertUser, insertWorkspace } from "../../../db/factories.ts";
import {
  botLinkCodes,
  botLinks,
  botMessages,
  installmentPlans,
  rules,
  transactions,
  userPreferences,
  workspaceMembers,
} from "../../../db/schema/index.ts";
import { insertTransactionRow } from "./assistant-transactions.ts";
import { type AssistantHousehold, assistantHousehold } from "./assistant-fixture.ts";

/**
 * The assistant's conversation over a real database: what a message writes (through the API's own
 * verbs, as the bot actor), what it answers, and that a message is handled once however often it
 * arrives.
 */
describe("the assistant's conversation", () => {
  let a: AssistantHousehold;
  beforeEach(async () => {
    a = await assistantHousehold();
  });

  it("records 'gastei 45,90 no mercado ontem' as an expense on the default account, tagged, by the assistant", async () => {
    const replies = await a.send("gastei 45,90 no mercado ontem");
    expect(replies).toEqual([
      {
        to: a.phone,
        text: "✅ Despesa de R$ 45,90 em Mercado, conta Itaú, ontem.\nResponda DESFAZER para apagar.",
        buttons: [
          { id: "undo", title: "Desfazer" },
          { id: "change-account", title: "Mudar conta" },
        ],
      },
    ]);
    const [row] = await a.written();
    expect(row).toMatchObject({
      kind: "expense",
      amountCents: 4590,
      currency: "BRL",
      date: "2026-11-26",
      description: "Mercado",
      originAccountId: a.itau.id,
      createdBy: a.marina.id,
      createdVia: "bot:whatsapp",
    });
    expect(await a.tagIdsOf(row!.id)).toEqual([a.groceries.id]);
    expect(await a.balanceOf(a.itau.id)).toBe(100_000 - 4590);
  });

  it("writes and answers once when the same delivery arrives five times at once, and again later", async () => {
    const message = a.deliver({ type: "text", text: "uber 23,40 no cartão" });
    const replies = await Promise.all(Array.from({ length: 5 }, () => a.handle(message)));
    expect(replies.flat()).toHaveLength(1);
    expect(replies.flat()[0]!.text).toContain("R$ 23,40 em Transporte, cartão Nubank");
    expect(await a.written()).toHaveLength(1);
    expect(await a.debtOf(a.nubank.id)).toBe(2340);

    expect(await a.handle(message)).toEqual([]);
    expect(await a.written()).toHaveLength(1);
  });

  it("undoes the last thing it wrote, once, within 24 hours", async () => {
    await a.send("almoço 32 no restaurante");
    await a.send("ifood 58,90");
    expect(await a.written()).toHaveLength(2);

    const undone = await a.send("desfazer");
    expect(undone[0]!.text).toBe("↩️ Apaguei: Despesa de R$ 58,90 (Ifood), hoje.");
    const left = await a.written();
    expect(left.map((row) => row.amountCents)).toEqual([3200]);
    expect(await a.balanceOf(a.itau.id)).toBe(100_000 - 3200);

    // The button does the same; then nothing is left to undo.
    expect((await a.tap("undo", "Desfazer"))[0]!.text).toContain("R$ 32,00");
    expect(await a.written()).toHaveLength(0);
    expect((await a.send("desfazer"))[0]!.text).toContain("Não há nada para desfazer");

    await a.send("padaria 12");
    a.clock.set("2026-11-28T15:00:01.000Z");
    expect((await a.send("desfazer"))[0]!.text).toContain("Não há nada para desfazer");
    expect(await a.written()).toHaveLength(1);
  });

  it("forgets handled messages after a week, a few at each new one", async () => {
    await a.send("ajuda");
    await a.send("mercado 10");
    expect(await a.db.select().from(botMessages)).toHaveLength(2);
    a.clock.set("2026-12-04T15:00:01.000Z");
    await a.send("ajuda");
    const kept = await a.db.select().from(botMessages);
    expect(kept.map((row) => row.receivedAt)).toEqual(["2026-12-04T15:00:01.000Z"]);
    expect(await a.written()).toHaveLength(1);
  });

  it("says so when what it would undo was already deleted in the app", async () => {
    await a.send("cinema 40");
    const [row] = await a.written();
    await a.db.delete(transactions).where(eq(transactions.id, row!.id));
    expect((await a.send("desfazer"))[0]!.text).toBe("Isso já tinha sido apagado no Moneta.");
  });

  it("with confirmation on, writes nothing until Confirmar, and once however often it is tapped", async () => {
    await a.setPreferences({ requireConfirmation: true });
    const asked = await a.send("gastei 120 no mercado");
    expect(asked[0]!.text).toBe("📝 Despesa de R$ 120,00 em Mercado, conta Itaú, hoje.\nPosso registrar?");
    expect(asked[0]!.buttons!.map((button) => button.title)).toEqual(["Confirmar", "Mudar conta", "Cancelar"]);
    expect(await a.written()).toHaveLength(0);

    const [first, second] = await Promise.all([a.tap("confirm"), a.tap("confirm")]);
    expect([...first!, ...second!]).toHaveLength(1);
    expect(await a.written()).toHaveLength(1);
    expect((await a.tap("confirm"))[0]!.text).toContain("expirou");
    expect(await a.written()).toHaveLength(1);
  });

  it("changes the account of a draft before it is written, and cancels one", async () => {
    await a.setPreferences({ requireConfirmation: true });
    await a.send("feira 35");
    const choices = await a.tap("change-account");
    expect(choices[0]!.text).toBe("Em qual conta ou cartão? Responda com o nome: Itaú, Carteira, Wise, Nubank.");
    const draft = await a.send("carteira");
    expect(draft[0]!.text).toContain("conta Carteira");
    await a.tap("confirm");
    const [row] = await a.written();
    expect(row).toMatchObject({ originAccountId: a.wallet.id, amountCents: 3500 });

    await a.send("cinema 50");
    expect((await a.tap("cancel"))[0]!.text).toBe("Ok, não registrei nada.");
    expect(await a.written()).toHaveLength(1);
  });

  it("moves what it just wrote to another account with Mudar conta, never across currencies", async () => {
    await a.send("padaria 18,50");
    const choices = await a.tap("change-account", "Mudar conta");
    expect(choices[0]!.text).toBe("Em qual conta ou cartão? Responda com o nome: Itaú, Carteira, Wise, Nubank.");
    expect((await a.send("wise"))[0]!.text).toBe(
      "Wise está em USD, mas o valor está em BRL. Eu não converto sem uma cotação: diga em qual conta em BRL registrar.",
    );
    expect((await a.send("Carteira"))[0]!.text).toBe("✅ Pronto: agora está em conta Carteira.");
    const [row] = await a.written();
    expect(row).toMatchObject({ originAccountId: a.wallet.id, amountCents: 1850, revision: 1 });
    expect(await a.balanceOf(a.itau.id)).toBe(100_000);
    expect(await a.balanceOf(a.wallet.id)).toBe(-1850);
    // Undo still reaches it where it now is.
    await a.send("desfazer");
    expect(await a.balanceOf(a.wallet.id)).toBe(0);
  });

  it("asks back an amount that reads two ways, and writes the one tapped", async () => {
    await a.setPreferences({ botLanguage: "en" });
    const asked = await a.send("spent 1.500 on a tv");
    expect(asked[0]!.text).toBe("Is “1.500” R$1.50 or R$1,500.00?");
    expect(await a.written()).toHaveLength(0);
    const recorded = await a.tap("pick:1");
    expect(recorded[0]!.text).toContain("Expense of R$1,500.00");
    expect((await a.written())[0]!.amountCents).toBe(150_000);
  });

  it("asks for a missing amount and reads the answer with the message that asked", async () => {
    const asked = await a.send("gastei no mercado");
    expect(asked[0]!.text).toContain("Qual foi o valor?");
    const recorded = await a.send("87,30");
    expect(recorded[0]!.text).toContain("R$ 87,30 em Mercado");
    expect(await a.written()).toHaveLength(1);

    // A new message instead of the answer is its own.
    await a.send("comprei no mercado");
    expect((await a.send("uber 20"))[0]!.text).toContain("R$ 20,00 em Transporte");
    // …and replaces the question: a number now is an expense of its own.
    expect((await a.send("15"))[0]!.text).toContain("R$ 15,00 (Despesa), conta Itaú");
  });

  it("asks which account when an account and a card share a name, and which card for 'no cartão' without a default", async () => {
    const itauCard = await insertCard(a.db, { workspaceId: a.workspaceId, accountId: a.itau.id, name: "Itaú" });
    const asked = await a.send("farmácia 30 no itaú");
    expect(asked[0]!.text).toBe("Há uma conta e um cartão chamados Itaú. Em qual deles?");
    expect(asked[0]!.buttons).toEqual([
      { id: "leg:0", title: "conta Itaú" },
      { id: "leg:1", title: "cartão Itaú" },
    ]);
    await a.tap("leg:1");
    expect((await a.written())[0]).toMatchObject({ originCardId: itauCard.id, amountCents: 3000 });

    await a.setPreferences({ defaultCardId: null });
    const which = await a.send("uber 12 no cartão");
    expect(which[0]!.text).toBe("Em qual cartão de crédito? Responda com o nome: Nubank, Itaú.");
    expect((await a.send("nubank"))[0]!.text).toContain("cartão Nubank");
  });

  it("puts 'em 10x' on the card as an installment plan, and undoes it with its installments", async () => {
    const replies = await a.send("geladeira 2.400 em 10x no nubank");
    expect(replies[0]!.text).toBe(
      "✅ Compra de R$ 2.400,00 em 10x de R$ 240,00 sem juros (Geladeira), cartão Nubank, hoje.\nResponda DESFAZER para apagar.",
    );
    const [plan] = await a.db.select().from(installmentPlans);
    expect(plan).toMatchObject({ totalAmountCents: 240_000, installmentCount: 10, createdBy: a.marina.id });
    expect(await a.debtOf(a.nubank.id)).toBeGreaterThan(0);

    await a.send("desfazer");
    expect(await a.db.select().from(installmentPlans)).toHaveLength(0);
    expect(await a.written()).toHaveLength(0);
    expect(await a.debtOf(a.nubank.id)).toBe(0);
  });

  it("records income and transfers", async () => {
    await a.send("recebi 3.000 de salário");
    await a.send("transferi 200 do itaú para a carteira");
    const [income, transfer] = await a.written();
    expect(income).toMatchObject({ kind: "income", amountCents: 300_000, destinationAccountId: a.itau.id });
    expect(transfer).toMatchObject({
      kind: "transfer",
      amountCents: 20_000,
      originAccountId: a.itau.id,
      destinationAccountId: a.wallet.id,
    });
    expect(await a.balanceOf(a.wallet.id)).toBe(20_000);
  });

  it("never converts unasked: an amount in another currency than the account's is offered in an account of its own", async () => {
    // No rate is kept in this test, so only the dollar account is offered.
    const replies = await a.send("paguei $20 no mercado");
    expect(replies[0]!.text).toBe(
      "Itaú está em BRL, e US$ 20,00 está em USD. Não tenho a cotação de hoje, então não vou converter: escolha uma conta em USD: Wise.",
    );
    expect(replies[0]!.buttons).toEqual([{ id: "leg:0", title: "Wise" }]);
    expect(await a.written()).toHaveLength(0);
    await a.tap("leg:0", "Wise");
    expect((await a.written())[0]).toMatchObject({ originAccountId: a.wise.id, amountCents: 2000, currency: "USD" });
    await a.send("paguei $20 no mercado no wise");
    expect(await a.written()).toHaveLength(2);
  });

  it("learns a tag from past descriptions, then from keyword lists, and only with auto-categorise on", async () => {
    await insertTransactionRow(a, { description: "Academia Smart Fit", tagId: a.sports.id });
    await a.send("academia 99,90");
    await a.send("uber 18");
    const [academia, uber] = (await a.written()).filter((row) => row.createdVia === "bot:whatsapp");
    expect(await a.tagIdsOf(academia!.id)).toEqual([a.sports.id]);
    expect(await a.tagIdsOf(uber!.id)).toEqual([a.transport.id]);

    await a.setPreferences({ autoCategorize: false, defaultTagId: a.restaurants.id });
    await a.send("uber 18");
    const last = (await a.written()).at(-1)!;
    expect(await a.tagIdsOf(last.id)).toEqual([a.restaurants.id]);
  });

  it("tags by the workspace's rules before any guess of its own, unless the message names a tag", async () => {
    // Keywords would file "uber" under Transporte; the household's rule files it under Restaurantes.
    await a.db.insert(rules).values({
      id: crypto.randomUUID(),
      workspaceId: a.workspaceId,
      name: "Uber",
      position: 0,
      conditions: {
        sources: ["assistant"],
        all: [{ field: "description", operator: "contains", value: "uber" }],
      },
      actions: { set_tags: [a.restaurants.id] },
      createdAt: new Date().toISOString(),
    });
    await a.send("uber 18");
    await a.send("uber 20 #Transporte");
    const [ruled, named] = (await a.written()).filter((row) => row.createdVia === "bot:whatsapp");
    expect(await a.tagIdsOf(ruled!.id)).toEqual([a.restaurants.id]);
    expect(await a.tagIdsOf(named!.id)).toEqual([a.transport.id]);
  });

  it("answers saldo, resumo and ajuda without writing", async () => {
    await a.send("mercado 100");
    await a.send("uber 20 no cartão");
    const balance = await a.send("saldo");
    expect(balance[0]!.text).toBe(
      [
        "💰 Saldos em Casa:",
        "• Itaú: R$ 900,00",
        "• Carteira: R$ 0,00",
        "• Wise: US$ 0,00",
        "• Cartão Nubank: fatura R$ 20,00, disponível R$ 4.980,00",
      ].join("\n"),
    );
    const summary = await a.send("resumo");
    expect(summary[0]!.text).toBe(
      [
        "📊 Gastos de novembro de 2026 em Casa:",
        "• Mercado: R$ 100,00",
        "• Transporte: R$ 20,00",
        "Total: R$ 120,00",
      ].join("\n"),
    );
    expect((await a.send("ajuda"))[0]!.text).toContain("gastei 45,90 no mercado");
    expect(await a.written()).toHaveLength(2);
  });

  it("keeps saldo and resumo within one WhatsApp message, saying how many more and where", async () => {
    for (let index = 1; index <= 120; index += 1) {
      const name = `Conta número ${String(index).padStart(3, "0")} de uma família grande`;
      await insertAccount(a.db, { workspaceId: a.workspaceId, name, currency: "BRL" });
    }
    const balance = (await a.send("saldo"))[0]!.text;
    expect(balance.length).toBeLessThanOrEqual(4096);
    expect(balance.split("\n").at(-1)).toMatch(
      new RegExp(`^…e mais \\d+: veja tudo em https://moneta.test/workspaces/${a.workspaceId}/accounts$`),
    );

    for (let index = 1; index <= 14; index += 1) {
      const tag = await insertTag(a.db, { workspaceId: a.workspaceId, name: `Tag ${index}` });
      await insertTransactionRow(a, {
        description: `Gasto ${index}`,
        tagId: tag.id,
        amount: `${index}.00`,
        date: "2026-11-10",
      });
    }
    const lines = (await a.send("resumo"))[0]!.text.split("\n");
    expect(lines.filter((line) => line.startsWith("• "))).toHaveLength(12);
    expect(lines).toContain(`…e mais 2: veja tudo em https://moneta.test/workspaces/${a.workspaceId}/analytics`);
    expect(lines.at(-1)).toBe("Total: R$ 105,00");
  });

  it("writes nothing for a viewer, a user without the plan, or with the assistant off — and says why", async () => {
    const refusals: Array<[() => Promise<unknown>, string]> = [
      [
        () => a.db.update(workspaceMembers).set({ role: "viewer" }).where(eq(workspaceMembers.userId, a.marina.id)),
        "você só pode ver",
      ],
      [() => a.db.update(userPreferences).set({ botEnabled: false }), "O assistente está desligado"],
    ];
    for (const [change, said] of refusals) {
      await change();
      const replies = await a.send("gastei 50 no mercado");
      expect(replies[0]!.text).toContain(said);
    }
    expect(await a.written()).toHaveLength(0);

    await a.linkedMember("5521900000000", { tier: "free", language: "pt-BR" });
    const replies = await a.send("gastei 50 no mercado", { from: "5521900000000" });
    expect(replies[0]!.text).toBe(
      "O assistente do WhatsApp faz parte do plano Unlimited. Veja os planos e como mudar em https://moneta.test/#planos.",
    );
    expect(await a.written()).toHaveLength(0);
  });

  it("never reaches outside the default workspace: after leaving it, or with defaults of another one", async () => {
    const elsewhere = await insertWorkspace(a.db, { ownerId: a.owner.id, currency: "BRL" });
    const foreign = await insertAccount(a.db, { workspaceId: elsewhere.id, name: "Conta de outro", currency: "BRL" });
    await a.setPreferences({ defaultAccountId: foreign.id });
    await a.send("mercado 10");
    expect((await a.written())[0]).toMatchObject({ originAccountId: a.itau.id });
    expect(await a.balanceOf(foreign.id)).toBe(0);

    await a.db.delete(workspaceMembers).where(eq(workspaceMembers.userId, a.marina.id));
    const replies = await a.send("mercado 20");
    expect(replies[0]!.text).toContain("Escolha o espaço de trabalho do assistente");
    expect(await a.written()).toHaveLength(1);
  });

  it("links a phone by the code sent from it, once, within its 10 minutes", async () => {
    const joana = await insertUser(a.db, { tier: "unlimited", language: "en" });
    const expiresAt = new Date(a.clock.now().getTime() + 10 * 60_000).toISOString();
    await a.db
      .insert(botLinkCodes)
      .values({ userId: joana.id, code: "482913", expiresAt, createdAt: a.clock.now().toISOString() });
    const phone = { from: "5531988887777" };
    expect((await a.send("Vincular: 482 913", phone))[0]!.text).toContain("✅ Pronto! Este WhatsApp está vinculado");
    expect(await a.db.select().from(botLinks).where(eq(botLinks.userId, joana.id))).toMatchObject([
      { phone: "5531988887777" },
    ]);
    // The code worked once; the linked phone sending it again is told it is no longer valid.
    expect((await a.send("LINK 482913", phone))[0]!.text).toContain("That code is no longer valid");

    await a.db
      .insert(botLinkCodes)
      .values({ userId: joana.id, code: "111222", expiresAt, createdAt: a.clock.now().toISOString() });
    a.clock.set(new Date(Date.parse(expiresAt) + 1000).toISOString());
    expect((await a.send("vincular 111222", { from: "5531900001111" }))[0]!.text).toContain(
      "Esse código não vale mais",
    );
    expect(await a.db.select().from(botLinks).where(eq(botLinks.phone, "5531900001111"))).toEqual([]);
  });

  it("tells an unknown number how to link, once in a while, and writes nothing", async () => {
    const stranger = { from: "5531911112222" };
    const first = await a.send("oi, gastei 10 no mercado", stranger);
    expect(first[0]!.text).toContain("Configurações → Assistente");
    expect(await a.send("gastei 10 no mercado", stranger)).toEqual([]);
    expect(await a.written()).toHaveLength(0);
  });

  it("answers an audio or a sticker with what it reads", async () => {
    const replies = await a.handle(a.deliver({ type: "unsupported", kind: "audio" }));
    expect(replies[0]!.text).toContain("Eu leio mensagens de texto e fotos ou PDFs de comprovantes");
  });
});
