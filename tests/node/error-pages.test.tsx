import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createStaticHandler, createStaticRouter, data, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { ErrorBoundary } from "~/root";
import type { Language } from "~/lib/i18n";
import { serverI18n } from "~/lib/i18n.server";

const EmptyPage = () => null;

/** Renders the root error boundary for a route whose loader fails the given way. */
async function renderFailure(language: Language, failure: () => never): Promise<{ status: number; html: string }> {
  const routes = [{ id: "page", path: "/", loader: failure, Component: EmptyPage, ErrorBoundary }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://127.0.0.1/"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <I18nextProvider i18n={serverI18n(language)}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </I18nextProvider>,
  );
  return { status: context.statusCode, html };
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
