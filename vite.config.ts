import { createHash } from "node:crypto";
import { join } from "node:path";
import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { build as bundle } from "rolldown";
import { defineConfig, type Plugin } from "vite";

/**
 * React's edge server renderer encodes each small piece of HTML with its own TextEncoder call,
 * which is slow in workerd; it gets app/lib/react-server-encoder.server.ts instead (same bytes).
 * That encoder hands out shared bytes for short strings, which is safe because React copies every
 * chunk of up to 4096 bytes into its own buffer. The build fails if React stops creating its
 * encoder this way or changes that threshold, so the swap cannot go wrong silently.
 */
function fastReactServerEncoding(): Plugin {
  const encoderModule = new URL("./app/lib/react-server-encoder.server.ts", import.meta.url).pathname;
  return {
    name: "moneta:fast-react-server-encoding",
    applyToEnvironment: (environment) => environment.name === "ssr",
    transform(code, id) {
      if (!/react-dom-server\.edge\.(production|development)\.js$/.test(id)) return;
      if (!code.includes("new TextEncoder()"))
        this.error(`${id} no longer creates a TextEncoder: revisit fastReactServerEncoding`);
      if (!code.includes("4096 < chunk.byteLength"))
        this.error(`${id} copies chunks differently: revisit ReactServerTextEncoder`);
      return {
        code: `var TextEncoder = require(${JSON.stringify(encoderModule)}).ReactServerTextEncoder;\n${code}`,
        map: null,
      };
    },
  };
}

/**
 * What the service worker fetches on install: every script and style of the app's pages, the icon
 * sprite and the Latin fonts. The public landing page's, the style guide's and the legal pages' own
 * files, and the fonts of other scripts, are fetched when a page asks for them.
 */
const isPrecached = (file: string) =>
  /^assets\/.+\.(js|css)$/.test(file)
    ? !/^assets\/(home|landing|style-guide|legal)-/.test(file)
    : /^assets\/(icons-[\w-]+\.svg|inter-latin(-ext)?-wght-normal-[\w-]+\.woff2)$/.test(file);

/**
 * The installed app's service worker (app/service-worker/service-worker.ts), built after the client
 * bundle as build/client/sw.js: one file with the build's id and its list of files to fetch on install
 * written in, so every build is a new worker and the browser installs it (docs/decisions/053-service-worker.md).
 */
function serviceWorker(): Plugin {
  return {
    name: "moneta:service-worker",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options, output) {
      const precached = Object.keys(output).filter(isPrecached).sort();
      const buildId = createHash("sha256").update(precached.join("\n")).digest("hex").slice(0, 16);
      await bundle({
        input: new URL("./app/service-worker/service-worker.ts", import.meta.url).pathname,
        platform: "browser",
        transform: {
          define: {
            __BUILD_ID__: JSON.stringify(buildId),
            __PRECACHE__: JSON.stringify(["/icons/icon-192.png", ...precached.map((file) => `/${file}`)]),
          },
        },
        output: { file: join(options.dir ?? "build/client", "sw.js"), format: "iife", minify: true },
        write: true,
        logLevel: "warn",
      });
    },
  };
}

/**
 * The small modules every app page loads — the UI kit's light parts (the Radix parts, in
 * *-parts.tsx, are fetched after the page is live), the page frame and formatting — as one
 * chunk instead of twenty: brotli packs one file tighter, and there are fewer requests. The role
 * check, the workspace initial, the planned-source icons and the field error are a few hundred bytes
 * each and used by most workspace pages, so they ride along instead of costing a file apiece.
 */
const framework =
  /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|tailwind-merge|clsx|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs))[\\/]/;

const appKit =
  /[\\/](worker[\\/]workspaces[\\/]permissions\.ts$|app[\\/](components[\\/]layout[\\/]|components[\\/]shell[\\/]shell-parts-later\.ts$|components[\\/]ui[\\/](badge|button|card|confirm-dialog|deferred-dialog|dialog|dropdown-menu|field-error|icon|input|label|opened-later|pagination|sheet|skeleton|stand-in|toast|toast-durations|toast-store|workspace-initial)\.tsx?$|lib[\\/](color-contrast|deferred|format|i18n|offline-revalidation|planned-source-icons|use-language|utils|workspace-meta)\.ts$))/;

export default defineConfig({
  publicDir: "app/public",
  plugins: [
    cloudflare({ viteEnvironment: { name: "ssr" } }),
    tailwindcss(),
    reactRouter(),
    fastReactServerEncoding(),
    serviceWorker(),
  ],
  resolve: { tsconfigPaths: true },
  // Listed up front so `npm run dev` does not discover them mid-page-load and reload.
  optimizeDeps: {
    include: [
      "react",
      "react-dom",
      "react-dom/client",
      "react-router",
      "react-router/dom",
      "i18next",
      "react-i18next",
      "radix-ui",
      "class-variance-authority",
      "clsx",
      "tailwind-merge",
      "recharts",
    ],
  },
  build: {
    // The icon sprites are addressed by fragment (landing-icons.svg#check, icons.svg#pencil), which
    // a data: URL cannot carry: they always stay files.
    assetsInlineLimit: (file) =>
      file.endsWith("/landing-icons.svg") || file.endsWith("/ui/icons.svg") ? false : undefined,
  },
  environments: {
    client: {
      build: {
        // Code fetched later (dialogs, menus: app/lib/deferred.ts) is imported as it is, its own imports found by
        // the browser: Vite's helper would first add a <link rel="modulepreload"> per dependency, and Chromium
        // spends about half a millisecond on each, all in the task that asked (often a render of React's).
        modulePreload: false,
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  // react-i18next's <Trans> (the legal pages, the landing page's dialog) and the HTML parser it
                  // brings stay with the pages that use them.
                  test: (id: string) =>
                    framework.test(id) &&
                    !/react-i18next[\\/]dist[\\/]es[\\/](Icu)?Trans|html-parse-stringify|void-elements/.test(id),
                  priority: 2,
                },
                { name: "app-kit", test: appKit, priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
  server: { host: "127.0.0.1" },
  preview: { host: "127.0.0.1" },
});
