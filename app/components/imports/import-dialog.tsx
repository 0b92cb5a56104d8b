import { useEffect, useMemo, useRef, useState } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { nativeSelectClassName } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { toast } from "~/components/ui/toast-store";
import { formatAmountText, formatDate } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import { ScrollingGroup } from "~/components/ui/scrolling-group";
import { cn } from "~/lib/utils";
import type { AccountOption } from "../../../worker/accounts/accounts.mapper";
import type { CardOption } from "../../../worker/cards/cards.mapper";
import type { CsvMapping } from "../../../worker/imports/csv-mapping.schemas";
import { type CsvMappingGuess, completeMapping } from "../../../worker/imports/csv-mapping";
import { maxChunkLines, maxStatementBytes } from "../../../worker/imports/statement";
import { RuleDialog } from "~/components/rules/lazy-rule-dialog";
import type { RuleDialogProps } from "~/components/rules/rule-dialog";
import { ruleValuesFromLine } from "~/components/rules/rule-values";
import { fetchTagOptions } from "~/components/rules/rules-api";
import { CsvMappingFields } from "./csv-mapping-fields";
import {
  ErrorText,
  FileField,
  LineCountBadges,
  lineStatusVariant,
  WritingProgress,
} from "~/components/ui/upload-parts";
import { chunkLine, type ImportPreview, type ImportResponse, importApi, type PreviewLine } from "./import-api";
import { LineFiling } from "./line-filing";

export type ImportDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  workspaceId: string;
  accounts: AccountOption[];
  cards: Array<Pick<CardOption, "uuid" | "display_name" | "is_active">>;
  /** "account:{uuid}" or "card:{uuid}", when opened from an account's or a card's page. */
  initialTarget?: string;
};

type Step =
  | { name: "choose" }
  | { name: "mapping"; preview: ImportPreview; mapping: CsvMappingGuess }
  | { name: "preview"; preview: ImportPreview; mapping: CsvMapping | null }
  | { name: "writing"; preview: ImportPreview; importId: string; done: number; total: number; error: string | null }
  | { name: "summary"; record: ImportResponse; created: number; skipped: number; refused: number };

const shownStep = 100;

/**
 * Import a bank statement (docs/api.md, "Imports"): choose the account or card and the file; map a
 * CSV's columns when its layout is unknown; see every line with the duplicates marked; write it in
 * chunks with a progress bar; finish with what was created and a way to undo it. Recent imports,
 * each undoable, sit under the first step.
 */
export function ImportDialog({ open, onOpenChange, ...props }: ImportDialogProps) {
  const { t, ready } = useTranslation("imports");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92vh] max-w-3xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{ready ? t("title") : ""}</DialogTitle>
          <DialogDescription>{ready ? t("description") : ""}</DialogDescription>
        </DialogHeader>
        {open && ready ? <ImportSteps {...props} onClose={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ImportSteps({
  workspaceId,
  accounts,
  cards,
  initialTarget,
  onClose,
}: Omit<ImportDialogProps, "open" | "onOpenChange"> & { onClose(): void }) {
  const { t } = useTranslation("imports");
  const api = useMemo(() => importApi(workspaceId), [workspaceId]);
  const revalidator = useRevalidator();
  const [step, setStep] = useState<Step>({ name: "choose" });
  const [target, setTarget] = useState(initialTarget ?? "");
  const [file, setFile] = useState<File | null>(null);
  /** An OFX file's statements, once a preview has read them (a file may hold several), and the one chosen. */
  const [statements, setStatements] = useState<OfxStatements | null>(null);
  const [statementIndex, setStatementIndex] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  /** Possible duplicates the person chose to import anyway, by line number. */
  const [included, setIncluded] = useState<Set<number>>(new Set());
  /** The line a rule is being made from, with the tags the rule may set (read once, when first asked). */
  const [ruleFrom, setRuleFrom] = useState<{ line: PreviewLine; tags: RuleDialogProps["tags"] } | null>(null);
  const [ruleTags, setRuleTags] = useState<RuleDialogProps["tags"] | null>(null);

  async function createRuleFrom(line: PreviewLine) {
    try {
      const tags = ruleTags ?? (await fetchTagOptions(workspaceId));
      setRuleTags(tags);
      setRuleFrom({ line, tags });
    } catch (failure) {
      toast.error((failure as Error).message);
    }
  }

  function chooseFile(chosen: File | null) {
    setFile(chosen);
    setStatements(null);
    setStatementIndex(0);
  }

  async function runPreview(mapping: CsvMapping | null, csvStartLine?: number) {
    if (!file || !target) return setError(t("chooseBoth"));
    if (file.size > maxStatementBytes) return setError(t("fileTooLarge"));
    setIsBusy(true);
    setError(null);
    try {
      const preview = await api.preview(file, target, mapping, { statement: statementIndex, csvStartLine });
      setStatements(preview.ofx && preview.ofx.statements.length > 1 ? preview.ofx.statements : null);
      setIncluded(new Set());
      if (preview.needs_mapping && preview.csv) {
        const remembered = preview.csv.remembered_mapping;
        // The account's last mapping, when it fits this file, is tried at once.
        if (!mapping && !csvStartLine && remembered && remembered.delimiter === preview.csv.delimiter)
          return await runPreview(remembered);
        setStep({
          name: "mapping",
          preview,
          mapping: mapping ?? preview.csv.mapping ?? preview.csv.guess,
        });
      } else {
        setStep({ name: "preview", preview, mapping: preview.csv?.mapping ?? mapping });
      }
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setIsBusy(false);
    }
  }

  async function write(
    preview: ImportPreview,
    mapping: CsvMapping | null,
    resume?: { importId: string; done: number },
  ) {
    const lines = preview.lines.filter(
      (line) => line.status === "new" || (line.status === "possible_duplicate" && included.has(line.line)),
    );
    const total = lines.length;
    let importId = resume?.importId;
    let done = resume?.done ?? 0;
    try {
      if (!importId) {
        const record = await api.create({
          target,
          file_name: preview.file_name,
          format: preview.format,
          csv_mapping: preview.format === "csv" ? mapping : null,
          line_count: preview.lines.length,
          skipped_count: preview.lines.length - total - preview.counts.refused,
          refused_count: preview.counts.refused,
        });
        importId = record.uuid;
      }
      setStep({ name: "writing", preview, importId, done, total, error: null });
      let created = 0;
      let skipped = 0;
      for (let index = Math.floor(done / maxChunkLines); index * maxChunkLines < total; index += 1) {
        const chunk = lines.slice(index * maxChunkLines, (index + 1) * maxChunkLines).map(chunkLine);
        const answer = await api.chunk(importId, index, chunk);
        created += answer.created;
        skipped += answer.skipped;
        done = Math.min(total, (index + 1) * maxChunkLines);
        setStep({ name: "writing", preview, importId, done, total, error: null });
      }
      const [record] = (await api.list()).filter((item) => item.uuid === importId);
      revalidator.revalidate();
      setStep({
        name: "summary",
        record: record!,
        created: record?.created_count ?? created,
        skipped: preview.lines.length - total - preview.counts.refused + skipped,
        refused: preview.counts.refused,
      });
    } catch (failure) {
      if (!importId) return setError((failure as Error).message);
      setStep({ name: "writing", preview, importId, done, total, error: (failure as Error).message });
    }
  }

  if (step.name === "choose") {
    return (
      <ChooseStep
        {...{ accounts, cards, target, setTarget, error, isBusy, api, onClose }}
        setFile={chooseFile}
        statements={statements}
        statementIndex={statementIndex}
        setStatementIndex={setStatementIndex}
        onPreview={() => runPreview(null)}
      />
    );
  }
  if (step.name === "mapping") {
    const csv = step.preview.csv!;
    return (
      <div className="grid gap-4">
        <div>
          <h3 className="font-semibold">{t("mapping.title")}</h3>
          <p className="text-sm text-muted-foreground">{t("mapping.intro")}</p>
        </div>
        <CsvMappingFields
          // Read again from another line, the form starts over from what the file shows there.
          key={csv.start_line}
          mapping={step.mapping}
          onChange={(mapping) => setStep({ ...step, mapping })}
          header={csv.header}
          sampleRows={csv.sample_rows}
          startLine={csv.start_line}
          onReadFromLine={(line) => runPreview(null, line)}
          isBusy={isBusy}
        />
        <ErrorText message={error} />
        <DialogFooter>
          <Button variant="outline" onClick={() => setStep({ name: "choose" })}>
            {t("back")}
          </Button>
          <Button
            variant="accent"
            disabled={isBusy || !completeMapping(step.mapping)}
            onClick={() => runPreview(completeMapping(step.mapping))}
          >
            {isBusy ? t("reading") : t("previewButton")}
          </Button>
        </DialogFooter>
      </div>
    );
  }
  if (step.name === "preview") {
    const count =
      step.preview.counts.new +
      step.preview.lines.filter((line) => line.status === "possible_duplicate" && included.has(line.line)).length;
    return (
      <div className="grid gap-4">
        <PreviewTable
          preview={step.preview}
          included={included}
          onCreateRule={createRuleFrom}
          onToggle={(line, isIncluded) =>
            setIncluded((current) => {
              const next = new Set(current);
              if (isIncluded) next.add(line);
              else next.delete(line);
              return next;
            })
          }
        />
        <ErrorText message={error} />
        <DialogFooter>
          <Button
            variant="outline"
            onClick={() =>
              step.preview.format === "csv" && step.mapping
                ? setStep({ name: "mapping", preview: step.preview, mapping: step.mapping })
                : setStep({ name: "choose" })
            }
          >
            {t("back")}
          </Button>
          <Button variant="accent" disabled={count === 0} onClick={() => write(step.preview, step.mapping)}>
            {t("preview.confirm", { count })}
          </Button>
        </DialogFooter>
        <RuleDialog
          key={ruleFrom?.line.line ?? "none"}
          open={ruleFrom !== null}
          onOpenChange={(isOpen) => (isOpen ? null : setRuleFrom(null))}
          workspaceId={workspaceId}
          initialValues={ruleValuesFromLine(ruleFrom?.line.description ?? "")}
          tags={ruleFrom?.tags ?? []}
          places={[
            ...accounts.map((account) => ({
              value: `account:${account.uuid}`,
              name: account.name,
              group: "account" as const,
            })),
            ...cards.map((card) => ({ value: `card:${card.uuid}`, name: card.display_name, group: "card" as const })),
          ]}
          // The lines are filed again with the new rule among the others.
          onSaved={() => runPreview(step.mapping)}
        />
      </div>
    );
  }
  if (step.name === "writing") {
    return (
      <div className="grid gap-4" aria-busy={step.error ? undefined : true}>
        <h3 className="font-semibold">{t("writing.title")}</h3>
        <WritingProgress
          label={t("writing.title")}
          done={step.done}
          total={step.total}
          text={t("writing.progress", { done: step.done, total: step.total })}
        />
        {step.error ? (
          <>
            <ErrorText message={t("writing.failed", { message: step.error })} />
            <DialogFooter>
              <Button variant="outline" onClick={onClose}>
                {t("close")}
              </Button>
              <Button
                variant="accent"
                onClick={() => write(step.preview, null, { importId: step.importId, done: step.done })}
              >
                {t("writing.retry")}
              </Button>
            </DialogFooter>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">{t("writing.keepOpen")}</p>
        )}
      </div>
    );
  }
  const nextStatement = statements?.[statementIndex + 1];
  return (
    <SummaryStep
      {...step}
      api={api}
      onClose={onClose}
      onUndone={() => revalidator.revalidate()}
      onNextStatement={
        nextStatement
          ? () => {
              setStatementIndex(nextStatement.index);
              setTarget("");
              setStep({ name: "choose" });
            }
          : undefined
      }
      nextStatementLabel={nextStatement ? statementLabel(t, nextStatement) : undefined}
    />
  );
}

type OfxStatements = NonNullable<ImportPreview["ofx"]>["statements"];

/** "Bank account ••1234 · BRL · 12 transactions": a statement of the file, as the person tells it apart. */
function statementLabel(t: TFunction<"imports">, statement: OfxStatements[number]): string {
  const kind = t(`statements.kinds.${statement.kind}`);
  return [
    statement.account_ending ? t("statements.ending", { kind, ending: statement.account_ending }) : kind,
    statement.currency,
    t("statements.lines", { count: statement.line_count }),
  ]
    .filter(Boolean)
    .join(" · ");
}

function ChooseStep({
  accounts,
  cards,
  target,
  setTarget,
  setFile,
  error,
  isBusy,
  api,
  onClose,
  onPreview,
  statements,
  statementIndex,
  setStatementIndex,
}: Pick<ImportDialogProps, "accounts" | "cards"> & {
  target: string;
  setTarget(target: string): void;
  setFile(file: File | null): void;
  statements: OfxStatements | null;
  statementIndex: number;
  setStatementIndex(index: number): void;
  error: string | null;
  isBusy: boolean;
  api: ReturnType<typeof importApi>;
  onClose(): void;
  onPreview(): void;
}) {
  const { t } = useTranslation("imports");
  const activeAccounts = accounts.filter((account) => account.is_active);
  const activeCards = cards.filter((card) => card.is_active);
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        onPreview();
      }}
    >
      <div className="grid gap-1.5">
        <Label htmlFor="import-target">{t("target")}</Label>
        <select
          id="import-target"
          value={target}
          onChange={(event) => setTarget(event.target.value)}
          className={nativeSelectClassName}
        >
          <option value="">{t("targetPlaceholder")}</option>
          <optgroup label={t("accounts")}>
            {activeAccounts.map((account) => (
              <option key={account.uuid} value={`account:${account.uuid}`}>
                {account.name}
              </option>
            ))}
          </optgroup>
          {activeCards.length ? (
            <optgroup label={t("cards")}>
              {activeCards.map((card) => (
                <option key={card.uuid} value={`card:${card.uuid}`}>
                  {card.display_name}
                </option>
              ))}
            </optgroup>
          ) : null}
        </select>
      </div>
      <FileField
        id="import-file"
        label={t("file")}
        hint={t("fileHint")}
        accept=".ofx,.qfx,.csv,.txt,application/x-ofx,text/csv"
        onFile={setFile}
      />
      {statements ? (
        <div className="grid gap-1.5">
          <Label htmlFor="import-statement">{t("statements.choose", { count: statements.length })}</Label>
          <select
            id="import-statement"
            value={statementIndex}
            onChange={(event) => setStatementIndex(Number(event.target.value))}
            className={nativeSelectClassName}
          >
            {statements.map((statement) => (
              <option key={statement.index} value={statement.index}>
                {statementLabel(t, statement)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <ErrorText message={error} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          {t("cancel")}
        </Button>
        <Button type="submit" variant="accent" disabled={isBusy}>
          {isBusy ? t("reading") : t("previewButton")}
        </Button>
      </DialogFooter>
      <RecentImports api={api} />
    </form>
  );
}

function PreviewTable({
  preview,
  included,
  onToggle,
  onCreateRule,
}: {
  preview: ImportPreview;
  included: Set<number>;
  onToggle(line: number, isIncluded: boolean): void;
  onCreateRule(line: PreviewLine): void;
}) {
  const { t } = useTranslation("imports");
  const language = useLanguage();
  const [shown, setShown] = useState(shownStep);
  const { counts, lines, target } = preview;
  // A statement in another currency is shown in its own, as the file wrote it; none of it is imported.
  const money = (amount: string) =>
    formatAmountText(amount, isOtherCurrency(preview) ? preview.ofx!.currency! : target.currency, language);
  if (lines.length === 0) return <p className="text-sm text-muted-foreground">{t("preview.empty")}</p>;
  return (
    <div className="grid gap-3">
      <p className="text-sm font-medium">
        {t("preview.summary", { name: target.name, format: preview.format.toUpperCase() })}
      </p>
      <LineCountBadges counts={counts} t={t} label={t("preview.statusColumn")} />
      <StatementNotices preview={preview} />
      {counts.new === 0 && counts.possible_duplicate === 0 && !isOtherCurrency(preview) ? (
        <p className="text-sm text-muted-foreground">{t("preview.nothingNew")}</p>
      ) : null}
      {counts.possible_duplicate ? <p className="text-sm text-muted-foreground">{t("preview.possibleHint")}</p> : null}
      {preview.split_lines ? (
        <p className="text-sm text-muted-foreground">{t("preview.splitHint", { count: preview.split_lines })}</p>
      ) : null}
      <ScrollingGroup label={t("title")}>
        <table className="w-full text-sm">
          <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
            <tr>
              <th className="px-3 py-2 font-medium">{t("preview.date")}</th>
              <th className="px-3 py-2 font-medium">{t("preview.descriptionColumn")}</th>
              <th className="px-3 py-2 text-right font-medium">{t("preview.amount")}</th>
              <th className="hidden px-3 py-2 font-medium sm:table-cell">{t("preview.statusColumn")}</th>
            </tr>
          </thead>
          <tbody>
            {lines.slice(0, shown).map((line) => (
              <tr key={line.line} className={cn("border-t", line.status !== "new" && "text-muted-foreground")}>
                <td className="px-3 py-2 whitespace-nowrap">{formatDate(line.date, language, { style: "short" })}</td>
                <td className="max-w-72 px-3 py-2">
                  <span className="line-clamp-2 break-words">{line.description}</span>
                  {line.split_parts ? (
                    <span className="block text-xs text-muted-foreground">
                      {t("preview.splitLine", { count: line.split_parts })}
                    </span>
                  ) : null}
                  {line.transfer_with ? (
                    <span className="block text-xs text-muted-foreground">
                      {t("preview.transferWith", { name: line.transfer_with.name })}
                    </span>
                  ) : null}
                  {line.filed ? <LineFiling filed={line.filed} currency={target.currency} /> : null}
                  {line.status !== "refused" ? (
                    <Button
                      variant="link"
                      size="sm"
                      className="h-auto px-0 text-xs"
                      aria-label={t("preview.createRuleFrom", { description: line.description })}
                      onClick={() => onCreateRule(line)}
                    >
                      {t("preview.createRule")}
                    </Button>
                  ) : null}
                  {line.existing ? (
                    <span className="block text-xs text-muted-foreground">
                      {t("preview.matches", {
                        description: line.existing.description,
                        date: formatDate(line.existing.date, language, { style: "short" }),
                      })}
                    </span>
                  ) : null}
                  {/* On a phone the status goes under the description, where it is not cut off. */}
                  <div className="mt-1 sm:hidden">
                    <LineStatus line={line} isIncluded={included.has(line.line)} onToggle={onToggle} />
                  </div>
                </td>
                <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{money(line.amount)}</td>
                <td className="hidden px-3 py-2 sm:table-cell">
                  <LineStatus line={line} isIncluded={included.has(line.line)} onToggle={onToggle} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollingGroup>
      {lines.length > shown ? (
        <Button variant="outline" size="sm" onClick={() => setShown(shown + shownStep)} className="justify-self-start">
          {t("preview.showMore", { count: Math.min(shownStep, lines.length - shown) })}
        </Button>
      ) : null}
    </div>
  );
}

const isOtherCurrency = (preview: ImportPreview) =>
  preview.ofx?.currency != null && preview.ofx.currency !== preview.target.currency;

/**
 * What the person must know about an OFX statement before importing it: which of the file's statements
 * this is, a currency that is not the account's (nothing is imported then), and what is left out.
 */
function StatementNotices({ preview }: { preview: ImportPreview }) {
  const { t } = useTranslation("imports");
  const { ofx, target } = preview;
  if (!ofx) return null;
  const shown = ofx.statements[ofx.statement_index];
  return (
    <>
      {ofx.statements.length > 1 && shown ? (
        <p className="rounded-lg border bg-muted/40 px-3 py-2 text-sm">
          {t("statements.several", {
            count: ofx.statements.length,
            number: ofx.statement_index + 1,
            statement: statementLabel(t, shown),
          })}
        </p>
      ) : null}
      {isOtherCurrency(preview) ? (
        <p role="alert" className="rounded-lg border border-destructive/30 px-3 py-2 text-sm text-destructive">
          {t("statements.otherCurrency", { fileCurrency: ofx.currency, name: target.name, currency: target.currency })}
        </p>
      ) : null}
      {ofx.skipped.trades ? (
        <p className="text-sm text-muted-foreground">{t("statements.trades", { count: ofx.skipped.trades })}</p>
      ) : null}
      {ofx.skipped.balance_rows ? (
        <p className="text-sm text-muted-foreground">
          {t("statements.balanceRows", { count: ofx.skipped.balance_rows })}
        </p>
      ) : null}
    </>
  );
}

/** A line's status badge, with the box that takes a possible duplicate in anyway. */
function LineStatus({
  line,
  isIncluded,
  onToggle,
}: {
  line: PreviewLine;
  isIncluded: boolean;
  onToggle(line: number, isIncluded: boolean): void;
}) {
  const { t } = useTranslation("imports");
  return (
    <div className="flex items-center gap-2">
      {line.status === "possible_duplicate" ? (
        <Checkbox
          aria-label={`${t("preview.include")}: ${line.description}`}
          checked={isIncluded}
          onCheckedChange={(checked) => onToggle(line.line, checked === true)}
        />
      ) : null}
      <Badge variant={lineStatusVariant(line.status)} className="whitespace-nowrap">
        {line.status === "refused" && line.reason
          ? t(`preview.reasons.${line.reason}`)
          : line.reason === "same_file"
            ? t("preview.reasons.same_file")
            : t(`preview.status.${line.status}`)}
      </Badge>
    </div>
  );
}

function SummaryStep({
  record,
  created,
  skipped,
  refused,
  api,
  onClose,
  onUndone,
  onNextStatement,
  nextStatementLabel,
}: Extract<Step, { name: "summary" }> & {
  api: ReturnType<typeof importApi>;
  onClose(): void;
  onUndone(): void;
  /** The file's next statement, to import into its own account or card. */
  onNextStatement?: () => void;
  nextStatementLabel?: string;
}) {
  const { t } = useTranslation("imports");
  const [isUndone, setIsUndone] = useState(false);
  return (
    <div className="grid gap-4">
      <h3 className="font-semibold" role="status">
        {isUndone ? t("undo.done") : t("summary.title")}
      </h3>
      <ul className="grid gap-1 text-sm">
        <li>{t("summary.created", { count: created })}</li>
        {skipped ? <li>{t("summary.skipped", { count: skipped })}</li> : null}
        {refused ? <li>{t("summary.refused", { count: refused })}</li> : null}
      </ul>
      {onNextStatement ? (
        <p className="text-sm text-muted-foreground">{t("statements.next", { statement: nextStatementLabel })}</p>
      ) : null}
      <DialogFooter>
        {created > 0 && !isUndone ? (
          <UndoButton
            api={api}
            record={{ ...record, created_count: created }}
            label={t("summary.undo")}
            onUndone={() => {
              setIsUndone(true);
              onUndone();
            }}
          />
        ) : null}
        {onNextStatement ? (
          <Button variant="outline" onClick={onNextStatement}>
            {t("statements.nextButton")}
          </Button>
        ) : null}
        <Button variant="accent" onClick={onClose}>
          {t("summary.done")}
        </Button>
      </DialogFooter>
    </div>
  );
}

function UndoButton({
  api,
  record,
  label,
  onUndone,
}: {
  api: ReturnType<typeof importApi>;
  record: ImportResponse;
  label: string;
  onUndone(): void;
}) {
  const { t } = useTranslation("imports");
  const [open, setOpen] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button type="button" variant="outline" size={label === t("history.undo") ? "sm" : "md"}>
          {label}
        </Button>
      }
      title={t("undo.title")}
      description={t("undo.description", { count: record.created_count })}
      confirmLabel={t("undo.confirm")}
      isBusy={isBusy}
      onConfirm={async () => {
        setIsBusy(true);
        try {
          await api.undo(record.uuid);
          toast.success(t("undo.done"), t("undo.doneDescription"));
          setOpen(false);
          onUndone();
        } catch (failure) {
          toast.error((failure as Error).message);
        } finally {
          setIsBusy(false);
        }
      }}
    />
  );
}

/** The workspace's latest imports, each undoable until it is. */
function RecentImports({ api }: { api: ReturnType<typeof importApi> }) {
  const { t } = useTranslation("imports");
  const language = useLanguage();
  const revalidator = useRevalidator();
  const [imports, setImports] = useState<ImportResponse[] | null>(null);
  const [failed, setFailed] = useState(false);
  const isMounted = useRef(true);
  const load = () =>
    api.list().then(
      (items) => isMounted.current && setImports(items.slice(0, 5)),
      () => isMounted.current && setFailed(true),
    );
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once when the dialog opens
  useEffect(() => {
    isMounted.current = true;
    load();
    return () => {
      isMounted.current = false;
    };
  }, []);
  return (
    <section className="grid gap-2 border-t pt-4" aria-labelledby="recent-imports">
      <h3 id="recent-imports" className="text-sm font-semibold">
        {t("history.title")}
      </h3>
      {failed ? <p className="text-sm text-muted-foreground">{t("history.loadFailed")}</p> : null}
      {imports && imports.length === 0 ? <p className="text-sm text-muted-foreground">{t("history.empty")}</p> : null}
      {imports === null && !failed ? <div className="h-10 animate-pulse rounded-lg bg-muted" /> : null}
      <ul className="grid gap-2">
        {imports?.map((item) => (
          <li key={item.uuid} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border px-3 py-2">
            <div className="min-w-0">
              <p className="truncate text-sm font-medium">
                {t("history.line", { file: item.file_name, target: item.target.name ?? "—" })}
              </p>
              <p className="text-xs text-muted-foreground">
                {t("history.counts", {
                  count: item.created_count,
                  date: formatDate(item.created_at, language, { style: "short" }),
                })}
              </p>
            </div>
            {item.undone_at ? (
              <Badge>{t("history.undone")}</Badge>
            ) : item.created_count > 0 ? (
              <UndoButton
                api={api}
                record={item}
                label={t("history.undo")}
                onUndone={() => {
                  load();
                  revalidator.revalidate();
                }}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
