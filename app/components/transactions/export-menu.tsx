import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { DropdownMenu, DropdownMenuTrigger } from "~/components/ui/dropdown-menu";
import { Icon } from "~/components/ui/icon";
import { deferredModule, usePreloadWhenIdle } from "~/lib/deferred";
import type * as ContentModule from "./export-menu-content";

/** The menu's items, which only show once it is open: fetched when the page is idle, or at the first press. */
const content = deferredModule<typeof ContentModule>(() => import("./export-menu-content"));

/**
 * "Export": the list as it is filtered, as a file (export-menu-content.tsx). The files stream from
 * the API, so a large workspace starts downloading at once.
 */
export function ExportMenu(props: ContentModule.ExportMenuContentProps) {
  const { t } = useTranslation("transactions");
  const [loaded, setLoaded] = useState(() => content.current());
  usePreloadWhenIdle(content, setLoaded);
  const load = () => {
    if (!loaded) content.load().then(setLoaded, () => {});
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild onPointerDown={load} onKeyDown={load}>
        <Button variant="outline">
          <Icon name="download" />
          {t("export.button")}
        </Button>
      </DropdownMenuTrigger>
      {loaded ? <loaded.ExportMenuContent {...props} /> : null}
    </DropdownMenu>
  );
}
