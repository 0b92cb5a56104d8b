import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { FormMessage } from "~/components/ui/form-message";
import type { ActionResult } from "~/lib/action-result";
import { useIntentToast } from "~/lib/result-toasts";
import { useFieldMessage } from "~/components/ui/field-error";
import { SwatchPicker } from "~/components/ui/swatch-picker";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import type { CardResponse } from "../../../worker/cards/cards.mapper";
import type { FieldMessages } from "../../../worker/http/messages";
import { fieldErrorsFrom } from "../../../worker/http/field-errors";
import { cardColors, defaultCardColor } from "../../../worker/cards/cards.presets";
import type { Language } from "~/lib/i18n";
import { parseOptional, parseTypedAmount, refusalOf } from "~/lib/typed-amount";
import { typedWholeNumber } from "~/lib/typed-whole-number";
import { useLanguage } from "~/lib/use-language";
import { CardFields, type CardAccountOption, type CardFormState } from "./card-fields";
import { submitAtOnce } from "~/lib/submit-at-once";
import { deferredModule, useLoadedModule } from "~/lib/deferred";

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

const fieldNames = [
  "name",
  "account_uuid",
  "last_four_digits",
  "issuer",
  "expiry_date",
  "type",
  "mode",
  "credit_limit",
  "billing_cycle_day",
  "due_day",
  "color",
] as const;

/** The days, which the schema takes as numbers. */
const wholeNumberFields = new Set<string>(["billing_cycle_day", "due_day"]);

/** The form's checks, fetched when it opens: zod stays out of the pages that only offer the dialog. */
const cardSchemas = deferredModule(() => import("../../../worker/cards/cards.schemas"));

/**
 * FormData → the shared card schema's input (empty optional fields are absent). The limit comes
 * as typed and is read in the page's language; `limit` says why when it cannot be read.
 */
export function cardInputFrom(form: FormData, language: Language, currency?: string) {
  const limit = parseOptional(form.get("credit_limit") as string | null, (typed) =>
    parseTypedAmount(typed, language, { sign: "nonNegative", currency }),
  );
  const input = Object.fromEntries(
    fieldNames.flatMap((name) => {
      const value = name === "credit_limit" ? (limit.ok ? limit.text : undefined) : form.get(name);
      if (typeof value !== "string" || (value === "" && name !== "name" && name !== "account_uuid")) return [];
      return [[name, wholeNumberFields.has(name) ? typedWholeNumber(value) : value]];
    }),
  );
  return { input, limit };
}

function CardForm({
  card,
  accounts,
  action,
  onDone,
}: {
  card?: CardResponse;
  accounts: readonly CardAccountOption[];
  action?: string;
  onDone(): void;
}) {
  const { t } = useTranslation("cards");
  const fetcher = useFetcher<ActionResult>();
  const messageFor = useFieldMessage();
  const language = useLanguage();
  const [state, setState] = useState<CardFormState>({
    type: card?.type ?? "credit",
    mode: card?.mode ?? "credit",
    color: card?.color ?? defaultCardColor,
  });
  const [clientErrors, setClientErrors] = useState<FieldMessages>({});
  const schemas = useLoadedModule(cardSchemas);
  useIntentToast(fetcher.data, "cards");
  const isBusy = fetcher.state !== "idle";
  const serverErrors = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : undefined;
  const errors: FieldMessages = { ...serverErrors, ...clientErrors };
  // The limit's message shows at its field; the others gather in the box above.
  const { credit_limit: limitErrors, ...otherErrors } = errors;
  const messages = Object.values(otherErrors)
    .map((list) => messageFor(list))
    .filter(Boolean);
  // Only accounts in use (docs/product.md#cards-and-statements); an edited card keeps showing its own account
  // even if archived.
  const options = accounts.filter((account) => account.is_active || account.uuid === card?.account_uuid);

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) onDone();
  }, [fetcher.state, fetcher.data, onDone]);

  // The form posts the limit as typed; this checks it the way the action will read it.
  function validate(event: FormEvent<HTMLFormElement>) {
    const form = new FormData(event.currentTarget);
    const currency = accounts.find((account) => account.uuid === form.get("account_uuid"))?.currency;
    const { input, limit } = cardInputFrom(form, language, currency);
    const parsed = schemas?.cardSchema.safeParse(input);
    const errors = !parsed || parsed.success ? {} : fieldErrorsFrom(parsed.error);
    const limitRefusal = limit.ok ? undefined : refusalOf("amount", limit.reason, currency);
    setClientErrors(limitRefusal ? { ...errors, credit_limit: [limitRefusal] } : errors);
    if ((parsed && !parsed.success) || limitRefusal) event.preventDefault();
  }

  return (
    <fetcher.Form
      method="post"
      action={action}
      className="grid gap-5"
      noValidate
      onSubmit={submitAtOnce(fetcher, validate)}
    >
      <input type="hidden" name="intent" value={card ? "update" : "create"} />
      {card ? <input type="hidden" name="cardId" value={card.uuid} /> : null}
      {messages.length > 0 ? (
        <div className="-mt-4" data-testid="card-form-errors">
          <FormMessage tone="error">
            {messages.length === 1 ? (
              messages[0]
            ) : (
              <ul className="list-inside list-disc">
                {messages.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            )}
          </FormMessage>
        </div>
      ) : null}
      <CardFields
        card={card}
        accounts={options}
        state={state}
        onChange={(changes) => setState((current) => ({ ...current, ...changes }))}
        errors={errors}
        limitMessage={messageFor(limitErrors)}
      />
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
