import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { nativeSelectClassName } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { TagResponse } from "./tag-row";

type TagChoiceDialogProps = {
  tag: TagResponse;
  /** Every tag of the workspace, the one acted on among them. */
  tags: readonly TagResponse[];
  open: boolean;
  onOpenChange(open: boolean): void;
  onConfirm(choices: Record<string, string>): void;
};

/** The other tags, as the tags page lists them: a subcategory after its category, indented by a dash. */
function TagOptions({ tags }: { tags: readonly TagResponse[] }) {
  return tags.map((tag) => (
    <option key={tag.uuid} value={tag.uuid}>
      {tag.parent_id === null ? tag.name : `— ${tag.name}`}
    </option>
  ));
}

/**
 * "Merge into…": the tag goes and what it had moves to the chosen one, which the dialog says — its
 * transactions, its subcategories, its budget. A category with subcategories is offered top-level tags only.
 */
export function TagMergeDialog({ tag, tags, open, onOpenChange, onConfirm }: TagChoiceDialogProps) {
  const { t } = useTranslation("tags");
  const subcategories = tags.filter((other) => other.parent_id === tag.uuid);
  const candidates = tags.filter(
    (other) => other.uuid !== tag.uuid && (subcategories.length === 0 || other.parent_id === null),
  );
  const [into, setInto] = useState(candidates[0]?.uuid ?? "");
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("merge.title", { name: tag.name })}
      description={t("merge.body", { name: tag.name })}
      confirmLabel={t("merge.confirm")}
      isBusy={into === ""}
      onConfirm={() => onConfirm({ into })}
    >
      <div className="grid gap-2">
        <Label htmlFor={`merge-into-${tag.uuid}`}>{t("merge.into")}</Label>
        <select
          id={`merge-into-${tag.uuid}`}
          value={into}
          onChange={(event) => setInto(event.target.value)}
          className={nativeSelectClassName}
        >
          <TagOptions tags={candidates} />
        </select>
      </div>
      <div className="rounded-lg bg-muted/50 p-3 text-sm">
        <p className="font-medium text-foreground">{t("merge.moves")}</p>
        <ul className="mt-1 list-disc space-y-0.5 pl-5 text-muted-foreground">
          <li>{t("merge.transactions", { count: tag.usage_count })}</li>
          {subcategories.length > 0 ? <li>{t("merge.subcategories", { count: subcategories.length })}</li> : null}
          <li>{t("merge.budget")}</li>
        </ul>
      </div>
    </ConfirmDialog>
  );
}

/**
 * Delete, asking what the person wants: a category's subcategories kept as categories or deleted too, and
 * the transactions given the tag moved to another or just left without it.
 */
export function TagDeleteDialog({ tag, tags, open, onOpenChange, onConfirm }: TagChoiceDialogProps) {
  const { t } = useTranslation("tags");
  const subcategories = tags.filter((other) => other.parent_id === tag.uuid);
  const [subcategoriesChoice, setSubcategoriesChoice] = useState<"promote" | "delete">("promote");
  const [moveTo, setMoveTo] = useState("");
  const isDeletingSubcategories = subcategories.length > 0 && subcategoriesChoice === "delete";
  const carriesTransactions =
    tag.usage_count > 0 || (isDeletingSubcategories && subcategories.some((other) => other.usage_count > 0));
  const moveTargets = tags.filter(
    (other) => other.uuid !== tag.uuid && !(isDeletingSubcategories && other.parent_id === tag.uuid),
  );
  const chosenTarget = moveTargets.some((other) => other.uuid === moveTo) ? moveTo : "";
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("delete.title", { name: tag.name })}
      description={tag.usage_count > 0 ? t("delete.bodyUsed", { count: tag.usage_count }) : t("delete.body")}
      confirmLabel={t("delete.confirm")}
      onConfirm={() =>
        onConfirm({
          ...(subcategories.length > 0 ? { subcategories: subcategoriesChoice } : {}),
          ...(carriesTransactions && chosenTarget ? { move_to: chosenTarget } : {}),
        })
      }
    >
      {subcategories.length > 0 ? (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium text-foreground">
            {t("delete.subcategories", { count: subcategories.length })}
          </legend>
          {(["promote", "delete"] as const).map((choice) => (
            <label key={choice} className="flex min-h-9 items-center gap-2 text-sm">
              <input
                type="radio"
                name={`subcategories-${tag.uuid}`}
                value={choice}
                checked={subcategoriesChoice === choice}
                onChange={() => setSubcategoriesChoice(choice)}
                className="size-4 accent-accent"
              />
              {t(`delete.subcategoriesChoices.${choice}`)}
            </label>
          ))}
        </fieldset>
      ) : null}
      {carriesTransactions ? (
        <div className="grid gap-2">
          <Label htmlFor={`delete-move-to-${tag.uuid}`}>{t("delete.moveTo")}</Label>
          <select
            id={`delete-move-to-${tag.uuid}`}
            value={chosenTarget}
            onChange={(event) => setMoveTo(event.target.value)}
            className={nativeSelectClassName}
          >
            <option value="">{t("delete.justRemove")}</option>
            <TagOptions tags={moveTargets} />
          </select>
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
