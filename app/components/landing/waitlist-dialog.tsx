import { Trans, useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { leadFields } from "../../../worker/leads/leads.rules";
import { DialogCloseButton } from "./dialog-close-button";
import { landingIds } from "./landing-ids";
import { WaitlistField } from "./waitlist-field";

const fieldInputs = {
  name: { autoComplete: "name" },
  email: { type: "email", autoComplete: "email" },
  phone: { type: "tel", inputMode: "tel", autoComplete: "tel-national" },
} as const;

const legalLinkClass = "font-medium text-accent underline underline-offset-2 hover:text-accent-700";

/**
 * The waitlist dialog (docs/product.md#landing-page-and-waitlist): name, e-mail and phone. A native modal
 * <dialog> (focus stays inside, Escape closes it, focus goes back to the button that opened it); the page's
 * script opens it, checks the fields with leads.rules.ts, posts to /api/leads and shows the answer with the
 * messages carried here in data attributes.
 */
export function WaitlistDialog() {
  const { t } = useTranslation("landing");
  return (
    <dialog
      id={landingIds.waitlistDialog}
      aria-labelledby={landingIds.waitlistTitle}
      aria-describedby="waitlist-description"
      className="landing-dialog"
    >
      <div>
        <div className="overlay-heading">
          <h2 id={landingIds.waitlistTitle}>{t("waitlist.title")}</h2>
          <p id="waitlist-description">{t("waitlist.description")}</p>
        </div>
        <form
          noValidate
          className="grid gap-4"
          data-sending={t("waitlist.sending")}
          data-success={t("waitlist.messages.success")}
          data-invalid={t("waitlist.messages.invalid")}
          data-duplicate={t("waitlist.messages.duplicate")}
          data-failed={t("waitlist.messages.failed")}
          data-network={t("waitlist.messages.network")}
        >
          <div data-alert-slot="" className="contents" />
          {leadFields.map((field) => (
            <WaitlistField
              key={field}
              name={field}
              {...fieldInputs[field]}
              label={t(`waitlist.${field}`)}
              placeholder={t(`waitlist.${field}Placeholder`)}
            />
          ))}
          <Button type="submit" variant="accent" size="lg" className="mt-1 w-full">
            {t("waitlist.submit")}
          </Button>
          <p className="text-center text-xs text-pretty text-muted-foreground">
            <Trans
              t={t}
              i18nKey="waitlist.legal"
              components={{
                terms: <a href="/terms-of-use" target="_blank" rel="noopener" className={legalLinkClass} />,
                privacy: <a href="/privacy-policy" target="_blank" rel="noopener" className={legalLinkClass} />,
              }}
            />
          </p>
        </form>
      </div>
      <DialogCloseButton />
    </dialog>
  );
}
