/** How full a limit is, as a colour: 90 % or more red, 70 % or more orange, otherwise green. */
export function usageTone(percentage: number): "danger" | "warning" | "ok" {
  if (percentage >= 90) return "danger";
  if (percentage >= 70) return "warning";
  return "ok";
}

/** The fill of a usage bar in each tone. */
export const usageToneBars = { danger: "bg-destructive", warning: "bg-orange-500", ok: "bg-success" } as const;
