import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { decodeStatementBytes } from "../../../worker/imports/statement-text.ts";

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../fixtures/statements/${name}`, import.meta.url)));
const utf8 = (text: string) => new TextEncoder().encode(text);
const bytes = (...values: number[]) => new Uint8Array(values);

describe("decoding a statement file's bytes", () => {
  it("reads Windows-1252 bytes as Windows-1252, whatever the header says (Itaú)", () => {
    const text = decodeStatementBytes(fixture("itau.ofx"));
    expect(text).toContain("CHARSET:1252");
    expect(text).toContain("<MEMO>SALÁRIO ACME LTDA\r\n");
    expect(text).toContain("<MEMO>PÃO DE AÇÚCAR 0123\r\n");
    expect(text).toContain("<MEMO>PIX TRANSF JOSÉ 10/01 – ALUGUEL\r\n");
    expect(text).not.toContain("\uFFFD");
  });

  it("reads UTF-8 bytes as UTF-8 though the header declares 1252 (Bradesco)", () => {
    const text = decodeStatementBytes(fixture("bradesco.ofx"));
    expect(text).toContain("CHARSET:1252");
    expect(text).toContain("<MEMO>TRANSFERÊNCIA PIX REM: JOÃO DA SILVA\n");
    expect(text).not.toContain("TRANSFERÃŠNCIA");
  });

  it("maps 0x80–0x9F by the Windows-1252 table, keeping the five undefined bytes as C1 characters", () => {
    const row = bytes(...Array.from({ length: 32 }, (_, offset) => 0x80 + offset));
    expect(decodeStatementBytes(row)).toBe("€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ");
    expect(decodeStatementBytes(bytes(0x80, 0x20, 0x93, 0x4f, 0x4b, 0x94, 0x20, 0x96))).toBe("€ “OK” –");
  });

  it("reads Latin-1 letters in 1252 as themselves", () => {
    expect(decodeStatementBytes(bytes(0x43, 0x6f, 0x62, 0x72, 0x61, 0x6e, 0xe7, 0x61, 0x20, 0xc3, 0xa3))).toBe(
      "Cobrança Ã£",
    );
  });

  it("reads the whole file as 1252 when any byte of it is not UTF-8", () => {
    const mixed = new Uint8Array([...utf8("São"), 0x20, 0xe7]);
    expect(decodeStatementBytes(mixed)).toBe("SÃ£o ç");
  });

  it("decodes a long 1252 file across the chunks it is built in", () => {
    const line = [...utf8("<MEMO>PAGTO CONTA LUZ "), 0xc1, 0x96, 0x0d, 0x0a];
    const long = new Uint8Array(Array.from({ length: 2000 }, () => line).flat());
    const text = decodeStatementBytes(long);
    expect(text).toBe("<MEMO>PAGTO CONTA LUZ Á–\r\n".repeat(2000));
  });

  it("drops a UTF-8 byte-order mark", () => {
    expect(decodeStatementBytes(bytes(0xef, 0xbb, 0xbf, ...utf8("Açaí")))).toBe("Açaí");
  });

  it("reads UTF-16 in either byte order after its mark", () => {
    const units = [..."Pão €\r\n"].map((character) => character.charCodeAt(0));
    const littleEndian = units.flatMap((unit) => [unit & 0xff, unit >> 8]);
    const bigEndian = units.flatMap((unit) => [unit >> 8, unit & 0xff]);
    expect(decodeStatementBytes(bytes(0xff, 0xfe, ...littleEndian))).toBe("Pão €\r\n");
    expect(decodeStatementBytes(bytes(0xfe, 0xff, ...bigEndian))).toBe("Pão €\r\n");
  });

  it("leaves line breaks as the file has them, so line numbers stay the file's", () => {
    expect(decodeStatementBytes(utf8("a\r\nb\rc\nd"))).toBe("a\r\nb\rc\nd");
    expect(decodeStatementBytes(bytes(0x61, 0x0d, 0x0a, 0xe9, 0x0d, 0x63))).toBe("a\r\né\rc");
  });

  it("reads no bytes as no text", () => {
    expect(decodeStatementBytes(new Uint8Array())).toBe("");
  });
});
