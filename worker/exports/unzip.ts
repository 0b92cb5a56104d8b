import { crc32 } from "./zip.ts";

/**
 * The files of a zip archive (PKWARE APPNOTE 6.3), as Moneta's own workspace archive is written
 * (./zip.ts) or as a person's zip tool writes it again: stored or deflated entries, found through the
 * central directory. Inflated by the platform's DecompressionStream("deflate-raw"), never past the
 * size the directory declares, so a caller that bounds the declared sizes of what it reads bounds
 * what it inflates: a small archive that would inflate to gigabytes (a zip bomb) is refused having
 * inflated no more than that. Each file's CRC-32 is checked. Anything else — encryption, ZIP64, a name that escapes the archive — is refused.
 */

export class ZipProblem extends Error {
  readonly reason: "not_zip" | "damaged" | "too_large" | "unsupported";
  constructor(reason: ZipProblem["reason"], detail = "") {
    super(`${reason}${detail ? `: ${detail}` : ""}`);
    this.name = "ZipProblem";
    this.reason = reason;
  }
}

export type ZipEntry = {
  name: string;
  /** What the file inflates to, as the directory says (checked as it is read). */
  size: number;
  /** The file's bytes, inflated and checked. */
  bytes(): Promise<Uint8Array<ArrayBuffer>>;
};

const endOfCentralDirectorySignature = 0x06054b50;
const centralHeaderSignature = 0x02014b50;
const localHeaderSignature = 0x04034b50;

/** The archive's files, in the directory's order. */
export function readZip(archive: Uint8Array<ArrayBuffer>): ZipEntry[] {
  const view = new DataView(archive.buffer, archive.byteOffset, archive.byteLength);
  const end = endRecordOffset(view);
  const count = view.getUint16(end + 10, true);
  const directorySize = view.getUint32(end + 12, true);
  const directoryOffset = view.getUint32(end + 16, true);
  if (directoryOffset + directorySize > end) throw new ZipProblem("damaged", "directory");
  const entries: ZipEntry[] = [];
  let at = directoryOffset;
  for (let index = 0; index < count; index++) {
    if (at + 46 > end || view.getUint32(at, true) !== centralHeaderSignature) throw new ZipProblem("damaged", "entry");
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const crc = view.getUint32(at + 16, true);
    const compressedSize = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const localOffset = view.getUint32(at + 42, true);
    const name = new TextDecoder().decode(archive.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
    if (flags & 0x0001) throw new ZipProblem("unsupported", "encrypted");
    if (method !== 0 && method !== 8) throw new ZipProblem("unsupported", `method ${method}`);
    if ([compressedSize, size, localOffset].includes(0xffffffff)) throw new ZipProblem("unsupported", "zip64");
    if (name.startsWith("/") || name.split("/").includes("..")) throw new ZipProblem("damaged", "name");
    if (name.endsWith("/")) continue;
    const dataStart = localDataStart(view, localOffset);
    if (dataStart + compressedSize > archive.byteLength) throw new ZipProblem("damaged", "data");
    const data = archive.subarray(dataStart, dataStart + compressedSize);
    entries.push({
      name,
      size,
      bytes: async () => {
        const bytes = method === 0 ? data.slice() : await inflatedExactly(data, size);
        if (bytes.byteLength !== size || crc32(bytes) !== crc) throw new ZipProblem("damaged", name);
        return bytes;
      },
    });
  }
  return entries;
}

/** The end-of-central-directory record: the last 22 bytes, or before a comment of at most 64 KiB. */
function endRecordOffset(view: DataView): number {
  const lowest = Math.max(0, view.byteLength - 22 - 0xffff);
  for (let at = view.byteLength - 22; at >= lowest; at--) {
    if (view.getUint32(at, true) === endOfCentralDirectorySignature) return at;
  }
  throw new ZipProblem("not_zip");
}

function localDataStart(view: DataView, offset: number): number {
  if (offset + 30 > view.byteLength || view.getUint32(offset, true) !== localHeaderSignature)
    throw new ZipProblem("damaged", "local header");
  return offset + 30 + view.getUint16(offset + 26, true) + view.getUint16(offset + 28, true);
}

/** Deflated bytes inflated, refused as soon as they pass `size` (a directory that lies about it). */
async function inflatedExactly(data: Uint8Array<ArrayBuffer>, size: number): Promise<Uint8Array<ArrayBuffer>> {
  const reader = new Blob([data]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  const whole = new Uint8Array(size);
  let offset = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (offset + value.byteLength > size) {
        await reader.cancel();
        throw new ZipProblem("too_large");
      }
      whole.set(value, offset);
      offset += value.byteLength;
    }
  } catch (error) {
    if (error instanceof ZipProblem) throw error;
    throw new ZipProblem("damaged", "deflate");
  }
  if (offset !== size) throw new ZipProblem("damaged", "short");
  return whole;
}
