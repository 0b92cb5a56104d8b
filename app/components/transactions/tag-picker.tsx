import { Icon } from "~/components/ui/icon";
import { textColourOn } from "~/components/ui/tag-chip";
import { cn } from "~/lib/utils";
import { tagLabel } from "./tag-label";
import type { TagOption } from "./types";

type Props = { tags: TagOption[]; chosen: readonly string[]; onChange(chosen: string[]): void };

/** The workspace's tags as toggles, each in its colour when chosen: a transaction's tags, or a part's. */
export function TagPicker({ tags, chosen, onChange }: Props) {
  const toggle = (uuid: string) =>
    onChange(chosen.includes(uuid) ? chosen.filter((id) => id !== uuid) : [...chosen, uuid]);
  return (
    <div className="flex flex-wrap gap-2">
      {tags.map((tag) => {
        const isOn = chosen.includes(tag.uuid);
        return (
          <button
            key={tag.uuid}
            type="button"
            aria-pressed={isOn}
            onClick={() => toggle(tag.uuid)}
            className={cn(
              "inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm transition focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
              isOn ? "border-transparent" : "bg-card text-foreground hover:bg-muted",
            )}
            style={isOn ? { backgroundColor: tag.color, color: textColourOn(tag.color) } : undefined}
          >
            {isOn ? (
              <Icon name="check" className="size-3.5" />
            ) : (
              <span className="size-2.5 rounded-full" style={{ backgroundColor: tag.color }} aria-hidden />
            )}
            {tagLabel(tag)}
          </button>
        );
      })}
    </div>
  );
}
