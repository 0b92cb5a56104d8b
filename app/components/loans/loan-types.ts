import type { loadLoansPage } from "../../../worker/pages/loans-page.service";

export type LoansPageData = Awaited<ReturnType<typeof loadLoansPage>>;
export type Loan = LoansPageData["loans"][number];
export type LoanWithDetail = NonNullable<LoansPageData["selected"]>;
