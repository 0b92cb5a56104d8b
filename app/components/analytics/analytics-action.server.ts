import { type ActionResult, failedWith, unknownIntent } from "~/lib/action-result";
import { detectLanguage, type Language } from "~/lib/i18n";
import { formText } from "~/lib/ledger-form.server";
import { refusedForm } from "~/lib/ledger-form.server";
import { requireViewerForAction } from "~/lib/session.server";
import { parseTypedAmount, refusalOf, type TypedSign } from "~/lib/typed-amount";
import type { ActionFunctionArgs } from "react-router";
import { budgetSchema, budgetUpdateSchema } from "../../../worker/budgets/budgets.schemas";
import { createBudget, deleteBudget, updateBudget } from "../../../worker/budgets/budgets.service";
import { contributionSchema, goalSchema } from "../../../worker/goals/goals.schemas";
import {
  addContribution,
  createGoal,
  deleteContribution,
  deleteGoal,
  updateGoal,
} from "../../../worker/goals/goals.service";
import type { FieldMessages } from "../../../worker/http/messages";
import { fieldErrorsFrom } from "../../../worker/http/validation";

type Args = ActionFunctionArgs & { params: { workspaceId: string } };

/** A money field as typed in the page's language: its decimal text, or its refusal at the field. */
function typedAmount(form: FormData, name: string, language: Language, sign: TypedSign = "positive") {
  const read = parseTypedAmount(formText(form, name) ?? "", language, { sign });
  return read.ok
    ? { text: read.text, errors: {} }
    : { text: undefined, errors: { [name]: [refusalOf("amount", read.reason)] } as FieldMessages };
}

/** The budget form: the tag (none: all spending), the amount a month, rollover and the first month. */
function readBudget(form: FormData, language: Language, isNew: boolean) {
  const amount = typedAmount(form, "amount", language);
  if (!amount.text) return { fieldErrors: amount.errors };
  const fields = {
    amount: amount.text,
    rollover: formText(form, "rollover") === "true",
    start_month: formText(form, "start_month"),
    ...(isNew ? { tag_id: formText(form, "tag_id") ?? null } : {}),
  };
  const parsed = (isNew ? budgetSchema : budgetUpdateSchema).safeParse(fields);
  return parsed.success ? { data: parsed.data } : { fieldErrors: fieldErrorsFrom(parsed.error) };
}

function readGoal(form: FormData, language: Language) {
  const target = typedAmount(form, "target_amount", language);
  if (!target.text) return { fieldErrors: target.errors };
  const parsed = goalSchema.safeParse({
    name: formText(form, "name") ?? "",
    target_amount: target.text,
    target_date: formText(form, "target_date") ?? null,
    account_ids: form.getAll("account_ids").filter((id) => typeof id === "string"),
    color: formText(form, "color"),
  });
  return parsed.success ? { data: parsed.data } : { fieldErrors: fieldErrorsFrom(parsed.error) };
}

function readContribution(form: FormData, language: Language) {
  const amount = typedAmount(form, "amount", language, "any");
  if (!amount.text) return { fieldErrors: amount.errors };
  const parsed = contributionSchema.safeParse({
    amount: amount.text,
    date: formText(form, "date"),
    note: formText(form, "note") ?? null,
  });
  return parsed.success ? { data: parsed.data } : { fieldErrors: fieldErrorsFrom(parsed.error) };
}

/** The analytics page's writes: budgets and goals, through their services in-process. */
export async function analyticsAction(args: Args) {
  const viewer = await requireViewerForAction(args);
  const form = await args.request.formData();
  const language = detectLanguage(args.request);
  const intent = formText(form, "intent") ?? "";
  const ctx = viewer.ctx;
  const workspaceId = args.params.workspaceId;
  const id = formText(form, "id") ?? "";
  try {
    switch (intent) {
      case "budget-create":
      case "budget-update": {
        const read = readBudget(form, language, intent === "budget-create");
        if (!read.data) return refusedForm(intent, read.fieldErrors);
        if (intent === "budget-create") await createBudget({ ctx, input: { workspaceId, ...read.data } });
        else await updateBudget({ ctx, input: { workspaceId, budgetId: id, ...read.data } });
        break;
      }
      case "budget-delete":
        await deleteBudget({ ctx, input: { workspaceId, budgetId: id } });
        break;
      case "goal-create":
      case "goal-update": {
        const read = readGoal(form, language);
        if (!read.data) return refusedForm(intent, read.fieldErrors);
        if (intent === "goal-create") await createGoal({ ctx, input: { workspaceId, ...read.data } });
        else await updateGoal({ ctx, input: { workspaceId, goalId: id, ...read.data } });
        break;
      }
      case "goal-delete":
        await deleteGoal({ ctx, input: { workspaceId, goalId: id } });
        break;
      case "contribution-delete":
        await deleteContribution({
          ctx,
          input: { workspaceId, goalId: formText(form, "goal_id") ?? "", contributionId: id },
        });
        break;
      case "goal-contribute": {
        const read = readContribution(form, language);
        if (!read.data) return refusedForm(intent, read.fieldErrors);
        await addContribution({ ctx, input: { workspaceId, goalId: id, ...read.data } });
        break;
      }
      default:
        return unknownIntent(intent);
    }
    return { intent, ok: true } satisfies ActionResult;
  } catch (error) {
    return failedWith(intent, error);
  }
}
