/** The header's anchors, in page order (docs/product.md#landing-page-and-waitlist). */
export const sectionLinks = [
  { id: "hero", labelKey: "nav.hero" },
  { id: "para-quem", labelKey: "nav.audience" },
  { id: "recursos", labelKey: "nav.features" },
  { id: "como-funciona", labelKey: "nav.steps" },
  { id: "faq", labelKey: "nav.faq" },
  { id: "lista-espera", labelKey: "nav.waitlist" },
] as const;
