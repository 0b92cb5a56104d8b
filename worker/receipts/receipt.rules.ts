import { type ReceiptType, receiptTypes } from "../../db/enums.ts";

/**
 * What a receipt may be, checked the same way by the transaction dialog (before uploading) and by the
 * service (on the bytes received): the type from the bytes themselves, whatever the name or the upload
 * claim. No imports but the list of types: the browser loads this module too.
 */

export { receiptTypes, type ReceiptType };

/** A photo or PDF up to 10 MB; the route's body limit and the dialog read this too. */
export const maxReceiptBytes = 10 * 1024 * 1024;
/** Enough for a purchase's receipt, its invoice and the warranty. */
export const maxReceiptsPerTransaction = 10;
/** What the file picker offers: the types, and the extensions phones give them. */
export const receiptAccept = "image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif,application/pdf";

const ascii = (bytes: Uint8Array, from: number, length: number) =>
  String.fromCharCode(...bytes.subarray(from, from + length));

/** The HEIF brands of a still photo (an iPhone's `heic`, others' `mif1`). */
const heifBrands = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]);

/** How far into a PDF its `%PDF-` header may sit: the format lets a little come before it. */
const pdfHeaderWindow = 1024;

/** The type the bytes really are (their signature), or null when none a receipt may be. */
export function detectReceiptType(bytes: Uint8Array): ReceiptType | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, index) => bytes[index] === byte))
    return "image/png";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return "image/webp";
  if (ascii(bytes, 4, 4) === "ftyp" && heifBrands.has(ascii(bytes, 8, 4))) return "image/heic";
  const start = new TextDecoder("latin1").decode(bytes.subarray(0, pdfHeaderWindow));
  if (start.includes("%PDF-")) return "application/pdf";
  return null;
}
