import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  publicDir: "app/public",
  plugins: [cloudflare({ viteEnvironment: { name: "ssr" } }), tailwindcss(), reactRouter()],
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
      "lucide-react",
      "class-variance-authority",
      "clsx",
      "tailwind-merge",
      "recharts",
    ],
  },
  build: {
    // The landing page's icon sprite is addressed by fragment (landing-icons.svg#check), which a
    // data: URL cannot carry: it always stays a file.
    assetsInlineLimit: (file) => (file.endsWith("/landing-icons.svg") ? false : undefined),
  },
  server: { host: "127.0.0.1" },
  preview: { host: "127.0.0.1" },
});
