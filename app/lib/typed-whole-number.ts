/**
 * A form's whole-number field (a count, a term, a day) for the shared schemas, which take JSON
 * numbers only: a form's values are text, so its digits become that number here, at the form's
 * edge. Anything else stays as typed for the schema to refuse at the field; empty is left out.
 */
export function typedWholeNumber(value: FormDataEntryValue | null | undefined): number | string | undefined {
  if (typeof value !== "string" || value.trim() === "") return undefined;
  const typed = value.trim();
  return /^\d{1,15}$/.test(typed) ? Number(typed) : typed;
}
