import { Popover } from "radix-ui";
import { useEffect, useId, useRef, useState, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { addMonths, clampDate, dateAfterKey, monthWeeks } from "~/lib/calendar-month";
import { formatDate } from "~/lib/format";
import type { DateBounds } from "~/lib/typed-date";
import { useLanguage } from "~/lib/use-language";
import { cn } from "~/lib/utils";
import { addDays, dayOfMonth } from "../../../worker/ledger/dates";
import { Icon } from "./icon";

type Props = {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  /** The calendar button: the popover sits by it, and the focus goes back to it on closing. */
  anchor: RefObject<HTMLButtonElement | null>;
  /** The field's ISO date, or "". */
  value: string;
  bounds: DateBounds;
  onPick(iso: string): void;
};

/** The date picker's popover (loaded after the page, decision 22): a month grid for the keyboard and the pointer. */
export function DateCalendar({ isOpen, onOpenChange, anchor, value, bounds, onPick }: Props) {
  const { t } = useTranslation("common");
  return (
    <Popover.Root open={isOpen} onOpenChange={onOpenChange} modal>
      <Popover.Anchor virtualRef={anchor} />
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          aria-label={t("dateField.calendar")}
          // The focus goes to the grid's date (the selected one, else today), not the first button; the
          // page must not scroll to a popover still being placed.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            const content = event.currentTarget as HTMLElement;
            content.querySelector<HTMLElement>("[data-date][tabindex='0']")?.focus({ preventScroll: true });
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            anchor.current?.focus();
          }}
          className={cn(
            "z-50 rounded-lg border bg-popover p-3 text-popover-foreground shadow-lg shadow-primary-900/10 outline-none",
            "origin-(--radix-popover-content-transform-origin) data-[state=open]:animate-zoom-in data-[state=closed]:animate-fade-out",
          )}
        >
          <MonthGrid value={value} bounds={bounds} onPick={onPick} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** The browser's calendar day: the popover renders only in the browser, once opened. */
function localToday(): string {
  const now = new Date();
  return dayOfMonth(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

/** A Sunday, to name the week's days from. */
const aSunday = "2026-01-04";
const weekdays = Array.from({ length: 7 }, (_, index) => addDays(aSunday, index));

const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

function MonthGrid({ value, bounds, onPick }: Pick<Props, "value" | "bounds" | "onPick">) {
  const { t } = useTranslation("common");
  const language = useLanguage();
  const headingId = useId();
  const [today] = useState(localToday);
  const [focused, setFocused] = useState(() => clampDate(value || today, bounds));
  // A key moves the focus with the date; a month button keeps it. On opening, the popover places it.
  const isMovingFocus = useRef(false);
  const gridRef = useRef<HTMLTableElement>(null);

  useEffect(() => {
    if (!isMovingFocus.current) return;
    gridRef.current?.querySelector<HTMLElement>(`[data-date="${focused}"]`)?.focus({ preventScroll: true });
  }, [focused]);

  const year = Number(focused.slice(0, 4));
  const month = Number(focused.slice(5, 7));
  const first = dayOfMonth(year, month, 1);
  const last = dayOfMonth(year, month, 31);
  const isOutside = (iso: string) => (bounds.min ? iso < bounds.min : false) || (bounds.max ? iso > bounds.max : false);
  const showMonth = (months: number) => {
    isMovingFocus.current = false;
    setFocused(clampDate(addMonths(focused, months), bounds));
  };
  const pick = (iso: string) => {
    if (!isOutside(iso)) onPick(iso);
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      pick(focused);
      return;
    }
    const next = dateAfterKey(focused, event.key, event.shiftKey);
    if (!next) return;
    event.preventDefault();
    isMovingFocus.current = true;
    setFocused(clampDate(next, bounds));
  };

  const monthButton = cn(
    "grid size-8 place-items-center rounded-md text-muted-foreground transition-colors",
    "hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
    "disabled:pointer-events-none disabled:opacity-40",
  );
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <button
          type="button"
          className={monthButton}
          onClick={() => showMonth(-1)}
          disabled={Boolean(bounds.min && bounds.min >= first)}
          aria-label={t("dateField.previousMonth")}
        >
          <Icon name="chevron-left" className="size-4" />
        </button>
        <h2 id={headingId} className="text-sm font-semibold text-foreground" aria-live="polite">
          {capitalised(formatDate(first, language, { style: "monthYearLong" }))}
        </h2>
        <button
          type="button"
          className={monthButton}
          onClick={() => showMonth(1)}
          disabled={Boolean(bounds.max && bounds.max <= last)}
          aria-label={t("dateField.nextMonth")}
        >
          <Icon name="chevron-right" className="size-4" />
        </button>
      </div>
      {/* WAI-ARIA's date picker grid: a table whose cells take the focus; the table reads the keys. */}
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a grid is a table people move through with the keyboard */}
      <table ref={gridRef} role="grid" aria-labelledby={headingId} onKeyDown={onKeyDown} className="border-collapse">
        <thead>
          <tr>
            {weekdays.map((day) => (
              <th
                key={day}
                scope="col"
                abbr={formatDate(day, language, { style: "weekdayLong" })}
                className="size-9 text-xs font-medium text-muted-foreground"
              >
                {formatDate(day, language, { style: "weekday" }).replace(".", "")}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(year, month).map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((day, index) =>
                day ? (
                  // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/useAriaPropsSupportedByRole: a cell of a grid is a gridcell, which is selected and current; the grid reads its keys
                  <td
                    key={day}
                    data-date={day}
                    tabIndex={day === focused ? 0 : -1}
                    aria-label={formatDate(day, language, { style: "full" })}
                    aria-selected={day === value}
                    aria-current={day === today ? "date" : undefined}
                    aria-disabled={isOutside(day) || undefined}
                    onClick={() => pick(day)}
                    className={cn(
                      "size-9 cursor-pointer rounded-md text-center text-sm text-foreground tabular-nums outline-none",
                      "hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring",
                      day === today && "font-semibold text-accent-text underline underline-offset-4",
                      day === value && "bg-accent font-semibold text-accent-foreground no-underline hover:bg-accent",
                      isOutside(day) &&
                        "cursor-not-allowed text-muted-foreground line-through opacity-50 hover:bg-transparent",
                    )}
                  >
                    {Number(day.slice(8))}
                  </td>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the blanks before and after the month have nothing else to tell them apart
                  <td key={index} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
