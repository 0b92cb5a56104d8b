import type { loadInstallmentsPage } from "../../../worker/pages/installments-page.service";

export type InstallmentsPageData = Awaited<ReturnType<typeof loadInstallmentsPage>>;
export type InstallmentPlan = InstallmentsPageData["plans"][number];
export type InstallmentPlanWithSchedule = NonNullable<InstallmentsPageData["selected"]>;
export type InstallmentStatistics = InstallmentsPageData["statistics"];
