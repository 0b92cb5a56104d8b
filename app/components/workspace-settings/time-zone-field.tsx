import { useMemo, useState } from "react";
import { nativeSelectClassName } from "~/components/ui/input";
import { useStandInFocus } from "~/components/ui/stand-in";
import { deferredModule, usePreloadWhenIdle } from "~/lib/deferred";
import type * as ComboboxModule from "./time-zone-combobox";

/** The searchable picker, with the friendly-name helper: fetched when the page is idle (decision 022). */
const combobox = deferredModule<typeof ComboboxModule>(() => import("./time-zone-combobox"));

type Props = { id: string; name: string; defaultValue: string; zones: readonly string[]; describedBy?: string };

/**
 * The workspace's time zone. The server renders a native select of identifiers, which works
 * before hydration and without JavaScript; once the picker's code has arrived it takes the
 * select's place, its value and, if the select had it, the keyboard focus.
 */
export function TimeZoneField({ id, name, defaultValue, zones, describedBy }: Props) {
  const [loaded, setLoaded] = useState(() => combobox.current());
  const [value, setValue] = useState(defaultValue);
  const focus = useStandInFocus();
  usePreloadWhenIdle(combobox, setLoaded);
  // A zone outside this runtime's list (an alias sent through the API) stays choosable.
  const choices = useMemo(
    () => (zones.includes(defaultValue) ? zones : [defaultValue, ...zones]),
    [zones, defaultValue],
  );

  if (loaded) {
    return (
      <loaded.TimeZoneCombobox
        id={id}
        name={name}
        defaultValue={value}
        zones={choices}
        describedBy={describedBy}
        inputRef={focus.takeOver}
      />
    );
  }
  return (
    <select
      id={id}
      name={name}
      value={value}
      onChange={(event) => setValue(event.target.value)}
      onFocus={() => {
        focus.hasFocus.current = true;
      }}
      onBlur={() => {
        focus.hasFocus.current = false;
      }}
      className={nativeSelectClassName}
      aria-describedby={describedBy}
    >
      {choices.map((zone) => (
        <option key={zone} value={zone}>
          {zone.replaceAll("_", " ")}
        </option>
      ))}
    </select>
  );
}
