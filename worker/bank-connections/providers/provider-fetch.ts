import { BankProviderError } from "./bank-provider.ts";

export type ProviderFetchOptions = {
  /** The longest wait for one attempt, in ms. */
  timeoutMs: number;
  /** Attempts in all (the first and its retries). */
  attempts: number;
  /** The wait before the second attempt, in ms, doubled for each one after it. */
  backoffMs: number;
  /** The longest wait a 429's Retry-After is honoured for, in ms; asked for longer, the call fails. */
  longestRetryAfterMs: number;
  /** Waits; tests pass one that records instead of sleeping. */
  sleep?: (ms: number) => Promise<void>;
};

const defaultSleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** Seconds a 429 asks to wait (Retry-After in seconds or as a date), or null when it doesn't say. */
function retryAfterSeconds(response: Response, now: number): number | null {
  const header = response.headers.get("retry-after") ?? response.headers.get("ratelimit-reset");
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * One provider request with a time limit per attempt, retried while retrying can help: a 429 after the
 * wait it asks for (when that is short enough), a 5xx, a timeout or a dropped connection with
 * exponential backoff. Answers the first response that is neither (the caller reads 4xx as its
 * provider means them); after the last attempt, throws `rate_limited` or `unavailable`.
 * `describe` names the call in errors without its URL (which may carry credentials).
 */
export async function providerFetch(
  url: string,
  init: RequestInit,
  describe: string,
  options: ProviderFetchOptions,
): Promise<Response> {
  const sleep = options.sleep ?? defaultSleep;
  let failure: BankProviderError | null = null;
  for (let attempt = 1; attempt <= options.attempts; attempt += 1) {
    let waitMs = options.backoffMs * 2 ** (attempt - 1);
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs) });
      if (response.status === 429) {
        const seconds = retryAfterSeconds(response, Date.now());
        await response.body?.cancel();
        failure = new BankProviderError("rate_limited", `${describe}: 429`, seconds);
        if (seconds !== null) {
          if (seconds * 1000 > options.longestRetryAfterMs) throw failure;
          waitMs = seconds * 1000;
        }
      } else if (response.status >= 500) {
        await response.body?.cancel();
        failure = new BankProviderError("unavailable", `${describe}: ${response.status}`);
      } else {
        return response;
      }
    } catch (error) {
      if (error instanceof BankProviderError) throw error;
      const reason = error instanceof Error && error.name === "TimeoutError" ? "timed out" : "unreachable";
      failure = new BankProviderError("unavailable", `${describe}: ${reason}`);
    }
    if (attempt < options.attempts) await sleep(waitMs);
  }
  throw failure!;
}
