import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Brand } from "~/components/layout/brand";
import { LanguageSwitcher } from "~/components/layout/language-switcher";

export function LegalHeader() {
  const { t } = useTranslation();
  return (
    <header className="border-b bg-card">
      <div className="mx-auto flex w-full max-w-6xl items-center justify-between gap-4 px-4 py-4 sm:px-6">
        <Link to="/" aria-label={t("nav.home")} className="rounded-md">
          <Brand />
        </Link>
        <LanguageSwitcher />
      </div>
    </header>
  );
}
