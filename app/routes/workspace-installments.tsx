import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLoaderData } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import { InstallmentCalculator } from "~/components/calculators/lazy-calculators";
import { InstallmentPlanDialog } from "~/components/installments/lazy-plan-dialog";
import { PlanRow } from "~/components/installments/plan-row";
import { PlanSchedule } from "~/components/installments/plan-schedule";
import { PlansSummary } from "~/components/installments/plans-summary";
import { NewItemButton, PlannedPage } from "~/components/planned/planned-page";
import { useRowActions } from "~/lib/use-row-actions";
import { detectLanguage } from "~/lib/i18n";
import { serverI18n } from "~/lib/i18n.server";
import { formText, refusedAction, refusedForm } from "~/lib/ledger-form.server";
import { asPerson, requireViewerForAction } from "~/lib/session.server";
import { parseOptional, parseTypedAmount, parseTypedRate, refusalOf } from "~/lib/typed-amount";
import { typedWholeNumber } from "~/lib/typed-whole-number";
import { workspacePageTitle } from "~/lib/workspace-meta";
import { fieldErrorsFrom } from "../../worker/http/validation";
import { loadInstallmentsPage } from "../../worker/pages/installments-page.service";
import { installmentPlanSchema } from "../../worker/planning/installments/installments.schemas";
import {
  cancelInstallmentPlan,
  createInstallmentPlan,
  deleteInstallmentPlan,
  executeInstallmentPayment,
  pauseInstallmentPlan,
  recordInstallmentPayment,
  resumeInstallmentPlan,
} from "../../worker/planning/installments/installments.service";
import { can } from "../../worker/access/permissions";
import type { Route } from "./+types/workspace-installments";

export const handle = { i18n: ["installments", "calculators", "planned", "errors"] };

export async function loader(args: Route.LoaderArgs) {
  const selectedPlanId = new URL(args.request.url).searchParams.get("plan");
  const page = await asPerson(args, (ctx) =>
    loadInstallmentsPage({ ctx, input: { workspaceId: args.params.workspaceId, selectedPlanId } }),
  );
  return { ...page, pageTitle: serverI18n(detectLanguage(args.request)).t("workspaces:areas.installment-plans") };
}

/** The new-plan form, its amount and rate read in the page's language first (a refusal is the field's message). */
function readPlanForm(form: FormData, language: ReturnType<typeof detectLanguage>) {
  const amount = parseTypedAmount(formText(form, "total_amount") ?? "", language);
  const rate = parseOptional(formText(form, "interest_rate"), (typed) => parseTypedRate(typed, language));
  if (!amount.ok || !rate.ok)
    return {
      success: false as const,
      fieldErrors: {
        ...(amount.ok ? {} : { total_amount: [refusalOf("amount", amount.reason)] }),
        ...(rate.ok ? {} : { interest_rate: [refusalOf("rate", rate.reason)] }),
      },
    };
  const parsed = installmentPlanSchema.safeParse({
    description: formText(form, "description") ?? "",
    merchant: formText(form, "merchant") ?? null,
    purchase_date: formText(form, "purchase_date"),
    total_amount: amount.text,
    installments_count: typedWholeNumber(form.get("installments_count")),
    interest_rate: rate.text ?? "0",
    first_payment_date: formText(form, "first_payment_date") ?? null,
    origin: formText(form, "origin_id") ?? "",
    installments_paid: typedWholeNumber(form.get("installments_paid")) ?? 0,
  });
  return parsed.success
    ? { success: true as const, data: parsed.data }
    : { success: false as const, fieldErrors: fieldErrorsFrom(parsed.error) };
}

/** POST intent=create (the dialog) or pay|pause|resume|cancel|delete (a plan's menu). */
export async function action(args: Route.ActionArgs) {
  const viewer = await requireViewerForAction(args);
  const form = await args.request.formData();
  const intent = formText(form, "intent") ?? "";
  const ref = { workspaceId: args.params.workspaceId, planId: formText(form, "id") ?? "" };
  const ctx = viewer.ctx;
  try {
    if (intent === "create") {
      const parsed = readPlanForm(form, detectLanguage(args.request));
      if (!parsed.success) return refusedForm(intent, parsed.fieldErrors);
      await createInstallmentPlan({ ctx, input: { workspaceId: ref.workspaceId, ...parsed.data } });
    } else if (intent === "pay") await executeInstallmentPayment({ ctx, input: ref });
    else if (intent === "link")
      await recordInstallmentPayment({
        ctx,
        input: { ...ref, transaction_id: formText(form, "transaction_id") ?? "" },
      });
    else if (intent === "pause") await pauseInstallmentPlan({ ctx, input: ref });
    else if (intent === "resume") await resumeInstallmentPlan({ ctx, input: ref });
    else if (intent === "cancel") await cancelInstallmentPlan({ ctx, input: ref });
    else if (intent === "delete") await deleteInstallmentPlan({ ctx, input: ref });
    else return refusedForm(intent, {});
    return { intent, ok: true } satisfies ActionResult;
  } catch (error) {
    return refusedAction(intent, error, ["pay", "link", "pause", "resume", "cancel", "delete"]);
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => workspacePageTitle(loaderData?.pageTitle, matches);

/**
 * Installment plans: what is running, each with its progress and next installment, the chosen
 * one's installments (`?plan=`), a new plan, and the calculator for what a purchase would cost.
 */
export default function WorkspaceInstallments({ params }: Route.ComponentProps) {
  const { t } = useTranslation("installments");
  const page = useLoaderData<typeof loader>();
  const [isCreating, setCreating] = useState(false);
  const { post, busyId } = useRowActions("installments");
  const canEdit = can(page.role, "finances.write");
  const newButton = canEdit ? <NewItemButton label={t("new")} onClick={() => setCreating(true)} /> : null;
  return (
    <PlannedPage
      title={t("title")}
      subtitle={t("subtitle")}
      newItem={newButton}
      details={
        <>
          {page.isSelectedMissing ? (
            <p role="status" className="rounded-xl border bg-card px-4 py-3 text-sm text-muted-foreground">
              {t("schedule.missing")}
            </p>
          ) : null}
          {page.selected ? (
            <PlanSchedule
              plan={page.selected}
              workspaceId={params.workspaceId}
              linkable={page.linkable}
              onLink={(transactionId) => post("link", page.selected!.uuid, { transaction_id: transactionId })}
              isBusy={busyId === page.selected.uuid}
            />
          ) : null}
        </>
      }
      summary={<PlansSummary statistics={page.statistics} />}
      list={{
        label: t("listLabel", { count: page.plans.length }),
        rows: page.plans.map((plan) => (
          <PlanRow
            key={plan.uuid}
            plan={plan}
            canEdit={canEdit}
            isBusy={busyId === plan.uuid}
            isSelected={page.selected?.uuid === plan.uuid}
            onAction={(intent) => post(intent, plan.uuid)}
          />
        )),
      }}
      empty={{ icon: "layers", title: t("empty.title"), body: t("empty.body"), action: newButton }}
      calculator={{
        title: t("calculator"),
        hint: t("calculatorHint"),
        form: <InstallmentCalculator currency={page.currency} />,
      }}
      dialogs={
        canEdit ? (
          <InstallmentPlanDialog
            open={isCreating}
            onOpenChange={setCreating}
            workspaceId={params.workspaceId}
            today={page.today}
            cards={page.cards}
            accounts={page.accounts}
          />
        ) : null
      }
    />
  );
}
