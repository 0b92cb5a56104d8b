import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLoaderData } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import { LoanCalculator } from "~/components/calculators/lazy-calculators";
import { LoanPaymentDialog, NewLoanDialog, RefinanceDialog } from "~/components/loans/lazy-loan-dialogs";
import { LoanDetail } from "~/components/loans/loan-detail";
import { LoanRow } from "~/components/loans/loan-row";
import type { Loan } from "~/components/loans/loan-types";
import { amountsPerCurrency, NewItemButton, PlannedPage } from "~/components/planned/planned-page";
import { SummaryCards } from "~/components/ui/list-page";
import { useRowActions } from "~/lib/use-row-actions";
import { detectLanguage, type Language } from "~/lib/i18n";
import { serverI18n } from "~/lib/i18n.server";
import { formText, refusedAction, refusedForm } from "~/lib/ledger-form.server";
import { asPerson, requireViewerForAction } from "~/lib/session.server";
import { parseOptional, parseTypedAmount, parseTypedRate, refusalOf } from "~/lib/typed-amount";
import { typedWholeNumber } from "~/lib/typed-whole-number";
import { useLanguage } from "~/lib/use-language";
import { workspacePageTitle } from "~/lib/workspace-meta";
import { fieldErrorsFrom } from "../../worker/http/validation";
import { idempotencyKeyField, parseIdempotencyKey } from "../../worker/idempotency/idempotency-key";
import { workspaceWriteRequest } from "../../worker/idempotency/idempotent-write";
import { loanPaymentSchema, loanSchema, refinanceSchema } from "../../worker/planning/loans/loans.schemas";
import { loadLoansPage } from "../../worker/pages/loans-page.service";
import {
  createLoan,
  deleteLoan,
  payOffLoan,
  recordLoanPayment,
  refinanceLoan,
  switchLoan,
} from "../../worker/planning/loans/loans.service";
import { can } from "../../worker/access/permissions";
import type { Route } from "./+types/workspace-loans";

export const handle = { i18n: ["loans", "calculators", "planned", "errors"] };

export async function loader(args: Route.LoaderArgs) {
  const selectedLoanId = new URL(args.request.url).searchParams.get("loan");
  const page = await asPerson(args, (ctx) =>
    loadLoansPage({ ctx, input: { workspaceId: args.params.workspaceId, selectedLoanId } }),
  );
  return { ...page, pageTitle: serverI18n(detectLanguage(args.request)).t("workspaces:areas.loans") };
}

/** Typed amounts and a rate read in the page's language; a refusal is the field's message. */
function readTyped(form: FormData, language: Language, amounts: readonly string[], rates: readonly string[] = []) {
  const values: Record<string, string | undefined> = {};
  const fieldErrors: Record<string, ReturnType<typeof refusalOf>[]> = {};
  for (const name of amounts) {
    const typed = parseOptional(formText(form, name), (text) => parseTypedAmount(text, language));
    if (typed.ok) values[name] = typed.text;
    else fieldErrors[name] = [refusalOf("amount", typed.reason)];
  }
  for (const name of rates) {
    const typed = parseOptional(formText(form, name), (text) => parseTypedRate(text, language));
    // "1.500000" is kept as "1.5": the rate as the person wrote it.
    if (typed.ok) values[name] = typed.text?.includes(".") ? typed.text.replace(/\.?0+$/, "") : typed.text;
    else fieldErrors[name] = [refusalOf("rate", typed.reason)];
  }
  return { values, fieldErrors };
}

/** POST intent=create (the new-loan form), pay (a payment), pay-off, auto-pay on or off, or delete (a loan's menu). */
export async function action(args: Route.ActionArgs) {
  const viewer = await requireViewerForAction(args);
  const form = await args.request.formData();
  const language = detectLanguage(args.request);
  const intent = formText(form, "intent") ?? "";
  const ref = { workspaceId: args.params.workspaceId, loanId: formText(form, "id") ?? "" };
  const ctx = viewer.ctx;
  try {
    if (intent === "create") {
      const typed = readTyped(
        form,
        language,
        ["principal_amount", "monthly_fee", "origination_fee"],
        ["interest_rate"],
      );
      if (Object.keys(typed.fieldErrors).length) return refusedForm(intent, typed.fieldErrors);
      const fields = Object.fromEntries([...form.entries()].filter(([, value]) => value !== ""));
      const parsed = loanSchema.safeParse({
        ...fields,
        ...typed.values,
        interest_rate: typed.values.interest_rate ?? "",
        term_months: typedWholeNumber(form.get("term_months")),
        auto_pay: formText(form, "auto_pay") === "true",
      });
      if (!parsed.success) return refusedForm(intent, fieldErrorsFrom(parsed.error));
      await createLoan({ ctx, input: { workspaceId: ref.workspaceId, ...parsed.data } });
    } else if (intent === "pay") {
      const typed = readTyped(form, language, ["amount"]);
      if (Object.keys(typed.fieldErrors).length) return refusedForm(intent, typed.fieldErrors);
      const parsed = loanPaymentSchema.safeParse({
        amount: typed.values.amount ?? "",
        date: formText(form, "date"),
        kind: formText(form, "kind"),
        description: formText(form, "description"),
      });
      if (!parsed.success) return refusedForm(intent, fieldErrorsFrom(parsed.error));
      const key = parseIdempotencyKey(formText(form, idempotencyKeyField));
      await recordLoanPayment(
        { ctx, input: { ...ref, ...parsed.data } },
        workspaceWriteRequest(key, ref.workspaceId, `loans/${ref.loanId}/record-payment`, parsed.data),
      );
    } else if (intent === "refinance") {
      const typed = readTyped(form, language, [], ["interest_rate"]);
      if (Object.keys(typed.fieldErrors).length) return refusedForm(intent, typed.fieldErrors);
      const fields = Object.fromEntries([...form.entries()].filter(([, value]) => value !== ""));
      const parsed = refinanceSchema.safeParse({
        ...fields,
        interest_rate: typed.values.interest_rate ?? "",
        term_months: typedWholeNumber(form.get("term_months")),
      });
      if (!parsed.success) return refusedForm(intent, fieldErrorsFrom(parsed.error));
      await refinanceLoan({ ctx, input: { ...ref, ...parsed.data } });
    } else if (intent === "pay-off")
      await payOffLoan({ ctx, input: { ...ref, description: formText(form, "description") } });
    else if (intent === "default" || intent === "reactivate")
      await switchLoan({ ctx, input: { ...ref, status: intent === "default" ? "defaulted" : "active" } });
    else if (intent === "auto-pay-on" || intent === "auto-pay-off")
      await switchLoan({ ctx, input: { ...ref, auto_pay: intent === "auto-pay-on" } });
    else if (intent === "delete") await deleteLoan({ ctx, input: ref });
    else return refusedForm(intent, {});
    return { intent, ok: true } satisfies ActionResult;
  } catch (error) {
    return refusedAction(intent, error, [
      "pay",
      "pay-off",
      "refinance",
      "default",
      "reactivate",
      "auto-pay-on",
      "auto-pay-off",
      "delete",
    ]);
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => workspacePageTitle(loaderData?.pageTitle, matches);

/**
 * Loans: what is owed on each, how far along, the next payment; a loan's details (`?loan=`) with
 * its balance over time, the payments ahead and those recorded; a new loan, a payment, paying it
 * off; and the calculator for a loan not yet signed.
 */
export default function WorkspaceLoans({ params }: Route.ComponentProps) {
  const { t } = useTranslation("loans");
  const page = useLoaderData<typeof loader>();
  const language = useLanguage();
  const [isCreating, setCreating] = useState(false);
  const [paying, setPaying] = useState<Loan | null>(null);
  const [refinancing, setRefinancing] = useState<Loan | null>(null);
  const { post, busyId } = useRowActions("loans");
  const canEdit = can(page.role, "finances.write");
  const perCurrency = (field: "total_balance" | "monthly_payments" | "interest_remaining") =>
    amountsPerCurrency(page.statistics.by_currency, field, language);
  const newButton = canEdit ? <NewItemButton label={t("new")} onClick={() => setCreating(true)} /> : null;
  return (
    <PlannedPage
      title={t("title")}
      subtitle={t("subtitle")}
      newItem={newButton}
      details={page.selected ? <LoanDetail loan={page.selected} /> : null}
      summary={
        <SummaryCards
          label={t("summary.label")}
          figures={[
            { label: t("summary.active"), value: String(page.statistics.active_loans) },
            { label: t("summary.owed"), value: perCurrency("total_balance") },
            { label: t("summary.monthly"), value: perCurrency("monthly_payments") },
            { label: t("summary.interest"), value: perCurrency("interest_remaining") },
          ]}
        />
      }
      list={{
        label: t("listLabel", { count: page.loans.length }),
        rows: page.loans.map((loan) => (
          <LoanRow
            key={loan.uuid}
            loan={loan}
            canEdit={canEdit}
            isBusy={busyId === loan.uuid}
            isSelected={page.selected?.uuid === loan.uuid}
            onPay={() => setPaying(loan)}
            onRefinance={() => setRefinancing(loan)}
            onAction={(intent) => post(intent, loan.uuid)}
          />
        )),
      }}
      empty={{ icon: "landmark", title: t("empty.title"), body: t("empty.body"), action: newButton }}
      calculator={{
        title: t("calculator"),
        hint: t("calculatorHint"),
        form: <LoanCalculator currency={page.currency} today={page.today} />,
      }}
      dialogs={
        canEdit ? (
          <>
            <NewLoanDialog
              open={isCreating}
              onOpenChange={setCreating}
              accounts={page.accounts}
              today={page.today}
              workspaceId={params.workspaceId}
            />
            <LoanPaymentDialog
              open={paying !== null}
              onOpenChange={(open) => (open ? null : setPaying(null))}
              loan={paying}
              today={page.today}
              workspaceId={params.workspaceId}
            />
            <RefinanceDialog
              open={refinancing !== null}
              onOpenChange={(open) => (open ? null : setRefinancing(null))}
              loan={refinancing}
              workspaceId={params.workspaceId}
            />
          </>
        ) : null
      }
    />
  );
}
