/** The numbers of a session (README: "Sign-in, sessions, workspaces and plans"). */
export const sessionPolicy = {
  /** A session ends after this long without use… */
  idleDays: 14,
  /** …and after this long whatever happens. */
  absoluteDays: 60,
  /** last_seen_at is refreshed at most this often, off the request's critical path. */
  lastSeenRefreshMinutes: 60,
  cookieName: "moneta_session",
  tokenIssuer: "moneta",
  tokenAudience: "moneta-app",
} as const;

export const minutes = (count: number) => count * 60_000;
export const days = (count: number) => count * 86_400_000;
