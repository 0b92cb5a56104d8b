import { useTranslation } from "react-i18next";
import type { IconName } from "./icon";

type FeatureGridProps = {
  /** The translation prefix: `${prefix}.${key}.title` and `.body`. */
  prefix: string;
  items: ReadonlyArray<{ key: string; icon: IconName }>;
  /** "features-wide" (three columns, open) or "features-cards" (four bordered cards). */
  variant: "features-wide" | "features-cards";
};

/** Icon tile, title and text for each item: the audience cards and the features list. */
export function FeatureGrid({ prefix, items, variant }: FeatureGridProps) {
  const { t } = useTranslation("landing");
  return (
    <ul className={`features ${variant}`}>
      {items.map(({ key, icon }) => (
        <li key={key}>
          <span aria-hidden className={`tile icon-${icon}`} />
          <h3>{t(`${prefix}.${key}.title`)}</h3>
          <p>{t(`${prefix}.${key}.body`)}</p>
        </li>
      ))}
    </ul>
  );
}
