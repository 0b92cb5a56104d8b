import { openedLater } from "~/components/ui/opened-later";

/** The create/edit rule form (./rule-dialog), fetched after the page is live. */
export const RuleDialog = openedLater(() => import("./rule-dialog").then((module) => module.RuleDialog));
