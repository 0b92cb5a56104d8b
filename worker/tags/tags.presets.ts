/** SPEC §3 Tag: grey unless chosen (the form offers the card colours besides). */
export const defaultTagColor = "#9E9E9E";
