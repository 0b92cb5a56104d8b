/**
 * The preset colours and issuers of a card (docs/product.md#cards-and-statements): the schema accepts them,
 * the form offers them.
 */
export const cardColors = [
  "#F44336",
  "#E91E63",
  "#9C27B0",
  "#673AB7",
  "#3F51B5",
  "#2196F3",
  "#03A9F4",
  "#00BCD4",
  "#009688",
  "#4CAF50",
  "#8BC34A",
  "#CDDC39",
  "#FFC107",
  "#FF9800",
  "#FF5722",
  "#795548",
] as const;

export const defaultCardColor = cardColors[0];

export const cardIssuers = ["Visa", "Mastercard", "American Express", "Elo", "Discover", "JCB", "Other"] as const;
