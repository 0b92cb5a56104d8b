import { useTranslation } from "react-i18next";
import { Icon } from "./icon";

const stores = [
  { name: "appStore", requirement: "ios", icon: "smartphone" },
  { name: "googlePlay", requirement: "android", icon: "play" },
] as const;

/**
 * Native apps are coming (docs/product.md#landing-page-and-waitlist). Drawn as plain badges (no store
 * artwork), with the store, "coming soon" and the minimum system version all in text.
 */
export function StoreBadges() {
  const { t } = useTranslation("landing");
  return (
    <div>
      <h3>{t("capture.appsTitle")}</h3>
      <ul className="badges">
        {stores.map(({ name, requirement, icon }) => (
          <li key={name}>
            <Icon name={icon} />
            <span>
              <small>{t("capture.soon")}</small>
              <b>{t(`capture.${name}`)}</b>
              <small>{t(`capture.${requirement}`)}</small>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
