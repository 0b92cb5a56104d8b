/**
 * What a run of rules over the transactions already there (docs/api.md, "Rules") says to the person:
 * where it stands and what each sampled transaction would get. Pure, so tests/node/rules read it.
 */

export type RuleRunStatus = "scanning" | "ready" | "applied" | "undone";

export type RuleRunChange = {
  transaction: { uuid: string; date: string; description: string; amount: string; currency: string };
  before: { tag_ids: string[]; payee_id: string | null; description: string; note: string | null };
  after: { tag_ids?: string[]; payee?: string; description?: string; note?: string };
};

/** A run as the API answers it. */
export type RuleRun = {
  uuid: string;
  rule_id: string | null;
  status: RuleRunStatus;
  scanned: number;
  matched: number;
  applied: number;
  skipped: number;
  undone: number;
  kept: number;
  sample: RuleRunChange[];
};

type Translate = (key: string, values?: Record<string, unknown>) => string;

export type RunSummaryContext = { t: Translate; language: string; tagNames: ReadonlyMap<string, string> };

const counted = (language: string, count: number) => ({ count, number: new Intl.NumberFormat(language).format(count) });

/** The sentences under the dialog's heading for where the run stands; `step` is the loop running now, if any. */
export function runStatusSentences(
  run: RuleRun,
  step: "scan" | "apply" | "undo" | null,
  { t, language }: Omit<RunSummaryContext, "tagNames">,
): string[] {
  if (step === "scan") return [t("rules:run.scanning", counted(language, run.scanned))];
  if (step === "apply")
    return [t("rules:run.applying", { ...counted(language, run.applied + run.skipped), total: run.matched })];
  if (step === "undo") return [t("rules:run.undoing")];
  if (run.status === "ready")
    return [run.matched === 0 ? t("rules:run.nothing") : t("rules:run.wouldChange", counted(language, run.matched))];
  if (run.status === "applied")
    return [
      t("rules:run.applied", counted(language, run.applied)),
      ...(run.skipped > 0 ? [t("rules:run.skipped", counted(language, run.skipped))] : []),
    ];
  if (run.status === "undone")
    return [t("rules:run.undone"), ...(run.kept > 0 ? [t("rules:run.kept", counted(language, run.kept))] : [])];
  return [t("rules:run.scanning", counted(language, run.scanned))];
}

/** What one transaction would get: "Tags: Food → Transporte", "Payee → Uber", "Note: adds “corrida”". */
export function runChangeLines({ before, after }: RuleRunChange, { t, tagNames }: RunSummaryContext): string[] {
  const tags = (ids: readonly string[]) =>
    ids.length === 0 ? "—" : ids.map((id) => tagNames.get(id) ?? t("rules:sentence.deletedTag")).join(", ");
  return [
    ...(after.tag_ids
      ? [t("rules:run.changes.tags", { before: tags(before.tag_ids), after: tags(after.tag_ids) })]
      : []),
    ...(after.payee ? [t("rules:run.changes.payee", { after: after.payee })] : []),
    ...(after.description
      ? [t("rules:run.changes.description", { before: before.description, after: after.description })]
      : []),
    ...(after.note ? [t("rules:run.changes.note", { after: after.note })] : []),
  ];
}
