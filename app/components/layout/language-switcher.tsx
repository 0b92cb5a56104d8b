import { useTranslation } from "react-i18next";
import { Form, useLocation, useNavigation } from "react-router";
import { Icon } from "~/components/ui/icon";
import { languages, type Language } from "~/lib/i18n";
import { cn } from "~/lib/utils";

const labels: Record<Language, { short: string; name: string }> = {
  en: { short: "EN", name: "English" },
  "pt-BR": { short: "PT", name: "Português (Brasil)" },
};

/**
 * Posts to /language, which sets the cookie and comes back here; works before hydration and
 * without JavaScript. The current language is marked for assistive technology.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const isSwitching = navigation.formAction === "/language";
  return (
    <Form
      method="post"
      action="/language"
      className={cn("inline-flex items-center gap-1", className)}
      aria-label={t("language.label")}
    >
      <Icon name="languages" className="mr-1 size-4 text-muted-foreground" />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}${location.hash}`} />
      {/* biome-ignore lint/a11y/useSemanticElements: the form already names the choice; a fieldset would add a legend slot and default box */}
      <div role="group" aria-label={t("language.label")} className="inline-flex rounded-md border bg-card p-0.5">
        {languages.map((language) => {
          const isCurrent = i18n.language === language;
          return (
            <button
              key={language}
              type="submit"
              name="language"
              value={language}
              lang={language}
              title={labels[language].name}
              aria-pressed={isCurrent}
              disabled={isSwitching}
              className={cn(
                "rounded px-2 py-1 text-xs font-semibold transition",
                isCurrent
                  ? "bg-primary text-primary-foreground"
                  : "text-muted-foreground hover:bg-muted hover:text-foreground",
              )}
            >
              <span aria-hidden>{labels[language].short}</span>
              <span className="sr-only">{labels[language].name}</span>
            </button>
          );
        })}
      </div>
    </Form>
  );
}
