import { TagChip } from "~/components/ui/tag-chip";
import { type CurrencyCode, formatDate, formatMoney } from "~/lib/format";
import type { Language } from "~/lib/i18n";
import type { toStatementLine } from "../../../worker/cards/statements.service";

export type StatementLine = ReturnType<typeof toStatementLine>;

type StatementLinesProps = {
  lines: StatementLine[];
  currency: CurrencyCode;
  language: Language;
  label: string;
  /** Said in place of the list when it has no lines. */
  emptyText: string;
};

/** Purchases as a statement lists them: day, description, tags, amount. */
export function StatementLines({ lines, currency, language, label, emptyText }: StatementLinesProps) {
  if (lines.length === 0) {
    return (
      <p className="rounded-xl border border-dashed px-4 py-5 text-center text-sm text-muted-foreground">{emptyText}</p>
    );
  }
  return (
    <ul className="divide-y rounded-xl border" aria-label={label}>
      {lines.map((line) => (
        <li key={line.uuid} className="flex items-start gap-3 px-4 py-3 text-sm" data-testid="statement-line">
          <span className="w-14 shrink-0 pt-px text-xs text-muted-foreground tabular-nums">
            {formatDate(line.date, language, { style: "dayMonth" })}
          </span>
          <div className="grid min-w-0 flex-1 gap-1">
            <p className="font-medium [overflow-wrap:anywhere] text-foreground">{line.description}</p>
            {line.tags.length > 0 ? (
              <div className="flex flex-wrap gap-1">
                {line.tags.map((tag) => (
                  <TagChip key={tag.uuid} name={tag.name} color={tag.color} />
                ))}
              </div>
            ) : null}
          </div>
          <span className="shrink-0 font-semibold text-foreground tabular-nums">
            {formatMoney(line.amount_cents, currency, language)}
          </span>
        </li>
      ))}
    </ul>
  );
}
