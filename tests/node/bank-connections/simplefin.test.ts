import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BankProviderError, type RemoteLine } from "../../../worker/bank-connections/providers/bank-provider.ts";
import { claimSetupToken, simplefinProvider } from "../../../worker/bank-connections/providers/simplefin.ts";
import { startFakeSimplefin } from "../../support/fake-simplefin.ts";

/**
 * The SimpleFIN Bridge client (docs/bank-connections.md) against its stand-in: a setup token claimed once,
 * accounts in Moneta's terms, a year of lines read in slices of at most 90 days with none lost or
 * repeated, and failures a person can act on that never carry the token or the access URL.
 */

const today = "2026-11-21";
const noSleep = { sleep: async () => {}, backoffMs: 1 };
const settings = { allowHttp: true, fetchOptions: noSleep };

let bridge: Awaited<ReturnType<typeof startFakeSimplefin>>;
beforeAll(async () => {
  bridge = await startFakeSimplefin({ today });
});
afterAll(async () => {
  await bridge?.stop();
});

async function failureOf(work: Promise<unknown>): Promise<BankProviderError> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(BankProviderError);
  return error as BankProviderError;
}

describe("claiming a setup token", () => {
  it("answers an access URL with credentials once, then refuses the same token", async () => {
    const token = bridge.setupToken();
    const access = await claimSetupToken(`  ${token}\n`, settings);
    expect(access).toMatch(/^http:\/\/user-[0-9a-f]+:pass-[0-9a-f]+@127\.0\.0\.1:\d+\/simplefin$/);
    const again = await failureOf(claimSetupToken(token, settings));
    expect(again.failure).toBe("refused");
    expect(again.message).not.toContain(token);
  });

  it("accepts the token as base64url too", async () => {
    const token = bridge.setupToken().replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    expect(await claimSetupToken(token, settings)).toMatch(/^http:\/\/user-[0-9a-f]+:pass-[0-9a-f]+@/);
  });

  it("refuses what is not a token, and plain HTTP outside local runs, before calling anyone", async () => {
    const before = bridge.knobs.counts()["POST /simplefin/claim/:token"] ?? 0;
    for (const token of ["not a token", btoa("just words"), btoa("ftp://127.0.0.1/claim/x"), ""]) {
      expect((await failureOf(claimSetupToken(token, settings))).failure).toBe("refused");
    }
    const http = await failureOf(claimSetupToken(bridge.setupToken(), { allowHttp: false, fetchOptions: noSleep }));
    expect(http.failure).toBe("refused");
    expect(bridge.knobs.counts()["POST /simplefin/claim/:token"] ?? 0).toBe(before);
  });
});

describe("reading accounts and lines", () => {
  it("lists the accounts in Moneta's terms: kinds from names, signed balances, the institution", async () => {
    const access = await claimSetupToken(bridge.setupToken(), settings);
    const accounts = await simplefinProvider(settings).accounts(access);
    expect(accounts.map((account) => [account.remoteId, account.kind, account.currency])).toEqual([
      ["ACT-CHK-1001", "checking", "USD"],
      ["ACT-SAV-2002", "savings", "USD"],
      ["ACT-CRD-3003", "credit_card", "USD"],
    ]);
    for (const account of accounts) {
      expect(account.institution).toBe("SimpleFIN Sandbox Bank");
      const stated = bridge.accounts.find((each) => each.id === account.remoteId)!.balanceCents;
      expect(Math.round(Number(account.balance) * 100)).toBe(stated);
    }
    expect(accounts.find((account) => account.kind === "credit_card")!.balance.startsWith("-")).toBe(true);
  });

  it("reads a year in slices of at most 90 days, every line once, pending ones included, signed as the bank does", async () => {
    const access = await claimSetupToken(bridge.setupToken(), settings);
    const provider = simplefinProvider(settings);
    const window = { from: "2025-11-22", to: today };
    const card = bridge.accounts.find((account) => account.id === "ACT-CRD-3003")!;
    const cappedBefore = bridge.knobs.counts().capped ?? 0;
    const read: RemoteLine[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await provider.lines(access, card.id, window, cursor);
      read.push(...page.lines);
      cursor = page.next;
      pages += 1;
    } while (cursor !== null);
    expect(pages).toBe(5);
    expect(bridge.knobs.counts().capped ?? 0).toBe(cappedBefore);
    expect(read.map((line) => line.remoteId).sort()).toEqual(card.lines.map((line) => line.id).sort());
    for (const line of read) {
      const stated = card.lines.find((each) => each.id === line.remoteId)!;
      expect(Math.round(Number(line.amount) * 100)).toBe(stated.amountCents);
      expect(line.pending).toBe(stated.pending);
      expect(line.date >= window.from && line.date <= window.to).toBe(true);
    }
    expect(read.some((line) => line.pending)).toBe(true);
    expect(read.some((line) => line.amount.startsWith("-"))).toBe(true);
  });
});

describe("when the Bridge fails", () => {
  it("says to connect again once the access is revoked, with no credentials in the message", async () => {
    const access = await claimSetupToken(bridge.setupToken(), settings);
    bridge.knobs.revokeAccess();
    const revoked = await failureOf(simplefinProvider(settings).accounts(access));
    expect(revoked.failure).toBe("credentials");
    const [user, password] = new URL(access).username ? [new URL(access).username, new URL(access).password] : [];
    expect(revoked.message).not.toContain(user);
    expect(revoked.message).not.toContain(password);
  });

  it("says the subscription lapsed on a 402, and to sign in again when the bank asks with no account back", async () => {
    const access = await claimSetupToken(bridge.setupToken(), settings);
    const provider = simplefinProvider(settings);
    bridge.knobs.failNext(1, 402);
    const lapsed = await failureOf(provider.accounts(access));
    expect(lapsed.failure).toBe("credentials");
    expect(lapsed.message).toMatch(/subscription/i);
    bridge.knobs.askToSignIn();
    try {
      expect((await failureOf(provider.accounts(access))).failure).toBe("credentials");
    } finally {
      bridge.knobs.askToSignIn(false);
    }
    expect(await provider.accounts(access)).toHaveLength(3);
  });

  it("retries a 429 and answers; is unavailable after three 500s", async () => {
    const access = await claimSetupToken(bridge.setupToken(), settings);
    const provider = simplefinProvider(settings);
    bridge.knobs.failNext(1, 429);
    expect(await provider.accounts(access)).toHaveLength(3);
    bridge.knobs.failNext(3, 500);
    expect((await failureOf(provider.accounts(access))).failure).toBe("unavailable");
    bridge.knobs.failNext(0, 500);
  });
});
