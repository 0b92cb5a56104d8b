import { useTranslation } from "react-i18next";
import { TagPicker } from "~/components/transactions/tag-picker";
import type { TagOption } from "~/components/transactions/types";
import { Button } from "~/components/ui/button";
import { FieldError, invalidProps } from "~/components/ui/field-error";
import { Icon } from "~/components/ui/icon";
import { nativeSelectClassName, Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { RuleValues } from "./rule-values";

type Split = NonNullable<RuleValues["split"]>;

const maxParts = 20;

type Props = {
  split: Split;
  onChange(split: Split | null): void;
  tags: TagOption[];
  errorAt(path: string): string | undefined;
};

/** A rule's split: every part but the last takes a percentage or a fixed amount, the last what is left. */
export function RuleSplitFields({ split, onChange, tags, errorAt }: Props) {
  const { t } = useTranslation("rules");
  const changePart = (index: number, part: Partial<Split["parts"][number]>) =>
    onChange({ ...split, parts: split.parts.map((current, at) => (at === index ? { ...current, ...part } : current)) });
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium text-foreground">{t("form.split")}</legend>
      <div className="grid gap-1.5 sm:max-w-56">
        <Label htmlFor="rule-split-by">{t("form.splitBy")}</Label>
        <select
          id="rule-split-by"
          value={split.by}
          onChange={(event) => onChange({ ...split, by: event.target.value as Split["by"] })}
          className={nativeSelectClassName}
        >
          <option value="percent">{t("form.byPercent")}</option>
          <option value="amount">{t("form.byAmount")}</option>
        </select>
      </div>
      <ol className="grid gap-3">
        {split.parts.map((part, index) => {
          const number = index + 1;
          const id = `rule-part-${index}`;
          const isRest = index === split.parts.length - 1;
          const shareError = errorAt(`actions.split.parts.${index}.${split.by}`);
          const tagsError = errorAt(`actions.split.parts.${index}.tag_ids`);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a part has no id; its place is its name ("Part 2")
            <li key={index} className="grid gap-3 rounded-xl border bg-muted/30 p-3">
              <div className="flex items-center justify-between gap-2">
                <h4 className="text-sm font-semibold text-foreground">{t("form.part", { number })}</h4>
                {split.parts.length > 2 ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t("form.removePart", { number })}
                    onClick={() => onChange({ ...split, parts: split.parts.filter((_, at) => at !== index) })}
                  >
                    <Icon name="x" />
                  </Button>
                ) : null}
              </div>
              {isRest ? (
                <p className="text-sm text-muted-foreground">{t("form.rest")}</p>
              ) : (
                <div className="grid gap-1.5 sm:max-w-56">
                  <Label htmlFor={`${id}-share`}>{split.by === "percent" ? t("form.percent") : t("form.amount")}</Label>
                  <Input
                    id={`${id}-share`}
                    inputMode="decimal"
                    autoComplete="off"
                    value={part.share}
                    onChange={(event) => changePart(index, { share: event.target.value })}
                    {...invalidProps(`${id}-share-error`, shareError)}
                  />
                  <FieldError id={`${id}-share-error`} message={shareError} />
                </div>
              )}
              <fieldset className="grid gap-2">
                <legend className="mb-1 text-sm text-foreground">{t("form.partTags", { number })}</legend>
                <TagPicker tags={tags} chosen={part.tagIds} onChange={(tagIds) => changePart(index, { tagIds })} />
                <FieldError id={`${id}-tags-error`} message={tagsError} />
              </fieldset>
            </li>
          );
        })}
      </ol>
      <FieldError id="rule-split-error" message={errorAt("actions.split.parts") ?? errorAt("actions.split")} />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={split.parts.length >= maxParts}
          onClick={() =>
            onChange({
              ...split,
              parts: [...split.parts.slice(0, -1), { tagIds: [], share: "" }, split.parts.at(-1)!],
            })
          }
        >
          <Icon name="plus" />
          {t("form.addPart")}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
          {t("form.stopSplit")}
        </Button>
      </div>
    </fieldset>
  );
}
