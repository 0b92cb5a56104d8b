import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { initClientI18n } from "./lib/i18n.client";
import { listenForInstallOffer } from "./lib/install-offer";

// Before anything else: the browser may offer installing the app before the page has hydrated.
listenForInstallOffer();

const i18n = await initClientI18n();

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
