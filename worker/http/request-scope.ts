import { newId } from "../../db/ids.ts";

export type LogFields = Record<string, unknown>;

export type Logger = {
  info(event: string, fields?: LogFields): void;
  /** Something unexpected that was handled (a delivery we skipped, a retry): worth a look, not a page. */
  warn(event: string, fields?: LogFields): void;
  error(event: string, fields?: LogFields): void;
};

/** What every request carries from start to end: its id (on the response and every log line) and its CSP nonce. */
export type RequestScope = {
  requestId: string;
  cspNonce: string;
  /**
   * Origins besides ours this response's page loads scripts and frames from: the API reference (GET /api/docs)
   * adds its script CDN, the bank connections page Pluggy's widget. No other page may load from them.
   */
  scriptOrigins: string[];
  frameOrigins: string[];
  log: Logger;
};

function randomToken(byteLength: number): string {
  const bytes = new Uint8Array(byteLength);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes)).replace(/[+/=]/g, "");
}

/** One JSON object per line, so Workers Logs and `wrangler tail` can filter by request_id. */
export function createLogger(base: LogFields): Logger {
  const write = (level: string, event: string, fields?: LogFields) =>
    JSON.stringify({ level, event, ...base, ...fields, time: new Date().toISOString() });
  return {
    info: (event, fields) => console.log(write("info", event, fields)),
    warn: (event, fields) => console.warn(write("warn", event, fields)),
    error: (event, fields) => console.error(write("error", event, fields)),
  };
}

export function createRequestScope(): RequestScope {
  const requestId = newId();
  return {
    requestId,
    cspNonce: randomToken(18),
    scriptOrigins: [],
    frameOrigins: [],
    log: createLogger({ request_id: requestId }),
  };
}
