import type { FlowSourceKind } from "../../worker/planning/projection";
import type { IconName } from "~/components/ui/icon";

/** The mark of where planned money comes from, the same in every list. */
export const plannedSourceIcons: Record<FlowSourceKind, IconName> = {
  scheduled: "calendar-clock",
  recurring: "repeat",
  installment: "layers",
  loan: "landmark",
};
