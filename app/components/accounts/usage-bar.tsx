import { useTranslation } from "react-i18next";
import { usageTone, usageToneBars } from "~/components/ui/usage-tone";
import { cn } from "~/lib/utils";

export type AccountUsage = { used: number; limit: number | null; usagePercentage: number; canCreate: boolean };

/** "3 of 5 accounts" with a bar in the plan's colours; plans without a limit just count. */
export function UsageBar({ usage }: { usage: AccountUsage }) {
  const { t } = useTranslation("accounts");
  const tone = usageTone(usage.usagePercentage);
  const text =
    usage.limit === null
      ? t("usage.unlimited", { count: usage.used })
      : t("usage.value", { used: usage.used, limit: usage.limit });
  return (
    <div className="grid gap-2" data-usage-tone={usage.limit === null ? "none" : tone}>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-foreground">{t("usage.label")}</span>
        <span className="text-muted-foreground tabular-nums">{text}</span>
      </div>
      {usage.limit !== null ? (
        <div
          role="progressbar"
          aria-label={t("usage.label")}
          aria-valuemin={0}
          aria-valuemax={usage.limit}
          aria-valuenow={usage.used}
          aria-valuetext={text}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div
            className={cn("h-full rounded-full transition-[width]", usageToneBars[tone])}
            style={{ width: `${usage.usagePercentage}%` }}
          />
        </div>
      ) : null}
    </div>
  );
}
