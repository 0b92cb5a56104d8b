import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { TagPicker } from "~/components/transactions/tag-picker";
import type { TagOption } from "~/components/transactions/types";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { FieldError, invalidProps } from "~/components/ui/field-error";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { toast } from "~/components/ui/toast-store";
import { refusalMessage } from "~/lib/typed-amount";
import { useLanguage } from "~/lib/use-language";
import { RuleConditionFields, type RulePlace } from "./rule-condition-fields";
import { RuleSplitFields } from "./rule-split-fields";
import { type RuleResponse, type RuleValues, ruleBodyOf, sourceOrder } from "./rule-values";
import { ApiRequestError } from "~/lib/api-answers";
import { rulesApi } from "./rules-api";

export type { RulePlace };

export type RuleDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  workspaceId: string;
  /** The rule to change; without one, a new rule starting from `initialValues`. */
  rule?: RuleResponse;
  initialValues: RuleValues;
  tags: TagOption[];
  places: readonly RulePlace[];
  onSaved(rule: RuleResponse): void;
};

/** Create or change a rule: its conditions, where it runs, and what it does to the money it matches. */
export function RuleDialog({ open, onOpenChange, rule, ...props }: RuleDialogProps) {
  // Opened from the import dialog, the page may not have the rules' words yet: they load first.
  const { t, ready } = useTranslation("rules");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92vh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{ready ? (rule ? t("form.editTitle") : t("form.createTitle")) : ""}</DialogTitle>
          <DialogDescription>{ready ? t("form.description") : ""}</DialogDescription>
        </DialogHeader>
        {ready ? <RuleForm rule={rule} {...props} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function RuleForm({
  workspaceId,
  rule,
  initialValues,
  tags,
  places,
  onSaved,
  onDone,
}: Omit<RuleDialogProps, "open" | "onOpenChange"> & { onDone(): void }) {
  const { t } = useTranslation(["rules", "common"]);
  const language = useLanguage();
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isBusy, setIsBusy] = useState(false);
  const errorAt = (path: string) => errors[path];
  const set = (change: Partial<RuleValues>) => setValues((current) => ({ ...current, ...change }));

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const read = ruleBodyOf(values, language);
    if (!read.ok) {
      setErrors(
        Object.fromEntries(
          Object.entries(read.refusals).map(([field, refusal]) => [
            field,
            refusal.kind === "percent"
              ? t("rules:form.percentRefused")
              : refusalMessage((key, options) => t(key, options), "amount", refusal.reason),
          ]),
        ),
      );
      return;
    }
    setIsBusy(true);
    try {
      const api = rulesApi(workspaceId);
      const saved = rule ? await api.update(rule.uuid, read.body) : await api.create(read.body);
      toast.success(rule ? t("rules:toasts.saved") : t("rules:toasts.created"), saved.name);
      onSaved(saved);
      onDone();
    } catch (failure) {
      const fieldErrors = failure instanceof ApiRequestError ? failure.fieldErrors : {};
      setErrors(Object.fromEntries(Object.entries(fieldErrors).map(([field, messages]) => [field, messages[0] ?? ""])));
      if (Object.keys(fieldErrors).length === 0) toast.error((failure as Error).message);
    } finally {
      setIsBusy(false);
    }
  }

  const nameError = errorAt("name");
  const actionsError = errorAt("actions");
  const textField = (field: "payee" | "description" | "note", label: string, path: string, maxLength: number) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`rule-${field}`}>{t("rules:form.optional", { label })}</Label>
      <Input
        id={`rule-${field}`}
        value={values[field]}
        maxLength={maxLength}
        autoComplete="off"
        placeholder={field === "payee" ? t("rules:form.payeePlaceholder") : undefined}
        onChange={(event) => set({ [field]: event.target.value })}
        {...invalidProps(`rule-${field}-error`, errorAt(path))}
      />
      <FieldError id={`rule-${field}-error`} message={errorAt(path)} />
    </div>
  );
  return (
    <form className="grid gap-6" noValidate onSubmit={save}>
      <div className="grid gap-1.5">
        <Label htmlFor="rule-name">{t("rules:form.name")}</Label>
        <Input
          id="rule-name"
          value={values.name}
          maxLength={80}
          autoComplete="off"
          placeholder={t("rules:form.namePlaceholder")}
          onChange={(event) => set({ name: event.target.value })}
          {...invalidProps("rule-name-error", nameError)}
        />
        <FieldError id="rule-name-error" message={nameError} />
      </div>
      <RuleConditionFields
        conditions={values.conditions}
        onChange={(conditions) => set({ conditions })}
        places={places}
        errorAt={errorAt}
      />
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-semibold text-foreground">{t("rules:form.runsOn")}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {sourceOrder.map((source) => (
            <Label key={source} className="flex items-center gap-2 font-normal">
              <Checkbox
                checked={values.sources.includes(source)}
                onCheckedChange={(checked) =>
                  set({
                    sources:
                      checked === true
                        ? sourceOrder.filter((each) => each === source || values.sources.includes(each))
                        : values.sources.filter((each) => each !== source),
                  })
                }
              />
              {t(`rules:form.sources.${source}`)}
            </Label>
          ))}
        </div>
        <FieldError id="rule-sources-error" message={errorAt("sources")} />
      </fieldset>
      <fieldset className="grid gap-4">
        <legend className="mb-2 text-sm font-semibold text-foreground">{t("rules:form.then")}</legend>
        {values.split ? (
          <RuleSplitFields split={values.split} onChange={(split) => set({ split })} tags={tags} errorAt={errorAt} />
        ) : (
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium text-foreground">{t("rules:form.tags")}</legend>
            {tags.length > 0 ? (
              <TagPicker tags={tags} chosen={values.tagIds} onChange={(tagIds) => set({ tagIds })} />
            ) : (
              <p className="text-sm text-muted-foreground">{t("rules:form.noTags")}</p>
            )}
            <FieldError id="rule-tags-error" message={errorAt("actions.set_tags")} />
            {tags.length > 0 ? (
              <Button
                variant="link"
                size="sm"
                className="h-auto justify-self-start px-0"
                onClick={() =>
                  set({
                    split: {
                      by: "percent",
                      parts: [
                        { tagIds: values.tagIds, share: "" },
                        { tagIds: [], share: "" },
                      ],
                    },
                  })
                }
              >
                <Icon name="layers" />
                {t("rules:form.split")}
              </Button>
            ) : null}
          </fieldset>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          {textField("payee", t("rules:form.payee"), "actions.set_payee", 80)}
          {textField("description", t("rules:form.newDescription"), "actions.set_description", 255)}
        </div>
        {textField("note", t("rules:form.note"), "actions.add_note", 1000)}
        <FieldError id="rule-actions-error" message={actionsError} />
      </fieldset>
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t("common:actions.cancel")}
        </Button>
        <Button type="submit" disabled={isBusy}>
          {isBusy ? t("rules:form.saving") : rule ? t("rules:form.save") : t("rules:form.create")}
        </Button>
      </DialogFooter>
    </form>
  );
}
