import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { FormMessage } from "~/components/auth/form-message";
import { useResultToast, type ActionResult } from "~/components/accounts/action-result";
import { useFieldMessage } from "~/components/accounts/field-error";
import { SwatchPicker } from "~/components/accounts/swatch-picker";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import type { CardResponse } from "../../../worker/cards/cards.mapper";
import { cardSchema } from "../../../worker/cards/cards.schemas";
import { fieldErrorsFrom } from "../../../worker/http/validation";
import { cardColors, defaultCardColor } from "../../../worker/ledger/palettes";
import { CardFields, type CardAccountOption, type CardFormState } from "./card-fields";

type CardDialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  card?: CardResponse;
  accounts: readonly CardAccountOption[];
  /** The route whose action saves the card; absent: the current page's (the cards page). */
  action?: string;
};

export function CardDialog({ open, onOpenChange, card, accounts, action }: CardDialogProps) {
  const { t } = useTranslation("cards");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{card ? t("form.editTitle") : t("form.createTitle")}</DialogTitle>
          <DialogDescription>{t("form.description")}</DialogDescription>
        </DialogHeader>
        <CardForm card={card} accounts={accounts} action={action} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

const fieldNames = ["name", "account_uuid", "last_four_digits", "issuer", "expiry_date", "type", "mode", "credit_limit", "billing_cycle_day", "color"] as const;

/** FormData → the shared card schema's input (empty optional fields are absent). */
export function cardInputFrom(form: FormData) {
  return Object.fromEntries(
    fieldNames.flatMap((name) => {
      const value = form.get(name);
      if (typeof value !== "string" || (value === "" && name !== "name" && name !== "account_uuid")) return [];
      return [[name, name === "credit_limit" ? value.replace(",", ".") : value]];
    }),
  );
}

function CardForm({ card, accounts, action, onDone }: { card?: CardResponse; accounts: readonly CardAccountOption[]; action?: string; onDone(): void }) {
  const { t } = useTranslation("cards");
  const fetcher = useFetcher<ActionResult>();
  const messageFor = useFieldMessage();
  const [state, setState] = useState<CardFormState>({
    type: card?.type ?? "credit",
    mode: card?.mode ?? "credit",
    color: card?.color ?? defaultCardColor,
  });
  const [clientErrors, setClientErrors] = useState<Record<string, string[]>>({});
  useResultToast(fetcher.data, "cards");
  const isBusy = fetcher.state !== "idle";
  const serverErrors = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : undefined;
  const errors: Record<string, string[]> = { ...serverErrors, ...clientErrors };
  const messages = Object.values(errors).map((list) => messageFor(list)).filter(Boolean);
  // Only accounts in use (SPEC §5); an edited card keeps showing its own account even if archived.
  const options = accounts.filter((account) => account.is_active || account.uuid === card?.account_uuid);

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) onDone();
  }, [fetcher.state, fetcher.data, onDone]);

  function validate(event: FormEvent<HTMLFormElement>) {
    const parsed = cardSchema.safeParse(cardInputFrom(new FormData(event.currentTarget)));
    setClientErrors(parsed.success ? {} : fieldErrorsFrom(parsed.error));
    if (!parsed.success) event.preventDefault();
  }

  return (
    <fetcher.Form method="post" action={action} className="grid gap-5" noValidate onSubmit={validate}>
      <input type="hidden" name="intent" value={card ? "update" : "create"} />
      {card ? <input type="hidden" name="cardId" value={card.uuid} /> : null}
      {messages.length > 0 ? (
        <div className="-mt-4" data-testid="card-form-errors">
          <FormMessage tone="error">
            {messages.length === 1 ? messages[0] : (
              <ul className="list-inside list-disc">
                {messages.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            )}
          </FormMessage>
        </div>
      ) : null}
      <CardFields card={card} accounts={options} state={state} onChange={(changes) => setState((current) => ({ ...current, ...changes }))} errors={errors} />
      <SwatchPicker
        name="color"
        legend={t("form.color")}
        value={state.color}
        onChange={(color) => setState((current) => ({ ...current, color }))}
        swatches={cardColors.map((hex) => ({ value: hex, label: t("form.colorOption", { hex }) }))}
        size="sm"
      />
      <DialogFooter>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t("common:actions.cancel")}
        </Button>
        <Button type="submit" disabled={isBusy}>
          {isBusy ? (card ? t("form.saving") : t("form.creating")) : card ? t("form.save") : t("form.create")}
        </Button>
      </DialogFooter>
    </fetcher.Form>
  );
}
