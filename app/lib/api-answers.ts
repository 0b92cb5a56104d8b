/**
 * What the page's dialogs make of a JSON API answer (docs/api.md, "Answers"): its `data`, or a refusal
 * thrown with the envelope's message and its fields' messages, already in the person's language, and the
 * HTTP status. The page's session cookie authenticates the calls.
 */

export class ApiRequestError extends Error {
  readonly status: number;
  readonly fieldErrors: Record<string, string[]>;
  constructor(message: string, status: number, fieldErrors: Record<string, string[]> = {}) {
    super(message);
    this.name = "ApiRequestError";
    this.status = status;
    this.fieldErrors = fieldErrors;
  }
}

/** The answer's `data`; a refusal throws its message (a field's own, when `preferField` names one it has). */
export async function answered<Data>(response: Response, preferField?: string): Promise<Data> {
  const body = (await response.json().catch(() => null)) as {
    data?: Data;
    message?: string;
    errors?: Record<string, string[]>;
  } | null;
  if (!response.ok || !body || body.data === undefined) {
    const fieldMessage = preferField ? body?.errors?.[preferField]?.[0] : undefined;
    throw new ApiRequestError(fieldMessage ?? body?.message ?? response.statusText, response.status, body?.errors);
  }
  return body.data;
}
