import { useEffect, useRef, useState, type ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { deferredModule, usePreloadWhenIdle } from "~/lib/deferred";
import { formatDate } from "~/lib/format";
import { formatTypedDate, maskTypedDate, parseTypedDate, typedDateRefusalKey } from "~/lib/typed-date";
import { useIsClient } from "~/lib/use-is-client";
import { useLanguage } from "~/lib/use-language";
import { cn } from "~/lib/utils";
import type * as CalendarModule from "./date-calendar";
import { Icon } from "./icon";
import { Input } from "./input";

/** The month grid in Radix's popover with its positioning engine: fetched when the page is idle. */
const calendarModule = deferredModule<typeof CalendarModule>(() => import("./date-calendar"));

type InputProps = Pick<
  ComponentProps<"input">,
  "aria-label" | "aria-describedby" | "aria-invalid" | "disabled" | "autoFocus"
>;

export type DateFieldProps = InputProps & {
  /** The text input's id, for its label. */
  id: string;
  /** The ISO date ("YYYY-MM-DD", or "" for none) when the owner keeps it. */
  value?: string;
  /** The first ISO date when the field keeps its own, as in a plain form. */
  defaultValue?: string;
  /** Called with the ISO date as it changes: "" while the text is empty or not a date. */
  onValueChange?(iso: string): void;
  /** Submits the ISO date under this name (a hidden input), whatever the text shows. */
  name?: string;
  /** ISO bounds, both included. */
  min?: string;
  max?: string;
  className?: string;
};

/**
 * A date typed in the page's language — dd/mm/aaaa on Portuguese pages, mm/dd/yyyy on English
 * ones — whatever the browser's language, with a calendar button (decision 29). Slashes come by
 * themselves; a text that is no date says why under the field (once left, or on Enter, or when
 * its form is sent) and is never read as a nearby one. The value in and out is ISO.
 */
export function DateField({
  id,
  value,
  defaultValue = "",
  onValueChange,
  name,
  min,
  max,
  className,
  "aria-describedby": describedBy,
  "aria-invalid": isInvalidOutside,
  ...inputProps
}: DateFieldProps) {
  const { t } = useTranslation("common");
  const language = useLanguage();
  const isControlled = value !== undefined;
  const [text, setText] = useState(() => formatTypedDate(value ?? defaultValue, language));
  const [seenValue, setSeenValue] = useState(value);
  const [isChecked, setChecked] = useState(false);
  const [isOpen, setOpen] = useState(false);
  const [calendar, setCalendar] = useState(calendarModule.current);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // False in the server's markup and while it hydrates: a text typed then would not reach the
  // hidden ISO input, so the field is read-only until the page can read it.
  const isLive = useIsClient();
  usePreloadWhenIdle(calendarModule, (module) => setCalendar(() => module));

  const bounds = { min, max };
  const typed = text.trim() ? parseTypedDate(text, language, bounds) : null;
  const iso = typed?.ok ? typed.iso : "";
  // A value the owner changed (a reset, a new draft) shows; the one this field reported does not.
  if (isControlled && value !== seenValue) {
    setSeenValue(value);
    if (value !== iso) setText(formatTypedDate(value, language));
  }

  const bound = typed?.ok === false && { beforeMin: min, afterMax: max }[typed.reason as string];
  const refusal =
    typed?.ok === false
      ? t(typedDateRefusalKey(typed.reason), {
          format: t("dateField.format"),
          date: bound ? formatDate(bound, language, { style: "short" }) : "",
        })
      : "";
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => inputRef.current?.setCustomValidity(refusal), [refusal]);
  const errorId = `${id}-date-error`;
  const isShowingRefusal = isChecked && refusal !== "";

  const change = (next: string) => {
    setText(next);
    setChecked(false);
    const parsed = next.trim() ? parseTypedDate(next, language, bounds) : null;
    const nextIso = parsed?.ok ? parsed.iso : "";
    if (nextIso !== iso) onValueChange?.(nextIso);
  };
  const check = () => {
    setChecked(true);
    if (iso) setText(formatTypedDate(iso, language));
  };

  const openCalendar = () => {
    setOpen(true);
    if (!calendar)
      calendarModule.load().then(
        (module) => setCalendar(() => module),
        () => setOpen(false),
      );
  };

  return (
    <div className={cn("grid gap-2", className)}>
      <div className="relative">
        <Input
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t("dateField.format")}
          maxLength={10}
          readOnly={!isLive}
          value={text}
          onChange={(event) => change(maskTypedDate(event.target.value, language))}
          onBlur={check}
          onKeyDown={(event) => event.key === "Enter" && check()}
          // The form's own check (a plain GET form): a refused text stops it, and says why here.
          ref={inputRef}
          onInvalid={(event) => {
            event.preventDefault();
            check();
            event.currentTarget.focus();
          }}
          aria-invalid={isShowingRefusal || isInvalidOutside || undefined}
          aria-describedby={cn(describedBy, isShowingRefusal && errorId) || undefined}
          className="pr-11 tabular-nums"
          {...inputProps}
        />
        <button
          ref={buttonRef}
          type="button"
          aria-label={t("dateField.open")}
          aria-haspopup="dialog"
          aria-expanded={isOpen}
          disabled={inputProps.disabled || !isLive}
          onClick={() => (isOpen ? setOpen(false) : openCalendar())}
          className={cn(
            "absolute inset-y-1 right-1 grid w-9 place-items-center rounded-sm text-muted-foreground transition-colors",
            "hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
            "disabled:pointer-events-none",
          )}
        >
          <Icon name="calendar-days" className="size-4" />
        </button>
        {calendar ? (
          <calendar.DateCalendar
            isOpen={isOpen}
            onOpenChange={setOpen}
            anchor={buttonRef}
            value={iso}
            bounds={bounds}
            onPick={(picked) => {
              change(formatTypedDate(picked, language));
              setOpen(false);
            }}
          />
        ) : null}
        {name ? <input type="hidden" name={name} value={iso} /> : null}
      </div>
      {isShowingRefusal ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {refusal}
        </p>
      ) : null}
    </div>
  );
}
