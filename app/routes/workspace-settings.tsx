import { useTranslation } from "react-i18next";
import { redirect, useLoaderData, useRouteLoaderData } from "react-router";
import { ColorsForm } from "~/components/workspace-settings/colors-form";
import { DangerZone } from "~/components/workspace-settings/danger-zone";
import { GeneralForm } from "~/components/workspace-settings/general-form";
import { MembersPanel } from "~/components/workspace-settings/members-panel";
import { YourData } from "~/components/workspace-settings/your-data";
import { BankConnectionsLink } from "~/components/workspace-settings/bank-connections-link";
import { BringYourHistory } from "~/components/workspace-settings/bring-your-history";
import { failedWith, invalidInput, unknownIntent, type ActionResult } from "~/lib/action-result";
import { requireViewerForAction, asPerson } from "~/lib/session.server";
import { AppError } from "../../worker/http/errors";
import { changeRoleSchema, inviteMemberSchema } from "../../worker/workspaces/members.schemas";
import { changeMemberRole, leaveWorkspace, listMembers, removeMember } from "../../worker/workspaces/members.service";
import { inviteMember, revokeInvitation } from "../../worker/workspaces/invitations.service";
import { can } from "../../worker/access/permissions";
import { updateWorkspaceSchema } from "../../worker/workspaces/workspaces.schemas";
import { deleteWorkspace, updateWorkspace } from "../../worker/workspaces/workspaces.service";
import type { loader as layoutLoader } from "./workspace-layout";
import { workspacePageTitle } from "~/lib/workspace-meta";
import type { Route } from "./+types/workspace-settings";

export const handle = { i18n: ["workspace-settings", "workspaces", "auth"] };

export async function loader(args: Route.LoaderArgs) {
  const { members, invitations } = await asPerson(args, (ctx) =>
    listMembers({ ctx, input: { workspaceId: args.params.workspaceId } }),
  );
  // The runtime's list leaves out "UTC" (the default); keep it so the current zone is always selectable.
  const timeZones = ["UTC", ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC")];
  return { members, invitations, timeZones };
}

function failed(intent: string, error: unknown) {
  if (error instanceof AppError && error.code === "NOT_FOUND") throw redirect("/workspaces");
  return failedWith(intent, error);
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

/** Each form posts an intent; the service checks the caller's role. */
export async function action(args: Route.ActionArgs) {
  const viewer = await requireViewerForAction(args, "any");
  const workspaceId = args.params.workspaceId;
  const form = await args.request.formData();
  const intent = text(form, "intent") ?? "";
  const ref = { workspaceId };
  try {
    switch (intent) {
      case "update-general":
      case "update-colors": {
        const fields = [
          "name",
          "description",
          "currency",
          "time_zone",
          "primary_color",
          "secondary_color",
          "accent_color",
        ];
        const parsed = updateWorkspaceSchema.safeParse(
          Object.fromEntries(fields.flatMap((name) => (form.has(name) ? [[name, text(form, name)]] : []))),
        );
        if (!parsed.success) return invalidInput(intent, parsed.error);
        await updateWorkspace({ ctx: viewer.ctx, input: { ...ref, ...parsed.data } });
        return { intent, ok: true } satisfies ActionResult;
      }
      case "invite": {
        const parsed = inviteMemberSchema.safeParse({ email: text(form, "email"), role: text(form, "role") });
        if (!parsed.success) return invalidInput(intent, parsed.error);
        await inviteMember({ ctx: viewer.ctx, input: { ...ref, ...parsed.data } });
        return { intent, ok: true, email: parsed.data.email } satisfies ActionResult;
      }
      case "change-role": {
        const parsed = changeRoleSchema.safeParse({ role: text(form, "role") });
        if (!parsed.success) return invalidInput(intent, parsed.error);
        await changeMemberRole({
          ctx: viewer.ctx,
          input: { ...ref, userId: text(form, "userId") ?? "", ...parsed.data },
        });
        return { intent, ok: true } satisfies ActionResult;
      }
      case "remove-member":
        await removeMember({ ctx: viewer.ctx, input: { ...ref, userId: text(form, "userId") ?? "" } });
        return { intent, ok: true } satisfies ActionResult;
      case "revoke-invitation":
        await revokeInvitation({ ctx: viewer.ctx, input: { ...ref, invitationId: text(form, "invitationId") ?? "" } });
        return { intent, ok: true } satisfies ActionResult;
      case "leave":
        await leaveWorkspace({ ctx: viewer.ctx, input: ref });
        return redirect("/workspaces");
      case "delete":
        await deleteWorkspace({ ctx: viewer.ctx, input: ref });
        return redirect("/workspaces");
      default:
        return unknownIntent(intent);
    }
  } catch (error) {
    return failed(intent, error);
  }
}

export const meta: Route.MetaFunction = ({ matches }) => workspacePageTitle(undefined, matches);

export default function WorkspaceSettings() {
  const { t } = useTranslation("workspace-settings");
  const { members, invitations, timeZones } = useLoaderData<typeof loader>();
  const layout = useRouteLoaderData<typeof layoutLoader>("routes/workspace-layout")!;
  const { workspace, user } = layout;
  const canEdit = can(workspace.role, "workspace.update");
  const isOwner = workspace.role === "owner";
  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-foreground">{t("title")}</h1>
        {!canEdit ? <p className="mt-2 text-sm text-muted-foreground">{t("readOnly")}</p> : null}
      </div>
      <GeneralForm
        key={`general-${workspace.name}-${workspace.time_zone}`}
        workspace={workspace}
        timeZones={timeZones}
        canEdit={canEdit}
      />
      <ColorsForm
        key={`colors-${workspace.primary_color}${workspace.secondary_color}${workspace.accent_color}`}
        saved={{
          primary: workspace.primary_color,
          secondary: workspace.secondary_color,
          accent: workspace.accent_color,
        }}
        currency={workspace.currency}
        canEdit={canEdit}
      />
      <MembersPanel
        members={members}
        invitations={invitations}
        currentUserId={user.uuid}
        canManage={can(workspace.role, "members.manage")}
        isOwner={isOwner}
      />
      <BankConnectionsLink workspaceId={workspace.uuid} />
      {can(workspace.role, "finances.write") ? <BringYourHistory workspaceId={workspace.uuid} /> : null}
      {can(workspace.role, "workspace.export") ? (
        // The owner's right on every plan; an admin's on a plan with export features.
        <YourData workspaceId={workspace.uuid} canDownload={isOwner || layout.hasExportFeatures} />
      ) : null}
      <DangerZone
        workspaceName={workspace.name}
        isOwner={isOwner}
        isSoleOwner={isOwner && members.filter((member) => member.role === "owner").length === 1}
      />
    </div>
  );
}
