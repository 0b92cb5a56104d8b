import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher, useLoaderData, useRouteLoaderData } from "react-router";
import { failedWith, formText, invalidInput, unknownIntent, type ActionResult } from "~/lib/action-result";
import { useIntentToast } from "~/lib/result-toasts";
import { TagDialog } from "~/components/tags/lazy-tag-dialog";
import { TagList } from "~/components/tags/tag-list";
import { tagActionsKey, type TagResponse } from "~/components/tags/tag-row";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { detectLanguage } from "~/lib/i18n";
import { serverI18n } from "~/lib/i18n.server";
import { requireViewerForAction, asPerson } from "~/lib/session.server";
import { createTagSchema, deleteTagSchema, mergeTagSchema, updateTagSchema } from "../../worker/tags/tags.schemas";
import { createTag, listTags, updateTag } from "../../worker/tags/tags.service";
import { deleteTag, mergeTag } from "../../worker/tags/tag-merge.service";
import { can } from "../../worker/access/permissions";
import type { loader as layoutLoader } from "./workspace-layout";
import { workspacePageTitle } from "~/lib/workspace-meta";
import type { Route } from "./+types/workspace-tags";

export const handle = { i18n: ["tags", "accounts", "workspaces", "errors"] };

export async function loader(args: Route.LoaderArgs) {
  const tags = await asPerson(args, (ctx) => listTags({ ctx, input: { workspaceId: args.params.workspaceId } }));
  return { tags, title: serverI18n(detectLanguage(args.request)).t("workspaces:areas.tags") };
}

export async function action(args: Route.ActionArgs) {
  const viewer = await requireViewerForAction(args);
  const form = await args.request.formData();
  const intent = formText(form, "intent") ?? "";
  const ref = { workspaceId: args.params.workspaceId, tagId: formText(form, "tagId") ?? "" };
  const fields = {
    name: formText(form, "name"),
    color: formText(form, "color"),
    description: formText(form, "description"),
    // Absent when the form could not offer it (a category with subcategories): the tag stays where it is.
    parent_id: formText(form, "parent_id"),
  };
  try {
    switch (intent) {
      case "create": {
        const parsed = createTagSchema.safeParse(fields);
        if (!parsed.success) return invalidInput(intent, parsed.error);
        const tag = await createTag({ ctx: viewer.ctx, input: { workspaceId: ref.workspaceId, ...parsed.data } });
        return { intent, ok: true, name: tag.name } satisfies ActionResult;
      }
      case "update": {
        const parsed = updateTagSchema.safeParse(fields);
        if (!parsed.success) return invalidInput(intent, parsed.error);
        const tag = await updateTag({ ctx: viewer.ctx, input: { ...ref, ...parsed.data } });
        return { intent, ok: true, name: tag.name } satisfies ActionResult;
      }
      case "delete": {
        const parsed = deleteTagSchema.safeParse({
          subcategories: formText(form, "subcategories"),
          move_to: formText(form, "move_to"),
        });
        if (!parsed.success) return invalidInput(intent, parsed.error);
        await deleteTag({ ctx: viewer.ctx, input: { ...ref, ...parsed.data } });
        return { intent, ok: true } satisfies ActionResult;
      }
      case "merge": {
        const parsed = mergeTagSchema.safeParse({ into: formText(form, "into") });
        if (!parsed.success) return invalidInput(intent, parsed.error);
        const tag = await mergeTag({ ctx: viewer.ctx, input: { ...ref, ...parsed.data } });
        return { intent, ok: true, name: tag.name } satisfies ActionResult;
      }
      default:
        return unknownIntent(intent);
    }
  } catch (error) {
    return failedWith(intent, error);
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => workspacePageTitle(loaderData?.title, matches);

export default function WorkspaceTags() {
  const { t } = useTranslation("tags");
  const { tags } = useLoaderData<typeof loader>();
  const { workspace } = useRouteLoaderData<typeof layoutLoader>("routes/workspace-layout")!;
  const canEdit = can(workspace.role, "finances.write");
  const [dialog, setDialog] = useState<{ isOpen: boolean; tag?: TagResponse }>({ isOpen: false });
  const rowActions = useFetcher<ActionResult>({ key: tagActionsKey });
  useIntentToast(rowActions.data, "tags");
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-foreground">{t("title")}</h1>
          <p className="mt-1 text-muted-foreground">{canEdit ? t("subtitle") : t("readOnly")}</p>
        </div>
        {canEdit && tags.length > 0 ? (
          <Button onClick={() => setDialog({ isOpen: true })}>
            <Icon name="plus" />
            {t("create")}
          </Button>
        ) : null}
      </header>
      <TagList
        tags={tags}
        canEdit={canEdit}
        onCreate={() => setDialog({ isOpen: true })}
        onEdit={(tag) => setDialog({ isOpen: true, tag })}
      />
      {canEdit ? (
        <TagDialog
          key={dialog.tag?.uuid ?? "new"}
          open={dialog.isOpen}
          onOpenChange={(isOpen) => setDialog((current) => ({ ...current, isOpen }))}
          tag={dialog.tag}
          tags={tags}
        />
      ) : null}
    </div>
  );
}
