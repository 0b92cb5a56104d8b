import type { IconName } from "~/components/ui/icon";
import type { TransactionKind } from "../../../db/enums";

/** Each kind's icon, in the list's rows and the wizard's first step alike. */
export const kindIcons: Record<TransactionKind, IconName> = {
  income: "arrow-down-left",
  expense: "arrow-up-right",
  transfer: "arrow-left-right",
  pay_credit_card: "credit-card",
};
