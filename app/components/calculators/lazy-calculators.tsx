import { type ComponentProps, lazy, Suspense } from "react";
import { Skeleton } from "~/components/ui/skeleton";
import { useIsClient } from "~/lib/use-is-client";

/*
 * The calculators sit under a page's own list (plans, loans): their code — the money schedules,
 * the fields, the table — comes after the page's first load, with a placeholder of their size.
 * They are never in the server's markup: a figure typed into a field that has not hydrated yet
 * would stay on screen while the calculator's state, and so its result, stayed empty.
 */
const InstallmentCalculatorCode = lazy(() =>
  import("./installment-calculator").then((module) => ({ default: module.InstallmentCalculator })),
);
const LoanCalculatorCode = lazy(() =>
  import("./loan-calculator").then((module) => ({ default: module.LoanCalculator })),
);

const placeholder = <Skeleton className="h-56 w-full rounded-2xl" />;

export function InstallmentCalculator(props: ComponentProps<typeof InstallmentCalculatorCode>) {
  const isClient = useIsClient();
  if (!isClient) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <InstallmentCalculatorCode {...props} />
    </Suspense>
  );
}

export function LoanCalculator(props: ComponentProps<typeof LoanCalculatorCode>) {
  const isClient = useIsClient();
  if (!isClient) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <LoanCalculatorCode {...props} />
    </Suspense>
  );
}
