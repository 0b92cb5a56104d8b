import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Icon } from "~/components/ui/icon";
import { type CurrencyCode, formatAmountText, formatDate } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import { type RuleRun, runChangeLines, runStatusSentences } from "./rule-run-summary";
import { rulesApi } from "./rules-api";

type Step = "scan" | "apply" | "undo";

const doneWhen: Record<Step, RuleRun["status"]> = { scan: "ready", apply: "applied", undo: "undone" };

export type RuleRunDialogProps = {
  /** The rule to apply; null applies every rule that is not paused. */
  rule: { uuid: string; name: string } | null;
  workspaceId: string;
  tagNames: ReadonlyMap<string, string>;
  onOpenChange(open: boolean): void;
};

/**
 * Rules applied to the transactions already there: starts a run and scans it, shows what would change,
 * applies it and can undo it — each step a loop of calls the dialog drives. Closing it stops the loop;
 * a run never applied changes nothing.
 */
export function RuleRunDialog({ rule, workspaceId, tagNames, onOpenChange }: RuleRunDialogProps) {
  const { t } = useTranslation("rules");
  const language = useLanguage();
  const [run, setRun] = useState<RuleRun | null>(null);
  const [step, setStep] = useState<Step | null>("scan");
  const [failure, setFailure] = useState<string | null>(null);
  const isOpen = useRef(true);
  const translate = (key: string, values?: Record<string, unknown>) => t(key, values ?? {});

  async function drive(nextStep: Step, from: RuleRun | null) {
    setStep(nextStep);
    setFailure(null);
    try {
      const api = rulesApi(workspaceId);
      let current = from ?? (await api.startRun(rule?.uuid));
      while (isOpen.current && current.status !== doneWhen[nextStep]) {
        setRun(current);
        current = await api.stepRun(current.uuid, nextStep);
      }
      if (isOpen.current) setRun(current);
    } catch (error) {
      if (isOpen.current) setFailure((error as Error).message);
    } finally {
      if (isOpen.current) setStep(null);
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: mounted once per opening, the scan starts once
  useEffect(() => {
    isOpen.current = true;
    void drive("scan", null);
    return () => {
      isOpen.current = false;
    };
  }, []);

  const sentences = runStatusSentences(run ?? emptyRun, step, { t: translate, language });
  const showSample = run?.status === "ready" && step === null && run.matched > 0;
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92vh] max-w-xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{rule ? t("run.titleOne", { name: rule.name }) : t("run.titleAll")}</DialogTitle>
          <DialogDescription>{t("run.description")}</DialogDescription>
        </DialogHeader>
        <div role="status" aria-live="polite" className="grid gap-1" data-testid="rule-run-status">
          {sentences.map((sentence, index) => (
            <p
              key={sentence}
              className={
                index === 0 ? "flex items-center gap-2 font-medium text-foreground" : "text-sm text-muted-foreground"
              }
            >
              {index === 0 && step ? <Icon name="loader-circle" className="size-4 animate-spin" /> : null}
              {sentence}
            </p>
          ))}
        </div>
        {failure ? (
          <p role="alert" className="rounded-lg bg-destructive/10 px-3 py-2 text-sm text-destructive">
            {failure}
          </p>
        ) : null}
        {showSample ? (
          <section aria-labelledby="rule-run-sample" className="grid gap-2">
            <h3 id="rule-run-sample" className="text-sm font-medium text-muted-foreground">
              {run.matched > run.sample.length ? t("run.sampleSome", { count: run.sample.length }) : t("run.sampleAll")}
            </h3>
            <ul className="divide-y rounded-xl border">
              {run.sample.map((change) => (
                <li key={change.transaction.uuid} className="grid gap-0.5 px-3 py-2 text-sm">
                  <p className="flex items-baseline justify-between gap-3 text-foreground">
                    <span className="min-w-0 break-words font-medium">{change.transaction.description}</span>
                    <span className="shrink-0 tabular-nums">
                      {formatAmountText(
                        change.transaction.amount as `${number}`,
                        change.transaction.currency as CurrencyCode,
                        language,
                      )}
                    </span>
                  </p>
                  <p className="text-xs text-muted-foreground">{formatDate(change.transaction.date, language)}</p>
                  {runChangeLines(change, { t: translate, language, tagNames }).map((line) => (
                    <p key={line} className="break-words text-muted-foreground">
                      {line}
                    </p>
                  ))}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {run?.status === "applied" || run?.status === "undone" || (run?.status === "ready" && run.matched === 0)
              ? t("run.close")
              : t("run.cancel")}
          </Button>
          {failure && step === null && (run === null || run.status === "scanning") ? (
            <Button onClick={() => drive("scan", run)}>{t("run.retry")}</Button>
          ) : null}
          {showSample ? (
            <Button variant="accent" onClick={() => drive("apply", run)}>
              {t("run.apply", { count: run.matched, number: new Intl.NumberFormat(language).format(run.matched) })}
            </Button>
          ) : null}
          {run?.status === "applied" && step === null && run.applied > 0 ? (
            <Button variant="outline" onClick={() => drive("undo", run)}>
              <Icon name="arrow-left" />
              {t("run.undo")}
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

const emptyRun: RuleRun = {
  uuid: "",
  rule_id: null,
  status: "scanning",
  scanned: 0,
  matched: 0,
  applied: 0,
  skipped: 0,
  undone: 0,
  kept: 0,
  sample: [],
};
