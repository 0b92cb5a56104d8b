/**
 * The preset colours and icons of SPEC §2 and §5. No server imports: the forms show them.
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

export const cardColors = [
  "#F44336", "#E91E63", "#9C27B0", "#673AB7", "#3F51B5", "#2196F3", "#03A9F4", "#00BCD4",
  "#009688", "#4CAF50", "#8BC34A", "#CDDC39", "#FFC107", "#FF9800", "#FF5722", "#795548",
] as const;

export const defaultCardColor = cardColors[0];

export const cardIssuers = ["Visa", "Mastercard", "American Express", "Elo", "Discover", "JCB", "Other"] as const;

/** SPEC §3 Tag: grey unless chosen. */
export const defaultTagColor = "#9E9E9E";
