import { openedLater } from "~/components/ui/opened-later";

/** The new-loan, payment and refinance forms (./loan-dialogs), fetched after the page is live. */
export const NewLoanDialog = openedLater(() => import("./loan-dialogs").then((module) => module.NewLoanDialog));
export const LoanPaymentDialog = openedLater(() => import("./loan-dialogs").then((module) => module.LoanPaymentDialog));
export const RefinanceDialog = openedLater(() => import("./loan-dialogs").then((module) => module.RefinanceDialog));
