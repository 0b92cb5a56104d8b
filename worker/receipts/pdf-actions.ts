/**
 * Whether a PDF carries actions that run when it is opened: JavaScript (`/JavaScript`, `/JS`) or starting
 * a program (`/Launch`). A receipt needs neither, so such a file is refused, never stored. The names are
 * looked for in the file's own objects and in the compressed object streams PDF 1.5 packs objects into,
 * with `#xx` escapes undone (`/J#61vaScript` is `/JavaScript`). A file whose object streams inflate past
 * `maxInflatedBytes` (a decompression bomb) cannot be checked, and is refused too.
 */

export type PdfCheck = "clean" | "runs_actions" | "unreadable";

const runningActions = new Set(["JavaScript", "JS", "Launch"]);
/** Far more than the objects of any receipt's PDF hold, inflated. */
export const maxInflatedBytes = 32 * 1024 * 1024;

const nameToken = /\/([^\s/<>[\]()%{}]+)/g;

const undoEscapes = (name: string) =>
  name.includes("#")
    ? name.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    : name;

function namesAnAction(text: string): boolean {
  for (const match of text.matchAll(nameToken)) if (runningActions.has(undoEscapes(match[1]!))) return true;
  return false;
}

const latin1 = new TextDecoder("latin1");

/** A FlateDecode stream's bytes inflated, up to `budget` bytes; null past it. Damaged data gives what inflated before it. */
async function inflated(data: Uint8Array, budget: number): Promise<Uint8Array | null> {
  const reader = new Blob([data as Uint8Array<ArrayBuffer>])
    .stream()
    .pipeThrough(new DecompressionStream("deflate"))
    .getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > budget) {
        await reader.cancel();
        return null;
      }
      chunks.push(value);
    }
  } catch {
    // Trailing bytes or a damaged end: what inflated is still read.
  }
  const whole = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return whole;
}

export async function checkPdfActions(bytes: Uint8Array): Promise<PdfCheck> {
  const text = latin1.decode(bytes);
  if (namesAnAction(text)) return "runs_actions";
  let budget = maxInflatedBytes;
  for (const match of text.matchAll(/\/Type\s*\/ObjStm\b/g)) {
    const dictionaryStart = text.lastIndexOf("obj", match.index);
    const streamKeyword = text.indexOf("stream", match.index);
    if (streamKeyword === -1) continue;
    if (!/\/FlateDecode\b/.test(text.slice(dictionaryStart, streamKeyword))) continue;
    let dataStart = streamKeyword + "stream".length;
    if (text[dataStart] === "\r") dataStart++;
    if (text[dataStart] === "\n") dataStart++;
    const dataEnd = text.indexOf("endstream", dataStart);
    if (dataEnd === -1) continue;
    const objects = await inflated(bytes.subarray(dataStart, dataEnd), budget);
    if (!objects) return "unreadable";
    budget -= objects.byteLength;
    if (namesAnAction(latin1.decode(objects))) return "runs_actions";
  }
  return "clean";
}
