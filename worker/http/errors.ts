import type { ErrorMessageKey, FieldMessages, Message, MessageValues } from "./messages.ts";

/**
 * The one error model. Services throw AppError with a stable code; the code decides the
 * HTTP status; the UI translates by code. Messages are i18n keys (./messages.ts), translated for
 * whoever reads them; they are for people and never echo internals.
 */
const statusByCode = {
  BAD_REQUEST: 400,
  MALFORMED_JSON: 400,
  /** The Idempotency-Key header is empty, longer than 255 characters or not printable ASCII. */
  IDEMPOTENCY_KEY_INVALID: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  /** Past a sign-in soft limit: solve a Turnstile challenge and send its token (turnstile_token). */
  CHALLENGE_REQUIRED: 403,
  /** The tier's limit (workspaces per user, accounts per workspace) is used up. */
  LIMIT_REACHED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  /** A workspace always keeps an owner: the last one cannot leave, step down or be removed. */
  LAST_OWNER: 409,
  ALREADY_MEMBER: 409,
  /** Money was recorded against it: archive instead of deleting. */
  ACCOUNT_HAS_TRANSACTIONS: 409,
  ACCOUNT_HAS_CARDS: 409,
  CARD_HAS_TRANSACTIONS: 409,
  TAG_NAME_TAKEN: 409,
  /** A tag, budget or subcategory a merge or delete of tags reads changed before its write: nothing changed. */
  TAGS_CHANGED: 409,
  PAYEE_NAME_TAKEN: 409,
  /** A payee a merge reads was merged or deleted before its write: nothing changed. */
  PAYEES_CHANGED: 409,
  /** Someone else changed the rule between the read and this write: reload and retry. */
  RULES_CHANGED: 409,
  /** A rule run applies once its scan is done, and is undone once applied. */
  RULE_RUN_NOT_READY: 409,
  /** Transactions or cards already use the account, so its currency is fixed. */
  ACCOUNT_CURRENCY_LOCKED: 409,
  /** A credit card with debt cannot become a debit card until the debt is paid. */
  CARD_HAS_DEBT: 409,
  /** Someone else edited or deleted the transaction between the read and this write: reload and retry. */
  TRANSACTION_CHANGED: 409,
  /** An account, card or tag the write names was deleted between its read and its write: reload and retry. */
  REFERENCED_ITEM_DELETED: 409,
  /** Recurring transactions need beta access: the owner's plan and the workspace's beta features. */
  BETA_REQUIRED: 403,
  /** The workspace owner's plan lacks the feature (advanced analytics…); the answer says what the plan includes. */
  PLAN_UPGRADE_REQUIRED: 403,
  /** A tag (or all spending) has one budget. */
  BUDGET_EXISTS: 409,
  /** Someone else changed the budget or goal between the read and this write: reload and retry. */
  BUDGET_CHANGED: 409,
  GOAL_CHANGED: 409,
  /** Only a pending scheduled transaction is edited, executed or cancelled. */
  SCHEDULED_NOT_PENDING: 409,
  /** Execute and pause need an active recurring transaction… */
  RECURRING_NOT_ACTIVE: 409,
  /** …and resume a paused one. */
  RECURRING_NOT_PAUSED: 409,
  /** A scheduled or recurring item changed (or was posted) between the read and this write: reload and retry. */
  PLANNED_ITEM_CHANGED: 409,
  /** Posting or linking an installment, and pausing, need an active plan… */
  INSTALLMENT_PLAN_NOT_ACTIVE: 409,
  /** …resuming a paused one… */
  INSTALLMENT_PLAN_NOT_PAUSED: 409,
  /** …and a plan paid from an account: a card's installments go with its statements. */
  INSTALLMENT_PLAN_ON_CARD: 409,
  /** A cancelled plan changes no more. */
  INSTALLMENT_PLAN_CANCELLED: 409,
  /** A loan paid off or refinanced takes no more payments or changes. */
  LOAN_NOT_ACTIVE: 409,
  /** The email is already on the waiting list. */
  LEAD_ALREADY_LISTED: 409,
  /** The statement import was undone: it takes no more lines. */
  IMPORT_UNDONE: 409,
  /** A transaction an import created was edited or deleted while the import was being undone: nothing changed. */
  IMPORT_CHANGED: 409,
  /** A Moneta account or card takes one bank account's lines: this one is linked to another already. */
  BANK_ACCOUNT_LINKED: 409,
  /** The bank connection was disconnected: it takes no more links or syncs. */
  BANK_CONNECTION_DISCONNECTED: 409,
  /** A reconcile's difference is no longer the one the person saw (a sync or an entry came in): nothing written. */
  BANK_BALANCE_CHANGED: 409,
  /** A request with this Idempotency-Key is still being written and its answer is not stored yet: retry. */
  IDEMPOTENCY_KEY_IN_USE: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION_FAILED: 422,
  /** A credit card purchase above what is left of the limit. */
  INSUFFICIENT_CREDIT: 422,
  /** A write would take a balance or card debt beyond the bound (README: "Money model"). */
  BALANCE_OUT_OF_RANGE: 422,
  /** A statement file that cannot be read: the sentence names the line and what is wrong. Nothing was written. */
  IMPORT_FILE_INVALID: 422,
  /** The Idempotency-Key was already used, within its 24 h, for a different request. */
  IDEMPOTENCY_KEY_REUSED: 422,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  /** The database did not answer in time, refused the connection or stayed locked: nothing was half-written. */
  DATABASE_UNAVAILABLE: 503,
  /** The database answers reads but took no write within the deadline (/api/health says so). */
  DATABASE_READ_ONLY: 503,
  /** No exchange-rate provider answered and no rate for the pair was ever kept: nothing is converted at an invented rate. */
  EXCHANGE_RATES_UNAVAILABLE: 503,
  /** Bank connections are not set up on this server (no sealing key or provider credentials). */
  BANK_CONNECTIONS_UNAVAILABLE: 503,
  /** The bank-data provider did not answer, or asked us to wait: nothing changed; `Retry-After` says when to try. */
  BANK_PROVIDER_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof statusByCode;
/** Every code, so a test can hold locales/<language>/errors.json to one sentence per code. */
export const errorCodes = Object.keys(statusByCode) as ErrorCode[];
export type ErrorStatus = (typeof statusByCode)[ErrorCode];
export const statusOf = (code: ErrorCode): ErrorStatus => statusByCode[code];
/** The envelope's field map, translated for the caller: { "name": ["Name is required"] }. */
export type FieldErrors = Record<string, string[]>;

type ErrorMessage = ErrorMessageKey | { key: ErrorMessageKey; values?: MessageValues };

export class AppError extends Error {
  readonly code: ErrorCode;
  /** What a person reads, as a key; without one given, the code's own sentence (`errors:<CODE>`). */
  readonly messageKey: { key: ErrorMessageKey; values?: MessageValues };
  readonly fieldErrors?: FieldMessages;
  readonly retryAfterSeconds?: number;

  constructor(
    code: ErrorCode,
    message?: ErrorMessage,
    options: { fieldErrors?: FieldMessages; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    const messageKey = typeof message === "object" ? message : { key: message ?? (`errors:${code}` as const) };
    // The key, not a sentence: logs and stack traces stay in one language.
    super(messageKey.key, { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.messageKey = messageKey;
    this.fieldErrors = options.fieldErrors;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get status(): ErrorStatus {
    return statusOf(this.code);
  }
}

/**
 * The one way a service refuses a field: `fieldError("tag_ids", "errors:fields.tagMissing")` is a
 * 422 VALIDATION_FAILED whose `errors` name that field. Another code (INSUFFICIENT_CREDIT at
 * `amount`) and the top message can be given; values fill the sentence's {{placeholders}}.
 */
export function fieldError(
  field: string,
  key: ErrorMessageKey,
  options: { values?: MessageValues; code?: ErrorCode; message?: ErrorMessage } = {},
): AppError {
  const fieldMessage: Message = options.values ? { key, values: options.values } : { key };
  return new AppError(options.code ?? "VALIDATION_FAILED", options.message, {
    fieldErrors: { [field]: [fieldMessage] },
  });
}

/** Seconds a client is asked to wait before trying again when the database is out of reach. */
export const databaseRetryAfterSeconds = 5;

export const databaseUnavailable = (cause?: unknown) =>
  new AppError("DATABASE_UNAVAILABLE", undefined, { retryAfterSeconds: databaseRetryAfterSeconds, cause });

export const databaseReadOnly = (cause?: unknown) =>
  new AppError("DATABASE_READ_ONLY", undefined, { retryAfterSeconds: databaseRetryAfterSeconds, cause });

export const internalError = () => new AppError("INTERNAL_ERROR");
