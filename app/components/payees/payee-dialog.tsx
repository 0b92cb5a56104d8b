import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import { useIntentToast } from "~/lib/result-toasts";
import { FieldError, invalidProps, useFieldMessage } from "~/components/ui/field-error";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { submitAtOnce } from "~/lib/submit-at-once";
import { deferredModule, useLoadedModule } from "~/lib/deferred";
import type { FieldMessages } from "../../../worker/http/messages";
import { fieldErrorsFrom } from "../../../worker/http/field-errors";
import { payeeNameMaxLength } from "../../../worker/payees/payee-names";
import type { PayeeResponse } from "./payee-row";

type PayeeDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The payee renamed; none for a new one. */
  payee?: PayeeResponse;
  payees: readonly PayeeResponse[];
};

export function PayeeDialog({ open, onOpenChange, payee, payees }: PayeeDialogProps) {
  const { t } = useTranslation("payees");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{payee ? t("form.renameTitle", { name: payee.name }) : t("form.createTitle")}</DialogTitle>
          <DialogDescription>{t("form.description")}</DialogDescription>
        </DialogHeader>
        <PayeeForm payee={payee} payees={payees} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/**
 * The name; a rename to a name another payee has is refused (two payees are one by merging), so the
 * refusal offers that merge at once.
 */
/** The form's checks, fetched when it opens: zod stays out of the pages that only offer the dialog. */
const payeeSchemas = deferredModule(() => import("../../../worker/payees/payees.schemas"));

function PayeeForm({
  payee,
  payees,
  onDone,
}: {
  payee?: PayeeResponse;
  payees: readonly PayeeResponse[];
  onDone(): void;
}) {
  const { t } = useTranslation("payees");
  const fetcher = useFetcher<ActionResult>();
  const messageFor = useFieldMessage();
  const [name, setName] = useState(payee?.name ?? "");
  const [clientErrors, setClientErrors] = useState<FieldMessages>({});
  const schemas = useLoadedModule(payeeSchemas);
  const refusal = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  const isNameTaken = refusal?.code === "PAYEE_NAME_TAKEN";
  // The refusal says so at the field: no toast over it.
  useIntentToast(isNameTaken ? undefined : fetcher.data, "payees");
  const isBusy = fetcher.state !== "idle";
  const nameError = messageFor({ ...refusal?.fieldErrors, ...clientErrors }.name);
  const namesake =
    payee && isNameTaken ? payees.find((other) => other.uuid !== payee.uuid && sameName(other.name, name)) : undefined;

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) onDone();
  }, [fetcher.state, fetcher.data, onDone]);

  function validate(event: FormEvent<HTMLFormElement>) {
    if (!schemas) return;
    const parsed = schemas.payeeSchema.safeParse({ name });
    setClientErrors(parsed.success ? {} : fieldErrorsFrom(parsed.error));
    if (!parsed.success) event.preventDefault();
  }

  return (
    <fetcher.Form method="post" className="grid gap-5" noValidate onSubmit={submitAtOnce(fetcher, validate)}>
      <input type="hidden" name="intent" value={payee ? "rename" : "create"} />
      {payee ? <input type="hidden" name="id" value={payee.uuid} /> : null}
      <div className="grid gap-2">
        <Label htmlFor="payee-name">{t("form.name")}</Label>
        <Input
          id="payee-name"
          name="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={payeeNameMaxLength}
          placeholder={t("form.namePlaceholder")}
          autoComplete="off"
          {...invalidProps("payee-name-error", nameError)}
        />
        <FieldError id="payee-name-error" message={nameError} />
        {payee && namesake ? (
          <Button
            type="button"
            variant="outline"
            className="justify-self-start"
            disabled={isBusy}
            onClick={() =>
              fetcher.submit(
                { intent: "merge", id: payee.uuid, into: namesake.uuid },
                { method: "post", flushSync: true },
              )
            }
          >
            <Icon name="arrow-right" />
            {t("form.mergeInto", { name: namesake.name })}
          </Button>
        ) : null}
      </div>
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t("common:actions.cancel")}
        </Button>
        <Button type="submit" disabled={isBusy}>
          {isBusy ? (payee ? t("form.saving") : t("form.creating")) : payee ? t("form.save") : t("form.create")}
        </Button>
      </DialogFooter>
    </fetcher.Form>
  );
}
