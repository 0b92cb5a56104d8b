import { useTranslation } from "react-i18next";
import { Checkbox } from "~/components/ui/checkbox";
import { Label } from "~/components/ui/label";
import type { Currency } from "../../../db/enums";
import { suggestedCategoriesFor } from "../../../worker/workspaces/suggested-categories.presets";

/**
 * The opt-in `suggested_categories` field of a new-workspace form, off until ticked, with the list it
 * would create one click away, for the currency chosen.
 */
export function SuggestedCategoriesField({ currency }: { currency: Currency }) {
  const { t } = useTranslation("workspaces");
  return (
    <div className="flex items-start gap-3 rounded-lg border bg-muted/40 p-3 text-left">
      <Checkbox id="workspace-suggested-categories" name="suggested_categories" value="on" />
      <div className="grid min-w-0 gap-1">
        <Label htmlFor="workspace-suggested-categories">{t("create.suggestedCategories")}</Label>
        <details className="text-sm text-muted-foreground">
          <summary className="cursor-pointer underline-offset-4 hover:underline">
            {t("create.suggestedCategoriesPreview")}
          </summary>
          <ul className="mt-2 grid gap-1" data-testid="suggested-categories">
            {suggestedCategoriesFor(currency).map((category) => (
              <li key={category.name}>
                <span className="font-medium text-foreground">{category.name}</span>
                {category.subcategories.length ? ` — ${category.subcategories.join(", ")}` : null}
              </li>
            ))}
          </ul>
        </details>
      </div>
    </div>
  );
}
