import type { TagOption } from "./types";

/** A tag as a picker names it: a subcategory after its category ("Casa › Luz"). */
export const tagLabel = (tag: TagOption) => (tag.parent_name ? `${tag.parent_name} › ${tag.name}` : tag.name);
