import { describe, expect, it } from "vitest";
import { modulesAfterPaint } from "../../app/lib/modules-after-paint.server";

// The markup React Router 8's <Scripts> writes, as React streams it (links hoisted into the head).
const page = [
  '<!DOCTYPE html><html lang="pt-BR"><head><meta charSet="utf-8"/>',
  '<link rel="preload" href="/assets/inter.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>',
  '<link rel="modulepreload" href="/assets/entry.client-a.js" nonce="n0nce"/>',
  '<link rel="modulepreload" href="/assets/framework-b.js" nonce="n0nce"/>',
  '<link rel="stylesheet" href="/assets/app-c.css"/></head>',
  "<body><main><h1>Início</h1><p>a &lt; b</p></main>",
  '<script nonce="n0nce">window.__reactRouterContext = {"a":"\\u003c/script>"};</script>',
  '<script nonce="n0nce" type="module" async="">import * as route0 from "/assets/root-d.js";\n',
  'window.__reactRouterRouteModules = {"root":route0};\nimport("/assets/entry.client-a.js");</script>',
  '<script nonce="n0nce">window.__reactRouterContext.streamController.close();</script></body></html>',
].join("");

async function streamed(html: string, chunkSize: number): Promise<string> {
  const bytes = new TextEncoder().encode(html);
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += chunkSize) controller.enqueue(bytes.slice(at, at + chunkSize));
      controller.close();
    },
  });
  return new Response(modulesAfterPaint(source, "n0nce")).text();
}

describe("modulesAfterPaint", () => {
  it("sends the module preloads and the module script inert, with the script that turns them on right after", async () => {
    const html = await streamed(page, page.length);
    expect(html.slice(0, html.indexOf("</head>"))).not.toContain('rel="modulepreload"');
    expect(html.match(/<link rel="moneta-modulepreload" href="[^"]+"/g)).toEqual([
      '<link rel="moneta-modulepreload" href="/assets/entry.client-a.js"',
      '<link rel="moneta-modulepreload" href="/assets/framework-b.js"',
    ]);
    expect(html).not.toMatch(/<script[^>]* type="module"/);
    expect(html).toContain('<script nonce="n0nce" type="moneta/after-paint" async="">import * as route0');
    expect(html).toMatch(/import\("\/assets\/entry\.client-a\.js"\);<\/script><script nonce="n0nce">\(function\(\)\{/);
    expect(html).toContain("requestAnimationFrame(");
    // Everything else goes out as written.
    const undone = html
      .replaceAll('rel="moneta-modulepreload"', 'rel="modulepreload"')
      .replace('type="moneta/after-paint"', 'type="module"')
      .replace(/<script nonce="n0nce">\(function\(\)\{.*?\}\)\(\)<\/script>/, "");
    expect(undone).toBe(page);
  });

  it("writes the same page however the stream cuts it", async () => {
    const whole = await streamed(page, page.length);
    for (const chunkSize of [1, 2, 3, 7, 16, 64, 333]) expect(await streamed(page, chunkSize)).toBe(whole);
  });

  it("keeps UTF-8 cut between two chunks whole", async () => {
    const accented = page.replace("Início", "Início — ação, R$ 1.234,56");
    const html = await streamed(accented, 5);
    expect(html).toContain("Início — ação, R$ 1.234,56");
  });

  it("leaves a page without modules (the landing page) as it was", async () => {
    const landing =
      '<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/></head><body><p>Olá</p></body></html>';
    expect(await streamed(landing, 9)).toBe(landing);
  });
});
