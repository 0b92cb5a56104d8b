import { CircleAlert } from "lucide-react";
import { useId, useRef, useState, type FormEvent } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { toast } from "~/components/ui/toast";
import { useLanguage } from "~/lib/use-language";
import { formatBrazilianPhone, leadSchemaFor } from "../../../worker/leads/leads.schemas";
import { WaitlistField } from "./waitlist-field";
import { leadFields, postLead, type LeadField, type LeadFieldErrors } from "./waitlist-request";

type WaitlistDialogProps = { isOpen: boolean; prefillEmail: string; onClose: () => void };
type Alert = { title: string; details: string[] };

const fieldInputs = {
  name: { autoComplete: "name" },
  email: { type: "email", autoComplete: "email" },
  phone: { type: "tel", inputMode: "tel", autoComplete: "tel-national" },
} as const;

const legalLinkClass = "font-medium text-accent underline underline-offset-2 hover:text-accent-700";

/** SPEC §2 waitlist dialog: name, e-mail and phone, validated with the shared schema, sent to /api/leads. */
export function WaitlistDialog({ isOpen, prefillEmail, onClose }: WaitlistDialogProps) {
  const { t } = useTranslation("landing");
  const language = useLanguage();
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Record<LeadField, string>>({ name: "", email: prefillEmail, phone: "" });
  const [fieldErrors, setFieldErrors] = useState<LeadFieldErrors>({});
  const [alert, setAlert] = useState<Alert | null>(null);
  const [isSending, setIsSending] = useState(false);

  const change = (field: LeadField, value: string) =>
    setValues((current) => ({ ...current, [field]: field === "phone" ? formatBrazilianPhone(value) : value }));

  function showFieldErrors(errors: LeadFieldErrors) {
    setFieldErrors(errors);
    const first = leadFields.find((field) => errors[field]?.length);
    if (first) formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAlert(null);
    const parsed = leadSchemaFor(language).safeParse({ ...values, source: "waitlist" });
    if (!parsed.success) {
      const errors: LeadFieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as LeadField;
        (errors[field] ??= []).push(issue.message);
      }
      return showFieldErrors(errors);
    }
    setFieldErrors({});
    setIsSending(true);
    const outcome = await postLead(parsed.data);
    setIsSending(false);
    switch (outcome.kind) {
      case "success":
        onClose();
        toast.success(outcome.serverMessage ?? t("waitlist.messages.success"));
        return;
      case "invalid":
        setAlert({ title: t("waitlist.messages.invalid"), details: outcome.otherErrors });
        return showFieldErrors(outcome.fieldErrors);
      case "duplicate":
        return setAlert({ title: outcome.serverMessage ?? t("waitlist.messages.duplicate"), details: [] });
      case "failed":
        return setAlert({ title: outcome.serverMessage ?? t("waitlist.messages.failed"), details: [] });
      case "network":
        return setAlert({ title: t("waitlist.messages.network"), details: [] });
    }
  }

  return (
    <Dialog open={isOpen} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle className="text-xl">{t("waitlist.title")}</DialogTitle>
          <DialogDescription>{t("waitlist.description")}</DialogDescription>
        </DialogHeader>
        <form ref={formRef} id={formId} noValidate onSubmit={submit} className="grid gap-4">
          {alert ? (
            <div role="alert" className="flex gap-2 rounded-md border border-destructive/30 bg-destructive/10 px-3 py-2 text-sm text-destructive">
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
              <div>
                <p className="font-medium">{alert.title}</p>
                {alert.details.length ? <ul className="mt-1 list-disc pl-4">{alert.details.map((detail) => <li key={detail}>{detail}</li>)}</ul> : null}
              </div>
            </div>
          ) : null}
          {leadFields.map((field) => (
            <WaitlistField
              key={field}
              name={field}
              {...fieldInputs[field]}
              label={t(`waitlist.${field}`)}
              placeholder={t(`waitlist.${field}Placeholder`)}
              value={values[field]}
              errors={fieldErrors[field]}
              onValueChange={(value) => change(field, value)}
            />
          ))}
          <Button type="submit" variant="accent" size="lg" className="mt-1 w-full" disabled={isSending}>
            {isSending ? t("waitlist.sending") : t("waitlist.submit")}
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
      </DialogContent>
    </Dialog>
  );
}
