import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { api } from "../../worker/api.ts";

/** "GET /workspaces/:workspaceId" as docs/api.md names it: "GET /api/workspaces/{workspaceId}". */
const asDocumented = (method: string, path: string) => `${method} /api${path.replace(/:(\w+)/g, "{$1}")}`;

/** Middleware (`use`) registers as ALL; every other entry is a route a client can call. */
const registeredRoutes = [
  ...new Set(
    api.routes.filter((route) => route.method !== "ALL").map((route) => asDocumented(route.method, route.path)),
  ),
].sort();

/** Each route's section in docs/api.md opens with a heading such as "#### `POST /api/leads`". */
const documentedRoutes = [
  ...readFileSync(new URL("../../docs/api.md", import.meta.url), "utf8").matchAll(/^#{2,4} `([A-Z]+ \/api\/\S*)`$/gm),
].map((match) => match[1]!);

describe("docs/api.md", () => {
  it("has a section for every route the API registers", () => {
    expect(registeredRoutes.length).toBeGreaterThan(60);
    expect(registeredRoutes.filter((route) => !documentedRoutes.includes(route))).toEqual([]);
  });

  it("documents no route the API does not have, and each route once", () => {
    expect(documentedRoutes.filter((route) => !registeredRoutes.includes(route))).toEqual([]);
    expect(documentedRoutes.filter((route, index) => documentedRoutes.indexOf(route) !== index)).toEqual([]);
  });
});
