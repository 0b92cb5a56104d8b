import { z } from "zod";
import { addDays } from "../../ledger/dates.ts";
import {
  BankProviderError,
  type BankProvider,
  type DayWindow,
  type RemoteAccount,
  type RemoteLine,
} from "./bank-provider.ts";
import { providerFetch, type ProviderFetchOptions } from "./provider-fetch.ts";

/**
 * The SimpleFIN Bridge (US and Canada; docs/bank-connections.md): a person makes a setup token in the
 * Bridge and pastes it; we claim it once for an access URL (Basic credentials inside, sealed at rest),
 * then read `GET /accounts` with those credentials. Amounts are signed decimal strings, positive into
 * the account, for every kind — Moneta's own sign. The Bridge caps a request at 90 days of lines, so
 * a window is read in slices of at most 90 days, the cursor being the next slice's first day.
 */

export type SimplefinSettings = {
  /** Local and test runs talk to the stand-in over plain HTTP; production requires HTTPS. */
  allowHttp: boolean;
  fetchOptions?: Partial<ProviderFetchOptions>;
};

const defaultFetchOptions: ProviderFetchOptions = {
  timeoutMs: 10_000,
  attempts: 3,
  backoffMs: 1_000,
  longestRetryAfterMs: 5_000,
};

/** The most days one request may cover. */
export const sliceDays = 90;

const tokenRefused = () =>
  new BankProviderError(
    "refused",
    "This is not a SimpleFIN setup token: copy the token again from the SimpleFIN Bridge.",
  );

function allowedUrl(text: string, allowHttp: boolean): URL | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol === "https:" || (allowHttp && url.protocol === "http:")) return url;
  return null;
}

/** base64 or base64url text, decoded; null when it is neither. */
function decodedBase64(text: string): string | null {
  const standard = text.replace(/-/g, "+").replace(/_/g, "/");
  const padded = standard.padEnd(Math.ceil(standard.length / 4) * 4, "=");
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(
      Uint8Array.from(atob(padded), (char) => char.charCodeAt(0)),
    );
  } catch {
    return null;
  }
}

/**
 * Claims a setup token: answers the access URL. A token that is not base64 of an allowed URL, or one the
 * Bridge refuses (already claimed, unknown: 403), is `refused`; neither the token nor the URL is ever put
 * in a message.
 */
export async function claimSetupToken(setupToken: string, settings: SimplefinSettings): Promise<string> {
  const decoded = decodedBase64(setupToken.trim().replace(/\s+/g, ""));
  const claimUrl = decoded ? allowedUrl(decoded.trim(), settings.allowHttp) : null;
  if (!claimUrl || claimUrl.username || claimUrl.password) throw tokenRefused();
  const response = await providerFetch(
    claimUrl.href,
    { method: "POST", headers: { "Content-Length": "0" }, body: "" },
    "SimpleFIN claim",
    { ...defaultFetchOptions, ...settings.fetchOptions },
  );
  if (response.status === 403)
    throw new BankProviderError(
      "refused",
      "SimpleFIN did not accept this token: it may have been used already. Make a new one in the Bridge.",
    );
  if (!response.ok) throw new BankProviderError("refused", `SimpleFIN claim: ${response.status}`);
  const access = allowedUrl((await response.text()).trim(), settings.allowHttp);
  if (!access?.username || !access.password)
    throw new BankProviderError("unreadable", "SimpleFIN claim: the answer is not an access URL");
  return access.href;
}

/** An access URL split into the root to call and its Basic credentials (fetch refuses URLs with userinfo). */
function accessOf(accessUrl: string, allowHttp: boolean): { root: string; authorization: string } {
  const url = allowedUrl(accessUrl, allowHttp);
  if (!url?.username) throw new BankProviderError("credentials", "the SimpleFIN access is not readable");
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  url.username = "";
  url.password = "";
  const bytes = new TextEncoder().encode(`${user}:${password}`);
  return {
    root: url.href.replace(/\/$/, ""),
    authorization: `Basic ${btoa(String.fromCharCode(...bytes))}`,
  };
}

const numeric = z.string().regex(/^[+-]?\d+(\.\d+)?$/);
const unixSeconds = z.number().int().nonnegative();

const transactionSchema = z.object({
  id: z.string().min(1),
  posted: unixSeconds,
  amount: numeric,
  description: z.string().default(""),
  transacted_at: unixSeconds.optional().nullable(),
  pending: z.boolean().optional().nullable(),
  payee: z.string().optional().nullable(),
});

const accountSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  currency: z.string(),
  balance: numeric,
  "balance-date": unixSeconds,
  conn_id: z.string().optional(),
  org: z.object({ name: z.string().optional(), domain: z.string().optional() }).optional(),
  transactions: z.array(transactionSchema).optional(),
});

const accountSetSchema = z.object({
  accounts: z.array(accountSchema),
  connections: z
    .array(z.object({ conn_id: z.string(), name: z.string().optional(), org_name: z.string().optional() }))
    .optional(),
  errlist: z.array(z.object({ code: z.string(), msg: z.string().optional() })).optional(),
  errors: z.array(z.string()).optional(),
});

type AccountSet = z.infer<typeof accountSetSchema>;
type SimplefinAccount = z.infer<typeof accountSchema>;

/** The Bridge's messages about the connections (v2 `errlist`, v1 `errors`), as it words them. */
export function simplefinWarnings(set: AccountSet): string[] {
  return [...(set.errlist ?? []).map((entry) => `${entry.code}: ${entry.msg ?? ""}`), ...(set.errors ?? [])];
}

/** Whether the Bridge says a connection needs the person to sign in to their bank again. */
const asksForLogin = (set: AccountSet) =>
  (set.errlist ?? []).some((entry) => entry.code.startsWith("con.auth")) ||
  (set.errors ?? []).some((text) => /attention|auth|sign in|log ?in/i.test(text));

/**
 * SimpleFIN has no account type: a name saying card, credit (not "credit union") or a card network is a
 * credit card; one saying savings is a savings account; anything else is checking.
 */
function kindOf(name: string): RemoteAccount["kind"] {
  if (/\b(card|credit(?!\s+union)|visa|master ?card|amex|american express|discover)\b/i.test(name))
    return "credit_card";
  if (/\bsavings?\b/i.test(name)) return "savings";
  return "checking";
}

const dayOfUnix = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
const unixOfDay = (day: string) => Math.floor(Date.parse(`${day}T00:00:00.000Z`) / 1000);

function institutionOf(account: SimplefinAccount, set: AccountSet): string {
  if (account.org) return account.org.name ?? account.org.domain ?? "SimpleFIN";
  const connection = set.connections?.find((each) => each.conn_id === account.conn_id);
  return connection?.org_name ?? connection?.name ?? "SimpleFIN";
}

/** An ISO 4217 code; a custom currency (the protocol lets it be a URL) is not money Moneta can hold. */
const isCurrencyCode = (currency: string) => /^[A-Z]{3}$/.test(currency.toUpperCase());

export function simplefinProvider(settings: SimplefinSettings): BankProvider {
  const fetchOptions = { ...defaultFetchOptions, ...settings.fetchOptions };

  async function accountSet(accessUrl: string, query: Record<string, string>): Promise<AccountSet> {
    const { root, authorization } = accessOf(accessUrl, settings.allowHttp);
    const search = new URLSearchParams({ ...query, version: "2" });
    const response = await providerFetch(
      `${root}/accounts?${search}`,
      { headers: { Authorization: authorization, Accept: "application/json" } },
      "SimpleFIN accounts",
      fetchOptions,
    );
    if (response.status === 403)
      throw new BankProviderError("credentials", "SimpleFIN refused the access: connect again with a new setup token");
    if (response.status === 402)
      throw new BankProviderError("credentials", "The SimpleFIN Bridge subscription lapsed: renew it in the Bridge");
    if (!response.ok) throw new BankProviderError("unavailable", `SimpleFIN accounts: ${response.status}`);
    const parsed = accountSetSchema.safeParse(await response.json().catch(() => null));
    if (!parsed.success) throw new BankProviderError("unreadable", "SimpleFIN accounts: not an account set");
    return parsed.data;
  }

  return {
    name: "simplefin",

    async accounts(access) {
      const set = await accountSet(access, { "balances-only": "1" });
      if (set.accounts.length === 0 && asksForLogin(set))
        throw new BankProviderError("credentials", "The bank asks to sign in again in the SimpleFIN Bridge");
      return set.accounts
        .filter((account) => isCurrencyCode(account.currency))
        .map((account) => ({
          remoteId: account.id,
          kind: kindOf(account.name),
          name: account.name,
          institution: institutionOf(account, set),
          currency: account.currency.toUpperCase(),
          number: null,
          balance: account.balance.replace(/^\+/, ""),
          balanceAt: new Date(account["balance-date"] * 1000).toISOString(),
          card: kindOf(account.name) === "credit_card" ? { creditLimit: null, closingDate: null, dueDate: null } : null,
        }));
    },

    async lines(access, remoteAccountId, window: DayWindow, cursor) {
      const from = cursor ?? window.from;
      const lastOfSlice = [addDays(from, sliceDays - 1), window.to].sort()[0]!;
      const set = await accountSet(access, {
        account: remoteAccountId,
        "start-date": String(unixOfDay(from)),
        "end-date": String(unixOfDay(addDays(lastOfSlice, 1))),
        pending: "1",
      });
      const account = set.accounts.find((each) => each.id === remoteAccountId);
      const lines: RemoteLine[] = (account?.transactions ?? []).map((line) => {
        const isPending = line.pending ?? line.posted === 0;
        const when = line.posted !== 0 ? line.posted : (line.transacted_at ?? 0);
        return {
          remoteId: line.id,
          // A pending line the Bridge gives no day: the slice's last day, until it posts.
          date: when === 0 ? lastOfSlice : dayOfUnix(when),
          amount: line.amount.replace(/^\+/, ""),
          description: line.description,
          payee: line.payee || null,
          pending: isPending,
          installment: null,
          billId: null,
        };
      });
      return { lines, next: lastOfSlice < window.to ? addDays(lastOfSlice, 1) : null };
    },

    async bills() {
      return [];
    },
  };
}
