/**
 * The plans' monthly prices, in centavos. Annual billing gives two months free: a year costs ten months,
 * 2/12 ≈ 17% off. Every figure is an integer number of centavos, so nothing rounds.
 */
export const plans = [
  { key: "free", monthlyCents: 0 },
  { key: "beta", monthlyCents: 1_990 },
  { key: "unlimited", monthlyCents: 2_790, isRecommended: true },
  { key: "unlimitedBeta", monthlyCents: 3_490 },
] as const;

export type PlanKey = (typeof plans)[number]["key"];

export const paidMonthsPerYear = 10;

/** What a year costs on annual billing: 1990 → 19900 (R$ 199,00). */
export function annualCents(monthlyCents: number): number {
  return monthlyCents * paidMonthsPerYear;
}

/** What twelve monthly payments would cost: 1990 → 23880 (R$ 238,80). */
export function twelveMonthsCents(monthlyCents: number): number {
  return monthlyCents * 12;
}
