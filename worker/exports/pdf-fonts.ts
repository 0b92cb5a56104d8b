import { toWinAnsi } from "./winansi.ts";

/**
 * The two fonts every PDF reader has built in (the "standard 14"), Helvetica and Helvetica-Bold, in
 * WinAnsiEncoding (Windows-1252): text is written as one byte per character (winansi.ts says how a
 * character the encoding lacks is written), and measured in those bytes with the fonts' published
 * metrics, so a column can be right-aligned or cut short with "…".
 */

export type PdfFont = "regular" | "bold";

/** The names the PDF's font dictionaries give the fonts. */
export const pdfFontNames: Record<PdfFont, string> = { regular: "Helvetica", bold: "Helvetica-Bold" };

/**
 * Advance widths in 1/1000 of the font size for the byte codes 32–255 (Adobe's AFM metrics of
 * Helvetica and Helvetica-Bold, by WinAnsi code). 0 marks the five codes WinAnsi leaves undefined
 * (and DEL), which toWinAnsi never writes.
 */
// biome-ignore format: sixteen codes a line, as code charts read
const regularWidths = [
  // 32–127: ASCII
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
  1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
  333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
  556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, 0,
  // 128–159: Windows-1252's own (€ ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ)
  556, 0, 222, 556, 333, 1000, 556, 556, 333, 1000, 667, 333, 1000, 0, 611, 0,
  0, 222, 222, 333, 333, 350, 556, 1000, 333, 1000, 500, 333, 944, 0, 500, 667,
  // 160–255: Latin-1
  278, 333, 556, 556, 556, 556, 260, 556, 333, 737, 370, 556, 584, 333, 737, 333,
  400, 584, 333, 333, 333, 556, 537, 278, 333, 333, 365, 556, 834, 834, 834, 611,
  667, 667, 667, 667, 667, 667, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278,
  722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611,
  556, 556, 556, 556, 556, 556, 889, 500, 556, 556, 556, 556, 278, 278, 278, 278,
  556, 556, 556, 556, 556, 556, 556, 584, 611, 556, 556, 556, 556, 500, 556, 500,
];

// biome-ignore format: sixteen codes a line, as code charts read
const boldWidths = [
  // 32–127
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
  975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
  333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
  611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584, 0,
  // 128–159
  556, 0, 278, 556, 500, 1000, 556, 556, 333, 1000, 667, 333, 1000, 0, 611, 0,
  0, 278, 278, 500, 500, 350, 556, 1000, 333, 1000, 556, 333, 944, 0, 500, 667,
  // 160–255
  278, 333, 556, 556, 556, 556, 280, 556, 333, 737, 370, 556, 584, 333, 737, 333,
  400, 584, 333, 333, 333, 611, 556, 278, 333, 333, 365, 556, 834, 834, 834, 611,
  722, 722, 722, 722, 722, 722, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278,
  722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611,
  556, 556, 556, 556, 556, 556, 889, 556, 556, 556, 556, 556, 278, 278, 278, 278,
  611, 611, 611, 611, 611, 611, 611, 584, 611, 611, 611, 611, 611, 556, 611, 556,
];

const widthsByFont: Record<PdfFont, readonly number[]> = { regular: regularWidths, bold: boldWidths };

/** The width of WinAnsi bytes (from toWinAnsi) in points at `size`. */
export function measureWinAnsi(bytes: string, font: PdfFont, size: number): number {
  const widths = widthsByFont[font];
  let units = 0;
  for (let index = 0; index < bytes.length; index++) units += widths[bytes.charCodeAt(index) - 32] ?? 0;
  return (units * size) / 1000;
}

const ellipsis = String.fromCharCode(0x85);

/** Text as WinAnsi bytes that fit in `maxWidth` points: cut at the end with "…" when they do not. */
export function fitWinAnsi(text: string, font: PdfFont, size: number, maxWidth: number): string {
  const bytes = toWinAnsi(text);
  if (measureWinAnsi(bytes, font, size) <= maxWidth) return bytes;
  const room = maxWidth - measureWinAnsi(ellipsis, font, size);
  let width = 0;
  let length = 0;
  for (; length < bytes.length; length++) {
    const next = measureWinAnsi(bytes[length]!, font, size);
    if (width + next > room) break;
    width += next;
  }
  return `${bytes.slice(0, length).trimEnd()}${ellipsis}`;
}

/** Text broken at spaces into lines no wider than `maxWidth` points (a longer word is cut with "…"). */
export function wrapText(text: string, font: PdfFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (!line || measureWinAnsi(toWinAnsi(candidate), font, size) <= maxWidth) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}
