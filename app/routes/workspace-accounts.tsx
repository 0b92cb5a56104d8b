import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher, useLoaderData, useRouteLoaderData } from "react-router";
import { AccountDialog } from "~/components/accounts/lazy-account-dialog";
import { AccountList } from "~/components/accounts/account-list";
import { ImportDialog } from "~/components/imports/lazy-import-dialog";
import { accountActionsKey } from "~/components/accounts/account-row";
import { AccountsSummary } from "~/components/accounts/accounts-summary";
import {
  failedWith,
  formText,
  invalidInput,
  refusedField,
  unknownIntent,
  type ActionResult,
} from "~/lib/action-result";
import { useIntentToast } from "~/lib/result-toasts";
import { detectLanguage } from "~/lib/i18n";
import { serverI18n } from "~/lib/i18n.server";
import { parseOptional, parseTypedAmount, refusalOf } from "~/lib/typed-amount";
import { requireViewerForAction, asPerson } from "~/lib/session.server";
import type { AccountResponse } from "../../worker/accounts/accounts.mapper";
import { createAccountSchema, updateAccountSchema } from "../../worker/accounts/accounts.schemas";
import { createAccount, deleteAccount, getAccountsPage, updateAccount } from "../../worker/accounts/accounts.service";
import { can } from "../../worker/access/permissions";
import type { loader as layoutLoader } from "./workspace-layout";
import { workspacePageTitle } from "~/lib/workspace-meta";
import type { Route } from "./+types/workspace-accounts";

export const handle = { i18n: ["accounts", "workspaces", "errors"] };

/**
 * The accounts and the plan's usage in ONE round trip: the same queries listAccounts and the
 * tier info run, in one batch (every account counts towards the limit, archived ones too).
 */
export async function loader(args: Route.LoaderArgs) {
  const workspaceId = args.params.workspaceId;
  const { accounts, usage } = await asPerson(args, (ctx) => getAccountsPage({ ctx, input: { workspaceId } }));
  return { accounts, usage, title: serverI18n(detectLanguage(args.request)).t("workspaces:areas.accounts") };
}

const accountFields = ["name", "type", "currency", "color", "icon"] as const;

export async function action(args: Route.ActionArgs) {
  const viewer = await requireViewerForAction(args);
  const form = await args.request.formData();
  const intent = formText(form, "intent") ?? "";
  const ref = { workspaceId: args.params.workspaceId, accountId: formText(form, "accountId") ?? "" };
  const fields = Object.fromEntries(
    accountFields.flatMap((name) => (form.has(name) ? [[name, formText(form, name)]] : [])),
  );
  try {
    switch (intent) {
      case "create": {
        // The opening balance arrives as typed; the page's language reads it (before hydration too).
        const language = detectLanguage(args.request);
        const balance = parseOptional(formText(form, "balance"), (typed) =>
          parseTypedAmount(typed, language, { sign: "any", currency: fields.currency }),
        );
        if (!balance.ok) return refusedField(intent, "balance", refusalOf("amount", balance.reason, fields.currency));
        const parsed = createAccountSchema.safeParse({ ...fields, balance: balance.text });
        if (!parsed.success) return invalidInput(intent, parsed.error);
        const account = await createAccount({
          ctx: viewer.ctx,
          input: { workspaceId: ref.workspaceId, ...parsed.data },
        });
        return { intent, ok: true, name: account.name } satisfies ActionResult;
      }
      case "update": {
        const parsed = updateAccountSchema.safeParse(fields);
        if (!parsed.success) return invalidInput(intent, parsed.error);
        const account = await updateAccount({ ctx: viewer.ctx, input: { ...ref, ...parsed.data } });
        return { intent, ok: true, name: account.name } satisfies ActionResult;
      }
      case "archive":
      case "restore": {
        const account = await updateAccount({ ctx: viewer.ctx, input: { ...ref, is_active: intent === "restore" } });
        return { intent, ok: true, name: account.name } satisfies ActionResult;
      }
      case "delete":
        await deleteAccount({ ctx: viewer.ctx, input: ref });
        return { intent, ok: true } satisfies ActionResult;
      default:
        return unknownIntent(intent);
    }
  } catch (error) {
    return failedWith(intent, error);
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => workspacePageTitle(loaderData?.title, matches);

type DialogState = { isOpen: boolean; account?: AccountResponse };

export default function WorkspaceAccounts() {
  const { t } = useTranslation("accounts");
  const { accounts, usage } = useLoaderData<typeof loader>();
  const { workspace } = useRouteLoaderData<typeof layoutLoader>("routes/workspace-layout")!;
  const canEdit = can(workspace.role, "finances.write");
  const [dialog, setDialog] = useState<DialogState>({ isOpen: false });
  /** The account whose statement is being imported ("account:{uuid}"). */
  const [importTarget, setImportTarget] = useState<string | null>(null);
  const rowActions = useFetcher<ActionResult>({ key: accountActionsKey });
  useIntentToast(rowActions.data, "accounts");
  const openCreate = () => setDialog({ isOpen: true });
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-foreground">{t("title")}</h1>
        <p className="mt-1 text-muted-foreground">{canEdit ? t("subtitle") : t("readOnly")}</p>
      </header>
      <AccountsSummary
        accounts={accounts}
        usage={usage}
        defaultCurrency={workspace.currency}
        canEdit={canEdit}
        onCreate={openCreate}
      />
      <AccountList
        accounts={accounts}
        canEdit={canEdit}
        canCreate={usage.canCreate}
        onCreate={openCreate}
        onEdit={(account) => setDialog({ isOpen: true, account })}
        onImport={(account) => setImportTarget(`account:${account.uuid}`)}
      />
      {canEdit ? (
        <AccountDialog
          key={dialog.account?.uuid ?? "new"}
          open={dialog.isOpen}
          onOpenChange={(isOpen) => setDialog((current) => ({ ...current, isOpen }))}
          account={dialog.account}
          defaultCurrency={workspace.currency}
        />
      ) : null}
      {canEdit ? (
        <ImportDialog
          key={importTarget ?? "closed"}
          open={importTarget !== null}
          onOpenChange={(isOpen) => (isOpen ? null : setImportTarget(null))}
          workspaceId={workspace.uuid}
          accounts={accounts}
          cards={[]}
          initialTarget={importTarget ?? undefined}
        />
      ) : null}
    </div>
  );
}
