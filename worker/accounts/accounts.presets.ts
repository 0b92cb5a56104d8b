/**
 * The preset colours and icons of an account (docs/product.md#accounts): the schema accepts them, the form
 * offers them.
 */
export const accountColors = {
  blue: "#3B82F6",
  green: "#22C55E",
  amber: "#F59E0B",
  red: "#EF4444",
  violet: "#8B5CF6",
  cyan: "#06B6D4",
  lime: "#84CC16",
  orange: "#F97316",
} as const;

export const accountIcons = ["banknotes", "credit-card", "building-library", "chart-bar", "wallet"] as const;
