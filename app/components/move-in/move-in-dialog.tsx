import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { ErrorText, WritingProgress } from "~/components/ui/upload-parts";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { ApiRequestError } from "~/lib/api-answers";
import { maxStatementBytes } from "../../../worker/imports/statement";
import {
  type MoveInPreview,
  type MoveInPreviewLine,
  type MoveInResponse,
  type MoveInStart,
  moveInApi,
} from "./move-in-api";
import { ChooseFileStep, type DateFormat } from "./move-in-choose";
import { lineKey } from "./move-in-lines";
import { isOverAccountLimit, MoveInPreviewStep } from "./move-in-preview";
import { SummaryStep } from "./move-in-summary";
import { UndoMoveIn } from "./move-in-undo";

export type MoveInDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  workspaceId: string;
  /** A move-in was written or undone: the page's list of them reads again. */
  onChanged(): void;
};

export type Step =
  | { name: "choose" }
  | { name: "preview"; preview: MoveInPreview }
  | {
      name: "writing";
      preview: MoveInPreview;
      lines: readonly MoveInPreviewLine[];
      done: number;
      moveIn: MoveInStart | null;
      error: string | null;
    }
  | { name: "summary"; record: MoveInResponse; skipped: number; isUndone: boolean };

/**
 * "Bring your history" (docs/api.md#moving-in): another app's export chosen, previewed with the
 * accounts, cards and tags it would create, written in chunks with a progress bar, and summed up
 * with a way to undo it all.
 */
export function MoveInDialog({ open, onOpenChange, ...props }: MoveInDialogProps) {
  const { t, ready } = useTranslation("move-in");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[92vh] max-w-4xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{ready ? t("title") : ""}</DialogTitle>
          <DialogDescription>{ready ? t("description") : ""}</DialogDescription>
        </DialogHeader>
        {open && ready ? <MoveInSteps {...props} onClose={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function MoveInSteps({
  workspaceId,
  onChanged,
  onClose,
}: Omit<MoveInDialogProps, "open" | "onOpenChange"> & { onClose(): void }) {
  const { t } = useTranslation("move-in");
  const api = useMemo(() => moveInApi(workspaceId), [workspaceId]);
  const revalidator = useRevalidator();
  const [step, setStep] = useState<Step>({ name: "choose" });
  const [file, setFile] = useState<File | null>(null);
  /** Asked for once the API said the file's dates read both ways, with its words. */
  const [dateQuestion, setDateQuestion] = useState<string | null>(null);
  const [dateFormat, setDateFormat] = useState<DateFormat | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [included, setIncluded] = useState<ReadonlySet<number>>(new Set());
  // Each new step takes the focus to its heading, so a screen reader says where the person is.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (step.name !== "choose") headingRef.current?.focus();
  }, [step.name]);

  function chooseFile(chosen: File | null) {
    setFile(chosen);
    setDateQuestion(null);
    setDateFormat(null);
    setError(null);
  }

  async function runPreview() {
    if (!file) return setError(t("choose.fileMissing"));
    if (file.size > maxStatementBytes) return setError(t("choose.fileTooLarge"));
    if (dateQuestion && !dateFormat) return setError(t("choose.dateFormatMissing"));
    setIsBusy(true);
    setError(null);
    try {
      const preview = await api.preview(file, dateFormat ?? undefined);
      setIncluded(new Set());
      setStep({ name: "preview", preview });
    } catch (failure) {
      const dateProblem = failure instanceof ApiRequestError ? failure.fieldErrors.date_format?.[0] : undefined;
      if (dateProblem && !dateQuestion) setDateQuestion(dateProblem);
      else setError(dateProblem ?? (failure as Error).message);
    } finally {
      setIsBusy(false);
    }
  }

  async function write(preview: MoveInPreview, resume?: { moveIn: MoveInStart; done: number }) {
    const lines = preview.lines.filter(
      (line) => line.status === "new" || (line.status === "possible_duplicate" && included.has(lineKey(line))),
    );
    let moveIn = resume?.moveIn ?? null;
    let done = resume?.done ?? 0;
    setStep({ name: "writing", preview, lines, done, moveIn, error: null });
    try {
      const written = await api.bringIn(
        preview,
        lines,
        (count, started) => {
          moveIn = started;
          done = count;
          setStep({ name: "writing", preview, lines, done, moveIn, error: null });
        },
        moveIn ? { moveIn, written: done } : undefined,
      );
      const record = (await api.list()).find((item) => item.uuid === written.moveIn.uuid) ?? written.moveIn;
      revalidator.revalidate();
      onChanged();
      // Every line not created nor refused was left out: already here, not chosen, not paid, not money.
      const skipped =
        preview.lines.length -
        preview.counts.refused -
        record.created_count +
        preview.skipped.unpaid +
        preview.skipped.not_money;
      setStep({ name: "summary", record, skipped, isUndone: false });
    } catch (failure) {
      const message = (failure as Error).message;
      if (!moveIn) {
        setStep({ name: "preview", preview });
        return setError(message);
      }
      setStep({ name: "writing", preview, lines, done, moveIn, error: message });
    }
  }

  if (step.name === "choose") {
    return (
      <ChooseFileStep
        {...{ error, isBusy, dateQuestion, dateFormat, onClose }}
        onFile={chooseFile}
        onDateFormat={setDateFormat}
        onPreview={runPreview}
      />
    );
  }
  if (step.name === "preview") {
    const count =
      step.preview.counts.new +
      step.preview.lines.filter((line) => line.status === "possible_duplicate" && included.has(lineKey(line))).length;
    return (
      <div className="grid gap-4">
        <MoveInPreviewStep
          preview={step.preview}
          included={included}
          headingRef={headingRef}
          onToggle={(key, isIncluded) =>
            setIncluded((current) => {
              const next = new Set(current);
              if (isIncluded) next.add(key);
              else next.delete(key);
              return next;
            })
          }
        />
        <ErrorText message={error} />
        <DialogFooter>
          <Button
            variant="outline"
            onClick={() => {
              // The file field comes back empty, so the file is chosen again rather than kept out of sight.
              chooseFile(null);
              setStep({ name: "choose" });
            }}
          >
            {t("preview.back")}
          </Button>
          <Button
            variant="accent"
            disabled={count === 0 || isOverAccountLimit(step.preview)}
            onClick={() => write(step.preview)}
          >
            {t("preview.confirm", { count })}
          </Button>
        </DialogFooter>
      </div>
    );
  }
  if (step.name === "writing") {
    const progress = t("writing.progress", { done: step.done, total: step.lines.length });
    return (
      <div className="grid gap-4" aria-busy={step.error ? undefined : true}>
        <h3 ref={headingRef} tabIndex={-1} className="font-semibold outline-none">
          {t("writing.title")}
        </h3>
        <WritingProgress label={t("writing.title")} done={step.done} total={step.lines.length} text={progress} />
        {step.error && step.moveIn ? (
          <>
            <ErrorText message={t("writing.failed", { message: step.error })} />
            <DialogFooter>
              <UndoMoveIn
                api={api}
                moveIn={{ ...step.moveIn, created_count: step.done }}
                onUndone={() => {
                  revalidator.revalidate();
                  onChanged();
                  onClose();
                }}
              />
              <Button variant="accent" onClick={() => write(step.preview, { moveIn: step.moveIn!, done: step.done })}>
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
  return (
    <SummaryStep
      {...step}
      api={api}
      workspaceId={workspaceId}
      headingRef={headingRef}
      onClose={onClose}
      onUndone={() => {
        setStep({ ...step, isUndone: true });
        revalidator.revalidate();
        onChanged();
      }}
    />
  );
}
