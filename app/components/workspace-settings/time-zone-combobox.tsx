import { type KeyboardEvent, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { fieldClassName } from "~/components/ui/input";
import { Icon } from "~/components/ui/icon";
import { intlLocales } from "~/lib/i18n";
import { describeTimeZone, describeTimeZones, searchTimeZones, timeZoneLabel } from "~/lib/time-zones";
import { useLanguage } from "~/lib/use-language";
import { cn } from "~/lib/utils";

export type TimeZoneComboboxProps = {
  id: string;
  name: string;
  defaultValue: string;
  zones: readonly string[];
  describedBy?: string;
  inputRef?(element: HTMLInputElement | null): void;
};

/**
 * The zone picker (ARIA combobox with a list): type to filter by name, city, offset or
 * identifier; arrow keys move, Enter chooses, Escape or leaving the field restores the saved
 * choice. The chosen identifier travels in a hidden field named as the native select was.
 */
export function TimeZoneCombobox({ id, name, defaultValue, zones, describedBy, inputRef }: TimeZoneComboboxProps) {
  const { t } = useTranslation("workspace-settings");
  const locale = intlLocales[useLanguage()];
  const [selected, setSelected] = useState(defaultValue);
  const [query, setQuery] = useState<string | null>(null);
  const [isOpen, setOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  // The highlighted zone by identifier, so it survives filtering; null: the first match.
  const [activeId, setActiveId] = useState<string | null>(null);

  const selectedLabel = useMemo(
    () => timeZoneLabel(describeTimeZone(selected, locale, new Date())),
    [selected, locale],
  );
  // Describing ~420 zones takes a noticeable moment: done once, when the list first opens.
  const options = useMemo(
    () => (hasOpened ? describeTimeZones(zones, locale, new Date()) : []),
    [hasOpened, zones, locale],
  );
  const matches = useMemo(() => searchTimeZones(options, query ?? ""), [options, query]);
  const activeIndex = Math.max(
    0,
    matches.findIndex((option) => option.id === activeId),
  );
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => {
    if (isOpen) document.getElementById(`${id}-option-${activeIndex}`)?.scrollIntoView({ block: "nearest" });
  }, [id, isOpen, activeIndex]);

  const open = () => {
    setHasOpened(true);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    setQuery(null);
  };
  const choose = (zone: string) => {
    setSelected(zone);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!isOpen) {
        setActiveId(query === null ? selected : null);
        open();
      } else {
        const step = event.key === "ArrowDown" ? 1 : -1;
        const next = matches[Math.min(Math.max(activeIndex + step, 0), matches.length - 1)];
        if (next) setActiveId(next.id);
      }
    } else if (event.key === "Enter" && isOpen) {
      // Choosing, not submitting the form.
      event.preventDefault();
      const active = matches[activeIndex];
      if (active) choose(active.id);
    } else if (event.key === "Escape" && isOpen) {
      // Kept from a surrounding dialog: this Escape closes the list only.
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === "Tab") {
      close();
    }
  };

  const active = isOpen ? matches[activeIndex] : undefined;
  return (
    <div className="relative">
      <input type="hidden" name={name} value={selected} />
      <input
        ref={inputRef}
        id={id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={isOpen}
        aria-controls={listboxId}
        aria-activedescendant={active ? optionId(activeIndex) : undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        placeholder={t("general.timeZoneSearch")}
        className={cn(fieldClassName, "h-10 px-3 pr-8")}
        value={query ?? selectedLabel}
        onFocus={(event) => event.currentTarget.select()}
        onClick={() => {
          if (!isOpen) setActiveId(selected);
          open();
        }}
        onChange={(event) => {
          setQuery(event.target.value);
          setActiveId(null);
          open();
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      <Icon
        name="chevrons-up-down"
        className="pointer-events-none absolute top-1/2 right-2 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <div
        className={cn(
          "absolute z-30 mt-1 w-full overflow-hidden rounded-md border bg-card shadow-lg",
          !isOpen && "hidden",
        )}
      >
        <div
          id={listboxId}
          role="listbox"
          aria-label={t("general.timeZone")}
          className="overflow-y-auto py-1"
          // A fixed height of its own: no other list in the app needs one, so no utility class for it.
          style={{ maxHeight: "18rem" }}
        >
          {matches.map((option, index) => (
            // The keyboard stays in the field (aria-activedescendant), as the combobox pattern has it: options take no focus or keys.
            // biome-ignore lint/a11y/useKeyWithClickEvents: Enter in the field chooses the highlighted option
            <div
              key={option.id}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === activeIndex}
              className={cn(
                "flex cursor-pointer items-center gap-3 px-3 py-2 text-sm",
                index === activeIndex && "bg-muted",
              )}
              // Keeps the focus in the field, so the click below chooses before leaving the field closes the list.
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => setActiveId(option.id)}
              onClick={() => choose(option.id)}
            >
              <span className="min-w-0 flex-1 text-foreground">
                {timeZoneLabel(option)}
                <span className="block truncate text-xs text-muted-foreground">{option.id}</span>
              </span>
              <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{option.offset}</span>
              {option.id === selected ? (
                <Icon name="check" className="size-4 shrink-0 text-accent-text" />
              ) : (
                <span className="size-4 shrink-0" />
              )}
            </div>
          ))}
        </div>
        {hasOpened && matches.length === 0 ? (
          <p className="px-3 py-3 text-sm text-muted-foreground">{t("general.timeZoneNoMatch", { query })}</p>
        ) : null}
      </div>
    </div>
  );
}
