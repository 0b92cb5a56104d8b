import { useTranslation } from "react-i18next";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/utils";
import { accountIcons } from "../../../worker/accounts/accounts.presets";
import { accountIconGlyphs } from "./account-icon";

/** The five account icons as a radio group. */
export function IconPicker({ value, onChange, color }: { value: string; onChange(icon: string): void; color: string }) {
  const { t } = useTranslation("accounts");
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium text-foreground">{t("form.icon")}</legend>
      <div className="flex flex-wrap gap-2">
        {accountIcons.map((icon) => {
          const isChecked = value === icon;
          return (
            <label key={icon} className="cursor-pointer" title={t(`icons.${icon}`)}>
              <input
                type="radio"
                name="icon"
                value={icon}
                checked={isChecked}
                onChange={() => onChange(icon)}
                className="peer sr-only"
                aria-label={t(`icons.${icon}`)}
              />
              <span
                aria-hidden
                className={cn(
                  "grid size-11 place-items-center rounded-xl border bg-card text-muted-foreground transition hover:bg-muted",
                  "peer-focus-visible:ring-3 peer-focus-visible:ring-accent peer-checked:border-transparent",
                )}
                style={
                  isChecked
                    ? { backgroundColor: `${color}1f`, color, boxShadow: `inset 0 0 0 2px ${color}` }
                    : undefined
                }
              >
                <Icon name={accountIconGlyphs[icon]} className="size-5" />
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
