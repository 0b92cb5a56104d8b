import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLoaderData, useRevalidator, useRouteLoaderData } from "react-router";
import { RuleDialog } from "~/components/rules/lazy-rule-dialog";
import { RuleList } from "~/components/rules/rule-list";
import { RuleRunDialog } from "~/components/rules/rule-run-dialog";
import { emptyRuleValues, type RuleResponse, ruleValuesOf } from "~/components/rules/rule-values";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { detectLanguage } from "~/lib/i18n";
import { serverI18n } from "~/lib/i18n.server";
import { asPerson } from "~/lib/session.server";
import { useLanguage } from "~/lib/use-language";
import { workspacePageTitle } from "~/lib/workspace-meta";
import { can } from "../../worker/access/permissions";
import { listAccounts } from "../../worker/accounts/accounts.service";
import { listCards } from "../../worker/cards/cards.service";
import { listRules } from "../../worker/rules/rules.service";
import { listTags } from "../../worker/tags/tags.service";
import type { Route } from "./+types/workspace-rules";
import type { loader as layoutLoader } from "./workspace-layout";

export const handle = { i18n: ["rules", "workspaces", "errors"] };

/** The rules in order, and the tags, accounts and cards they name (their sentences and the dialog's choices). */
export async function loader(args: Route.LoaderArgs) {
  const input = { workspaceId: args.params.workspaceId };
  const { rules, tags, accounts, cards } = await asPerson(args, async (ctx) => {
    const [rules, tags, accounts, cards] = await Promise.all([
      listRules({ ctx, input }),
      listTags({ ctx, input }),
      listAccounts({ ctx, input }),
      listCards({ ctx, input }),
    ]);
    return { rules, tags, accounts, cards };
  });
  const tagNames = new Map(tags.map((tag) => [tag.uuid, tag.name]));
  return {
    rules,
    tags: tags.map(({ uuid, name, color, parent_id }) => ({
      uuid,
      name,
      color,
      parent_name: parent_id ? (tagNames.get(parent_id) ?? null) : null,
    })),
    places: [
      ...accounts.map((account) => ({
        value: `account:${account.uuid}`,
        name: account.name,
        group: "account" as const,
      })),
      ...cards.map((card) => ({ value: `card:${card.uuid}`, name: card.display_name, group: "card" as const })),
    ],
    title: serverI18n(detectLanguage(args.request)).t("workspaces:areas.rules"),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => workspacePageTitle(loaderData?.title, matches);

export default function WorkspaceRules() {
  const { t } = useTranslation("rules");
  const language = useLanguage();
  const { rules, tags, places } = useLoaderData<typeof loader>();
  const { workspace } = useRouteLoaderData<typeof layoutLoader>("routes/workspace-layout")!;
  const canEdit = can(workspace.role, "finances.write");
  const [dialog, setDialog] = useState<{ isOpen: boolean; rule?: RuleResponse }>({ isOpen: false });
  /** The run dialog's rule: a rule, every rule (null), or closed (undefined). */
  const [applying, setApplying] = useState<{ uuid: string; name: string } | null | undefined>(undefined);
  const revalidator = useRevalidator();
  const sentenceContext = useMemo(
    () => ({
      language,
      currency: workspace.currency,
      tagNames: new Map(tags.map((tag) => [tag.uuid, tag.parent_name ? `${tag.parent_name} › ${tag.name}` : tag.name])),
      placeNames: new Map(places.map((place) => [place.value, place.name])),
    }),
    [language, workspace.currency, tags, places],
  );
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-foreground">{t("title")}</h1>
          <p className="mt-1 max-w-2xl text-muted-foreground">{canEdit ? t("subtitle") : t("readOnly")}</p>
        </div>
        {canEdit && rules.length > 0 ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setApplying(null)}>
              <Icon name="play" />
              {t("run.applyAll")}
            </Button>
            <Button onClick={() => setDialog({ isOpen: true })}>
              <Icon name="plus" />
              {t("create")}
            </Button>
          </div>
        ) : null}
      </header>
      <RuleList
        rules={rules}
        workspaceId={workspace.uuid}
        canEdit={canEdit}
        sentenceContext={sentenceContext}
        onCreate={() => setDialog({ isOpen: true })}
        onEdit={(rule) => setDialog({ isOpen: true, rule })}
        onApply={(rule) => setApplying({ uuid: rule.uuid, name: rule.name })}
      />
      {canEdit && applying !== undefined ? (
        <RuleRunDialog
          rule={applying}
          workspaceId={workspace.uuid}
          tagNames={sentenceContext.tagNames}
          onOpenChange={(isOpen) => {
            if (!isOpen) setApplying(undefined);
          }}
        />
      ) : null}
      {canEdit ? (
        <RuleDialog
          key={dialog.rule?.uuid ?? "new"}
          open={dialog.isOpen}
          onOpenChange={(isOpen) => setDialog((current) => ({ ...current, isOpen }))}
          workspaceId={workspace.uuid}
          rule={dialog.rule}
          initialValues={dialog.rule ? ruleValuesOf(dialog.rule, language) : emptyRuleValues()}
          tags={tags}
          places={places}
          onSaved={() => revalidator.revalidate()}
        />
      ) : null}
    </div>
  );
}
