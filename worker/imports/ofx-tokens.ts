/**
 * OFX as a flat list of tags, each with the text that follows it and its line. The same reader takes
 * OFX 1.x (SGML: a plain header, leaf tags never closed) and 2.x (XML: processing instructions, every
 * tag closed, sometimes all on one line); which tags hold values is ofx.ts's business. One pass with
 * indexOf and no backtracking pattern, so a 5 MB file reads in linear time.
 */

/**
 * Called once per tag, in file order, when the text after it is known: `name` upper-case (a
 * lower-case file reads the same), `line` the file's line (1-based) where the tag starts, `text`
 * everything up to the next tag with entities decoded, untrimmed. A callback rather than a list: a
 * 10,000-transaction file has some 100,000 tags, and objects for them would only feed the collector.
 */
export type OfxTagVisitor = (name: string, isEnd: boolean, line: number, text: string) => void;

const namedEntities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** &amp; &lt; &gt; &quot; &apos; &nbsp; and numeric references; anything else stays as written. */
export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,4});/gi, (whole, entity: string) => {
    if (entity[0] !== "#") return namedEntities[entity.toLowerCase()] ?? whole;
    const isHex = entity[1] === "x" || entity[1] === "X";
    const codePoint = Number.parseInt(entity.slice(isHex ? 2 : 1), isHex ? 16 : 10);
    return codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : whole;
  });
}

const isNameStart = (code: number) => (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
const isNameCharacter = (code: number) =>
  isNameStart(code) || (code >= 48 && code <= 57) || code === 46 || code === 95 || code === 45 || code === 58;

/** The line breaks in source[from, to): \r\n, \n and \r each end one line. */
export function countLineBreaks(source: string, from: number, to: number): number {
  let count = 0;
  for (let index = from; index < to; index++) {
    const code = source.charCodeAt(index);
    if (code === 10 || (code === 13 && source.charCodeAt(index + 1) !== 10)) count++;
  }
  return count;
}

/** Reads the tags of an OFX text; a tag the file cuts off before its ">" ends the reading. */
export function readOfxTags(source: string, visit: OfxTagVisitor): void {
  let line = 1;
  let countedTo = 0;
  const lineAt = (position: number) => {
    line += countLineBreaks(source, countedTo, position);
    countedTo = position;
    return line;
  };
  // The tag read last waits for its text, which ends where the next tag starts.
  let tagName = "";
  let tagIsEnd = false;
  let tagLine = 0;
  let text = "";
  const visitWaitingTag = () => {
    if (tagName !== "") visit(tagName, tagIsEnd, tagLine, text);
    text = "";
  };

  let position = 0;
  while (position < source.length) {
    const open = source.indexOf("<", position);
    text += decodeEntities(source.slice(position, open < 0 ? source.length : open));
    if (open < 0) break;
    const next = source.charCodeAt(open + 1);
    if (next === 63 /* ? */ || next === 33 /* ! */) {
      const skipped = skipMarkup(source, open);
      if (skipped.cdata !== null) text += skipped.cdata;
      if (skipped.end < 0) break;
      position = skipped.end;
      continue;
    }
    const isEnd = next === 47; /* / */
    const nameStart = open + (isEnd ? 2 : 1);
    if (!isNameStart(source.charCodeAt(nameStart))) {
      // A "<" that starts no tag ("A < B" in a memo a bank forgot to escape) is text.
      text += "<";
      position = open + 1;
      continue;
    }
    const close = source.indexOf(">", nameStart);
    if (close < 0) break;
    let nameEnd = nameStart;
    while (nameEnd < close && isNameCharacter(source.charCodeAt(nameEnd))) nameEnd++;
    visitWaitingTag();
    tagName = source.slice(nameStart, nameEnd).toUpperCase();
    tagIsEnd = isEnd;
    tagLine = lineAt(open);
    if (!isEnd && source.charCodeAt(close - 1) === 47 /* / */) {
      visit(tagName, false, tagLine, "");
      tagIsEnd = true;
    }
    position = close + 1;
  }
  visitWaitingTag();
}

/**
 * Skips "<?...?>", "<!--...-->" and "<!DOCTYPE ...>", and reads "<![CDATA[...]]>" as text.
 * `end` is where reading goes on, or -1 when the file ends inside the markup.
 */
function skipMarkup(source: string, open: number): { end: number; cdata: string | null } {
  const until = (terminator: string, from: number) => {
    const found = source.indexOf(terminator, from);
    return found < 0 ? -1 : found + terminator.length;
  };
  if (source.startsWith("<![CDATA[", open)) {
    const close = source.indexOf("]]>", open + 9);
    const cdata = source.slice(open + 9, close < 0 ? source.length : close);
    return { end: close < 0 ? -1 : close + 3, cdata };
  }
  if (source.startsWith("<!--", open)) return { end: until("-->", open + 4), cdata: null };
  if (source.charCodeAt(open + 1) === 63) return { end: until("?>", open + 2), cdata: null };
  return { end: until(">", open + 2), cdata: null };
}
