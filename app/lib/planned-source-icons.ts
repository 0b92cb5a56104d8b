import type { PlannedSourceKind } from "../../db/enums";
import type { IconName } from "~/components/ui/icon";

/** The mark of where planned money comes from, the same in every list. */
export const plannedSourceIcons: Record<PlannedSourceKind, IconName> = {
  scheduled: "calendar-clock",
  recurring: "repeat",
  installment: "layers",
  loan: "landmark",
};
