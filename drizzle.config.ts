import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes SQL into migrations/; `npm run db:migrate` applies it.
export default defineConfig({
  dialect: "turso",
  schema: "./db/schema/index.ts",
  out: "./migrations",
  dbCredentials: {
    url: process.env.LIBSQL_URL ?? "http://127.0.0.1:8080",
    authToken: process.env.LIBSQL_AUTH_TOKEN,
  },
});
