import { readableTextOn } from "~/lib/color-contrast";
import { cn } from "~/lib/utils";

/** A workspace's first letter on its primary colour, in its secondary when that reads (else white or ink). */
export function WorkspaceInitial({
  workspace,
  className,
}: {
  workspace: { name: string; primary_color: string; secondary_color: string };
  className: string;
}) {
  return (
    <span
      aria-hidden
      className={cn("grid shrink-0 place-items-center font-bold", className)}
      style={{
        background: workspace.primary_color,
        color: readableTextOn(workspace.primary_color, workspace.secondary_color),
      }}
    >
      {workspace.name.slice(0, 1).toUpperCase()}
    </span>
  );
}
