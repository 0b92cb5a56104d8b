import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { formatDate, formatMoney } from "./lib/format";
import { type Language, languages } from "./lib/i18n";
import { initClientI18n } from "./lib/i18n.client";
import { listenForInstallOffer } from "./lib/install-offer";
import { cn } from "./lib/utils";

// Before anything else: the browser may offer installing the app before the page has hydrated.
listenForInstallOffer();

const i18n = await initClientI18n();
// The server's HTML held its module preloads back until the first paint (app/lib/modules-after-paint.server.ts):
// React hydrates the head once they are all back as it rendered them.
await (window as { monetaPreloadsOn?: Promise<void> }).monetaPreloadsOn;

// The first date and the first amount a page formats load the locale's calendar and number data (12 ms here
// for the date, in the middle of hydrating a list), and the first merged class list builds tailwind-merge's
// class map (7-10 ms): each in a task of its own before hydrating, so none lengthens one of React's.
const nextTask = () => new Promise((next) => setTimeout(next, 0));
const language = languages.find((code) => code === i18n.language) as Language | undefined;
if (language) {
  await nextTask();
  formatDate("2000-01-01", language);
  await nextTask();
  formatMoney(0, "BRL", language);
  await nextTask();
}
cn("p-0", "p-1");
await nextTask();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <HydratedRouter />
      </I18nextProvider>
    </StrictMode>,
  );
});
