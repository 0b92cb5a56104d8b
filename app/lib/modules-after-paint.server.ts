/**
 * A page paints before its modules are fetched (docs/decisions/058-pages-paint-before-their-modules.md).
 * React Router's <Scripts> asks for every module of the page at once: modulepreload links in the head, and a module
 * script at the end of the body whose imports start the rest. On a phone those downloads share the link with the
 * stylesheet and the font that the first paint waits for. So the HTML goes out with both inert, and a small script
 * after the module script makes them live once the page has painted (when the frame after the first rendered one
 * begins), or after `fallbackMs` at the latest, as when a tab opened in the background paints nothing. The links keep their place
 * and get their own `rel` back before React hydrates, so React finds the markup it rendered: a few per task (each
 * costs Chromium about half a millisecond, thirty at once were a 17 ms task on a phone's budget of 50 ms / 4), and
 * `window.monetaPreloadsOn` settles once all are back, which app/entry.client.tsx waits for before hydrating.
 */

const inertPreload = "moneta-modulepreload";
const inertModuleType = "moneta/after-paint";
const fallbackMs = 1500;
const preloadsPerTask = 4;

const moduleScriptOpening = /<script([^>]*) type="module"( async="")?>/;

/** What turns them on: classic, so it runs as it is parsed; it only asks for two frames. */
const starter = `(function(){var on=0;function go(){if(on)return;on=1;var back;window.monetaPreloadsOn=new Promise(function(r){back=r});var s=document.querySelector('script[type="${inertModuleType}"]');if(s){var m=document.createElement("script");m.type="module";m.nonce=s.nonce;m.textContent=s.textContent;document.body.appendChild(m)}var ls=[].slice.call(document.querySelectorAll('link[rel="${inertPreload}"]'));(function next(){ls.splice(0,${preloadsPerTask}).forEach(function(l){l.rel="modulepreload"});if(ls.length)setTimeout(next,0);else back()})()}requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,0)})});setTimeout(go,${fallbackMs})})()`;

/** The page's HTML with its modules asked for after the first paint; `nonce` is the page's CSP nonce. */
export function modulesAfterPaint(html: ReadableStream<Uint8Array>, nonce: string): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let carried = "";
  let state: "before module script" | "inside module script" | "done" = "before module script";

  const rewrite = (text: string): string => {
    if (state === "done") return text;
    let out = text.replaceAll('<link rel="modulepreload"', `<link rel="${inertPreload}"`);
    if (state === "before module script") {
      const opening = moduleScriptOpening.exec(out);
      if (!opening) return out;
      out = out.replace(moduleScriptOpening, `<script$1 type="${inertModuleType}"$2>`);
      state = "inside module script";
    }
    const closing = out.indexOf("</script>", out.indexOf(`type="${inertModuleType}"`) + 1);
    if (closing < 0) return out;
    state = "done";
    const at = closing + "</script>".length;
    return `${out.slice(0, at)}<script nonce="${nonce}">${starter}</script>${out.slice(at)}`;
  };

  return html.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const text = carried + decoder.decode(chunk, { stream: true });
        if (state === "done") {
          carried = "";
          controller.enqueue(encoder.encode(text));
          return;
        }
        // A tag cut between two chunks waits for the rest of itself.
        const lastOpening = text.lastIndexOf("<");
        const isCut = lastOpening >= 0 && text.indexOf(">", lastOpening) < 0;
        carried = isCut ? text.slice(lastOpening) : "";
        const whole = isCut ? text.slice(0, lastOpening) : text;
        if (whole) controller.enqueue(encoder.encode(rewrite(whole)));
      },
      flush(controller) {
        const rest = carried + decoder.decode();
        if (rest) controller.enqueue(encoder.encode(rewrite(rest)));
      },
    }),
  );
}
