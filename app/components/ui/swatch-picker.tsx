import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/utils";

type Swatch = { value: string; label: string };

type SwatchPickerProps = {
  name: string;
  legend: string;
  swatches: readonly Swatch[];
  value: string;
  onChange(value: string): void;
  size?: "md" | "sm";
};

/** A radio group of colour circles: arrow keys move between them, the focused one shows a ring. */
export function SwatchPicker({ name, legend, swatches, value, onChange, size = "md" }: SwatchPickerProps) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium text-foreground">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {swatches.map((swatch) => {
          const isChecked = swatch.value.toLowerCase() === value.toLowerCase();
          return (
            <label key={swatch.value} className="relative cursor-pointer" title={swatch.label}>
              <input
                type="radio"
                name={name}
                value={swatch.value}
                checked={isChecked}
                onChange={() => onChange(swatch.value)}
                className="peer sr-only"
                aria-label={swatch.label}
              />
              <span
                aria-hidden
                style={{ backgroundColor: swatch.value }}
                className={cn(
                  "grid place-items-center rounded-full ring-offset-2 ring-offset-card transition",
                  size === "md" ? "size-8" : "size-7",
                  "shadow-sm hover:scale-110 peer-checked:ring-2 peer-checked:ring-foreground/70",
                  "peer-focus-visible:ring-3 peer-focus-visible:ring-accent",
                )}
              >
                {isChecked ? <Icon name="check" className="size-4 text-white drop-shadow" /> : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
