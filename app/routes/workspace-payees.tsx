import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLoaderData, useRouteLoaderData } from "react-router";
import { failedWith, formText, invalidInput, unknownIntent, type ActionResult } from "~/lib/action-result";
import { useRowActions } from "~/lib/use-row-actions";
import { PayeeDialog } from "~/components/payees/lazy-payee-dialog";
import { PayeeRow, type PayeeResponse } from "~/components/payees/payee-row";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { EmptyState } from "~/components/ui/list-page";
import { detectLanguage } from "~/lib/i18n";
import { serverI18n } from "~/lib/i18n.server";
import { requireViewerForAction, asPerson } from "~/lib/session.server";
import { mergePayeeSchema, payeeSchema } from "../../worker/payees/payees.schemas";
import { createPayee, deletePayee, listPayees, mergePayee, renamePayee } from "../../worker/payees/payees.service";
import { can } from "../../worker/access/permissions";
import type { loader as layoutLoader } from "./workspace-layout";
import { workspacePageTitle } from "~/lib/workspace-meta";
import type { Route } from "./+types/workspace-payees";

export const handle = { i18n: ["payees", "workspaces", "errors"] };

export async function loader(args: Route.LoaderArgs) {
  const payees = await asPerson(args, (ctx) => listPayees({ ctx, input: { workspaceId: args.params.workspaceId } }));
  return { payees, title: serverI18n(detectLanguage(args.request)).t("workspaces:areas.payees") };
}

/** POST intent=create|rename (the name dialog), merge (its "Merge into" or a row's menu) or delete. */
export async function action(args: Route.ActionArgs) {
  const viewer = await requireViewerForAction(args);
  const form = await args.request.formData();
  const intent = formText(form, "intent") ?? "";
  const ref = { workspaceId: args.params.workspaceId, payeeId: formText(form, "id") ?? "" };
  try {
    switch (intent) {
      case "create": {
        const parsed = payeeSchema.safeParse({ name: formText(form, "name") });
        if (!parsed.success) return invalidInput(intent, parsed.error);
        const payee = await createPayee({ ctx: viewer.ctx, input: { workspaceId: ref.workspaceId, ...parsed.data } });
        return { intent, ok: true, name: payee.name } satisfies ActionResult;
      }
      case "rename": {
        const parsed = payeeSchema.safeParse({ name: formText(form, "name") });
        if (!parsed.success) return invalidInput(intent, parsed.error);
        const payee = await renamePayee({ ctx: viewer.ctx, input: { ...ref, ...parsed.data } });
        return { intent, ok: true, name: payee.name } satisfies ActionResult;
      }
      case "merge": {
        const parsed = mergePayeeSchema.safeParse({ into: formText(form, "into") });
        if (!parsed.success) return invalidInput(intent, parsed.error);
        const survivor = await mergePayee({ ctx: viewer.ctx, input: { ...ref, ...parsed.data } });
        return { intent, ok: true, name: survivor.name } satisfies ActionResult;
      }
      case "delete":
        await deletePayee({ ctx: viewer.ctx, input: ref });
        return { intent, ok: true } satisfies ActionResult;
      default:
        return unknownIntent(intent);
    }
  } catch (error) {
    return failedWith(intent, error);
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => workspacePageTitle(loaderData?.title, matches);

type NameDialog = { isOpen: boolean; payee?: PayeeResponse };

/** Payees by name, each with its transactions and what they moved, opening the list filtered by it. */
export default function WorkspacePayees({ params }: Route.ComponentProps) {
  const { t } = useTranslation("payees");
  const { payees } = useLoaderData<typeof loader>();
  const { workspace } = useRouteLoaderData<typeof layoutLoader>("routes/workspace-layout")!;
  const canEdit = can(workspace.role, "finances.write");
  const [nameDialog, setNameDialog] = useState<NameDialog>({ isOpen: false });
  const { post, busyId } = useRowActions("payees");
  const createButton = (label: string) => (
    <Button onClick={() => setNameDialog({ isOpen: true })}>
      <Icon name="plus" />
      {label}
    </Button>
  );
  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-foreground">{t("title")}</h1>
          <p className="mt-1 text-muted-foreground">{canEdit ? t("subtitle") : t("readOnly")}</p>
        </div>
        {canEdit && payees.length > 0 ? createButton(t("create")) : null}
      </header>
      {payees.length === 0 ? (
        <EmptyState
          icon="store"
          title={t("empty.title")}
          body={t("empty.body")}
          action={canEdit ? createButton(t("empty.action")) : undefined}
        />
      ) : (
        <section className="overflow-hidden rounded-2xl border bg-card shadow-xs" aria-labelledby="payees-heading">
          <h2 id="payees-heading" className="sr-only">
            {t("listLabel")}
          </h2>
          <div
            aria-hidden
            className="hidden grid-cols-[1fr_9rem_9rem_9rem_2.25rem] gap-x-4 border-b bg-muted/40 px-6 py-2.5 text-xs font-medium tracking-wide text-muted-foreground uppercase sm:grid"
          >
            <span>{t("columns.payee")}</span>
            <span>{t("columns.transactions")}</span>
            <span className="text-right">{t("columns.spent")}</span>
            <span className="text-right">{t("columns.received")}</span>
          </div>
          <ul className="divide-y">
            {payees.map((payee) => (
              <PayeeRow
                key={payee.uuid}
                payee={payee}
                payees={payees}
                workspaceId={params.workspaceId}
                canEdit={canEdit}
                isBusy={busyId === payee.uuid}
                onRename={() => setNameDialog({ isOpen: true, payee })}
                onMerge={(into) => post("merge", payee.uuid, { into })}
                onDelete={() => post("delete", payee.uuid)}
              />
            ))}
          </ul>
        </section>
      )}
      {canEdit ? (
        <PayeeDialog
          key={nameDialog.payee?.uuid ?? "new"}
          open={nameDialog.isOpen}
          onOpenChange={(isOpen) => setNameDialog((current) => ({ ...current, isOpen }))}
          payee={nameDialog.payee}
          payees={payees}
        />
      ) : null}
    </div>
  );
}
