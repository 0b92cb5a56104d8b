import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Icon } from "~/components/ui/icon";
import { Switch } from "~/components/ui/switch";
import { toast } from "~/components/ui/toast-store";
import { cn } from "~/lib/utils";
import { type SentenceContext, ruleSentence } from "./rule-sentence";
import { type RuleResponse, sourceOrder } from "./rule-values";
import { rulesApi } from "./rules-api";

type RuleListProps = {
  rules: readonly RuleResponse[];
  workspaceId: string;
  canEdit: boolean;
  sentenceContext: Omit<SentenceContext, "t">;
  onCreate(): void;
  onEdit(rule: RuleResponse): void;
  onApply(rule: RuleResponse): void;
};

/** The workspace's rules in the order they run, each read as a sentence; an explanation when there are none. */
export function RuleList({ rules, workspaceId, canEdit, sentenceContext, onCreate, onEdit, onApply }: RuleListProps) {
  const { t } = useTranslation("rules");
  const revalidator = useRevalidator();
  const [busyRuleId, setBusyRuleId] = useState<string | null>(null);
  if (rules.length === 0) {
    return (
      <section className="flex flex-col items-center rounded-2xl border border-dashed bg-card px-6 py-14 text-center">
        <span className="grid size-14 place-items-center rounded-2xl bg-accent-50 text-accent-text">
          <Icon name="sliders-horizontal" className="size-7" />
        </span>
        <h2 className="mt-4 text-lg font-semibold text-foreground">{t("empty.title")}</h2>
        <p className="mt-2 max-w-md text-sm text-muted-foreground">{t("empty.body")}</p>
        {canEdit ? (
          <Button className="mt-5" variant="accent" onClick={onCreate}>
            <Icon name="plus" />
            {t("empty.action")}
          </Button>
        ) : null}
      </section>
    );
  }
  const api = rulesApi(workspaceId);
  /** Runs a change on one rule, then reads the list again; a refusal is toasted. */
  async function change(rule: RuleResponse, call: () => Promise<unknown>, done?: string) {
    // One change at a time: the next starts from the order and state the last one left.
    if (busyRuleId !== null) return;
    setBusyRuleId(rule.uuid);
    try {
      await call();
      if (done) toast.success(done);
      await revalidator.revalidate();
    } catch (failure) {
      toast.error((failure as Error).message);
    } finally {
      setBusyRuleId(null);
    }
  }
  const move = (rule: RuleResponse, by: -1 | 1) => {
    const ids = rules.map((each) => each.uuid);
    const from = ids.indexOf(rule.uuid);
    [ids[from], ids[from + by]] = [ids[from + by]!, ids[from]!];
    return change(rule, () => api.reorder(ids));
  };
  return (
    <section className="overflow-hidden rounded-2xl border bg-card shadow-xs" aria-labelledby="rules-heading">
      <h2 id="rules-heading" className="sr-only">
        {t("listLabel")}
      </h2>
      <ol className="divide-y">
        {rules.map((rule, index) => (
          <li
            key={rule.uuid}
            data-testid="rule-row"
            className={cn(
              "grid gap-3 px-4 py-4 sm:grid-cols-[1fr_auto] sm:items-center sm:px-6",
              busyRuleId === rule.uuid && "opacity-60",
            )}
          >
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="font-medium text-foreground">{rule.name}</h3>
                {rule.paused ? <Badge variant="warning">{t("paused")}</Badge> : null}
              </div>
              <p className={cn("mt-1 text-sm break-words", rule.paused ? "text-muted-foreground" : "text-foreground")}>
                {ruleSentence(rule, { ...sentenceContext, t: (key, values) => t(key, values) })}
              </p>
              <p className="mt-1 text-xs text-muted-foreground">
                {t("runsOn", {
                  sources: new Intl.ListFormat(sentenceContext.language, { type: "conjunction" }).format(
                    sourceOrder
                      .filter((source) => rule.sources.includes(source))
                      .map((source) => t(`sourceNames.${source}`)),
                  ),
                })}
              </p>
            </div>
            {canEdit ? (
              <div className="flex flex-wrap items-center gap-1">
                <Switch
                  checked={!rule.paused}
                  disabled={busyRuleId !== null}
                  aria-label={t("actions.run", { name: rule.name })}
                  onCheckedChange={(isOn) =>
                    change(
                      rule,
                      () => api.update(rule.uuid, { paused: !isOn }),
                      t(isOn ? "toasts.resumed" : "toasts.paused", { name: rule.name }),
                    )
                  }
                  className="mr-2"
                />
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-9"
                  disabled={index === 0}
                  aria-label={t("actions.moveUp", { name: rule.name })}
                  onClick={() => move(rule, -1)}
                >
                  <Icon name="chevron-up" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-9"
                  disabled={index === rules.length - 1}
                  aria-label={t("actions.moveDown", { name: rule.name })}
                  onClick={() => move(rule, 1)}
                >
                  <Icon name="chevron-down" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-9"
                  title={t("run.applyOne")}
                  aria-label={t("run.applyOneLabel", { name: rule.name })}
                  onClick={() => onApply(rule)}
                >
                  <Icon name="play" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-9"
                  aria-label={t("actions.edit", { name: rule.name })}
                  onClick={() => onEdit(rule)}
                >
                  <Icon name="pencil" />
                </Button>
                <DeleteRule
                  rule={rule}
                  onConfirm={() => change(rule, () => api.remove(rule.uuid), t("toasts.deleted"))}
                />
              </div>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

function DeleteRule({ rule, onConfirm }: { rule: RuleResponse; onConfirm(): Promise<void> }) {
  const { t } = useTranslation("rules");
  const [open, setOpen] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="ghost" size="icon" className="size-9" aria-label={t("actions.delete", { name: rule.name })}>
          <Icon name="trash" />
        </Button>
      }
      title={t("deleteDialog.title", { name: rule.name })}
      description={t("deleteDialog.description")}
      confirmLabel={t("deleteDialog.confirm")}
      isBusy={isBusy}
      onConfirm={async () => {
        setIsBusy(true);
        await onConfirm();
        setIsBusy(false);
        setOpen(false);
      }}
    />
  );
}
