import { useTranslation } from "react-i18next";
import type { RowAction } from "~/components/ui/row-actions-menu";
import { formatDate } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import { PlannedRow } from "./planned-row";
import type { ScheduledItem } from "./planned-types";

const badgeVariants = { pending: "info", executed: "success", cancelled: "neutral" } as const;

type Props = {
  item: ScheduledItem;
  /** The workspace's today: what is due today or overdue. */
  today: string;
  canEdit: boolean;
  isBusy: boolean;
  onEdit(): void;
  onAction(intent: "execute" | "cancel" | "delete"): void;
};

/** One scheduled transaction: when it posts (or posted), and while pending, posting it now, editing or cancelling it. */
export function ScheduledRow({ item, today, canEdit, isBusy, onEdit, onAction }: Props) {
  const { t } = useTranslation("planned");
  const language = useLanguage();
  const whenLine = () => {
    const date = formatDate(item.scheduled_date, language, { style: "long" });
    if (item.status === "executed")
      return t("scheduled.postedOn", {
        date: formatDate(item.executed_at ?? item.scheduled_date, language, { style: "long" }),
      });
    if (item.status === "cancelled") return t("scheduled.wasFor", { date });
    if (item.scheduled_date === today) return t("scheduled.dueToday");
    return item.scheduled_date < today ? t("scheduled.overdue", { date }) : t("scheduled.on", { date });
  };
  const remove: RowAction = {
    label: t("actions.delete"),
    icon: "trash",
    isDestructive: true,
    onSelect: () => onAction("delete"),
    confirm: {
      title: t("scheduled.deleteDialog.title", { name: item.description }),
      body: t(item.status === "executed" ? "scheduled.deleteDialog.bodyExecuted" : "scheduled.deleteDialog.body"),
      confirmLabel: t("actions.delete"),
    },
  };
  const actions: RowAction[] =
    item.status === "pending"
      ? [
          { label: t("actions.executeNow"), icon: "play", onSelect: () => onAction("execute") },
          { label: t("actions.edit"), icon: "pencil", onSelect: onEdit },
          {
            label: t("actions.cancel"),
            icon: "x",
            onSelect: () => onAction("cancel"),
            confirm: {
              title: t("scheduled.cancelDialog.title", { name: item.description }),
              body: t("scheduled.cancelDialog.body"),
              confirmLabel: t("scheduled.cancelDialog.confirm"),
            },
          },
          remove,
        ]
      : [remove];
  return (
    <PlannedRow
      title={item.description}
      template={item}
      badge={{ label: t(`scheduled.statuses.${item.status}`), variant: badgeVariants[item.status] }}
      lines={[whenLine(), ...(item.notes ? [item.notes] : [])]}
      failure={item.failure && item.status === "pending" ? t(item.failure.key) : null}
      actions={canEdit ? actions : null}
      isBusy={isBusy}
    />
  );
}
