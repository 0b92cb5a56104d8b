/**
 * A zip archive written as a stream (PKWARE APPNOTE 6.3): each file deflated by the platform's own
 * CompressionStream("deflate-raw") — workerd and Node both have it, so no library and no Node
 * built-in — with its CRC-32 and sizes in a data descriptor after its data (general purpose flag
 * bit 3), since a streamed file's are known only at its end. A file's content may be an async
 * iterable, read as the archive is read: nothing but the small central directory is kept.
 *
 * No ZIP64: an archive whose sizes or offsets pass 4 GiB is refused (an error, mid-stream). A
 * transactions workbook is about 0.6 KB per row before compression, so that is millions of rows.
 */

export type ZipFile = { name: string; content: string | AsyncIterable<string | Uint8Array<ArrayBuffer>> };

const localHeaderSignature = 0x04034b50;
const dataDescriptorSignature = 0x08074b50;
const centralHeaderSignature = 0x02014b50;
const endOfCentralDirectorySignature = 0x06054b50;
/** Bit 3: sizes and CRC follow the data; bit 11: the name is UTF-8. */
const generalPurposeFlags = 0x0008 | 0x0800;
const deflated = 8;
/** 2.0: deflate, and data descriptors. */
const versionNeeded = 20;
const largestSize = 0xffffffff;

const crcTable = (() => {
  const table = new Uint32Array(256);
  for (let byte = 0; byte < 256; byte++) {
    let crc = byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
    table[byte] = crc >>> 0;
  }
  return table;
})();

/** CRC-32 (the zip and gzip one) of `bytes`, continuing from `crc` (0 to start). */
export function crc32(bytes: Uint8Array, crc = 0): number {
  let value = ~crc;
  for (let index = 0; index < bytes.length; index++) value = crcTable[(value ^ bytes[index]!) & 0xff]! ^ (value >>> 8);
  return ~value >>> 0;
}

/** The MS-DOS date and time a zip stores (local time by convention; we write UTC), to 2 seconds. */
function dosDateTime(at: Date): { date: number; time: number } {
  const year = Math.max(at.getUTCFullYear(), 1980);
  return {
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
  };
}

/** Little-endian fields, as every zip record is written. */
function record(fields: Array<[value: number, bytes: 2 | 4]>, tail: Uint8Array = new Uint8Array()): Uint8Array {
  const size = fields.reduce((sum, [, bytes]) => sum + bytes, 0);
  const out = new Uint8Array(size + tail.length);
  const view = new DataView(out.buffer);
  let at = 0;
  for (const [value, bytes] of fields) {
    if (bytes === 2) view.setUint16(at, value, true);
    else view.setUint32(at, value, true);
    at += bytes;
  }
  out.set(tail, at);
  return out;
}

type Written = { name: Uint8Array; crc: number; compressedSize: number; size: number; offset: number };

function checkedSize(value: number): number {
  if (value > largestSize) throw new RangeError("The archive passed 4 GiB, which a zip without ZIP64 cannot hold.");
  return value;
}

async function* contentBytes(content: ZipFile["content"]): AsyncGenerator<Uint8Array<ArrayBuffer>> {
  const encoder = new TextEncoder();
  if (typeof content === "string") {
    yield encoder.encode(content);
    return;
  }
  for await (const piece of content) yield typeof piece === "string" ? encoder.encode(piece) : piece;
}

/** The archive's bytes, file after file, then the central directory. */
async function* zipBytes(files: Iterable<ZipFile>, modifiedAt: Date): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder();
  const { date, time } = dosDateTime(modifiedAt);
  const written: Written[] = [];
  let offset = 0;
  for (const file of files) {
    const name = encoder.encode(file.name);
    const localHeader = record(
      [
        [localHeaderSignature, 4],
        [versionNeeded, 2],
        [generalPurposeFlags, 2],
        [deflated, 2],
        [time, 2],
        [date, 2],
        [0, 4], // CRC-32, in the data descriptor
        [0, 4], // compressed size, idem
        [0, 4], // size, idem
        [name.length, 2],
        [0, 2], // extra field length
      ],
      name,
    );
    yield localHeader;
    let crc = 0;
    let size = 0;
    const source = contentBytes(file.content);
    // BufferSource: what CompressionStream's writable side takes.
    const plain = new ReadableStream<BufferSource>({
      async pull(controller) {
        const next = await source.next();
        if (next.done) {
          controller.close();
          return;
        }
        crc = crc32(next.value, crc);
        size = checkedSize(size + next.value.length);
        controller.enqueue(next.value);
      },
      async cancel() {
        await source.return(undefined);
      },
    });
    let compressedSize = 0;
    const reader = plain.pipeThrough(new CompressionStream("deflate-raw")).getReader();
    let isWhole = false;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        compressedSize = checkedSize(compressedSize + value.length);
        yield value;
      }
      isWhole = true;
    } finally {
      // Abandoned midway (the download was cancelled): stop reading the content too.
      if (!isWhole) await reader.cancel().catch(() => undefined);
    }
    yield record([
      [dataDescriptorSignature, 4],
      [crc, 4],
      [compressedSize, 4],
      [size, 4],
    ]);
    written.push({ name, crc, compressedSize, size, offset });
    offset = checkedSize(offset + localHeader.length + compressedSize + 16);
  }
  let directorySize = 0;
  for (const file of written) {
    const header = record(
      [
        [centralHeaderSignature, 4],
        [versionNeeded, 2], // version made by: 2.0, MS-DOS attributes
        [versionNeeded, 2],
        [generalPurposeFlags, 2],
        [deflated, 2],
        [time, 2],
        [date, 2],
        [file.crc, 4],
        [file.compressedSize, 4],
        [file.size, 4],
        [file.name.length, 2],
        [0, 2], // extra field length
        [0, 2], // comment length
        [0, 2], // disk number
        [0, 2], // internal attributes
        [0, 4], // external attributes
        [file.offset, 4],
      ],
      file.name,
    );
    directorySize += header.length;
    yield header;
  }
  yield record([
    [endOfCentralDirectorySignature, 4],
    [0, 2], // this disk
    [0, 2], // the disk where the directory starts
    [written.length, 2],
    [written.length, 2],
    [checkedSize(directorySize), 4],
    [offset, 4],
    [0, 2], // comment length
  ]);
}

/**
 * The archive as a byte stream that reads each file's content only as fast as it is itself read.
 * `files` is taken one at a time, after the previous file is written whole, so a generator may
 * decide the next file from how the last one ended.
 */
export function zipStream(files: Iterable<ZipFile>, modifiedAt: Date): ReadableStream<Uint8Array> {
  const bytes = zipBytes(files, modifiedAt);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await bytes.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await bytes.return(undefined);
    },
  });
}
