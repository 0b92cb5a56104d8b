import { type ComponentProps, lazy, Suspense } from "react";
import { Skeleton } from "~/components/ui/skeleton";

/*
 * The calculators sit under a page's own list (plans, loans): their code — the money schedules,
 * the fields, the table — comes after the page's first load, with a placeholder of their size.
 */
const InstallmentCalculatorCode = lazy(() =>
  import("./installment-calculator").then((module) => ({ default: module.InstallmentCalculator })),
);
const LoanCalculatorCode = lazy(() =>
  import("./loan-calculator").then((module) => ({ default: module.LoanCalculator })),
);

const placeholder = <Skeleton className="h-56 w-full rounded-2xl" />;

export function InstallmentCalculator(props: ComponentProps<typeof InstallmentCalculatorCode>) {
  return (
    <Suspense fallback={placeholder}>
      <InstallmentCalculatorCode {...props} />
    </Suspense>
  );
}

export function LoanCalculator(props: ComponentProps<typeof LoanCalculatorCode>) {
  return (
    <Suspense fallback={placeholder}>
      <LoanCalculatorCode {...props} />
    </Suspense>
  );
}
