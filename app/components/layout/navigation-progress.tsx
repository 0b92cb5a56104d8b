import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";

/** Quick navigations show nothing; past this the bar appears, so a slow network is never a frozen page. */
const showAfterMs = 150;

/** A thin bar across the top of the page while the next page loads (feedback within 100 ms). */
export function NavigationProgress() {
  const { t } = useTranslation();
  const isLoading = useNavigation().state === "loading";
  const [isShown, setShown] = useState(false);
  useEffect(() => {
    if (!isLoading) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), showAfterMs);
    return () => clearTimeout(timer);
  }, [isLoading]);
  if (!isShown) return null;
  return (
    <div
      role="progressbar"
      aria-label={t("nav.loadingPage")}
      data-testid="navigation-progress"
      className="fixed inset-x-0 top-0 z-[110] h-0.5 overflow-hidden bg-accent/20"
    >
      <div className="h-full w-1/3 animate-navigation-progress bg-accent motion-reduce:w-full motion-reduce:animate-none" />
    </div>
  );
}
