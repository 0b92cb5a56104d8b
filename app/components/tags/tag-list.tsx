import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { TagRow, type TagResponse } from "./tag-row";

type TagListProps = {
  tags: readonly TagResponse[];
  canEdit: boolean;
  onCreate(): void;
  onEdit(tag: TagResponse): void;
};

/**
 * The workspace's tags in one panel, with column headings from `sm` up, each category's subcategories
 * in a list nested under it; an invitation when empty.
 */
export function TagList({ tags, canEdit, onCreate, onEdit }: TagListProps) {
  const { t } = useTranslation("tags");
  if (tags.length === 0) {
    return (
      <section className="flex flex-col items-center rounded-2xl border border-dashed bg-card px-6 py-14 text-center">
        <span className="grid size-14 place-items-center rounded-2xl bg-accent-50 text-accent-text">
          <Icon name="tags" className="size-7" />
        </span>
        <h2 className="mt-4 text-lg font-semibold text-foreground">{t("empty.title")}</h2>
        <p className="mt-2 max-w-sm text-sm text-muted-foreground">{t("empty.body")}</p>
        {canEdit ? (
          <Button className="mt-5" variant="accent" onClick={onCreate}>
            <Icon name="plus" />
            {t("empty.action")}
          </Button>
        ) : null}
      </section>
    );
  }
  return (
    <section className="overflow-hidden rounded-2xl border bg-card shadow-xs" aria-labelledby="tags-heading">
      <h2 id="tags-heading" className="sr-only">
        {t("listLabel")}
      </h2>
      <div
        aria-hidden
        className="hidden grid-cols-[auto_1fr_8rem_9rem_auto] gap-x-4 border-b bg-muted/40 px-6 py-2.5 text-xs font-medium tracking-wide text-muted-foreground uppercase sm:grid"
      >
        <span className="size-3.5" />
        <span>{t("columns.tag")}</span>
        <span>{t("columns.usage")}</span>
        <span>{t("columns.lastUsed")}</span>
        {canEdit ? <span className="w-9" /> : null}
      </div>
      <ul className="divide-y">
        {tags
          .filter((tag) => tag.parent_id === null)
          .map((category) => {
            const subcategories = tags.filter((tag) => tag.parent_id === category.uuid);
            return (
              <TagRow key={category.uuid} tag={category} tags={tags} canEdit={canEdit} onEdit={() => onEdit(category)}>
                {subcategories.length > 0 ? (
                  <ul className="divide-y border-t" aria-label={t("subcategoriesOf", { name: category.name })}>
                    {subcategories.map((tag) => (
                      <TagRow key={tag.uuid} tag={tag} tags={tags} canEdit={canEdit} onEdit={() => onEdit(tag)} />
                    ))}
                  </ul>
                ) : null}
              </TagRow>
            );
          })}
      </ul>
    </section>
  );
}
