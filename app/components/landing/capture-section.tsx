import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Icon } from "./icon";
import { StoreBadges } from "./store-badges";
import { preloadWaitlist, useOpenWaitlist } from "./waitlist-context";

/**
 * The e-mail capture (#lista-espera): SPEC §5 asks only for an "@" here, with its message shown
 * under the field; the dialog it opens, with the address filled in, validates the rest.
 */
export function CaptureSection() {
  const { t } = useTranslation("landing");
  const openWaitlist = useOpenWaitlist();
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const [email, setEmail] = useState("");
  const [isInvalid, setIsInvalid] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    setIsInvalid(!address.includes("@"));
    if (address.includes("@")) openWaitlist(address);
  }

  return (
    <section id="lista-espera" aria-labelledby="lista-espera-title" className="band capture">
      <div className="wrap">
        <div>
          <h2 id="lista-espera-title">{t("capture.title")}</h2>
          <p className="lead">{t("capture.lead")}</p>
          <form noValidate onSubmit={submit}>
            <label htmlFor={inputId}>{t("capture.label")}</label>
            <div className="row">
              <Input
                id={inputId}
                type="email"
                name="email"
                autoComplete="email"
                placeholder={t("capture.placeholder")}
                value={email}
                aria-invalid={isInvalid || undefined}
                aria-describedby={isInvalid ? errorId : undefined}
                onChange={(event) => setEmail(event.target.value)}
                onFocus={preloadWaitlist}
                className="h-12 border-primary/25"
              />
              <Button type="submit" size="lg" aria-haspopup="dialog">
                {t("capture.submit")}
              </Button>
            </div>
            {isInvalid ? (
              <p id={errorId} role="alert">
                <Icon name="circle-alert" />
                {t("capture.invalid")}
              </p>
            ) : null}
          </form>
        </div>
        <StoreBadges />
      </div>
    </section>
  );
}
