import { fitWinAnsi, measureWinAnsi, type PdfFont, pdfFontNames } from "./pdf-fonts.ts";
import { toWinAnsi } from "./winansi.ts";

/**
 * A small PDF 1.4 writer, enough for documents of text, rules and shaded boxes on A4 pages: each page
 * a content stream (deflated with the runtime's CompressionStream), the two standard Helvetica fonts,
 * and the cross-reference table with each object's exact byte offset. Coordinates are points from the
 * bottom-left corner, as in PDF.
 */

/** A4 portrait in points (210 × 297 mm). */
export const a4 = { width: 595.28, height: 841.89 } as const;

export type TextOptions = {
  font?: PdfFont;
  size: number;
  /** "right" puts the text's end at x; "left" its start. */
  align?: "left" | "right";
  /** Longer text is cut with "…" to fit. */
  maxWidth?: number;
  /** 0 black … 1 white. */
  gray?: number;
};

const number = (value: number) => String(Math.round(value * 100) / 100);

/** A literal string: the bytes as they are, with ( ) and \ escaped. */
const literal = (bytes: string) => `(${bytes.replace(/[()\\]/g, (character) => `\\${character}`)})`;

/** One page's drawing operators, as WinAnsi bytes (one character per byte). */
export class PdfPage {
  private operators: string[] = [];

  text(x: number, y: number, text: string, { font = "regular", size, align = "left", maxWidth, gray }: TextOptions) {
    const bytes = maxWidth === undefined ? toWinAnsi(text) : fitWinAnsi(text, font, size, maxWidth);
    const left = align === "right" ? x - measureWinAnsi(bytes, font, size) : x;
    const color = gray === undefined ? "" : `${number(gray)} g `;
    this.operators.push(
      `BT ${color}/${fontResource[font]} ${number(size)} Tf ${number(left)} ${number(y)} Td ${literal(bytes)} Tj ET`,
    );
  }

  /** A filled rectangle; the fill colour does not leak into later text. */
  box(x: number, y: number, width: number, height: number, gray: number) {
    this.operators.push(`q ${number(gray)} g ${number(x)} ${number(y)} ${number(width)} ${number(height)} re f Q`);
  }

  /** A straight line. */
  rule(x1: number, y1: number, x2: number, y2: number, { width = 0.5, gray = 0 } = {}) {
    this.operators.push(
      `q ${number(width)} w ${number(gray)} G ${number(x1)} ${number(y1)} m ${number(x2)} ${number(y2)} l S Q`,
    );
  }

  content(): string {
    return this.operators.join("\n");
  }
}

const fontResource: Record<PdfFont, string> = { regular: "F1", bold: "F2" };

/** Bytes of a string whose characters are all 0–255. */
function latin1Bytes(text: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index++) bytes[index] = text.charCodeAt(index);
  return bytes;
}

async function deflate(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A text string of the document's information: UTF-16BE with its byte order mark, as hex. */
function infoText(text: string): string {
  let hex = "FEFF";
  for (let index = 0; index < text.length; index++) hex += text.charCodeAt(index).toString(16).padStart(4, "0");
  return `<${hex.toUpperCase()}>`;
}

/** D:20261121150000Z — PDF's date format, in UTC. */
function pdfDate(moment: Date): string {
  return `D:${moment.toISOString().replace(/[-:T]/g, "").slice(0, 14)}Z`;
}

export type PdfDocumentInput = {
  pages: PdfPage[];
  title: string;
  /** BCP 47 tag of the text ("pt-BR"), for screen readers. */
  language: string;
  createdAt: Date;
};

/**
 * The whole file. Objects: 1 catalog, 2 page tree, 3–4 fonts, 5 information, then each page and its
 * content stream. The xref table lists each object's byte offset, which readers use to find it.
 */
export async function writePdf({
  pages,
  title,
  language,
  createdAt,
}: PdfDocumentInput): Promise<Uint8Array<ArrayBuffer>> {
  const firstPageObject = 6;
  const pageObjects = pages.map((_, index) => firstPageObject + index * 2);
  const fontDictionary = (font: PdfFont) =>
    `<< /Type /Font /Subtype /Type1 /BaseFont /${pdfFontNames[font]} /Encoding /WinAnsiEncoding >>`;
  const objects: Array<string | Uint8Array[]> = [
    `<< /Type /Catalog /Pages 2 0 R /Lang ${infoText(language)} >>`,
    `<< /Type /Pages /Kids [${pageObjects.map((id) => `${id} 0 R`).join(" ")}] /Count ${pages.length} >>`,
    fontDictionary("regular"),
    fontDictionary("bold"),
    `<< /Title ${infoText(title)} /Producer (Moneta) /CreationDate (${pdfDate(createdAt)}) >>`,
  ];
  for (const [index, page] of pages.entries()) {
    const stream = await deflate(latin1Bytes(page.content()));
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${a4.width} ${a4.height}] ` +
        `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageObjects[index]! + 1} 0 R >>`,
      [
        latin1Bytes(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`),
        stream,
        latin1Bytes("\nendstream"),
      ],
    );
  }
  // The comment's bytes above 127 tell transfer tools the file is binary.
  const parts: Uint8Array[] = [latin1Bytes("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  const add = (bytes: Uint8Array) => {
    parts.push(bytes);
    offset += bytes.length;
  };
  for (const [index, body] of objects.entries()) {
    offsets.push(offset);
    add(latin1Bytes(`${index + 1} 0 obj\n`));
    for (const bytes of typeof body === "string" ? [latin1Bytes(body)] : body) add(bytes);
    add(latin1Bytes("\nendobj\n"));
  }
  const xrefOffset = offset;
  // Each entry is exactly 20 bytes: 10-digit offset, 5-digit generation, n or f, space, line feed.
  const entries = offsets.map((at) => `${String(at).padStart(10, "0")} 00000 n \n`).join("");
  add(
    latin1Bytes(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${entries}` +
        `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`,
    ),
  );
  const file = new Uint8Array(offset);
  let at = 0;
  for (const bytes of parts) {
    file.set(bytes, at);
    at += bytes.length;
  }
  return file;
}

export const pdfContentType = "application/pdf";
