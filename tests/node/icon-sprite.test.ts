import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { iconNames } from "~/components/ui/icon-names";
import { buildIconSprite, spritePath } from "../../scripts/build-icon-sprite.ts";

const appDir = join(import.meta.dirname, "..", "..", "app");
const sprite = readFileSync(spritePath, "utf8");
const symbolTags = [...sprite.matchAll(/<symbol\b[^>]*>/g)].map(([tag]) => tag);
const symbolIds = symbolTags.map((tag) => /\bid="([^"]+)"/.exec(tag)?.[1]);

describe("the icon sprite (app/components/ui/icons.svg)", () => {
  it("has a symbol for every IconName and none besides (else: npm run icons)", () => {
    const missing = iconNames.filter((name) => !symbolIds.includes(name));
    const extra = symbolIds.filter((id) => !(iconNames as readonly (string | undefined)[]).includes(id));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    expect(symbolIds).toHaveLength(new Set(symbolIds).size);
  });

  it("leaves stroke, fill and size to the stylesheet: symbols carry only an id and a 24-unit viewBox", () => {
    expect(symbolTags).toHaveLength(iconNames.length);
    for (const tag of symbolTags) expect(tag).toMatch(/^<symbol id="[a-z0-9-]+" viewBox="0 0 24 24">$/);
  });

  it("is exactly what npm run icons writes from the installed Lucide data", async () => {
    expect(sprite).toBe(await buildIconSprite());
  });

  it("carries Lucide's licence notice", () => {
    expect(sprite).toMatch(/Copyright \(c\) \d{4} Lucide Icons and Contributors; ISC licence/);
  });
});

describe("icons in the app", () => {
  it("all come from the sprite: no module imports lucide-react's components", () => {
    const sources = readdirSync(appDir, { recursive: true, encoding: "utf8" }).filter((file) =>
      /\.(ts|tsx)$/.test(file),
    );
    const importers = sources.filter((file) => readFileSync(join(appDir, file), "utf8").includes('from "lucide-react'));
    expect(importers).toEqual([]);
  });
});
