import type { ReactNode } from "react";
import { Badge, type BadgeProps } from "~/components/ui/badge";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

/**
 * What the dialogs that take a file — the statement import, "Bring your history", restoring a workspace —
 * show alike: the file's field, a refusal in the dialog, the bar of a write in chunks, and a preview's
 * line counts and status colours.
 */

export function ErrorText({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm text-destructive">
      {message}
    </p>
  );
}

/** A write in chunks: a bar and its count, read out as it grows. */
export function WritingProgress({
  label,
  done,
  total,
  text,
}: {
  label: string;
  done: number;
  total: number;
  text: string;
}) {
  const percent = total === 0 ? 100 : Math.round((done / total) * 100);
  return (
    <>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={text}
        className="h-3 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-accent transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {text}
      </p>
    </>
  );
}

export function lineStatusVariant(
  status: "new" | "duplicate" | "possible_duplicate" | "refused",
): BadgeProps["variant"] {
  if (status === "new") return "success";
  if (status === "possible_duplicate") return "warning";
  if (status === "refused") return "destructive";
  return "neutral";
}

type FileFieldProps = {
  id: string;
  label: string;
  /** What the field takes, said under it and read with it. */
  hint: string;
  accept: string;
  onFile(file: File | null): void;
};

type LineStatus = Parameters<typeof lineStatusVariant>[0];

/** Each status's words, the same keys in the imports' and moving in's namespaces. */
const lineCountKeys: Record<LineStatus, string> = {
  new: "preview.new",
  duplicate: "preview.duplicate",
  possible_duplicate: "preview.possible",
  refused: "preview.refused",
};

/**
 * A preview's lines counted by status, in their colours: the new ones always, the others when there are any;
 * `children` are more counts of the dialog's own, as list items.
 */
export function LineCountBadges({
  counts,
  t,
  label,
  children,
}: {
  counts: Record<LineStatus, number>;
  t: (key: string, options: { count: number }) => string;
  label?: string;
  children?: ReactNode;
}) {
  return (
    <ul className="flex flex-wrap gap-2 text-sm" aria-label={label}>
      {(Object.keys(lineCountKeys) as LineStatus[]).map((status) =>
        status === "new" || counts[status] ? (
          <li key={status}>
            <Badge variant={lineStatusVariant(status)}>{t(lineCountKeys[status], { count: counts[status] })}</Badge>
          </li>
        ) : null,
      )}
      {children}
    </ul>
  );
}

/** One file to choose, with its label and a hint of what it takes: the imports', moving in's and restoring's. */
export function FileField({ id, label, hint, accept, onFile }: FileFieldProps) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="file"
        accept={accept}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onFile(event.target.files?.[0] ?? null)}
        className="h-auto py-2"
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
    </div>
  );
}
