/**
 * Made-up figures for a Brazilian household workspace, in BRL minor units (centavos). The page
 * pins "now" so the server and the browser print the same relative times.
 */
export const demoCurrency = "BRL";
export const demoNow = new Date("2025-06-15T12:00:00Z");

export const balanceTrend = [
  { month: "2024-07", cash: 1842000, investments: 2150000 },
  { month: "2024-08", cash: 1915050, investments: 2212040 },
  { month: "2024-09", cash: 1988000, investments: 2268510 },
  { month: "2024-10", cash: 1732040, investments: 2301990 },
  { month: "2024-11", cash: 1904500, investments: 2386020 },
  { month: "2024-12", cash: 2251080, investments: 2410300 },
  { month: "2025-01", cash: 1888030, investments: 2498760 },
  { month: "2025-02", cash: 2037010, investments: 2563000 },
  { month: "2025-03", cash: 2218090, investments: 2619440 },
  { month: "2025-04", cash: 2363040, investments: 2702180 },
  { month: "2025-05", cash: 2599000, investments: 2788050 },
  { month: "2025-06", cash: 2825000, investments: 2861230 },
];

export const cashFlow = [
  { month: "2025-01", income: 1250000, expenses: 1308040 },
  { month: "2025-02", income: 1250000, expenses: 1101020 },
  { month: "2025-03", income: 1382050, expenses: 1200970 },
  { month: "2025-04", income: 1250000, expenses: 1105050 },
  { month: "2025-05", income: 1415000, expenses: 1179040 },
  { month: "2025-06", income: 1420000, expenses: 1194000 },
];

/** June's expenses by category; they add up to June's expenses above. */
export const spendingByCategory = [
  { key: "housing", value: 420000 },
  { key: "groceries", value: 236490 },
  { key: "dining", value: 131550 },
  { key: "transport", value: 118230 },
  { key: "other", value: 108800 },
  { key: "health", value: 92000 },
  { key: "leisure", value: 86930 },
] as const;

export type CategoryKey = (typeof spendingByCategory)[number]["key"];

/** Stat cards: this month against last month. */
export const monthlyStats = [
  { key: "balance", current: 5686230, previous: 5387050 },
  { key: "income", current: 1420000, previous: 1415000 },
  { key: "expenses", current: 1194000, previous: 1179040 },
  { key: "cardSpending", current: 386420, previous: 441390 },
] as const;

export const recentTransactions = [
  { key: "salary", amount: 1250000, date: "2025-06-05", status: "paid", category: "income" },
  { key: "rent", amount: -320000, date: "2025-06-10", status: "paid", category: "housing" },
  { key: "groceries", amount: -48790, date: "2025-06-13", status: "paid", category: "groceries" },
  { key: "streaming", amount: -5590, date: "2025-06-14", status: "scheduled", category: "leisure" },
  { key: "pharmacy", amount: -8990, date: "2025-06-02", status: "overdue", category: "health" },
] as const;

/** Money samples: one amount per row, printed in both currencies. */
export const moneySamples = [
  { key: "coffee", minorUnits: 890 },
  { key: "rent", minorUnits: 320000 },
  { key: "cardPayment", minorUnits: -98765 },
  { key: "savings", minorUnits: 123456789 },
  { key: "zero", minorUnits: 0 },
] as const;

/** Relative-time samples, seconds from `demoNow` (negative is in the past). */
export const relativeSamples = [
  { key: "sync", offsetSeconds: -45 },
  { key: "charge", offsetSeconds: -12 * 60 },
  { key: "salary", offsetSeconds: -5 * 3600 },
  { key: "statement", offsetSeconds: -3 * 86400 },
  { key: "rentDue", offsetSeconds: 2 * 86400 },
] as const;
