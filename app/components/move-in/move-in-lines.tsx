import { useState } from "react";
import { useTranslation } from "react-i18next";
import { lineStatusVariant } from "~/components/ui/upload-parts";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { ScrollingGroup } from "~/components/ui/scrolling-group";
import { type CurrencyCode, formatAmountText, formatDate } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import { cn } from "~/lib/utils";
import type { MoveInPreview, MoveInPreviewLine } from "./move-in-api";

const shownStep = 100;

/** A preview line's key: the file's first line it came from. */
export const lineKey = (line: MoveInPreviewLine) => line.lines[0]!;

type LinesProps = {
  lines: MoveInPreview["lines"];
  /** Possible duplicates the person chose to bring in anyway, by lineKey. */
  included: ReadonlySet<number>;
  onToggle(key: number, isIncluded: boolean): void;
};

/**
 * The file's transactions as they would be written, a hundred at a time: a list on a phone (what, the
 * amount, then the day, the sides and the tag, then the status), a table from a small tablet up.
 */
export function MoveInLines({ lines, included, onToggle }: LinesProps) {
  const { t } = useTranslation("move-in");
  const language = useLanguage();
  const [shown, setShown] = useState(shownStep);
  if (lines.length === 0) return <p className="text-sm text-muted-foreground">{t("preview.empty")}</p>;
  const visible = lines.slice(0, shown);
  const route = (line: MoveInPreviewLine) =>
    line.from && line.to ? t("preview.routeText", { from: line.from, to: line.to }) : (line.from ?? line.to ?? "");
  const date = (line: MoveInPreviewLine) => formatDate(line.date, language, { style: "short" });
  // A split purchase shows its parts, each with its tag and amount.
  const tag = (line: MoveInPreviewLine) =>
    line.parts
      ? t("preview.parts", {
          parts: line.parts
            .map((part) => `${part.tag} ${formatAmountText(part.amount, line.currency as CurrencyCode, language)}`)
            .join(", "),
        })
      : line.tag;
  const status = (line: MoveInPreviewLine) => (
    <LineStatus line={line} isIncluded={included.has(lineKey(line))} onToggle={onToggle} />
  );
  return (
    <section className="grid gap-2" aria-labelledby="move-in-lines">
      <h4 id="move-in-lines" className="text-sm font-semibold">
        {t("preview.linesTitle")}
      </h4>
      <ul aria-labelledby="move-in-lines" className="grid divide-y rounded-lg border sm:hidden">
        {visible.map((line) => (
          <li
            key={lineKey(line)}
            className={cn("grid gap-1 px-3 py-2 text-sm", line.status !== "new" && "text-muted-foreground")}
          >
            <div className="flex items-start justify-between gap-3">
              <span className="min-w-0 font-medium break-words">{line.description}</span>
              <span className="shrink-0 whitespace-nowrap tabular-nums">
                <LineAmount line={line} />
              </span>
            </div>
            <p className="text-xs break-words text-muted-foreground">
              {[date(line), route(line), tag(line)].filter(Boolean).join(" · ")}
            </p>
            <ExistingMatch line={line} />
            {status(line)}
          </li>
        ))}
      </ul>
      <div className="hidden sm:block">
        <ScrollingGroup label={t("preview.linesTitle")}>
          <table className="w-full text-sm">
            <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
              <tr>
                <th className="px-3 py-2 font-medium">{t("preview.date")}</th>
                <th className="px-3 py-2 font-medium">{t("preview.descriptionColumn")}</th>
                <th className="hidden px-3 py-2 font-medium sm:table-cell">{t("preview.route")}</th>
                <th className="hidden px-3 py-2 font-medium sm:table-cell">{t("preview.tag")}</th>
                <th className="px-3 py-2 text-right font-medium">{t("preview.amount")}</th>
                <th className="px-3 py-2 font-medium">{t("preview.statusColumn")}</th>
              </tr>
            </thead>
            <tbody>
              {visible.map((line) => (
                <tr
                  key={lineKey(line)}
                  className={cn("border-t align-top", line.status !== "new" && "text-muted-foreground")}
                >
                  <td className="px-3 py-2 whitespace-nowrap">{date(line)}</td>
                  <td className="max-w-64 px-3 py-2">
                    <span className="line-clamp-2 break-words">{line.description}</span>
                    <ExistingMatch line={line} />
                  </td>
                  <td className="hidden max-w-64 px-3 py-2 break-words sm:table-cell">{route(line)}</td>
                  <td className="hidden px-3 py-2 sm:table-cell">{tag(line)}</td>
                  <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                    <LineAmount line={line} />
                  </td>
                  <td className="px-3 py-2">{status(line)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollingGroup>
      </div>
      {lines.length > shown ? (
        <Button variant="outline" size="sm" onClick={() => setShown(shown + shownStep)} className="justify-self-start">
          {t("preview.showMore", { count: Math.min(shownStep, lines.length - shown) })}
        </Button>
      ) : null}
    </section>
  );
}

/** The workspace's transaction a possible duplicate looks like (a duplicate's reason says it all). */
function ExistingMatch({ line }: { line: MoveInPreviewLine }) {
  const { t } = useTranslation("move-in");
  const language = useLanguage();
  if (line.status !== "possible_duplicate" || !line.existing) return null;
  return (
    <span className="block text-xs text-muted-foreground">
      {t("preview.matches", {
        description: line.existing.description,
        date: formatDate(line.existing.date, language, { style: "short" }),
      })}
    </span>
  );
}

/** Money out with a minus, money in with a plus, a transfer as it is; nothing for a refused line. */
function LineAmount({ line }: { line: MoveInPreviewLine }) {
  const language = useLanguage();
  if (line.status === "refused") return "—";
  const currency = line.currency as CurrencyCode;
  if (line.type === "expense") return formatAmountText(`-${line.amount}`, currency, language);
  return formatAmountText(line.amount, currency, language, { sign: line.type === "income" ? "always" : "auto" });
}

/** A line's status, with the box that takes a possible duplicate in anyway, and why a line is left out. */
function LineStatus({
  line,
  isIncluded,
  onToggle,
}: {
  line: MoveInPreviewLine;
  isIncluded: boolean;
  onToggle(key: number, isIncluded: boolean): void;
}) {
  const { t } = useTranslation("move-in");
  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-2">
        {line.status === "possible_duplicate" ? (
          <Checkbox
            aria-label={t("preview.include", { description: line.description })}
            checked={isIncluded}
            onCheckedChange={(checked) => onToggle(lineKey(line), checked === true)}
          />
        ) : null}
        <Badge variant={lineStatusVariant(line.status)}>{t(`preview.status.${line.status}`)}</Badge>
      </div>
      {line.reason && line.status !== "new" ? (
        <span className="block max-w-64 text-xs">{t(`reasons.${line.reason}`, { defaultValue: "" })}</span>
      ) : null}
    </div>
  );
}
