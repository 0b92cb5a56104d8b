/**
 * The workspace's accounts, cards and tags as a message names them: by name or alias (tags by
 * name or learned keyword), ignoring case and accents, and within one typo for words of five
 * letters or more that are not ordinary words ("nubnak" is Nubank; "fazer" is never "Lazer").
 * Longer phrases are looked for first, so "itaú visa" is the card before "itaú" is the account.
 */
import { isCommonWord } from "./message-language.ts";
import { consume, isWithinOneTypo, type MessageText, matchesOf, normalisePhrase, wordsOf } from "./message-text.ts";

export type NamedThing = { name: string; phrases: string[] };
export type NameFound = { name: string; start: number; end: number };

const escapeForPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function namedThings(entries: ReadonlyArray<{ name: string; aliases?: readonly string[] }>): NamedThing[] {
  return entries.map(({ name, aliases = [] }) => ({
    name,
    phrases: [...new Set([name, ...aliases].map(normalisePhrase).filter((phrase) => phrase !== ""))],
  }));
}

/** Every mention of the things, consumed, in the order they are written. */
export function findNames(message: MessageText, things: readonly NamedThing[]): NameFound[] {
  const found: NameFound[] = [];
  const phrases = things
    .flatMap((thing) => thing.phrases.map((phrase) => ({ thing, phrase })))
    .sort((a, b) => b.phrase.length - a.phrase.length);
  for (const { thing, phrase } of phrases) {
    const pattern = new RegExp(`(?<![\\p{L}\\d])${escapeForPattern(phrase).replace(/ /g, " +")}(?![\\p{L}\\d])`, "gu");
    for (const match of matchesOf(message, pattern)) {
      found.push({ name: thing.name, start: match.index, end: match.index + match[0].length });
      consume(message, match.index, match.index + match[0].length);
    }
  }
  for (const { word, start } of wordsOf(message)) {
    if (word.length < 5 || isCommonWord(word)) continue;
    const typo = phrases.find(
      ({ phrase }) => phrase.length >= 5 && !phrase.includes(" ") && isWithinOneTypo(word, phrase),
    );
    if (!typo) continue;
    found.push({ name: typo.thing.name, start, end: start + word.length });
    consume(message, start, start + word.length);
  }
  return found.sort((a, b) => a.start - b.start);
}

export type Direction = "from" | "to" | null;

/** Whether the words just before a mention make it a source ("do itaú") or a destination ("pro nubank"). */
export function directionBefore(reading: string, start: number): Direction {
  const before = reading
    .slice(Math.max(0, start - 24), start)
    .trim()
    .split(/\s+/)
    .filter((word) => !["o", "a", "the", "my", "meu", "minha", "conta", "account"].includes(word));
  const word = before.at(-1) ?? "";
  if (["do", "da", "de", "from", "dos", "das"].includes(word)) return "from";
  if (["para", "pra", "pro", "p/", "to", "into", "pras", "pros", "→", "->", ">"].includes(word)) return "to";
  return null;
}
