/**
 * The value lists the tables store, written once. Plain data with no Drizzle and no imports, so
 * the tables (db/schema), the shared zod schemas and rules (worker/) and the browser's forms all
 * read the same tuples. It sits in db/ rather than worker/ because db/ imports nothing from
 * worker/, and outside db/schema/ so the browser never imports a table file.
 */

/** Roles inside a workspace, most powerful first (the members list shows them in this order). */
export const workspaceRoles = ["owner", "admin", "member", "viewer"] as const;
export type WorkspaceRole = (typeof workspaceRoles)[number];

export const accountTypes = ["checking", "savings", "investment", "credit"] as const;
export type AccountType = (typeof accountTypes)[number];

/** A hybrid card switches between the two modes; a transaction freezes the mode it was written in. */
export const cardTypes = ["credit", "debit", "hybrid"] as const;
export type CardType = (typeof cardTypes)[number];
export const cardModes = ["credit", "debit"] as const;
export type CardMode = (typeof cardModes)[number];

/** The channels the chat-bot acts through, and the named jobs of our own that write (the cron executor). */
export const botChannels = ["whatsapp"] as const;
export type BotChannel = (typeof botChannels)[number];
export const systemJobs = ["due-items", "bank-sync", "reminders"] as const;
export type SystemJob = (typeof systemJobs)[number];

/**
 * Who wrote a row besides `created_by` (a user id, null for a job): `person`, `bot:<channel>`
 * or `system:<job>`, so a list can say "added by the WhatsApp bot" or "posted by schedule".
 */
export type CreatedVia = "person" | `bot:${BotChannel}` | `system:${SystemJob}`;

export const transactionKinds = ["income", "expense", "transfer", "pay_credit_card"] as const;
export type TransactionKind = (typeof transactionKinds)[number];

/**
 * The currencies a workspace, an account (and so its cards) and a transaction may hold, with their
 * ISO 4217 minor unit: amounts are stored as integers of that unit. The first two are the ones the
 * product started with; the rest are the other currencies Brazilians hold (Wise, Nomad, travel).
 * The yen has none (¥1.000, never ¥1.000,00); the amount parsers, the API's decimal strings and the
 * formatters follow each one's places (worker/ledger/amounts.ts: minorUnitOf). A column stores the
 * code as text, so a new one needs no migration.
 */
export const currencies = ["USD", "BRL", "EUR", "GBP", "JPY", "AUD", "CAD", "CHF", "CNY", "SEK", "NZD"] as const;
export type Currency = (typeof currencies)[number];
export const currencyMinorUnits: Readonly<Record<Currency, number>> = {
  USD: 2,
  BRL: 2,
  EUR: 2,
  GBP: 2,
  JPY: 0,
  AUD: 2,
  CAD: 2,
  CHF: 2,
  CNY: 2,
  SEK: 2,
  NZD: 2,
};

/** Planned money (README: "Scheduled and recurring transactions"). */
export const scheduledStatuses = ["pending", "executed", "cancelled"] as const;
export type ScheduledStatus = (typeof scheduledStatuses)[number];
export const recurringStatuses = ["active", "paused", "inactive"] as const;
export type RecurringStatus = (typeof recurringStatuses)[number];
/**
 * An installment plan's kept status; "overdue" is worked out when read (an installment's date
 * passed and it was not posted), "completed" once every installment is posted and dated.
 */
export const installmentPlanStatuses = ["active", "paused", "completed", "cancelled"] as const;
export type InstallmentPlanStatus = (typeof installmentPlanStatuses)[number];
/** Loans (README: "Loans"). */
export const loanStatuses = ["active", "paid_off", "defaulted", "refinanced"] as const;
export type LoanStatus = (typeof loanStatuses)[number];
export const interestTypes = ["fixed", "variable"] as const;
export const paymentFrequencies = ["monthly", "biweekly", "weekly"] as const;
export const amortizationSystems = ["price", "sac"] as const;
export const ratePeriods = ["year", "month"] as const;
export const rateConversions = ["nominal", "effective"] as const;
/** What an extra payment does: fewer payments left, or smaller ones. */
export const extraPaymentModes = ["shorten_term", "lower_payment"] as const;
/** Where a posted transaction came from. */
export const plannedSourceKinds = ["scheduled", "recurring", "installment", "loan"] as const;
export type PlannedSourceKind = (typeof plannedSourceKinds)[number];

/** What a bank statement import reads: OFX/QFX (1.x SGML or 2.x XML) or a CSV with a column mapping. */
export const importFormats = ["ofx", "csv"] as const;
export type ImportFormat = (typeof importFormats)[number];

/** Who brings a bank connection's data (README: "Bank connections"). */
export const bankProviders = ["pluggy", "simplefin"] as const;
export type BankProvider = (typeof bankProviders)[number];
/**
 * Where a connection stands: `active` (syncing), `needs_login` (the bank wants the person to sign in again
 * or the access was revoked), `consent_expired` (Open Finance consent ran out), `failing` (the provider or
 * bank keeps failing; retried), `disconnected` (the person disconnected it; its transactions stay).
 */
export const bankConnectionStatuses = ["active", "needs_login", "consent_expired", "failing", "disconnected"] as const;
export type BankConnectionStatus = (typeof bankConnectionStatuses)[number];
export const remoteAccountKinds = ["checking", "savings", "credit_card"] as const;
/** How a bank line joined the ledger: written by the sync, or matched to a transaction already there. */
export const bankLineJoins = ["created", "matched"] as const;

/**
 * A notification's delivery: `waiting` for its hour (or its next try), `sending` while a run holds it,
 * `sent`, `failed` after its tries (shown in the inbox as not delivered), `dropped` when its moment
 * passed before it could go (a run that missed a day says nothing stale).
 */
export const notificationStatuses = ["waiting", "sending", "sent", "failed", "dropped"] as const;
export type NotificationStatus = (typeof notificationStatuses)[number];
/** What a receipt may be, known from its bytes: photos (JPEG, PNG, WebP, HEIC from iPhones) and PDFs. */
export const receiptTypes = ["image/jpeg", "image/png", "image/webp", "image/heic", "application/pdf"] as const;
export type ReceiptType = (typeof receiptTypes)[number];
