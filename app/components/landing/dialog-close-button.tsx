import { useTranslation } from "react-i18next";
import { Icon } from "./icon";

/** The X in a dialog's top-right corner, labelled "Close" in the page's language (the script wires it). */
export function DialogCloseButton() {
  const { t } = useTranslation();
  return (
    <button type="button" data-dialog-close="" className="dialog-close">
      <Icon name="x" className="size-4" />
      <span className="sr-only">{t("actions.close")}</span>
    </button>
  );
}
