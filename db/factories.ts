/**
 * One factory per entity, used by the seed command and the tests: sensible defaults,
 * overridable fields, rows written through Drizzle into a real database.
 */
import { eq } from "drizzle-orm";
import type { Database } from "./client.ts";
import {
  accounts,
  cards,
  leads,
  installmentPlans,
  recurringTransactions,
  scheduledTransactions,
  tags,
  userPictures,
  users,
  workspaceInvitations,
  workspaceMembers,
  workspaces,
  type WorkspaceRole,
} from "./schema/index.ts";

let sequence = 0;
const next = () => ++sequence;
/** Test files in other processes write into the same sqld (the worker layer): addresses must not meet. */
const processTag = crypto.randomUUID().slice(0, 8);

export async function insertUser(db: Database, fields: Partial<typeof users.$inferInsert> = {}) {
  const n = next();
  const [user] = await db
    .insert(users)
    .values({ email: `person${n}.${processTag}@example.com`, name: `Person ${n}`, ...fields })
    .returning();
  return user!;
}

export async function insertWorkspace(
  db: Database,
  fields: Partial<typeof workspaces.$inferInsert> & { ownerId: string },
) {
  const { ownerId, ...rest } = fields;
  const [workspace] = await db
    .insert(workspaces)
    .values({ name: `Workspace ${next()}`, createdBy: ownerId, ...rest })
    .returning();
  await db.insert(workspaceMembers).values({ workspaceId: workspace!.id, userId: ownerId, role: "owner" });
  return workspace!;
}

export async function addMember(db: Database, input: { workspaceId: string; userId: string; role: WorkspaceRole }) {
  const [member] = await db.insert(workspaceMembers).values(input).returning();
  return member!;
}

export async function insertLead(db: Database, fields: Partial<typeof leads.$inferInsert> = {}) {
  const n = next();
  const [lead] = await db
    .insert(leads)
    .values({ name: `Lead ${n}`, email: `lead${n}@example.com`, phone: "(11) 98765-4321", ...fields })
    .returning();
  return lead!;
}

export async function insertInvitation(
  db: Database,
  fields: Partial<typeof workspaceInvitations.$inferInsert> & { workspaceId: string },
) {
  const [invitation] = await db
    .insert(workspaceInvitations)
    .values({ email: `invitee${next()}@example.com`, role: "member", ...fields })
    .returning();
  return invitation!;
}

/** A tiny but genuine image of each kind, for picture uploads. */
export const samplePictures = {
  png: Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]),
  jpeg: Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]),
  gif: new TextEncoder().encode("GIF89a\x01\x00\x01\x00"),
};

export async function insertPicture(db: Database, fields: { userId: string; bytes?: Uint8Array<ArrayBuffer> }) {
  const bytes = fields.bytes ?? samplePictures.png;
  await db.insert(userPictures).values({
    userId: fields.userId,
    contentType: "image/png",
    bytes,
    byteSize: bytes.byteLength,
    updatedAt: new Date().toISOString(),
  });
  await db
    .update(users)
    .set({ pictureKey: `picture-${next()}` })
    .where(eq(users.id, fields.userId));
}

/** An account as it stands before any transaction: its balance is its opening balance. */
export async function insertAccount(
  db: Database,
  fields: Partial<typeof accounts.$inferInsert> & { workspaceId: string },
) {
  const opening = fields.initialBalanceCents ?? 0;
  const [account] = await db
    .insert(accounts)
    .values({
      name: `Account ${next()}`,
      type: "checking",
      currency: "BRL",
      color: "#3B82F6",
      icon: "banknotes",
      ...fields,
      initialBalanceCents: opening,
      balanceCents: opening,
    })
    .returning();
  return account!;
}

/** A credit card (limit R$ 5 000,00) with no debt yet. */
const dueDayTenDaysAfter = (billingDay: number) => (billingDay <= 20 ? billingDay + 10 : Math.min(billingDay, 30) - 20);

export async function insertCard(
  db: Database,
  fields: Partial<typeof cards.$inferInsert> & { workspaceId: string; accountId: string },
) {
  const [card] = await db
    .insert(cards)
    .values({
      name: `Card ${next()}`,
      type: "credit",
      mode: "credit",
      creditLimitCents: 500_000,
      billingCycleDay: 10,
      // Due 10 days after closing, as migration 0007 set existing cards (worker/ledger/rules/card-rules.ts).
      dueDay: dueDayTenDaysAfter(fields.billingCycleDay ?? 10),
      ...fields,
      debtCents: 0,
    })
    .returning();
  return card!;
}

export async function insertTag(db: Database, fields: Partial<typeof tags.$inferInsert> & { workspaceId: string }) {
  const [tag] = await db
    .insert(tags)
    .values({ name: `Tag ${next()}`, ...fields })
    .returning();
  return tag!;
}

/** A pending scheduled expense from an account (R$ 10,00 unless told). */
export async function insertScheduled(
  db: Database,
  fields: Partial<typeof scheduledTransactions.$inferInsert> & {
    workspaceId: string;
    accountId: string;
    scheduledDate: string;
  },
) {
  const { accountId, ...rest } = fields;
  const [item] = await db
    .insert(scheduledTransactions)
    .values({
      kind: "expense",
      description: `Scheduled ${next()}`,
      amountCents: 1_000,
      currency: "BRL",
      origin: `account:${accountId}`,
      ...rest,
    })
    .returning();
  return item!;
}

/** An active daily recurring expense from an account (R$ 10,00 unless told), next due on its start date. */
export async function insertRecurring(
  db: Database,
  fields: Partial<typeof recurringTransactions.$inferInsert> & {
    workspaceId: string;
    accountId: string;
    startDate: string;
  },
) {
  const { accountId, ...rest } = fields;
  const [item] = await db
    .insert(recurringTransactions)
    .values({
      name: `Recurring ${next()}`,
      kind: "expense",
      description: "Recurring",
      amountCents: 1_000,
      currency: "BRL",
      origin: `account:${accountId}`,
      frequency: "daily",
      nextDate: fields.startDate,
      nextDueDate: fields.startDate,
      ...rest,
    })
    .returning();
  return item!;
}

/** An installment plan paid from an account, nothing posted yet: equal parts, monthly from `firstPaymentDate`. */
export async function insertInstallmentPlan(
  db: Database,
  fields: Partial<typeof installmentPlans.$inferInsert> & {
    workspaceId: string;
    accountId: string;
    firstPaymentDate: string;
    totalAmountCents: number;
    installmentCount: number;
  },
) {
  const { accountId, ...rest } = fields;
  const [plan] = await db
    .insert(installmentPlans)
    .values({
      kind: "expense",
      description: `Plan ${next()}`,
      amountCents: Math.floor(fields.totalAmountCents / fields.installmentCount),
      currency: "BRL",
      origin: `account:${accountId}`,
      purchaseDate: fields.firstPaymentDate,
      dayOfMonth: Number(fields.firstPaymentDate.slice(8, 10)),
      nextDueDate: fields.firstPaymentDate,
      ...rest,
    })
    .returning();
  return plan!;
}
