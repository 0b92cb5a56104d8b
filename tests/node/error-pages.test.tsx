import { prerender } from "react-dom/static";
import { I18nextProvider } from "react-i18next";
import { createStaticHandler, createStaticRouter, data, type RouteObject, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { ErrorBoundary } from "~/root";
import type { Language } from "~/lib/i18n";
import { serverI18n } from "~/lib/i18n.server";
import WorkspaceLayout, { ErrorBoundary as WorkspaceErrorBoundary } from "~/routes/workspace-layout";

const EmptyPage = () => null;

/** Renders the root error boundary for a route whose loader fails the given way. */
async function renderFailure(language: Language, failure: () => never): Promise<{ status: number; html: string }> {
  return renderRoutes(language, [{ id: "page", path: "/", loader: failure, Component: EmptyPage, ErrorBoundary }], "/");
}

async function renderRoutes(language: Language, routes: RouteObject[], path: string) {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://127.0.0.1${path}`));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  // Rendered whole, as the server streams it: the error pages' code is loaded when one is shown.
  const { prelude } = await prerender(
    <I18nextProvider i18n={serverI18n(language)}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </I18nextProvider>,
  );
  return { status: context.statusCode, html: await new Response(prelude).text() };
}

describe("error pages", () => {
  it("shows the generic error page, in the visitor's language, when a loader crashes", async () => {
    const crash = () => {
      throw new Error("SQLITE_BUSY: database is locked");
    };
    const english = await renderFailure("en", crash);
    expect(english.status).toBe(500);
    expect(english.html).toContain("This page didn&#x27;t load");
    expect(english.html).not.toContain("SQLITE_BUSY");

    const portuguese = await renderFailure("pt-BR", crash);
    expect(portuguese.html).toContain("Esta página não carregou");
    expect(portuguese.html).toContain("Tentar novamente");
  });

  it("shows the 404 page when a loader answers not found", async () => {
    const { status, html } = await renderFailure("pt-BR", () => {
      throw data(null, { status: 404 });
    });
    expect(status).toBe(404);
    expect(html).toContain("Não encontramos essa página");
    expect(html).toContain("<title>Não encontramos essa página — Moneta</title>");
  });

  it("shows the refused-request page, in the visitor's language, when an action is refused with 403", async () => {
    const refuse = () => {
      throw data(null, { status: 403 });
    };
    const english = await renderFailure("en", refuse);
    expect(english.status).toBe(403);
    expect(english.html).toContain("This request was refused");
    const portuguese = await renderFailure("pt-BR", refuse);
    expect(portuguese.html).toContain("Este pedido foi recusado");
  });

  it("shows the database-unavailable page, in the visitor's language, with a way to retry, for 503", async () => {
    const unavailable = () => {
      throw data(null, { status: 503 });
    };
    const english = await renderFailure("en", unavailable);
    expect(english.status).toBe(503);
    expect(english.html).toContain("We can&#x27;t reach your data right now");
    expect(english.html).toContain("Try again");
    const portuguese = await renderFailure("pt-BR", unavailable);
    expect(portuguese.html).toContain("Não conseguimos acessar seus dados agora");
  });
});

const workspaceId = "0195f3a0-0000-7000-8000-000000000001";

/** What the workspace layout's loader hands its shell (routes/workspace-layout.tsx). */
const shellData = {
  workspace: {
    uuid: workspaceId,
    name: "Casa",
    primary_color: "#4f46e5",
    secondary_color: "#0ea5e9",
    accent_color: "#f59e0b",
  },
  workspaces: [{ uuid: workspaceId, name: "Casa", primary_color: "#4f46e5", secondary_color: "#0ea5e9" }],
  user: { name: "Ana", email: "ana@example.com", picture: null },
  tierLabel: "Free",
  showRecurring: false,
  hasExportFeatures: false,
  collapsedGroups: [],
  theme: { primary: "#4f46e5", secondary: "#0ea5e9", accent: "#f59e0b" },
};

/** A workspace page under the real layout and its boundary, the layout's read and the page's as given. */
function renderWorkspacePage(
  language: Language,
  pageLoader: () => unknown,
  layoutLoader: () => unknown = () => shellData,
) {
  const layout: RouteObject = {
    id: "routes/workspace-layout",
    path: "/workspaces/:workspaceId",
    loader: layoutLoader,
    Component: WorkspaceLayout,
    ErrorBoundary: WorkspaceErrorBoundary,
    children: [{ id: "page", path: "transactions", loader: pageLoader, Component: EmptyPage }],
  };
  return renderRoutes(language, [layout], `/workspaces/${workspaceId}/transactions`);
}

describe("a workspace page that fails", () => {
  const crash = () => {
    throw new Error("SQLITE_BUSY: database is locked");
  };
  const sidebar = `href="/workspaces/${workspaceId}/accounts"`;
  const dashboard = `href="/workspaces/${workspaceId}/dashboard"`;

  it("shows the error inside the shell, in the visitor's language, with a retry and the way to the dashboard", async () => {
    const english = await renderWorkspacePage("en", crash);
    expect(english.status).toBe(500);
    expect(english.html).toContain("This page didn&#x27;t load");
    expect(english.html).toContain("Try again");
    expect(english.html).toContain("Go to the dashboard");
    expect(english.html).toContain(dashboard);
    expect(english.html).toContain(sidebar);
    expect(english.html).toContain("Workspace navigation");
    expect(english.html).not.toContain("SQLITE_BUSY");

    const portuguese = await renderWorkspacePage("pt-BR", crash);
    expect(portuguese.html).toContain("Esta página não carregou");
    expect(portuguese.html).toContain("Tentar novamente");
    expect(portuguese.html).toContain("Ir para o painel");
    expect(portuguese.html).toContain(sidebar);
  });

  it("shows a page that is not found inside the shell, without a retry", async () => {
    const { status, html } = await renderWorkspacePage("pt-BR", () => {
      throw data(null, { status: 404 });
    });
    expect(status).toBe(404);
    expect(html).toContain("Não encontramos essa página");
    expect(html).toContain(sidebar);
    expect(html).not.toContain("Tentar novamente");
  });

  it("shows the whole-page error when the workspace's own read is what failed", async () => {
    const { status, html } = await renderWorkspacePage(
      "en",
      () => null,
      () => {
        throw data(null, { status: 503 });
      },
    );
    expect(status).toBe(503);
    expect(html).toContain("We can&#x27;t reach your data right now");
    expect(html).toContain("Go to the home page");
    expect(html).not.toContain(sidebar);
  });
});
