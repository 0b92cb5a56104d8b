import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { Icon } from "~/components/ui/icon";
import { formatDate } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import { cn } from "~/lib/utils";
import type { listTags } from "../../../worker/tags/tags.service";
import { TagDeleteDialog, TagMergeDialog } from "./tag-choice-dialogs";

export type TagResponse = Awaited<ReturnType<typeof listTags>>[number];

export const tagActionsKey = "tag-actions";

type TagRowProps = {
  tag: TagResponse;
  /** Every tag of the workspace, for the merge and delete dialogs' choices. */
  tags: readonly TagResponse[];
  canEdit: boolean;
  onEdit(): void;
  /** A category's subcategories, as a list nested in its item. */
  children?: ReactNode;
};

/** One tag: colour dot, name, description, how often and when it was last used; a subcategory indented. */
export function TagRow({ tag, tags, canEdit, onEdit, children }: TagRowProps) {
  const { t } = useTranslation("tags");
  const language = useLanguage();
  const fetcher = useFetcher<ActionResult>({ key: tagActionsKey });
  const isBusy = fetcher.state !== "idle" && fetcher.formData?.get("tagId") === tag.uuid;
  const [openDialog, setOpenDialog] = useState<"merge" | "delete" | null>(null);
  const dialogProps = (dialog: "merge" | "delete") => ({
    tag,
    tags,
    open: openDialog === dialog,
    onOpenChange: (isOpen: boolean) => setOpenDialog(isOpen ? dialog : null),
    onConfirm: (choices: Record<string, string>) =>
      fetcher.submit({ intent: dialog, tagId: tag.uuid, ...choices }, { method: "post", flushSync: true }),
  });
  return (
    <li>
      <div
        className={cn(
          "grid grid-cols-[auto_1fr_auto] items-center gap-x-4 gap-y-1 py-4 pr-4 sm:grid-cols-[auto_1fr_8rem_9rem_auto] sm:pr-6",
          tag.parent_id === null ? "pl-4 sm:pl-6" : "pl-10 sm:pl-12",
          isBusy && "opacity-60",
        )}
      >
        <span
          aria-hidden
          className="size-3.5 rounded-full ring-4"
          style={{ backgroundColor: tag.color, ["--tw-ring-color" as string]: `${tag.color}33` }}
        />
        <div className="min-w-0">
          <h3 className="truncate font-medium text-foreground">{tag.name}</h3>
          <p className="truncate text-sm text-muted-foreground">{tag.description || t("noDescription")}</p>
        </div>
        <p className="col-start-2 row-start-2 text-sm text-muted-foreground tabular-nums sm:col-start-auto sm:row-start-auto sm:text-foreground">
          {t("usage", { count: tag.usage_count })}
          {/* One wording for an unused tag: the count says "Not used yet", the last-use column a dash. */}
          {tag.last_used ? (
            <span className="sm:hidden"> · {t("lastUsed", { date: formatDate(tag.last_used, language) })}</span>
          ) : null}
        </p>
        <p className="hidden text-sm text-muted-foreground sm:block">
          {tag.last_used ? formatDate(tag.last_used, language) : <span aria-hidden>—</span>}
        </p>
        {canEdit ? (
          <div className="col-start-3 row-span-2 row-start-1 sm:col-start-auto sm:row-span-1 sm:row-start-auto">
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-9"
                  disabled={isBusy}
                  aria-label={t("actions.menu", { name: tag.name })}
                >
                  <Icon name="ellipsis" />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end">
                <DropdownMenuItem onSelect={onEdit}>
                  <Icon name="pencil" />
                  {t("actions.edit")}
                </DropdownMenuItem>
                {tags.length > 1 ? (
                  <DropdownMenuItem onSelect={() => setOpenDialog("merge")}>
                    <Icon name="arrow-right" />
                    {t("actions.merge")}
                  </DropdownMenuItem>
                ) : null}
                <DropdownMenuSeparator />
                <DropdownMenuItem variant="destructive" onSelect={() => setOpenDialog("delete")}>
                  <Icon name="trash" />
                  {t("actions.delete")}
                </DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>
            {openDialog === "merge" ? <TagMergeDialog {...dialogProps("merge")} /> : null}
            {openDialog === "delete" ? <TagDeleteDialog {...dialogProps("delete")} /> : null}
          </div>
        ) : null}
      </div>
      {children}
    </li>
  );
}
