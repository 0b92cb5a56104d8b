import { leadFields, type LeadField, type LeadFieldErrors } from "../../../../worker/leads/leads.rules";

/** What the page shows after a POST /api/leads; `serverMessage` wins over our own text. */
export type LeadOutcome =
  | { kind: "success"; serverMessage?: string }
  | { kind: "invalid"; serverMessage?: string; fieldErrors: LeadFieldErrors; otherErrors: string[] }
  | { kind: "duplicate"; serverMessage?: string }
  | { kind: "failed"; serverMessage?: string }
  | { kind: "network" };

type LeadResponseBody = {
  data?: { message?: unknown };
  message?: unknown;
  errors?: unknown;
};

const textOrUndefined = (value: unknown) => (typeof value === "string" && value.trim() ? value : undefined);

function splitErrors(errors: unknown): { fieldErrors: LeadFieldErrors; otherErrors: string[] } {
  const fieldErrors: LeadFieldErrors = {};
  const otherErrors: string[] = [];
  if (!errors || typeof errors !== "object") return { fieldErrors, otherErrors };
  for (const [field, messages] of Object.entries(errors)) {
    const list = (Array.isArray(messages) ? messages : [messages]).filter((m): m is string => typeof m === "string");
    if ((leadFields as readonly string[]).includes(field)) fieldErrors[field as LeadField] = list;
    else otherErrors.push(...list);
  }
  return { fieldErrors, otherErrors };
}

/** POST /api/leads (docs/api.md#waitlist): 2xx reads data.message; 422 the errors map; 409 and the rest the message. */
export function leadOutcomeOf(status: number, body: unknown): LeadOutcome {
  const answer = (body && typeof body === "object" ? body : {}) as LeadResponseBody;
  const serverMessage = textOrUndefined(answer.message);
  if (status >= 200 && status < 300)
    return { kind: "success", serverMessage: textOrUndefined(answer.data?.message) ?? serverMessage };
  if (status === 422) return { kind: "invalid", serverMessage, ...splitErrors(answer.errors) };
  if (status === 409) return { kind: "duplicate", serverMessage };
  return { kind: "failed", serverMessage };
}

type LeadInput = Record<LeadField, string>;

export async function postLead(input: LeadInput, fetchLead: typeof fetch = fetch): Promise<LeadOutcome> {
  let response: Response;
  try {
    response = await fetchLead("/api/leads", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ name: input.name, email: input.email, phone: input.phone, source: "waitlist" }),
    });
  } catch {
    return { kind: "network" };
  }
  const body: unknown = await response.json().catch(() => null);
  return leadOutcomeOf(response.status, body);
}
