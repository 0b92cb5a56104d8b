import { z } from "zod";
import { minorUnitOf } from "../../ledger/amounts.ts";
import { addDays, todayIn } from "../../ledger/dates.ts";
import {
  type BankProvider,
  BankProviderError,
  type BankProviderFailure,
  type RemoteAccount,
  type RemoteBill,
  type RemoteLine,
} from "./bank-provider.ts";
import { type ProviderFetchOptions, providerFetch } from "./provider-fetch.ts";

/**
 * Pluggy's API (docs/bank-connections.md): an API key from `POST /auth` (a JWT living 2 hours) in
 * `X-API-KEY` on every call, items (one person's connection to one bank), their accounts, transactions
 * and card bills. Pluggy's numbers are major units (read exactly, ./decimalOfProviderNumber), a card's
 * amounts and balance are signed as what is owed (turned into Moneta's sign here), and its dates are
 * instants at the bank's midnight in São Paulo.
 *
 * How answers map to failures:
 * - 401 on a data call: the key expired or was revoked; the call is made once more with a new key, and a
 *   second 401 is `refused` (Pluggy will not take a key it just issued from us).
 * - 401/403 from `/auth`: `refused`, our client id or secret is wrong or the app is disabled.
 * - 403 on a data call: our key cannot see that item or account (another app's): `refused`.
 * - 404: the item or account does not exist (deleted at Pluggy): `refused`; `deleteItem` counts it as done.
 * - any other 4xx: we sent something Pluggy does not take: `refused`.
 * - 429, 5xx, timeouts: retried by providerFetch, then `rate_limited` or `unavailable`.
 * - a body not in the documented shape: `unreadable`.
 */

export type PluggySettings = {
  apiUrl?: string;
  clientId: string;
  clientSecret: string;
  timeoutMs?: number;
  /** Overrides of the retry policy; tests pass `sleep` so retries don't wait. */
  fetchOptions?: Partial<ProviderFetchOptions>;
  /** The clock, in ms: when the cached key is due for renewal, whether a consent has run out. */
  now?: () => number;
};

export const defaultPluggyApiUrl = "https://api.pluggy.ai";
const bankTimeZone = "America/Sao_Paulo";
/** A key is renewed this long before its `exp`, so it never runs out on the way. */
const renewBeforeExpiryMs = 60_000;
/** Pluggy's documented key lifetime, for a key whose `exp` can't be read. */
const documentedKeyLifetimeMs = 2 * 60 * 60_000;
const pageSize = 500;

type CachedKey = { apiKey: string; renewAt: number };
/** Per API URL and credentials, in the isolate: `/auth` has its own rate limit and a key lasts 2 hours. */
const apiKeys = new Map<string, Promise<CachedKey>>();

/**
 * A JSON number in major units as an exact decimal with `places` decimals, rounded half away from zero:
 * read from the number's shortest text (what JSON wrote), never by float arithmetic, so 1.005 is "1.01"
 * where Math.round(1.005 * 100) gives 1.00, and 0.1 + 0.2 is "0.30".
 */
export function decimalOfProviderNumber(value: number, places: number): string {
  const match = Number.isFinite(value) ? /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(value)) : null;
  if (!match) throw new RangeError(`Not a finite number: ${value}`);
  const [, sign, whole, fraction = "", exponent = "0"] = match;
  // digits × 10^shift is the value's magnitude in units of 10^-places.
  const digits = BigInt(whole! + fraction);
  const shift = Number(exponent) - fraction.length + places;
  let units: bigint;
  if (shift >= 0) units = digits * 10n ** BigInt(shift);
  else {
    const divisor = 10n ** BigInt(-shift);
    units = (2n * digits + divisor) / (2n * divisor);
  }
  const text = units.toString().padStart(places + 1, "0");
  const decimal = places === 0 ? text : `${text.slice(0, -places)}.${text.slice(-places)}`;
  return sign && units !== 0n ? `-${decimal}` : decimal;
}

/** "-12.30" ↔ "12.30"; zero stays unsigned. */
export function negatedDecimal(decimal: string): string {
  if (decimal.startsWith("-")) return decimal.slice(1);
  return /^[0.]+$/.test(decimal) ? decimal : `-${decimal}`;
}

/**
 * The bank's calendar day of one of Pluggy's date instants. Transactions are dated at the bank's
 * midnight in São Paulo ("2024-04-28T03:00:00.000Z" is the 28th), so an instant reads as its São Paulo
 * day; but bills and card dates come as midnight UTC ("2024-05-27T00:00:00.000Z"), which would read as
 * the day before there, so an exact midnight UTC reads as its UTC day.
 */
export function bankDayOf(instant: string): string {
  const at = new Date(instant);
  if (Number.isNaN(at.getTime())) throw new RangeError(`Not a date: ${instant}`);
  return at.getTime() % 86_400_000 === 0 ? at.toISOString().slice(0, 10) : todayIn(bankTimeZone, at);
}

const instant = z.string().refine((text) => !Number.isNaN(Date.parse(text)));
const money = z.number().refine(Number.isFinite);
const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ results: z.array(item), page: z.number().int().optional(), totalPages: z.number().int().optional() });

const itemSchema = z.object({
  id: z.string(),
  connector: z.object({ name: z.string(), imageUrl: z.string().nullish() }),
  status: z.string(),
  executionStatus: z.string().nullish(),
  error: z.object({ code: z.string().nullish(), message: z.string().nullish() }).nullish(),
  consentExpiresAt: instant.nullish(),
  lastUpdatedAt: instant.nullish(),
  updatedAt: instant.nullish(),
  clientUserId: z.string().nullish(),
});
const accountSchema = z.object({
  id: z.string(),
  type: z.string(),
  subtype: z.string().nullish(),
  number: z.string().nullish(),
  name: z.string(),
  balance: money,
  currencyCode: z.string(),
  updatedAt: instant.nullish(),
  creditData: z
    .object({
      creditLimit: money.nullish(),
      balanceCloseDate: instant.nullish(),
      balanceDueDate: instant.nullish(),
    })
    .nullish(),
});
const partySchema = z.object({ name: z.string().nullish() }).nullish();
const transactionSchema = z.object({
  id: z.string(),
  date: instant,
  description: z.string(),
  type: z.string(),
  amount: money,
  amountInAccountCurrency: money.nullish(),
  status: z.string().nullish(),
  merchant: z.object({ name: z.string().nullish(), businessName: z.string().nullish() }).nullish(),
  paymentData: z.object({ payer: partySchema, receiver: partySchema }).nullish(),
  creditCardMetadata: z
    .object({
      installmentNumber: z.number().int().nullish(),
      totalInstallments: z.number().int().nullish(),
      totalAmount: money.nullish(),
      purchaseDate: instant.nullish(),
      billId: z.string().nullish(),
    })
    .nullish(),
});
const billSchema = z.object({
  id: z.string(),
  dueDate: instant,
  totalAmount: money,
  totalAmountCurrencyCode: z.string(),
});

type PluggyAccount = z.infer<typeof accountSchema>;
type PluggyTransaction = z.infer<typeof transactionSchema>;

export type PluggyItem = {
  itemId: string;
  institution: string;
  institutionImageUrl: string | null;
  /** UPDATED, UPDATING, WAITING_USER_INPUT, WAITING_USER_ACTION, MERGING, LOGIN_ERROR, OUTDATED. */
  status: string;
  executionStatus: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  consentExpiresAt: string | null;
  lastUpdatedAt: string | null;
  /** Who the item was made for: the `clientUserId` of the connect token the widget used. */
  clientUserId: string | null;
};

/** Execution error codes that only the person can clear, by signing in again or authorising anew. */
const credentialErrorCodes = new Set([
  "INVALID_CREDENTIALS",
  "INVALID_CREDENTIALS_MFA",
  "ACCOUNT_LOCKED",
  "ACCOUNT_CREDENTIALS_RESET",
  "USER_AUTHORIZATION_NOT_GRANTED",
]);

/**
 * What an item's state means for reading it, null when its data can be read:
 * - consent past `consentExpiresAt` (Open Finance): `consent_expired`, the person renews it;
 * - LOGIN_ERROR, or an error code above: `credentials`, Pluggy won't retry until the person signs in again;
 * - WAITING_USER_INPUT / WAITING_USER_ACTION: `credentials`, the bank asks the person (MFA, authorise);
 * - UPDATED, UPDATING, MERGING, OUTDATED: readable. OUTDATED's last run failed but Pluggy retries it and
 *   the previous run's data is still served; UPDATING and MERGING serve the previous run's data too.
 */
export function itemFailure(item: PluggyItem, now: number): BankProviderFailure | null {
  if (item.consentExpiresAt && Date.parse(item.consentExpiresAt) <= now) return "consent_expired";
  if (item.status === "LOGIN_ERROR" || credentialErrorCodes.has(item.errorCode ?? "")) return "credentials";
  if (item.status === "WAITING_USER_INPUT" || item.status === "WAITING_USER_ACTION") return "credentials";
  return null;
}

function itemOf(answer: z.infer<typeof itemSchema>): PluggyItem {
  return {
    itemId: answer.id,
    institution: answer.connector.name,
    institutionImageUrl: answer.connector.imageUrl ?? null,
    status: answer.status,
    executionStatus: answer.executionStatus ?? null,
    errorCode: answer.error?.code ?? null,
    errorMessage: answer.error?.message ?? null,
    consentExpiresAt: answer.consentExpiresAt ?? null,
    lastUpdatedAt: answer.lastUpdatedAt ?? null,
    clientUserId: answer.clientUserId ?? null,
  };
}

/** The account kinds Moneta keeps; other types (none documented today) are left out rather than guessed. */
function kindOf(account: PluggyAccount): RemoteAccount["kind"] | null {
  if (account.type === "CREDIT") return "credit_card";
  if (account.type === "BANK" && account.subtype === "CHECKING_ACCOUNT") return "checking";
  if (account.type === "BANK" && account.subtype === "SAVINGS_ACCOUNT") return "savings";
  return null;
}

function remoteAccountOf(account: PluggyAccount, item: PluggyItem, fallbackAt: string): RemoteAccount | null {
  const kind = kindOf(account);
  if (!kind) return null;
  const places = minorUnitOf(account.currencyCode);
  const balance = decimalOfProviderNumber(account.balance, places);
  const credit = account.creditData;
  return {
    remoteId: account.id,
    kind,
    name: account.name,
    institution: item.institution,
    currency: account.currencyCode,
    number: account.number ?? null,
    // A card's balance is what is owed, positive at Pluggy.
    balance: kind === "credit_card" ? negatedDecimal(balance) : balance,
    balanceAt: account.updatedAt ?? item.lastUpdatedAt ?? fallbackAt,
    card:
      kind === "credit_card"
        ? {
            creditLimit: credit?.creditLimit == null ? null : decimalOfProviderNumber(credit.creditLimit, places),
            closingDate: credit?.balanceCloseDate ? bankDayOf(credit.balanceCloseDate) : null,
            dueDate: credit?.balanceDueDate ? bankDayOf(credit.balanceDueDate) : null,
          }
        : null,
  };
}

/** A card's purchases arrive positive (what is owed grows): `isCard` turns them into Moneta's sign. */
function remoteLineOf(line: PluggyTransaction, places: number, isCard: boolean): RemoteLine {
  const signed = (value: number) => {
    const decimal = decimalOfProviderNumber(value, places);
    return isCard ? negatedDecimal(decimal) : decimal;
  };
  const card = line.creditCardMetadata;
  const counterpart = line.type === "DEBIT" ? line.paymentData?.receiver : line.paymentData?.payer;
  const hasInstallments =
    card?.installmentNumber != null && card.totalInstallments != null && card.totalInstallments > 1;
  return {
    remoteId: line.id,
    date: bankDayOf(line.date),
    amount: signed(line.amountInAccountCurrency ?? line.amount),
    description: line.description,
    payee: line.merchant?.name || line.merchant?.businessName || counterpart?.name || null,
    pending: line.status === "PENDING",
    installment: hasInstallments
      ? {
          number: card.installmentNumber!,
          total: card.totalInstallments!,
          totalAmount: card.totalAmount == null ? null : signed(card.totalAmount),
          purchaseDate: card.purchaseDate ? bankDayOf(card.purchaseDate) : null,
        }
      : null,
    billId: card?.billId ?? null,
  };
}

function base64UrlJson(part: string): unknown {
  const base64 = part.replaceAll("-", "+").replaceAll("_", "/");
  return JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "=")));
}

/** When to renew a key: 60 s before its JWT `exp` (read, not verified: it is Pluggy's, checked by Pluggy). */
function renewAtOf(apiKey: string, now: number): number {
  try {
    const exp = (base64UrlJson(apiKey.split(".")[1] ?? "") as { exp?: unknown }).exp;
    if (typeof exp === "number" && Number.isFinite(exp)) return exp * 1000 - renewBeforeExpiryMs;
  } catch {
    // Not a JWT we can read: trust the documented lifetime.
  }
  return now + documentedKeyLifetimeMs - renewBeforeExpiryMs;
}

type Call = { method: "GET" | "POST" | "PATCH" | "DELETE"; path: string; body?: unknown; describe: string };

export function pluggyProvider(settings: PluggySettings) {
  const apiUrl = (settings.apiUrl || defaultPluggyApiUrl).replace(/\/+$/, "");
  const now = settings.now ?? Date.now;
  const fetchOptions: ProviderFetchOptions = {
    timeoutMs: settings.timeoutMs ?? 8000,
    attempts: 3,
    backoffMs: 500,
    longestRetryAfterMs: 5000,
    ...settings.fetchOptions,
  };
  const cacheKey = JSON.stringify([apiUrl, settings.clientId, settings.clientSecret]);

  async function freshKey(): Promise<CachedKey> {
    const response = await providerFetch(
      `${apiUrl}/auth`,
      {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ clientId: settings.clientId, clientSecret: settings.clientSecret }),
      },
      "Pluggy auth",
      fetchOptions,
    );
    if (response.status === 401 || response.status === 403) {
      await response.body?.cancel();
      throw new BankProviderError(
        "refused",
        `Pluggy auth: ${response.status}, the client id or secret Moneta has is refused`,
      );
    }
    const answer = z.object({ apiKey: z.string().min(1) }).safeParse(await jsonOf(response, "Pluggy auth"));
    if (!answer.success) throw new BankProviderError("unreadable", "Pluggy auth: no apiKey in the answer");
    return { apiKey: answer.data.apiKey, renewAt: renewAtOf(answer.data.apiKey, now()) };
  }

  async function apiKey(): Promise<string> {
    const cached = apiKeys.get(cacheKey);
    if (cached) {
      const key = await cached.catch(() => null);
      if (key && key.renewAt > now()) return key.apiKey;
      if (apiKeys.get(cacheKey) === cached) apiKeys.delete(cacheKey);
    }
    let pending = apiKeys.get(cacheKey);
    if (!pending) {
      pending = freshKey();
      apiKeys.set(cacheKey, pending);
      pending.catch(() => apiKeys.get(cacheKey) === pending && apiKeys.delete(cacheKey));
    }
    return (await pending).apiKey;
  }

  async function forgetKey(stale: string) {
    const cached = apiKeys.get(cacheKey);
    if (cached && (await cached.catch(() => null))?.apiKey === stale && apiKeys.get(cacheKey) === cached) {
      apiKeys.delete(cacheKey);
    }
  }

  async function send(call: Call, key: string) {
    const headers: Record<string, string> = { "X-API-KEY": key, Accept: "application/json" };
    if (call.body !== undefined) headers["Content-Type"] = "application/json";
    const init = {
      method: call.method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
    };
    return providerFetch(`${apiUrl}${call.path}`, init, call.describe, fetchOptions);
  }

  /** The answer's JSON, or null for a 404 when `absentIsFine`; every other failure thrown as mapped above. */
  async function request(call: Call, absentIsFine = false): Promise<unknown> {
    const key = await apiKey();
    let response = await send(call, key);
    if (response.status === 401) {
      await response.body?.cancel();
      await forgetKey(key);
      response = await send(call, await apiKey());
    }
    if (absentIsFine && response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new BankProviderError("refused", `${call.describe}: ${response.status}`);
    }
    return jsonOf(response, call.describe);
  }

  async function read<T extends z.ZodType>(schema: T, call: Call): Promise<z.infer<T>> {
    const answer = schema.safeParse(await request(call));
    if (!answer.success)
      throw new BankProviderError("unreadable", `${call.describe}: not in Pluggy's documented shape`);
    return answer.data;
  }

  const itemPath = (itemId: string) => `/items/${encodeURIComponent(itemId)}`;
  const item = async (itemId: string) =>
    itemOf(await read(itemSchema, { method: "GET", path: itemPath(itemId), describe: "Pluggy item" }));
  const account = (accountId: string) =>
    read(accountSchema, {
      method: "GET",
      path: `/accounts/${encodeURIComponent(accountId)}`,
      describe: "Pluggy account",
    });

  return {
    name: "pluggy" as const,

    /** A token for the Connect widget, scoped to `itemId` when updating an existing item. Never logged. */
    async connectToken(input: { itemId?: string; clientUserId: string; webhookUrl?: string }): Promise<string> {
      const body = {
        ...(input.itemId ? { itemId: input.itemId } : {}),
        options: { clientUserId: input.clientUserId, ...(input.webhookUrl ? { webhookUrl: input.webhookUrl } : {}) },
      };
      const answer = await read(z.object({ accessToken: z.string().min(1) }), {
        method: "POST",
        path: "/connect_token",
        body,
        describe: "Pluggy connect token",
      });
      return answer.accessToken;
    },

    item,

    /**
     * An item of Pluggy's sandbox connector (id 0, "Pluggy Bank"; the stand-in's "Banco Sandbox"), made
     * without the widget: how a local run connects a bank, the sandbox's credentials typed in our own form.
     */
    async createSandboxItem(input: { user: string; password: string; clientUserId: string }): Promise<PluggyItem> {
      return itemOf(
        await read(itemSchema, {
          method: "POST",
          path: "/items",
          body: {
            connectorId: 0,
            parameters: { user: input.user, password: input.password },
            clientUserId: input.clientUserId,
          },
          describe: "Pluggy sandbox item",
        }),
      );
    },

    /** Asks Pluggy to sync the item with the bank now (20 a minute at most, Pluggy says: a person's click). */
    async refreshItem(itemId: string): Promise<PluggyItem> {
      return itemOf(
        await read(itemSchema, { method: "PATCH", path: itemPath(itemId), body: {}, describe: "Pluggy item refresh" }),
      );
    },

    /** Deletes the item at Pluggy; one already gone counts as deleted. */
    async deleteItem(itemId: string): Promise<void> {
      await request({ method: "DELETE", path: itemPath(itemId), describe: "Pluggy item delete" }, true);
    },

    /** The item is read first: one that needs the person (itemFailure) fails rather than serving stale data. */
    async accounts(itemId: string): Promise<RemoteAccount[]> {
      const owner = await item(itemId);
      const failure = itemFailure(owner, now());
      if (failure) throw new BankProviderError(failure, `Pluggy item: ${owner.status} ${owner.errorCode ?? ""}`.trim());
      const page = await read(pageOf(accountSchema), {
        method: "GET",
        path: `/accounts?itemId=${encodeURIComponent(itemId)}`,
        describe: "Pluggy accounts",
      });
      const fallbackAt = new Date(now()).toISOString();
      return page.results.flatMap((each) => remoteAccountOf(each, owner, fallbackAt) ?? []);
    },

    /**
     * One page of 500 lines; the cursor is the next page's number. Each page reads the account first (one
     * GET /accounts/{id}): its type decides the sign and its currency the decimals, and the cursor stays a
     * plain page number. `to` is asked a day later and the lines are kept by their São Paulo day, so a
     * `to` Pluggy reads as midnight UTC still brings the window's last day.
     */
    async lines(_itemId: string, remoteAccountId: string, window: { from: string; to: string }, cursor: string | null) {
      const pageNumber = cursor === null ? 1 : Number(cursor);
      if (!Number.isSafeInteger(pageNumber) || pageNumber < 1) {
        throw new BankProviderError("refused", "Pluggy transactions: not a page cursor");
      }
      const owner = await account(remoteAccountId);
      const query = new URLSearchParams({
        accountId: remoteAccountId,
        from: window.from,
        to: addDays(window.to, 1),
        pageSize: String(pageSize),
        page: String(pageNumber),
      });
      const page = await read(pageOf(transactionSchema), {
        method: "GET",
        path: `/transactions?${query}`,
        describe: "Pluggy transactions",
      });
      const places = minorUnitOf(owner.currencyCode);
      const lines = page.results
        .map((line) => remoteLineOf(line, places, owner.type === "CREDIT"))
        .filter((line) => line.date >= window.from && line.date <= window.to);
      const current = page.page ?? pageNumber;
      return { lines, next: current < (page.totalPages ?? current) ? String(current + 1) : null };
    },

    async bills(_itemId: string, remoteAccountId: string): Promise<RemoteBill[]> {
      const bills: RemoteBill[] = [];
      for (let pageNumber = 1; ; pageNumber += 1) {
        const query = new URLSearchParams({ accountId: remoteAccountId, page: String(pageNumber) });
        const page = await read(pageOf(billSchema), {
          method: "GET",
          path: `/bills?${query}`,
          describe: "Pluggy bills",
        });
        for (const bill of page.results) {
          bills.push({
            remoteId: bill.id,
            dueDate: bankDayOf(bill.dueDate),
            total: decimalOfProviderNumber(bill.totalAmount, minorUnitOf(bill.totalAmountCurrencyCode)),
            currency: bill.totalAmountCurrencyCode,
          });
        }
        if (pageNumber >= (page.totalPages ?? pageNumber)) return bills;
      }
    },
  } satisfies BankProvider & Record<string, unknown>;
}

/** Read as text first: a timeout while reading stays `unavailable`, only unparseable text is `unreadable`. */
async function jsonOf(response: Response, describe: string): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    throw new BankProviderError("unavailable", `${describe}: the answer was cut off`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new BankProviderError("unreadable", `${describe}: not JSON`);
  }
}
