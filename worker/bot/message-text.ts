/**
 * A chat message as the parser reads it: lower case, accents and emoji off, one character for each
 * of the original's (so a span found in the reading is the same span of what the person wrote), and
 * the spans each reader has understood blanked out, so the next reader cannot take them again.
 */
export type Language = "pt" | "en";

export type MessageText = {
  readonly original: string;
  /** The normalised reading; understood spans are spaces. */
  reading: string;
};

const pictograph = /\p{Extended_Pictographic}|\u200d|\ufe0f|\u20e3/u;

/** One character for one: "É" → "e", "🛒" → two spaces (its two UTF-16 units). */
export function normalise(text: string): string {
  let reading = "";
  for (const character of text) {
    if (pictograph.test(character) || character.length > 1) {
      reading += " ".repeat(character.length);
      continue;
    }
    const base = character.normalize("NFD")[0] ?? " ";
    reading += base.toLowerCase()[0] ?? " ";
  }
  return reading;
}

/** A normalised phrase for comparing names: "  Pão de Açúcar " → "pao de acucar". */
export function normalisePhrase(text: string): string {
  return normalise(text).replace(/\s+/g, " ").trim();
}

export function messageText(original: string): MessageText {
  return { original, reading: normalise(original) };
}

/** Marks a span as understood. */
export function consume(message: MessageText, start: number, end: number): void {
  message.reading = message.reading.slice(0, start) + " ".repeat(end - start) + message.reading.slice(end);
}

/** Every match of `pattern` (global) in what is not yet understood, first to last. */
export function matchesOf(message: MessageText, pattern: RegExp): RegExpExecArray[] {
  return [...message.reading.matchAll(pattern)];
}

/** The first match of `pattern`, consumed; null when there is none. */
export function take(message: MessageText, pattern: RegExp): RegExpExecArray | null {
  const [found] = matchesOf(message, pattern);
  if (!found) return null;
  consume(message, found.index, found.index + found[0].length);
  return found;
}

/** The words still unread, with where each starts. */
export function wordsOf(message: MessageText): Array<{ word: string; start: number }> {
  return [...message.reading.matchAll(/[a-z]+(?:'[a-z]+)?/g)].map((found) => ({ word: found[0], start: found.index }));
}

/**
 * Optimal-string-alignment distance, stopping early past 1: a typo is one letter added, dropped,
 * changed, or two neighbours swapped ("nubnak").
 */
export function isWithinOneTypo(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const restA = a.slice(i);
  const restB = b.slice(i);
  if (restA.slice(1) === restB.slice(1)) return true;
  if (restA.slice(1) === restB || restA === restB.slice(1)) return true;
  return restA.length >= 2 && restA[0] === restB[1] && restA[1] === restB[0] && restA.slice(2) === restB.slice(2);
}

/** What the person wrote outside the understood spans, tidied: the transaction's description. */
export function unreadText(message: MessageText, fillers: ReadonlySet<string>): string {
  let kept = "";
  for (let index = 0; index < message.original.length; index++) {
    kept += message.reading[index] === " " ? " " : message.original[index];
  }
  const words = kept
    .replace(/[^\p{L}\p{N}'&-]+/gu, " ")
    .split(" ")
    .filter((word) => word !== "" && !fillers.has(normalise(word)));
  return words.join(" ");
}
