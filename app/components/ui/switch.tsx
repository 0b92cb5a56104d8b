import { type ComponentProps, useState } from "react";
import { cn } from "~/lib/utils";

type SwitchProps = Omit<ComponentProps<"button">, "value" | "defaultValue" | "onChange"> & {
  checked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?(checked: boolean): void;
  /** In a form, the switch sends `name=value` when on, as a checkbox would. */
  name?: string;
  value?: string;
};

/**
 * An on/off setting that applies at once: a button with role="switch" (Space or Enter toggles it),
 * controlled (`checked`) or not (`defaultChecked`). Written over plain elements: it is on the
 * dashboard's first load, where Radix's version cost 1.6 KB.
 */
export function Switch({
  className,
  checked,
  defaultChecked = false,
  onCheckedChange,
  name,
  value = "on",
  disabled,
  onClick,
  ...props
}: SwitchProps) {
  const [uncontrolledOn, setUncontrolledOn] = useState(defaultChecked);
  const isOn = checked ?? uncontrolledOn;
  const state = isOn ? "checked" : "unchecked";
  return (
    <>
      <button
        type="button"
        role="switch"
        aria-checked={isOn}
        data-slot="switch"
        data-state={state}
        disabled={disabled}
        className={cn(
          "peer inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent bg-input shadow-inner",
          "transition-colors outline-none focus-visible:ring-3 focus-visible:ring-accent/30",
          "data-[state=checked]:bg-accent disabled:cursor-not-allowed disabled:opacity-50",
          className,
        )}
        onClick={(event) => {
          onClick?.(event);
          if (event.defaultPrevented) return;
          if (checked === undefined) setUncontrolledOn(!isOn);
          onCheckedChange?.(!isOn);
        }}
        {...props}
      >
        <span
          data-slot="switch-thumb"
          data-state={state}
          className="pointer-events-none block size-5 rounded-full bg-white shadow-sm ring-0 transition-transform data-[state=checked]:translate-x-5"
        />
      </button>
      {name ? (
        <input
          type="checkbox"
          hidden
          aria-hidden
          tabIndex={-1}
          name={name}
          value={value}
          checked={isOn}
          disabled={disabled}
          readOnly
        />
      ) : null}
    </>
  );
}
