import { formatAmountText, formatPercent, type CurrencyCode } from "~/lib/format";
import type { Language } from "~/lib/i18n";
import type { RuleResponse } from "./rule-values";

type Translate = (key: string, values: Record<string, unknown>) => string;

export type SentenceContext = {
  t: Translate;
  language: Language;
  /** The workspace's currency: a rule's amounts are in whatever currency the line is, shown in this one's way. */
  currency: CurrencyCode;
  tagNames: ReadonlyMap<string, string>;
  /** "account:{uuid}" / "card:{uuid}" → the account's or card's name. */
  placeNames: ReadonlyMap<string, string>;
};

const decimals = (percent: number) => (String(percent).split(".")[1] ?? "").length;

/**
 * A rule read as a sentence, in the page's language: "When description contains “uber” → tag
 * Transporte, payee Uber". The conditions all hold, so they join with "and"; the actions with commas.
 */
export function ruleSentence(rule: RuleResponse, { t, language, currency, tagNames, placeNames }: SentenceContext) {
  const money = (amount: string) => formatAmountText(amount, currency, language);
  const tagName = (uuid: string) => tagNames.get(uuid) ?? t("rules:sentence.deletedTag", {});
  const conditionText = (condition: RuleResponse["conditions"][number]): string => {
    switch (condition.field) {
      case "description":
      case "payee":
        return t(`rules:sentence.${condition.field}.${condition.operator}`, { value: condition.value });
      case "amount":
        return condition.operator === "between"
          ? t("rules:sentence.amount.between", {
              min: money(condition.value),
              max: money(condition.max ?? condition.value),
            })
          : t("rules:sentence.amount.equals", { amount: money(condition.value) });
      case "type":
        return t(`rules:sentence.type.${condition.value}`, {});
      case "place":
        return t("rules:sentence.place", {
          name: placeNames.get(condition.value) ?? t("rules:sentence.deletedPlace", {}),
        });
    }
  };
  const conditions = rule.conditions.map(conditionText);
  const { set_tags, split, set_payee, set_description, add_note } = rule.actions;
  const actions = [
    set_tags?.length
      ? t("rules:sentence.tags", { count: set_tags.length, names: set_tags.map(tagName).join(", ") })
      : null,
    split
      ? t("rules:sentence.split", {
          parts: split.parts
            .map((part, index) => {
              const names = part.tag_ids.map(tagName).join(", ");
              const share =
                index === split.parts.length - 1
                  ? t("rules:sentence.rest", {})
                  : part.amount !== undefined
                    ? money(part.amount)
                    : formatPercent((part.percent ?? 0) / 100, language, {
                        fractionDigits: decimals(part.percent ?? 0),
                      });
              return `${names} ${share}`;
            })
            .join(" · "),
        })
      : null,
    set_payee ? t("rules:sentence.setPayee", { name: set_payee }) : null,
    set_description ? t("rules:sentence.setDescription", { text: set_description }) : null,
    add_note ? t("rules:sentence.addNote", { text: add_note }) : null,
  ].filter((action) => action !== null);
  return t("rules:sentence.rule", {
    conditions: conditions.join(t("rules:sentence.and", {})),
    actions: actions.join(", "),
  });
}
