import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { ErrorText, FileField } from "~/components/ui/upload-parts";
import { answered } from "~/lib/api-answers";
import type { ArchiveSummary } from "../../../worker/restore/restore.service";

type Props = { open: boolean; onOpenChange(open: boolean): void };

/** What the archive holds, counted as the restore brings it back. */
const countedKinds = [
  "accounts",
  "cards",
  "transactions",
  "tags",
  "budgets",
  "goals",
  "scheduled_transactions",
  "recurring_transactions",
  "installment_plans",
  "loans",
  "receipts",
  "statement_imports",
] as const;

const sendArchive = async <Data,>(path: string, file: File): Promise<Data> => {
  const form = new FormData();
  form.set("file", file);
  return answered(await fetch(path, { method: "POST", body: form, credentials: "same-origin" }));
};

/**
 * "Restore from an archive" (docs/api.md "Restoring a workspace"): Moneta's own zip, read first and
 * shown — its name, what it holds, what does not come along — then restored as a new workspace, which
 * opens. Nothing is written before the person confirms.
 */
export function RestoreWorkspaceDialog({ open, onOpenChange }: Props) {
  const { t } = useTranslation("restore");
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [summary, setSummary] = useState<ArchiveSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<"reading" | "restoring" | null>(null);

  useEffect(() => {
    if (open) return;
    setFile(null);
    setSummary(null);
    setError(null);
    setBusy(null);
  }, [open]);

  async function read() {
    if (!file) return setError(t("chooseFirst"));
    setBusy("reading");
    setError(null);
    try {
      setSummary(await sendArchive<ArchiveSummary>("/api/workspace-archives/preview", file));
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : t("failed"));
    } finally {
      setBusy(null);
    }
  }

  async function restore() {
    if (!file) return;
    setBusy("restoring");
    setError(null);
    try {
      const restored = await sendArchive<{ uuid: string }>("/api/workspace-archives", file);
      onOpenChange(false);
      await navigate(`/workspaces/${restored.uuid}/dashboard`);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : t("failed"));
      setBusy(null);
    }
  }

  const shown = summary ? countedKinds.filter((kind) => summary.counts[kind] > 0) : [];
  return (
    <Dialog open={open} onOpenChange={(next) => busy !== "restoring" && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("title")}</DialogTitle>
          <DialogDescription>{t("description")}</DialogDescription>
        </DialogHeader>
        {summary ? (
          <div className="grid gap-4">
            <div className="rounded-lg border bg-muted/30 p-4">
              <p className="font-semibold text-foreground">{summary.name}</p>
              <p className="text-sm text-muted-foreground">
                {summary.currency} · {summary.time_zone}
              </p>
              {shown.length > 0 ? (
                <ul className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm" aria-label={t("holds")}>
                  {shown.map((kind) => (
                    <li key={kind}>{t(`counts.${kind}`, { count: summary.counts[kind] })}</li>
                  ))}
                </ul>
              ) : (
                <p className="mt-3 text-sm text-muted-foreground">{t("empty")}</p>
              )}
            </div>
            {summary.not_restored.members > 0 ? (
              <p className="text-sm text-muted-foreground">{t("members", { count: summary.not_restored.members })}</p>
            ) : null}
            {summary.not_restored.receipts > 0 ? (
              <p className="text-sm font-medium text-foreground">
                {t("noStorage", { count: summary.not_restored.receipts })}
              </p>
            ) : null}
            <p className="text-sm text-muted-foreground">{t("newWorkspace")}</p>
            <ErrorText message={error} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setSummary(null)} disabled={busy !== null}>
                {t("back")}
              </Button>
              <Button type="button" onClick={restore} disabled={busy !== null}>
                {busy === "restoring" ? t("restoring") : t("confirm")}
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              void read();
            }}
          >
            <FileField
              id="restore-file"
              label={t("file")}
              hint={t("fileHint")}
              accept=".zip,application/zip"
              onFile={(chosen) => {
                setFile(chosen);
                setError(null);
              }}
            />
            <ErrorText message={error} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                {t("cancel")}
              </Button>
              <Button type="submit" disabled={busy !== null}>
                {busy === "reading" ? t("reading") : t("read")}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
