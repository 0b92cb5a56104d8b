import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { ErrorText, FileField } from "~/components/ui/upload-parts";
import { Button } from "~/components/ui/button";
import { DialogFooter } from "~/components/ui/dialog";
import { historyApps } from "../../../db/history-apps";
import type { CsvDateFormat } from "../../../worker/imports/csv-mapping";

export type DateFormat = CsvDateFormat;

/** As people say them: day first, month first, then the year first. */
const dateFormats = ["dmy", "mdy", "ymd"] as const satisfies readonly DateFormat[];

type ChooseFileProps = {
  error: string | null;
  isBusy: boolean;
  /** The API's words when the file's dates read both day-first and month-first; null until then. */
  dateQuestion: string | null;
  dateFormat: DateFormat | null;
  onFile(file: File | null): void;
  onDateFormat(format: DateFormat): void;
  onPreview(): void;
  onClose(): void;
};

/** The apps whose exports are read, the file, and — when its dates read two ways — which way they read. */
export function ChooseFileStep({
  error,
  isBusy,
  dateQuestion,
  dateFormat,
  onFile,
  onDateFormat,
  onPreview,
  onClose,
}: ChooseFileProps) {
  const { t } = useTranslation("move-in");
  const firstFormat = useRef<HTMLInputElement>(null);
  // The question appears after a preview: the focus goes to it, where the answer is given.
  useEffect(() => {
    if (dateQuestion) firstFormat.current?.focus();
  }, [dateQuestion]);
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        onPreview();
      }}
    >
      <div className="grid gap-1.5">
        <p id="move-in-apps" className="text-sm font-medium">
          {t("choose.appsTitle")}
        </p>
        <ul aria-labelledby="move-in-apps" className="flex flex-wrap gap-1.5">
          {historyApps.map((app) => (
            <li key={app} className="rounded-full border bg-muted/40 px-2.5 py-0.5 text-xs font-medium">
              {t(`choose.appList.${app}`)}
            </li>
          ))}
        </ul>
      </div>
      <FileField
        id="move-in-file"
        label={t("choose.file")}
        hint={t("choose.fileHint")}
        accept=".csv,.tsv,.txt,.xlsx,text/csv,text/tab-separated-values,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        onFile={onFile}
      />
      {dateQuestion ? (
        <fieldset className="grid gap-2 rounded-lg border px-3 py-3" aria-describedby="move-in-date-question">
          <legend className="px-1 text-sm font-medium">{t("choose.dateFormat")}</legend>
          <p id="move-in-date-question" className="text-sm text-muted-foreground">
            {dateQuestion}
          </p>
          {dateFormats.map((format, index) => (
            <label key={format} className="flex items-center gap-2 text-sm">
              <input
                ref={index === 0 ? firstFormat : undefined}
                type="radio"
                name="date_format"
                value={format}
                checked={dateFormat === format}
                onChange={() => onDateFormat(format)}
                className="size-4 accent-accent"
              />
              {t(`choose.dateFormats.${format}`)}
            </label>
          ))}
        </fieldset>
      ) : null}
      <ErrorText message={error} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          {t("choose.cancel")}
        </Button>
        <Button type="submit" variant="accent" disabled={isBusy}>
          {isBusy ? t("choose.reading") : t("choose.preview")}
        </Button>
      </DialogFooter>
    </form>
  );
}
