import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { appIcons } from "~/routes/manifest";
import { appIconFiles } from "../../scripts/build-app-icons.ts";

/** A PNG's width and height, from its IHDR chunk (right after the 8-byte signature and the chunk's length and type). */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe("the installed app's icons", () => {
  it("are PNGs of the size the manifest and scripts/build-app-icons.ts say", () => {
    for (const { file, size } of appIconFiles) {
      const bytes = readFileSync(new URL(`../../app/public/icons/${file}`, import.meta.url));
      expect(pngSize(bytes), file).toEqual({ width: size, height: size });
    }
    for (const icon of appIcons) {
      const declared = appIconFiles.find((file) => `/icons/${file.file}` === icon.src);
      expect(declared, icon.src).toBeDefined();
      expect(icon.sizes).toBe(`${declared!.size}x${declared!.size}`);
    }
  });

  it("include the 192 and 512 px icons browsers ask for, and a maskable one", () => {
    expect(appIcons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
  });
});
