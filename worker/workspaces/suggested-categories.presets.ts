import type { Currency } from "../../db/enums.ts";

/** A category a new workspace may start with, and its subcategories. */
export type SuggestedCategory = { name: string; color: string; subcategories: readonly string[] };

const brazilianSet: readonly SuggestedCategory[] = [
  { name: "Casa", color: "#8D6E63", subcategories: ["Aluguel", "Luz", "Água", "Internet", "Condomínio"] },
  { name: "Alimentação", color: "#EF6C00", subcategories: ["Mercado", "Restaurantes", "Delivery"] },
  { name: "Transporte", color: "#1E88E5", subcategories: ["Combustível", "Uber e táxi", "Transporte público"] },
  { name: "Saúde", color: "#E53935", subcategories: ["Farmácia", "Plano de saúde"] },
  { name: "Lazer", color: "#8E24AA", subcategories: [] },
  { name: "Educação", color: "#3949AB", subcategories: [] },
  { name: "Salário", color: "#43A047", subcategories: [] },
];

const englishSet: readonly SuggestedCategory[] = [
  { name: "Home", color: "#8D6E63", subcategories: ["Rent", "Electricity", "Water", "Internet"] },
  { name: "Food", color: "#EF6C00", subcategories: ["Groceries", "Restaurants", "Delivery"] },
  { name: "Transport", color: "#1E88E5", subcategories: ["Fuel", "Rideshare and taxi", "Public transport"] },
  { name: "Health", color: "#E53935", subcategories: ["Pharmacy", "Health insurance"] },
  { name: "Leisure", color: "#8E24AA", subcategories: [] },
  { name: "Education", color: "#3949AB", subcategories: [] },
  { name: "Salary", color: "#43A047", subcategories: [] },
];

/**
 * The set a workspace in this currency may start with: the Brazilian one for BRL (its people name their
 * spending in Portuguese, and "Condomínio" or "Plano de saúde" are Brazilian), the English one otherwise.
 */
export const suggestedCategoriesFor = (currency: Currency) => (currency === "BRL" ? brazilianSet : englishSet);
