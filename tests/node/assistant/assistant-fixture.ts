import { eq } from "drizzle-orm";
import { addMember, insertAccount, insertCard, insertTag, insertUser, insertWorkspace } from "../../../db/factories.ts";
import { accounts, botLinks, cards, transactions, transactionTags, userPreferences } from "../../../db/schema/index.ts";
import type { IncomingMessage } from "../../../worker/assistant/assistant-message.ts";
import { handleIncomingMessage } from "../../../worker/assistant/assistant.service.ts";
import type { Database } from "../../../db/client.ts";
import type { Env } from "../../../worker/env.ts";
import { createTestDatabase } from "../../support/database.ts";
import { fixedClock, testServiceContext } from "../../support/service-context.ts";

/**
 * A Brazilian household using the assistant: the workspace (São Paulo, BRL) has Itaú (R$ 1.000,00),
 * Carteira and a USD account, the credit card Nubank (limit R$ 5.000,00, closing on the 5th) and
 * the tags Mercado, Restaurantes, Transporte and Esportes. Marina (a member, Unlimited plan) has
 * linked her phone and turned the assistant on: Itaú and Nubank are her defaults, in Portuguese,
 * auto-categorise on, confirmation off. `send` and `tap` deliver a message as WhatsApp would and
 * answer the replies (Intl's no-break spaces read as plain ones).
 */
export async function assistantHousehold(
  options: { db?: Database; clock?: ReturnType<typeof fixedClock>; env?: Partial<Env> } = {},
) {
  const db: Database = options.db ?? (await createTestDatabase());
  // 27 Nov 2026, 12:00 in São Paulo, unless the app's own clock is given.
  const clock = options.clock ?? fixedClock("2026-11-27T15:00:00.000Z");
  const ctx = testServiceContext(db, { clock, env: { APP_URL: "https://moneta.test", ...options.env } });
  const owner = await insertUser(db, { name: "Olívia", tier: "unlimited" });
  const marina = await insertUser(db, { name: "Marina", tier: "unlimited", language: "pt-BR" });
  const workspace = await insertWorkspace(db, {
    ownerId: owner.id,
    name: "Casa",
    currency: "BRL",
    timeZone: "America/Sao_Paulo",
  });
  await addMember(db, { workspaceId: workspace.id, userId: marina.id, role: "member" });
  const workspaceId = workspace.id;
  const itau = await insertAccount(db, { workspaceId, name: "Itaú", currency: "BRL", initialBalanceCents: 100_000 });
  const wallet = await insertAccount(db, { workspaceId, name: "Carteira", currency: "BRL" });
  const wise = await insertAccount(db, { workspaceId, name: "Wise", currency: "USD" });
  const nubank = await insertCard(db, {
    workspaceId,
    accountId: itau.id,
    name: "Nubank",
    creditLimitCents: 500_000,
    billingCycleDay: 5,
  });
  const tagNamed = (name: string) => insertTag(db, { workspaceId, name });
  const groceries = await tagNamed("Mercado");
  const restaurants = await tagNamed("Restaurantes");
  const transport = await tagNamed("Transporte");
  const sports = await tagNamed("Esportes");
  const phone = "5511987654321";
  await db.insert(botLinks).values({ userId: marina.id, phone, linkedAt: clock.now().toISOString() });
  await db.insert(userPreferences).values({
    userId: marina.id,
    botEnabled: true,
    defaultWorkspaceId: workspaceId,
    defaultAccountId: itau.id,
    defaultCardId: nubank.id,
    defaultCurrency: "BRL",
    botLanguage: "pt-BR",
    autoCategorize: true,
    requireConfirmation: false,
    updatedAt: clock.now().toISOString(),
  });

  /** Another member of the workspace with a linked phone and the assistant on there (a plan and language of their own). */
  async function linkedMember(phone: string, fields: { tier: "free" | "unlimited"; language: "en" | "pt-BR" }) {
    const user = await insertUser(db, fields);
    await addMember(db, { workspaceId, userId: user.id, role: "member" });
    await db.insert(botLinks).values({ userId: user.id, phone, linkedAt: clock.now().toISOString() });
    await db.insert(userPreferences).values({
      userId: user.id,
      botEnabled: true,
      botLanguage: fields.language,
      defaultWorkspaceId: workspaceId,
      updatedAt: clock.now().toISOString(),
    });
    return user;
  }

  let delivered = 0;
  const messageId = () => `wamid.TEST${String(++delivered).padStart(6, "0")}`;
  const deliver = (content: IncomingMessage["content"], fields: Partial<IncomingMessage> = {}): IncomingMessage => ({
    channel: "whatsapp",
    messageId: messageId(),
    from: phone,
    sentAt: clock.now(),
    content,
    ...fields,
  });
  // Intl puts a no-break space between "R$" and the amount; the tests write a plain one.
  const handle = async (message: IncomingMessage) =>
    (await handleIncomingMessage(ctx, message)).map((reply) => ({
      ...reply,
      text: reply.text.replace(/\u00a0/g, " "),
    }));
  const send = (text: string, fields: Partial<IncomingMessage> = {}) => handle(deliver({ type: "text", text }, fields));
  const tap = (id: string, title = id) => handle(deliver({ type: "button", id, title }));

  const written = () =>
    db.select().from(transactions).where(eq(transactions.workspaceId, workspaceId)).orderBy(transactions.createdAt);
  const tagIdsOf = async (transactionId: string) =>
    (await db.select().from(transactionTags).where(eq(transactionTags.transactionId, transactionId))).map(
      (row) => row.tagId,
    );
  const balanceOf = async (accountId: string) =>
    (await db.select().from(accounts).where(eq(accounts.id, accountId)))[0]!.balanceCents;
  const debtOf = async (cardId: string) => (await db.select().from(cards).where(eq(cards.id, cardId)))[0]!.debtCents;
  const setPreferences = (fields: Partial<typeof userPreferences.$inferInsert>) =>
    db.update(userPreferences).set(fields).where(eq(userPreferences.userId, marina.id));

  return {
    db,
    clock,
    ctx,
    owner,
    marina,
    workspaceId,
    phone,
    itau,
    wallet,
    wise,
    nubank,
    groceries,
    restaurants,
    transport,
    sports,
    deliver,
    handle,
    send,
    tap,
    written,
    tagIdsOf,
    balanceOf,
    debtOf,
    setPreferences,
    linkedMember,
  };
}

export type AssistantHousehold = Awaited<ReturnType<typeof assistantHousehold>>;
