import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useLocation, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { LazyDateField } from "~/components/ui/lazy-date-field";
import { Icon } from "~/components/ui/icon";
import { nativeSelectClassName, Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import {
  Sheet,
  SheetBody,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from "~/components/ui/sheet";
import { FieldError } from "~/components/ui/field-error";
import { useLanguage } from "~/lib/use-language";
import { useTypedMessage } from "~/lib/use-typed-message";
import { cn } from "~/lib/utils";
import { deferredModule, usePreloadWhenIdle } from "~/lib/deferred";
import type * as RefusalsModule from "./amount-filter-refusals";
import {
  activeFilterCount,
  amountFiltersOf,
  type AmountFilterKey,
  type AmountFilterRefusals,
  type FilterValues,
} from "./filters";
import { transactionKinds } from "../../../db/enums";
import { untaggedFilter } from "../../../worker/transactions/filter-keys";
import { tagLabel } from "./tag-label";
import type { LedgerOptions } from "./types";

type Props = Pick<LedgerOptions, "accounts" | "cards" | "tags"> & {
  /** The workspace's payees, by name. */
  payees: { uuid: string; name: string }[];
  values: FilterValues;
  /** The amounts of the address the page shows that its language cannot read (the loader's check). */
  refused: AmountFilterRefusals;
};

/** The amount parser, needed only once something is typed and sent: fetched after the page. */
const refusalsModule = deferredModule<typeof RefusalsModule>(() => import("./amount-filter-refusals"));

function FilterFields({
  idPrefix,
  values,
  accounts,
  cards,
  tags,
  payees,
  refused,
}: Props & { idPrefix: string; refused: AmountFilterRefusals }) {
  const { t } = useTranslation("transactions");
  const typedMessage = useTypedMessage();
  const id = (name: string) => `${idPrefix}-${name}`;
  // Text, not type="number": the page's language decides the separators
  // (docs/decisions/011-typed-amounts-are-read-never-guessed.md).
  const amountInput = (name: AmountFilterKey) => {
    const reason = refused[name];
    const message = reason ? typedMessage("amount", { ok: false, reason }) : undefined;
    return (
      <>
        <Input
          id={id(name)}
          name={name}
          inputMode="decimal"
          autoComplete="off"
          defaultValue={values[name]}
          {...(message ? { "aria-invalid": true as const, "aria-describedby": id(`${name}-error`) } : {})}
        />
        <FieldError id={id(`${name}-error`)} message={message} />
      </>
    );
  };
  const field = (name: keyof FilterValues, label: string, input: React.ReactNode, className?: string) => (
    <div className={cn("grid content-start gap-2", className)}>
      <Label htmlFor={id(name)}>{label}</Label>
      {input}
    </div>
  );
  /** A choice among `options` (value, text), after "any" (no filter). */
  const choice = (name: keyof FilterValues, label: string, any: string, options: Array<[string, string]>) =>
    field(
      name,
      label,
      <select id={id(name)} name={name} defaultValue={values[name] ?? ""} className={nativeSelectClassName}>
        <option value="">{any}</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>,
    );
  return (
    <>
      {field(
        "search",
        t("filters.search"),
        <Input
          id={id("search")}
          name="search"
          type="search"
          defaultValue={values.search}
          placeholder={t("filters.searchPlaceholder")}
          maxLength={100}
        />,
        "sm:col-span-2",
      )}
      {field("from", t("filters.from"), <LazyDateField id={id("from")} name="from" defaultValue={values.from} />)}
      {field("to", t("filters.to"), <LazyDateField id={id("to")} name="to" defaultValue={values.to} />)}
      {choice(
        "type",
        t("filters.kind"),
        t("filters.anyKind"),
        transactionKinds.map((kind) => [kind, t(`kinds.${kind}`)]),
      )}
      {choice(
        "account_id",
        t("filters.account"),
        t("filters.anyAccount"),
        accounts.map((account) => [account.uuid, account.name]),
      )}
      {choice(
        "card_id",
        t("filters.card"),
        t("filters.anyCard"),
        cards.map((card) => [card.uuid, card.display_name]),
      )}
      {choice("tag_id", t("filters.tag"), t("filters.anyTag"), [
        [untaggedFilter, t("filters.noTag")],
        ...tags.map((tag): [string, string] => [tag.uuid, tagLabel(tag)]),
      ])}
      {choice(
        "payee_id",
        t("filters.payee"),
        t("filters.anyPayee"),
        payees.map((payee) => [payee.uuid, payee.name]),
      )}
      {field("min_amount", t("filters.minAmount"), amountInput("min_amount"))}
      {field("max_amount", t("filters.maxAmount"), amountInput("max_amount"))}
      {choice("has_receipt", t("filters.receipt"), t("filters.anyReceipt"), [["true", t("filters.withReceipt")]])}
    </>
  );
}

/**
 * Submits only the filled fields, and starts again at page 1; an amount the page's language
 * cannot read stays in its field with the reason, and nothing is submitted. The reasons belong to
 * one address: a new one (Clear, Back) starts from what its own amounts say.
 */
function useFilterSubmit(shownRefusals: AmountFilterRefusals) {
  const submit = useSubmit();
  const language = useLanguage();
  const { search } = useLocation();
  const [checked, setChecked] = useState<{ search: string; refused: AmountFilterRefusals } | null>(null);
  const refused = checked?.search === search ? checked.refused : shownRefusals;
  usePreloadWhenIdle(refusalsModule);
  const onSubmit = (after?: () => void) => async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = new URLSearchParams();
    for (const [key, value] of new FormData(event.currentTarget))
      if (typeof value === "string" && value.trim()) query.set(key, value.trim());
    const { refusedAmountFilters } = await refusalsModule.load();
    const typedRefusals = refusedAmountFilters(amountFiltersOf(Object.fromEntries(query)), language);
    setChecked({ search, refused: typedRefusals });
    if (Object.keys(typedRefusals).length) return;
    submit(query, { method: "get" });
    after?.();
  };
  return { refused, onSubmit };
}

/** The filter bar on wide screens; on phones the same fields in a sheet behind a "Filters" button. */
export function TransactionFilters(props: Props) {
  const { t } = useTranslation("transactions");
  const { search } = useLocation();
  const [isSheetOpen, setSheetOpen] = useState(false);
  const { refused, onSubmit } = useFilterSubmit(props.refused);
  const onDesktopSubmit = onSubmit();
  const onSheetSubmit = onSubmit(() => setSheetOpen(false));
  const count = activeFilterCount(props.values);
  const clear = count ? (
    <Button variant="ghost" asChild>
      <Link to={{ search: "" }}>{t("filters.clear")}</Link>
    </Button>
  ) : null;
  return (
    <>
      <Form
        key={search}
        method="get"
        onSubmit={onDesktopSubmit}
        role="search"
        aria-label={t("filters.title")}
        className="hidden gap-4 rounded-xl border bg-card p-4 shadow-sm md:grid md:grid-cols-4"
      >
        <FilterFields idPrefix="filter" {...props} refused={refused} />
        <div className="flex items-end justify-end gap-2 md:col-span-4">
          {clear}
          <Button type="submit" variant="outline">
            {t("filters.apply")}
          </Button>
        </div>
      </Form>
      <div className="flex items-center gap-2 md:hidden">
        <Sheet open={isSheetOpen} onOpenChange={setSheetOpen}>
          <SheetTrigger asChild>
            <Button variant="outline">
              <Icon name="sliders-horizontal" />
              {count ? t("filters.buttonWithCount", { count }) : t("filters.button")}
            </Button>
          </SheetTrigger>
          <SheetContent side="right">
            <SheetHeader>
              <SheetTitle>{t("filters.title")}</SheetTitle>
              <SheetDescription>{t("filters.description")}</SheetDescription>
            </SheetHeader>
            <Form
              key={search}
              method="get"
              onSubmit={onSheetSubmit}
              className="flex min-h-0 flex-1 flex-col"
              role="search"
              aria-label={t("filters.title")}
            >
              <SheetBody className="grid content-start gap-4 pb-4">
                <FilterFields idPrefix="sheet-filter" {...props} refused={refused} />
              </SheetBody>
              <SheetFooter>
                <Button type="submit">{t("filters.apply")}</Button>
              </SheetFooter>
            </Form>
          </SheetContent>
        </Sheet>
        {clear}
      </div>
    </>
  );
}
