/**
 * A payee's name from a bank's line (README: "Payees"), in plain functions the browser may bundle too.
 * A line's **key** is what stays the same between two charges of one merchant: the words of its
 * description, lower case and without accents, leaving out what changes from charge to charge (any word
 * with a digit: "8F2K", "0412", "*123") and company suffixes ("LTDA", "S/A", "BV", "Inc"). So
 * "UBER *TRIP 8F2K" and "Uber Trip 77QX" share the key "uber trip", and "Uber BV" and "uber" the key
 * "uber". The **cleaned name** is the key's words as a person writes a name ("Uber Trip"): the payee a
 * line creates when its key is not known yet. A person's renames and merges teach the workspace which
 * keys are which payee (payee_names).
 */

/** Company forms a merchant's name may end with, as they are written once punctuation is gone. */
const companySuffixes = new Set([
  "ltda",
  "ltd",
  "sa",
  "s a",
  "me",
  "epp",
  "eireli",
  "mei",
  "bv",
  "inc",
  "llc",
  "gmbh",
  "plc",
  "co",
  "corp",
]);

/** A payee's name is at most this long. */
export const payeeNameMaxLength = 80;

const withoutAccents = (word: string) => word.normalize("NFD").replace(/\p{M}/gu, "");

/** The words of a description that name a merchant, as written, lower case: no word with a digit, no company suffix. */
function nameWords(description: string): string[] {
  const words = description
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((word) => word !== "" && !/\p{N}/u.test(word));
  const isSuffix = (count: number) => companySuffixes.has(withoutAccents(words.slice(-count).join(" ")));
  while (words.length > 2 && isSuffix(2)) words.splice(-2, 2);
  while (words.length > 1 && isSuffix(1)) words.pop();
  return words;
}

/** The key a description is known by; empty when nothing in it names anyone (only numbers, say). */
export function payeeKeyOf(description: string): string {
  return withoutAccents(nameWords(description).join(" "));
}

/** The name a new payee takes from a line's description: its words, each capitalised ("Padaria São João"). */
export function cleanedPayeeName(description: string): string {
  const name = nameWords(description)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
  return name.slice(0, payeeNameMaxLength).trim();
}
