import { useTranslation } from "react-i18next";
import { TagChip } from "~/components/ui/tag-chip";
import { type CurrencyCode, formatAmountInput } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import { decimalToExactUnits } from "../../../worker/ledger/amounts";
import type { PreviewLine } from "./import-api";

/**
 * How the workspace's rules will file a preview line: its tags as chips, or its split ("Split: Food
 * 80,00 · Home 20,01"), and the payee. Small text under the description, so it fits a phone too.
 */
export function LineFiling({ filed, currency }: { filed: NonNullable<PreviewLine["filed"]>; currency: CurrencyCode }) {
  const { t } = useTranslation("imports");
  const language = useLanguage();
  const tagNamed = new Map(filed.tags.map((tag) => [tag.uuid, tag]));
  const names = (ids: readonly string[]) =>
    ids
      .map((id) => tagNamed.get(id)?.name)
      .filter(Boolean)
      .join(", ");
  const amount = (decimal: string) =>
    formatAmountInput(Number(decimalToExactUnits(decimal, currency)), currency, language);
  return (
    <div className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground" data-testid="line-filing">
      {filed.parts ? (
        <span>
          {t("preview.splitFiling", {
            parts: filed.parts.map((part) => `${names(part.tag_ids)} ${amount(part.amount)}`).join(" · "),
          })}
        </span>
      ) : (
        (filed.tag_ids ?? []).flatMap((id) => {
          const tag = tagNamed.get(id);
          return tag ? [<TagChip key={id} name={tag.name} color={tag.color} />] : [];
        })
      )}
      {filed.payee ? <span>{t("preview.payee", { name: filed.payee })}</span> : null}
    </div>
  );
}
