import { defineConfig } from "vitest/config";

/**
 * Three layers, all run by `npm test` (scripts/test.ts builds first):
 *  node    services, routes and modules against real libSQL in memory
 *  worker  the built Worker in Miniflare (workerd) against sqld
 *  e2e     Chromium against the app served the way `npm start` serves it
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: { name: "node", include: ["tests/node/**/*.test.{ts,tsx}"], environment: "node" },
      },
      {
        extends: true,
        test: {
          name: "worker",
          include: ["tests/worker/**/*.test.ts"],
          globalSetup: ["tests/support/database-server.setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/support/app-server.setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A browser under CI's load can take over a second to render; polls wait up to 5 s.
          expect: { poll: { timeout: 5_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
