import { createRequire } from "node:module";
import { dirname } from "node:path";
import { eq } from "drizzle-orm";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";
import { insertAccount, insertTag } from "../../../db/factories.ts";
import { users, workspaces } from "../../../db/schema/index.ts";
import { toWinAnsi } from "../../../worker/exports/winansi.ts";
import { readPdf } from "../../support/pdf-text.ts";
import { createTestApp } from "../../support/test-app.ts";
import { householdLedger } from "../transactions/ledger-fixture.ts";
import { recordedIn } from "./sample-ledger.ts";

/** pdf.js reads the standard fonts' metrics from its own files; without them it warns and guesses. */
const standardFontDataUrl = `${dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"))}/standard_fonts/`;

type ShownText = { text: string; x: number; y: number; width: number };

/** What pdf.js (Firefox's PDF reader) finds on each page: the text it shows, where, and how wide it draws it. */
async function pdfjsPages(bytes: Uint8Array): Promise<ShownText[][]> {
  const loading = getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl,
    useSystemFonts: false,
    disableFontFace: true,
  });
  const document = await loading.promise;
  try {
    const pages: ShownText[][] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const { items } = await (await document.getPage(number)).getTextContent();
      pages.push(
        items.flatMap((item) =>
          "str" in item && item.str.trim() !== ""
            ? [{ text: item.str, x: item.transform[4], y: item.transform[5], width: item.width }]
            : [],
        ),
      );
    }
    return pages;
  } finally {
    await loading.destroy();
  }
}

/** A page's lines top to bottom, each line's pieces left to right joined by " | ", as readPdf joins them. */
function linesOf(pieces: ShownText[]): string[] {
  const byLine = new Map<number, ShownText[]>();
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

describe("a PDF with names from many languages", () => {
  it("prints what Helvetica has, Latin letters it lacks as their base letter, and '¿' for the rest", async () => {
    const t = await createTestApp({ now: "2026-11-21T15:00:00.000Z" });
    const h = await householdLedger(t);
    await t.db.update(users).set({ tier: "unlimited" }).where(eq(users.id, h.owner.user.id));
    await t.db.update(workspaces).set({ name: "Zoë ŁÓDŹ 東京" }).where(eq(workspaces.id, h.workspaceId));
    const krakow = await insertAccount(t.db, { workspaceId: h.workspaceId, name: "Kraków Łódź" });
    const turkish = await insertTag(t.db, { workspaceId: h.workspaceId, name: "Çiğdem" });
    const descriptions = [
      "ąęłńśźż",
      "Dvořák Růžena",
      "Iğdır İstanbul ışık",
      "Ștefan Țară",
      "Nguyễn Văn Đặng",
      "Straße Jürgen Øre",
      "Œuvre de Noël",
      "Jose\u0301 ﬁnanças",
      "Москва",
      "Pizza 🍕 👨‍👩‍👧",
      "Phở Hà Nội với Nguyễn Thị Phương Thảo và bạn",
    ];
    for (const [index, description] of descriptions.entries())
      await recordedIn(h, {
        type: "expense",
        origin_id: `account:${krakow.id}`,
        amount: "10",
        description,
        date: `2026-11-${String(index + 1).padStart(2, "0")}`,
        tag_ids: [turkish.id],
      });
    const response = await t.request(`/api/workspaces/${h.workspaceId}/exports/transactions.pdf?language=en`, {
      token: h.member.token,
    });
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());

    const [page, ...rest] = await pdfjsPages(bytes);
    expect(rest).toEqual([]);
    const lines = linesOf(page!);
    expect(lines.slice(0, 2)).toEqual(["Transaction statement", "Zoë LÓDZ ¿¿"]);
    const row = (date: string, description: string) =>
      `11/${date}/2026 | ${description} | Expense | Kraków Lódz | Çigdem | -R$10.00`;
    expect(lines.slice(5, 16)).toEqual([
      row("11", "Pho Hà Noi voi Nguyen Thi Phuong T…"),
      row("10", "Pizza ¿ ¿"),
      row("09", "¿¿¿¿¿¿"),
      row("08", "José finanças"),
      row("07", "Œuvre de Noël"),
      row("06", "Straße Jürgen Øre"),
      row("05", "Nguyen Van Dang"),
      row("04", "Stefan Tara"),
      row("03", "Igdir Istanbul isik"),
      row("02", "Dvorák Ružena"),
      row("01", "aelnszz"),
    ]);
    // The description column spans x 90–240 with 4 pt of padding: as pdf.js draws the longest one,
    // with Helvetica's own widths, it stops short of the next column.
    const cut = page!.find((piece) => piece.text.startsWith("Pho Hà Noi"))!;
    expect(cut.x).toBe(94);
    expect(cut.x + cut.width).toBeLessThanOrEqual(236);

    // Our strict reader finds the same lines in the same file.
    expect(readPdf(bytes).pages[0]!.lines).toEqual(lines);
  });
});

describe("toWinAnsi", () => {
  const decoded = (text: string) =>
    new TextDecoder("windows-1252").decode(Uint8Array.from(toWinAnsi(text), (byte) => byte.charCodeAt(0)));

  it("writes one '¿' for what a reader sees as one character: a joined emoji, a skin tone, a flag", () => {
    expect(decoded("👨‍👩‍👧x 👍🏽👍 🇧🇷🇵🇹 ❤️ok")).toBe("¿x ¿¿ ¿¿ ¿ok");
  });

  it("drops what prints as nothing and spells ligatures, dashes and Catalan's Ŀ in Latin", () => {
    expect(decoded("a\u200bb\u00adc x\u0301 ﬁ ĳ Ŀl −5 ‑ ẞ")).toBe("abc x fi ij L·l -5 - SS");
  });
});
