/** The numbers of sign-in, in one place (README: "Sign-in and sessions"). */
export const authPolicy = {
  codeDigits: 6,
  codeLifetimeMinutes: 10,
  /** After this many wrong codes the address's code is dead… */
  maxFailedAttempts: 5,
  /** …until this long after the last wrong try, when a new code starts a fresh count. */
  lockoutMinutes: 15,
  codeRequestsPerEmail: { limit: 5, windowSeconds: 15 * 60 },
  codeRequestsPerIp: { limit: 30, windowSeconds: 15 * 60 },
  signInAttemptsPerIp: { limit: 60, windowSeconds: 15 * 60 },
  /** A session ends after this long without use… */
  sessionIdleDays: 14,
  /** …and after this long whatever happens. */
  sessionAbsoluteDays: 60,
  /** last_seen_at is refreshed at most this often, off the request's critical path. */
  lastSeenRefreshMinutes: 60,
  sessionCookieName: "moneta_session",
  tokenIssuer: "moneta",
  tokenAudience: "moneta-app",
} as const;

export const minutes = (count: number) => count * 60_000;
export const days = (count: number) => count * 86_400_000;
