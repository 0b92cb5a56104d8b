/**
 * The numbers of sign-in, in one place (README: "Sign-in, sessions, workspaces and plans"); the
 * session's own are in worker/access/session-policy.ts.
 */
export const authPolicy = {
  codeDigits: 6,
  codeLifetimeMinutes: 10,
  /**
   * Wrong codes tried without a challenge; past this each try needs a Turnstile token (never
   * a lock, so nobody can keep someone else out by guessing wrong on purpose)…
   */
  freeFailedAttempts: 5,
  /** …and past this the code is dead: the next request issues a new one. */
  maxFailedAttempts: 10,
  /** Soft: past it a request needs a Turnstile token; the address is never locked. */
  codeRequestsPerEmail: { challengeAfter: 5, windowSeconds: 15 * 60 },
  /**
   * Within that window a live code is e-mailed again at most this many times; past it the request
   * is answered the same and nothing is sent (the code is already in the inbox), so solved
   * challenges from many addresses cannot flood one mailbox. A new code is always sent: the
   * address is never locked out.
   */
  liveCodeEmailsPerWindow: 10,
  /** Soft past challengeAfter; hard (429) past limit, so e-mail sending stays bounded. */
  codeRequestsPerIp: { challengeAfter: 10, limit: 30, windowSeconds: 15 * 60 },
  signInAttemptsPerIp: { limit: 60, windowSeconds: 15 * 60 },
} as const;
