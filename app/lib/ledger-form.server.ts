import { data, redirect } from "react-router";
import type { z } from "zod";
import type { LedgerActionResult } from "~/components/transactions/types";
import type { FieldMessages } from "../../worker/http/messages";
import { AppError } from "../../worker/http/errors";
import { fieldErrorsFrom } from "../../worker/http/validation";
import type { Language } from "./i18n";
import { parseOptional, parseTypedAmount, parseTypedRate, refusalOf } from "./typed-amount";

export const formText = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" && value !== "" ? value : undefined;
};

/** A field the form posts only for some records: absent is undefined, empty is null. */
const optionalText = (form: FormData, name: string) => (form.has(name) ? (formText(form, name) ?? null) : undefined);

/** A field posted as JSON (a split's parts); a text that is not JSON goes on as it is, for the schema to refuse. */
function jsonField(form: FormData, name: string): unknown {
  const text = formText(form, name);
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

type Read<T> = { success: true; data: T } | { success: false; fieldErrors: FieldMessages };

/**
 * The transaction wizard's fields (the API's second payload form), read for `schema`. The amount
 * and rate come as typed and are read in the page's language first: a refusal is the field's
 * message, in that language, and nothing is saved. `extra` adds a page's own fields (a scheduled
 * date, a recurrence) and `renamed` gives the schema's field names back as the form's.
 */
export function readLedgerForm<Schema extends z.ZodType>(
  form: FormData,
  language: Language,
  schema: Schema,
  options: { extra?: Record<string, unknown>; renamed?: Record<string, string> } = {},
): Read<z.infer<Schema>> {
  const amount = parseTypedAmount(formText(form, "amount") ?? "", language);
  const rate = parseOptional(formText(form, "currency_conversion"), (typed) => parseTypedRate(typed, language));
  if (!amount.ok || !rate.ok) {
    return {
      success: false,
      fieldErrors: {
        ...(amount.ok ? {} : { amount: [refusalOf("amount", amount.reason)] }),
        ...(rate.ok ? {} : { currency_conversion: [refusalOf("rate", rate.reason)] }),
      },
    };
  }
  const parsed = schema.safeParse({
    type: formText(form, "type"),
    amount: amount.text,
    description: formText(form, "description") ?? "",
    date: formText(form, "date"),
    notes: formText(form, "notes") ?? null,
    origin: formText(form, "origin_id"),
    destination: formText(form, "destination_id"),
    currency_conversion: rate.text,
    tag_ids: form.getAll("tag_ids").filter((id) => typeof id === "string"),
    // A transaction's note and parts (the parts' amounts as plain decimals); planned items send neither.
    note: optionalText(form, "note"),
    payee: optionalText(form, "payee"),
    parts: jsonField(form, "parts"),
    ...options.extra,
  });
  if (parsed.success) return { success: true, data: parsed.data };
  const renamed = options.renamed ?? {};
  return {
    success: false,
    fieldErrors: Object.fromEntries(
      Object.entries(fieldErrorsFrom(parsed.error)).map(([field, messages]) => [renamed[field] ?? field, messages]),
    ),
  };
}

/** A refused form: 422 with its fields' messages. */
export const refusedForm = (intent: string, fieldErrors: FieldMessages) =>
  data<LedgerActionResult>({ intent, ok: false, code: "VALIDATION_FAILED", fieldErrors }, { status: 422 });

/**
 * A service's refusal as the form's answer. A workspace that is gone (or never was the person's)
 * sends them to their workspaces, unless the thing acted on is what was not found.
 */
export function refusedAction(intent: string, error: unknown, itemIntents: readonly string[]) {
  if (!(error instanceof AppError)) throw error;
  if (error.code === "NOT_FOUND" && !itemIntents.includes(intent)) throw redirect("/workspaces");
  const renamed = error.fieldErrors && {
    ...error.fieldErrors,
    ...(error.fieldErrors.scheduled_date || error.fieldErrors.start_date
      ? { date: error.fieldErrors.scheduled_date ?? error.fieldErrors.start_date }
      : {}),
  };
  return data<LedgerActionResult>(
    { intent, ok: false, code: error.code, fieldErrors: renamed },
    { status: error.status },
  );
}

/**
 * A paged list's status tab and page from its address: an unknown status is the default tab, a
 * page that is no page is the first. "all" lists every status.
 */
export function statusTabFilters<Tab extends string, Filters>(
  url: string,
  tabs: readonly Tab[],
  defaultTab: Tab,
  schema: z.ZodType<Filters>,
  perPage: number,
) {
  const search = new URL(url).searchParams;
  const status = tabs.find((tab) => tab === search.get("status")) ?? defaultTab;
  const parsed = schema.safeParse({
    page: search.get("page") ?? "1",
    per_page: String(perPage),
    status: status === "all" ? undefined : status,
  });
  return { status, filters: parsed.success ? parsed.data : schema.parse({ per_page: String(perPage) }) };
}
