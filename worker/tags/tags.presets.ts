/** A tag's colour (docs/product.md#tags): grey unless chosen (the form offers the card colours besides). */
export const defaultTagColor = "#9E9E9E";
