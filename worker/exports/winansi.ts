/**
 * Text as the PDFs' standard fonts can print it: WinAnsiEncoding (Windows-1252), one byte per
 * character. Every string drawn on a page goes through toWinAnsi, and is measured in its bytes, so a
 * column's width is that of what is printed. Latin letters the encoding lacks print as their base
 * letter ("Łódź" as "Lódz"); what has no Latin form (CJK, Cyrillic, Greek, emoji) prints as "¿", one per
 * character as the reader sees it. Why not an embedded Unicode font:
 * docs/decisions/041-pdf-text-in-winansi-transliterated.md.
 */

/**
 * What prints for a character the fonts cannot draw. Not "?", which people type and which would make a
 * name look like a question; "¿" is a WinAnsi glyph that neither English nor Portuguese uses.
 */
const unprintableMarker = "¿";

/** Windows-1252's bytes 0x80–0x9F, which are not Latin-1's: the Unicode character of each. */
const windowsOnlyCodes = new Map<number, number>([
  [0x20ac, 0x80],
  [0x201a, 0x82],
  [0x0192, 0x83],
  [0x201e, 0x84],
  [0x2026, 0x85],
  [0x2020, 0x86],
  [0x2021, 0x87],
  [0x02c6, 0x88],
  [0x2030, 0x89],
  [0x0160, 0x8a],
  [0x2039, 0x8b],
  [0x0152, 0x8c],
  [0x017d, 0x8e],
  [0x2018, 0x91],
  [0x2019, 0x92],
  [0x201c, 0x93],
  [0x201d, 0x94],
  [0x2022, 0x95],
  [0x2013, 0x96],
  [0x2014, 0x97],
  [0x02dc, 0x98],
  [0x2122, 0x99],
  [0x0161, 0x9a],
  [0x203a, 0x9b],
  [0x0153, 0x9c],
  [0x017e, 0x9e],
  [0x0178, 0x9f],
]);

/**
 * Letters and marks that no decomposition takes to a WinAnsi character: their usual Latin spelling.
 * (Ø, ß, Æ, Ð and Þ need none: WinAnsi has them; Ŀ decomposes to "L·", as Catalan writes it.)
 */
const latinSpellings = new Map([
  ["Ł", "L"],
  ["ł", "l"],
  ["Đ", "D"],
  ["đ", "d"],
  ["Ħ", "H"],
  ["ħ", "h"],
  ["ı", "i"],
  ["Ŧ", "T"],
  ["ŧ", "t"],
  ["ẞ", "SS"],
  ["ʼ", "’"],
  ["‐", "-"],
  ["−", "-"],
]);

/** Line breaks, tabs and other controls, and the spaces Intl puts in amounts ("R$ 1,00"): a space. */
const spaceLike = /^[\p{Cc}\p{Zs}\p{Zl}\p{Zp}]$/u;

/**
 * Text each of whose characters WinAnsi has or is a space: written character by character, with no
 * other work. Most text is such.
 */
const plain = /^[\p{Cc}\p{Zs}\p{Zl}\p{Zp}\x20-\x7e\xa1-\xac\xae-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]*$/u;

/** Marks and invisible format characters (joiners, soft hyphen, direction marks): nothing to print. */
const marksAndFormats = /[\p{M}\p{Cf}]/gu;

/** What belongs to the character before it: marks, joiners, variation selectors, skin tones. */
const extending = /^[\p{M}\p{Cf}\p{Emoji_Modifier}]$/u;
const regionalIndicator = /^\p{Regional_Indicator}$/u;
const zeroWidthJoiner = "\u200d";

function winAnsiByte(character: string): string | undefined {
  const code = character.codePointAt(0)!;
  if ((code >= 0x20 && code < 0x7f) || (code >= 0xa1 && code <= 0xff && code !== 0xad)) return character;
  const windowsOnly = windowsOnlyCodes.get(code);
  return windowsOnly === undefined ? undefined : String.fromCharCode(windowsOnly);
}

/** One character's bytes: itself, a space, its Latin spelling, or nothing (a mark); undefined when unprintable. */
function characterBytes(character: string): string | undefined {
  const byte = winAnsiByte(character);
  if (byte !== undefined) return byte;
  if (spaceLike.test(character)) return " ";
  // The compatibility decomposition also takes ligatures and full-width forms apart ("ﬁ" → "fi").
  let bytes = "";
  for (const part of character.normalize("NFKD").replace(marksAndFormats, "")) {
    for (const letter of latinSpellings.get(part) ?? part) {
      const written = winAnsiByte(letter);
      if (written === undefined) return undefined;
      bytes += written;
    }
  }
  return bytes;
}

/**
 * Text as WinAnsi bytes, one character of the returned string per byte (0–255): composed first (a
 * decomposed "José" is "José"), then each character as it is, spelled in Latin, or "¿" — one "¿" for
 * what a reader sees as one character, so a joined emoji, a skin tone or a flag is not a row of them.
 */
export function toWinAnsi(text: string): string {
  if (plain.test(text))
    return text.replace(/[^\x20-\x7e\xa1-\xac\xae-\xff]/gu, (character) => winAnsiByte(character) ?? " ");
  let bytes = "";
  // Whether the last character printed as "¿", and so what after it is still part of it.
  let marked: "no" | "yes" | "joining" | "halfFlag" = "no";
  for (const character of text.normalize("NFC")) {
    const continuesMarked =
      marked === "joining" ||
      (marked !== "no" && extending.test(character)) ||
      (marked === "halfFlag" && regionalIndicator.test(character));
    if (continuesMarked) {
      marked = character === zeroWidthJoiner ? "joining" : "yes";
      continue;
    }
    const written = characterBytes(character);
    if (written !== undefined) {
      bytes += written;
      marked = "no";
    } else {
      bytes += unprintableMarker;
      marked = regionalIndicator.test(character) ? "halfFlag" : "yes";
    }
  }
  return bytes;
}
