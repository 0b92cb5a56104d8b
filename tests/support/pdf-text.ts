import { inflateSync } from "node:zlib";

/**
 * A reader for the PDFs this app writes, strict where readers are: the header, the xref table
 * whose every offset must land on its object's "n 0 obj", the trailer's root, the page tree in
 * order, each page's content stream (inflated when deflated), and the text it shows with Tj or
 * TJ, decoded from WinAnsi. It throws on anything it cannot follow, so a test that reads a file
 * also proves the file is well formed to this extent.
 */

export type PdfText = { text: string; x: number; y: number; font: string; size: number };
export type PdfPageText = {
  pieces: PdfText[];
  /** The page's lines top to bottom, each line's pieces left to right joined by " | ". */
  lines: string[];
};
export type PdfFile = {
  version: string;
  /** Object number → the object's raw text (between "obj" and "endobj"), latin1. */
  objects: Map<number, string>;
  pages: PdfPageText[];
  /** /BaseFont and /Encoding of each font resource name (F1…). */
  fonts: Map<string, { baseFont: string; encoding: string }>;
};

/** Windows-1252's bytes 0x80–0x9F; the rest of WinAnsi is Latin-1. */
const windows1252High = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";

function decodeWinAnsi(bytes: number[]): string {
  return bytes
    .map((byte) => (byte >= 0x80 && byte <= 0x9f ? windows1252High[byte - 0x80]! : String.fromCharCode(byte)))
    .join("");
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString("latin1");

function readXref(file: Uint8Array, text: string): Map<number, number> {
  const start = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(text);
  if (!start) throw new Error("No startxref at the end");
  const at = Number(start[1]);
  const table = /^xref\n(\d+) (\d+)\n/.exec(text.slice(at));
  if (!table) throw new Error(`startxref ${at} does not point at an xref table`);
  const first = Number(table[1]);
  const count = Number(table[2]);
  const offsets = new Map<number, number>();
  let entryAt = at + table[0].length;
  for (let index = 0; index < count; index++, entryAt += 20) {
    const entry = text.slice(entryAt, entryAt + 20);
    const match = /^(\d{10}) (\d{5}) ([nf]) \n$/.exec(entry);
    if (!match)
      throw new Error(
        `xref entry ${first + index} is not 20 bytes of "oooooooooo ggggg n \\n": ${JSON.stringify(entry)}`,
      );
    if (match[3] === "n") offsets.set(first + index, Number(match[1]));
  }
  for (const [id, offset] of offsets) {
    if (!text.startsWith(`${id} 0 obj`, offset))
      throw new Error(
        `xref says object ${id} is at ${offset}, where the file has ${JSON.stringify(text.slice(offset, offset + 12))}`,
      );
  }
  if (file.length !== text.length) throw new Error("latin1 decoding changed the length");
  return offsets;
}

function streamBytes(file: Uint8Array, objectText: string, objectOffset: number): Uint8Array {
  const dictionary = /^\d+ 0 obj\s*<<(.*?)>>\s*stream\r?\n/s.exec(objectText);
  if (!dictionary) throw new Error("Not a stream object");
  const length = /\/Length (\d+)/.exec(dictionary[1]!);
  if (!length) throw new Error("A stream without /Length");
  const start = objectOffset + dictionary[0].length;
  const data = file.slice(start, start + Number(length[1]));
  if (!/^\s*endstream/.test(objectText.slice(dictionary[0].length + data.length)))
    throw new Error("/Length does not end at endstream");
  return /\/Filter\s*\/FlateDecode/.test(dictionary[1]!) ? new Uint8Array(inflateSync(data)) : data;
}

/** The bytes of a literal string starting after its "(", and where it ends. */
function literalString(content: string, start: number): { bytes: number[]; end: number } {
  const bytes: number[] = [];
  let depth = 0;
  let index = start;
  for (;;) {
    const character = content[index++];
    if (character === undefined) throw new Error("Unterminated string");
    if (character === "\\") {
      const next = content[index++]!;
      const octal = /^[0-7]{1,3}/.exec(content.slice(index - 1, index + 2));
      if (octal) {
        bytes.push(Number.parseInt(octal[0], 8));
        index += octal[0].length - 1;
      } else bytes.push(({ n: 10, r: 13, t: 9, b: 8, f: 12 } as Record<string, number>)[next] ?? next.charCodeAt(0));
    } else if (character === ")" && depth === 0) return { bytes, end: index };
    else {
      if (character === "(") depth++;
      if (character === ")") depth--;
      bytes.push(character.charCodeAt(0));
    }
  }
}

/** The text a content stream shows: each Tj's or TJ's string, at the Td position of its BT block. */
function textOf(content: string): PdfText[] {
  const pieces: PdfText[] = [];
  let font = "";
  let size = 0;
  let x = 0;
  let y = 0;
  const operands: string[] = [];
  let strings: number[][] = [];
  const token = /\(|\[|\]|\/?[^\s()[\]/<>]+/g;
  for (let match = token.exec(content); match; match = token.exec(content)) {
    const word = match[0];
    if (word === "(") {
      const { bytes, end } = literalString(content, token.lastIndex);
      strings.push(bytes);
      token.lastIndex = end;
    } else if (word === "[" || word === "]") continue;
    else if (word === "BT") [x, y, strings] = [0, 0, []];
    else if (word === "Tf") [font, size] = [operands.at(-2)!.slice(1), Number(operands.at(-1))];
    else if (word === "Td") [x, y] = [x + Number(operands.at(-2)), y + Number(operands.at(-1))];
    else if (word === "Tj" || word === "TJ") {
      pieces.push({ text: decodeWinAnsi(strings.flat()), x, y, font, size });
      strings = [];
    } else {
      operands.push(word);
      continue;
    }
    operands.length = 0;
  }
  return pieces;
}

function linesOf(pieces: PdfText[]): string[] {
  const byLine = new Map<number, PdfText[]>();
  for (const piece of pieces) byLine.set(piece.y, [...(byLine.get(piece.y) ?? []), piece]);
  return [...byLine.entries()]
    .sort(([a], [b]) => b - a)
    .map(([, line]) =>
      line
        .sort((a, b) => a.x - b.x)
        .map((piece) => piece.text)
        .join(" | "),
    );
}

export function readPdf(file: Uint8Array): PdfFile {
  const text = latin1(file);
  const header = /^%PDF-(1\.\d)\n/.exec(text);
  if (!header) throw new Error(`Not a PDF header: ${JSON.stringify(text.slice(0, 10))}`);
  const offsets = readXref(file, text);
  const objects = new Map<number, string>();
  for (const [id, offset] of offsets) objects.set(id, text.slice(offset, text.indexOf("endobj", offset)));
  const object = (id: number) =>
    objects.get(id) ??
    (() => {
      throw new Error(`No object ${id}`);
    })();
  const reference = (source: string, key: string) => {
    const match = new RegExp(`/${key} (\\d+) 0 R`).exec(source);
    if (!match) throw new Error(`No /${key} reference in ${source.slice(0, 80)}`);
    return Number(match[1]);
  };
  const trailer = text.slice(text.lastIndexOf("trailer"));
  const catalog = object(reference(trailer, "Root"));
  if (!catalog.includes("/Type /Catalog")) throw new Error("The root is not a catalog");
  const tree = object(reference(catalog, "Pages"));
  const kids = [...(/\/Kids \[([^\]]*)\]/.exec(tree)?.[1] ?? "").matchAll(/(\d+) 0 R/g)].map((match) =>
    Number(match[1]),
  );
  if (Number(/\/Count (\d+)/.exec(tree)?.[1]) !== kids.length) throw new Error("/Count differs from the kids");
  const fonts = new Map<string, { baseFont: string; encoding: string }>();
  const pages = kids.map((id) => {
    const page = object(id);
    if (!page.includes("/Type /Page")) throw new Error(`Kid ${id} is not a page`);
    for (const [, name, fontId] of page.matchAll(/\/(F\d+) (\d+) 0 R/g)) {
      const font = object(Number(fontId));
      fonts.set(name!, {
        baseFont: /\/BaseFont \/(\S+)/.exec(font)?.[1] ?? "",
        encoding: /\/Encoding \/(\S+)/.exec(font)?.[1] ?? "",
      });
    }
    const contentsId = reference(page, "Contents");
    const pieces = textOf(latin1(streamBytes(file, object(contentsId), offsets.get(contentsId)!)));
    return { pieces, lines: linesOf(pieces) };
  });
  return { version: header[1]!, objects, pages, fonts };
}

/** Every page's lines, one string: what a person reading the document top to bottom sees. */
export const allText = (pdf: PdfFile) => pdf.pages.flatMap((page) => page.lines).join("\n");
