import { useTranslation } from "react-i18next";
import type { RowAction } from "~/components/ui/row-actions-menu";
import { formatDate } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import { PlannedRow } from "./planned-row";
import type { RecurringItem } from "./planned-types";
import { describeRecurrence, ruleOfItem } from "./recurrence-summary";

const badgeVariants = { active: "success", paused: "warning", inactive: "neutral" } as const;

type Props = {
  item: RecurringItem;
  canEdit: boolean;
  isBusy: boolean;
  onEdit(): void;
  onAction(intent: "execute" | "pause" | "resume" | "delete"): void;
};

/** One recurring transaction: its rule in words, when it posts next and how often it has. */
export function RecurringRow({ item, canEdit, isBusy, onEdit, onAction }: Props) {
  const { t } = useTranslation("planned");
  const language = useLanguage();
  const nextLine = () => {
    if (item.status === "paused") return t("recurring.pausedLine");
    if (!item.next_posting_date || !item.next_execution) return t("recurring.endedLine");
    const next = formatDate(item.next_posting_date, language, { style: "long" });
    return item.next_posting_date === item.next_execution
      ? t("recurring.next", { date: next })
      : t("recurring.nextMoved", {
          date: next,
          from: formatDate(item.next_execution, language, { style: "dayMonth" }),
        });
  };
  const countLine = item.max_executions
    ? t("recurring.postedOf", { count: item.execution_count, max: item.max_executions })
    : t("recurring.posted", { count: item.execution_count });
  const actions: RowAction[] = [
    ...(item.status === "active"
      ? [
          { label: t("actions.executeNow"), icon: "play", onSelect: () => onAction("execute") } as const,
          { label: t("actions.pause"), icon: "pause", onSelect: () => onAction("pause") } as const,
        ]
      : []),
    ...(item.status === "paused"
      ? [{ label: t("actions.resume"), icon: "play", onSelect: () => onAction("resume") } as const]
      : []),
    { label: t("actions.edit"), icon: "pencil", onSelect: onEdit },
    {
      label: t("actions.delete"),
      icon: "trash",
      isDestructive: true,
      onSelect: () => onAction("delete"),
      confirm: {
        title: t("recurring.deleteDialog.title", { name: item.name }),
        body: t("recurring.deleteDialog.body", { count: item.execution_count }),
        confirmLabel: t("actions.delete"),
      },
    },
  ];
  return (
    <PlannedRow
      title={item.name}
      template={item}
      badge={{ label: t(`recurring.statuses.${item.status}`), variant: badgeVariants[item.status] }}
      lines={[describeRecurrence(ruleOfItem(item), t, language), `${nextLine()} · ${countLine}`]}
      failure={item.failure && item.status === "active" ? t(item.failure.key) : null}
      actions={canEdit ? actions : null}
      isBusy={isBusy}
    />
  );
}
