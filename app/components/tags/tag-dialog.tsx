import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import { useIntentToast } from "~/lib/result-toasts";
import { FieldError, invalidProps, useFieldMessage } from "~/components/ui/field-error";
import { SwatchPicker } from "~/components/ui/swatch-picker";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { nativeSelectClassName, Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import type { FieldMessages } from "../../../worker/http/messages";
import { fieldErrorsFrom } from "../../../worker/http/field-errors";
import { cardColors } from "../../../worker/cards/cards.presets";
import { defaultTagColor } from "../../../worker/tags/tags.presets";
import type { TagResponse } from "./tag-row";
import { submitAtOnce } from "~/lib/submit-at-once";
import { deferredModule, useLoadedModule } from "~/lib/deferred";

/** Grey first (the default), then the card palette. */
export const tagSwatches = [defaultTagColor, ...cardColors];

type TagDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  tag?: TagResponse;
  /** The workspace's tags: the top-level ones are the categories a tag may sit under. */
  tags: readonly TagResponse[];
};

export function TagDialog({ open, onOpenChange, tag, tags }: TagDialogProps) {
  const { t } = useTranslation("tags");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{tag ? t("form.editTitle") : t("form.createTitle")}</DialogTitle>
          <DialogDescription>{t("form.description")}</DialogDescription>
        </DialogHeader>
        <TagForm tag={tag} tags={tags} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

/** The form's checks, fetched when it opens: zod stays out of the pages that only offer the dialog. */
const tagSchemas = deferredModule(() => import("../../../worker/tags/tags.schemas"));

function TagForm({ tag, tags, onDone }: { tag?: TagResponse; tags: readonly TagResponse[]; onDone(): void }) {
  const { t } = useTranslation("tags");
  const fetcher = useFetcher<ActionResult>();
  const messageFor = useFieldMessage();
  const [color, setColor] = useState(tag?.color ?? defaultTagColor);
  const [clientErrors, setClientErrors] = useState<FieldMessages>({});
  const schemas = useLoadedModule(tagSchemas);
  useIntentToast(fetcher.data, "tags");
  const isBusy = fetcher.state !== "idle";
  const errors = { ...(fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : undefined), ...clientErrors };
  const nameError = messageFor(errors.name);
  const descriptionError = messageFor(errors.description);
  const parentError = messageFor(errors.parent_id);
  // Two levels: a category with subcategories stays at the top, and only top-level tags take subcategories.
  const hasSubcategories = tag !== undefined && tags.some((other) => other.parent_id === tag.uuid);
  const categories = tags.filter((other) => other.parent_id === null && other.uuid !== tag?.uuid);

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) onDone();
  }, [fetcher.state, fetcher.data, onDone]);

  function validate(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const input = {
      name: form.get("name"),
      color: form.get("color"),
      description: form.get("description"),
      parent_id: form.get("parent_id") ?? undefined,
    };
    if (!schemas) return;
    const parsed = (tag ? schemas.updateTagSchema : schemas.createTagSchema).safeParse(input);
    setClientErrors(parsed.success ? {} : fieldErrorsFrom(parsed.error));
    if (!parsed.success) event.preventDefault();
  }

  const swatches = tagSwatches.map((hex) => ({ value: hex, label: t("form.colorOption", { hex }) }));
  if (!swatches.some((swatch) => swatch.value.toLowerCase() === color.toLowerCase()))
    swatches.push({ value: color, label: color });
  return (
    <fetcher.Form method="post" className="grid gap-5" noValidate onSubmit={submitAtOnce(fetcher, validate)}>
      <input type="hidden" name="intent" value={tag ? "update" : "create"} />
      {tag ? <input type="hidden" name="tagId" value={tag.uuid} /> : null}
      <div className="grid gap-2">
        <Label htmlFor="tag-name">{t("form.name")}</Label>
        <Input
          id="tag-name"
          name="name"
          defaultValue={tag?.name}
          maxLength={50}
          placeholder={t("form.namePlaceholder")}
          autoComplete="off"
          {...invalidProps("tag-name-error", nameError)}
        />
        <FieldError id="tag-name-error" message={nameError} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="tag-description">{t("form.details")}</Label>
        <Textarea
          id="tag-description"
          name="description"
          defaultValue={tag?.description ?? ""}
          maxLength={255}
          rows={3}
          placeholder={t("form.detailsPlaceholder")}
          {...invalidProps("tag-description-error", descriptionError)}
        />
        <FieldError id="tag-description-error" message={descriptionError} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="tag-parent">{t("form.parent")}</Label>
        {/* Disabled, the select is not sent: the tag keeps its place at the top. */}
        <select
          id="tag-parent"
          name="parent_id"
          defaultValue={tag?.parent_id ?? ""}
          disabled={hasSubcategories}
          className={nativeSelectClassName}
          {...(hasSubcategories
            ? { "aria-describedby": "tag-parent-locked" }
            : invalidProps("tag-parent-error", parentError))}
        >
          <option value="">{t("form.parentNone")}</option>
          {categories.map((category) => (
            <option key={category.uuid} value={category.uuid}>
              {category.name}
            </option>
          ))}
        </select>
        {hasSubcategories ? (
          <p id="tag-parent-locked" className="text-sm text-muted-foreground">
            {t("form.parentLocked")}
          </p>
        ) : null}
        <FieldError id="tag-parent-error" message={parentError} />
      </div>
      <SwatchPicker
        name="color"
        legend={t("form.color")}
        swatches={swatches}
        value={color}
        onChange={setColor}
        size="sm"
      />
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t("common:actions.cancel")}
        </Button>
        <Button type="submit" disabled={isBusy}>
          {isBusy ? (tag ? t("form.saving") : t("form.creating")) : tag ? t("form.save") : t("form.create")}
        </Button>
      </DialogFooter>
    </fetcher.Form>
  );
}
