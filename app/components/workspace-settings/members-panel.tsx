import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Icon } from "~/components/ui/icon";
import { fieldClassName, Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/utils";
import { workspaceRoles } from "../../../db/enums";
import type { InvitationResponse, MemberResponse } from "../../../worker/workspaces/members.mapper";
import type { ActionResult } from "~/lib/action-result";
import { useSettingsToast } from "~/lib/result-toasts";
import { submitAtOnce } from "~/lib/submit-at-once";

const selectClass = `${fieldClassName} h-9 w-36 px-2`;

type MembersPanelProps = {
  members: MemberResponse[];
  invitations: InvitationResponse[];
  currentUserId: string;
  canManage: boolean;
  isOwner: boolean;
};

function MemberRow({
  member,
  isSelf,
  canManage,
  isOwner,
}: {
  member: MemberResponse;
  isSelf: boolean;
  canManage: boolean;
  isOwner: boolean;
}) {
  const { t } = useTranslation("workspace-settings");
  const fetcher = useFetcher<ActionResult>();
  useSettingsToast(fetcher.data, fetcher.data?.intent === "remove-member" ? "members.removed" : "members.roleChanged");
  const name = member.name || member.email;
  const mayChange = canManage && !isSelf && (isOwner || member.role !== "owner");
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <Avatar name={name} picture={member.picture} alt="" loading="lazy" className="bg-accent-50 text-accent-text" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-foreground">
          {name} {isSelf ? <Badge variant="neutral">{t("members.you")}</Badge> : null}
        </p>
        <p className="truncate text-xs text-muted-foreground">{member.email}</p>
      </div>
      {mayChange ? (
        <>
          <select
            aria-label={t("members.role", { name })}
            defaultValue={member.role}
            className={selectClass}
            onChange={(event) =>
              fetcher.submit(
                { intent: "change-role", userId: member.user_uuid, role: event.target.value },
                { method: "post", flushSync: true },
              )
            }
          >
            {workspaceRoles
              .filter((role) => isOwner || role !== "owner")
              .map((role) => (
                <option key={role} value={role}>
                  {t(`workspaces:roles.${role}`)}
                </option>
              ))}
          </select>
          <ConfirmDialog
            trigger={
              <Button variant="ghost" size="icon" aria-label={`${t("members.remove")} ${name}`}>
                <Icon name="user-minus" />
              </Button>
            }
            title={t("members.removeConfirm", { name })}
            description={t(`members.roleHelp.${member.role}`)}
            confirmLabel={t("members.remove")}
            onConfirm={() =>
              fetcher.submit({ intent: "remove-member", userId: member.user_uuid }, { method: "post", flushSync: true })
            }
          />
        </>
      ) : (
        <Badge variant={member.role === "owner" ? "secondary" : "neutral"}>
          {t(`workspaces:roles.${member.role}`)}
        </Badge>
      )}
    </li>
  );
}

function InvitationRow({ invitation, canManage }: { invitation: InvitationResponse; canManage: boolean }) {
  const { t } = useTranslation("workspace-settings");
  const fetcher = useFetcher<ActionResult>();
  useSettingsToast(fetcher.data, "members.revoked");
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <span className="grid size-9 shrink-0 place-items-center rounded-full bg-muted text-muted-foreground" aria-hidden>
        <Icon name="mail" className="size-4" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-foreground">{invitation.email}</p>
        <p className="text-xs text-muted-foreground">
          {t("members.pending")} · {t(`workspaces:roles.${invitation.role}`)}
        </p>
      </div>
      {canManage ? (
        <Button
          variant="ghost"
          size="sm"
          onClick={() =>
            fetcher.submit(
              { intent: "revoke-invitation", invitationId: invitation.uuid },
              { method: "post", flushSync: true },
            )
          }
        >
          <Icon name="x" />
          <span className="sr-only sm:not-sr-only">{t("members.revoke")}</span>
        </Button>
      ) : null}
    </li>
  );
}

function InviteForm({ isOwner }: { isOwner: boolean }) {
  const { t } = useTranslation("workspace-settings");
  const fetcher = useFetcher<ActionResult>();
  const form = useRef<HTMLFormElement>(null);
  useSettingsToast(fetcher.data, "members.invited");
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) form.current?.reset();
  }, [fetcher.state, fetcher.data]);
  return (
    <fetcher.Form
      onSubmit={submitAtOnce(fetcher)}
      ref={form}
      method="post"
      className="mt-4 grid gap-3 rounded-lg border bg-muted/30 p-4 sm:grid-cols-[1fr_auto_auto] sm:items-end"
    >
      <input type="hidden" name="intent" value="invite" />
      <div className="grid gap-2">
        <Label htmlFor="invite-email">{t("members.email")}</Label>
        <Input id="invite-email" name="email" type="email" required placeholder={t("auth:login.emailPlaceholder")} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="invite-role">{t("members.inviteRole")}</Label>
        <select id="invite-role" name="role" defaultValue="member" className={cn(selectClass, "h-10")}>
          {workspaceRoles
            .filter((role) => isOwner || role !== "owner")
            .map((role) => (
              <option key={role} value={role}>
                {t(`workspaces:roles.${role}`)}
              </option>
            ))}
        </select>
      </div>
      <Button type="submit" disabled={fetcher.state !== "idle"}>
        {fetcher.state !== "idle" ? t("members.inviting") : t("members.invite")}
      </Button>
      <p className="text-xs text-muted-foreground sm:col-span-3">{t("members.inviteHint")}</p>
    </fetcher.Form>
  );
}

export function MembersPanel({ members, invitations, currentUserId, canManage, isOwner }: MembersPanelProps) {
  const { t } = useTranslation("workspace-settings");
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("members.title")}</CardTitle>
        <CardDescription>{t("members.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          {members.map((member) => (
            <MemberRow
              key={member.user_uuid}
              member={member}
              isSelf={member.user_uuid === currentUserId}
              canManage={canManage}
              isOwner={isOwner}
            />
          ))}
          {invitations.map((invitation) => (
            <InvitationRow key={invitation.uuid} invitation={invitation} canManage={canManage} />
          ))}
        </ul>
        {canManage ? <InviteForm isOwner={isOwner} /> : null}
      </CardContent>
    </Card>
  );
}
