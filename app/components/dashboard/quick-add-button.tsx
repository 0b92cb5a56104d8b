import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { Icon } from "~/components/ui/icon";
import { formatMoney } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";

export type QuickAddChoice = "account" | "transaction" | "card";

const choices = [
  { choice: "transaction", icon: "arrow-left-right" },
  { choice: "account", icon: "landmark" },
  { choice: "card", icon: "credit-card" },
] as const;

/**
 * The plan's account limit, when it is reached: "New account" says so instead of opening a form that
 * fails, with the monthly price of the cheapest plan without a limit.
 */
export type AccountLimit = { plan: string; limit: number; unlimitedFromCents: number } | null;

/** The dashboard's floating button with its three choices, each opening its dialog. */
export function QuickAddButton({
  onChoose,
  accountLimit,
}: {
  onChoose(choice: QuickAddChoice): void;
  accountLimit: AccountLimit;
}) {
  const { t } = useTranslation("dashboard");
  const language = useLanguage();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          size="lg"
          variant="accent"
          className="fixed right-5 bottom-5 z-30 size-14 rounded-full p-0 shadow-lg sm:right-8 sm:bottom-8"
          aria-label={t("quickAdd.label")}
        >
          <Icon name="plus" className="size-6" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" side="top" className="min-w-52">
        {choices.map(({ choice, icon }) =>
          choice === "account" && accountLimit ? (
            <DropdownMenuItem key={choice} disabled className="items-start">
              <Icon name={icon} className="mt-0.5" />
              <span className="grid max-w-64 gap-0.5">
                {t("quickAdd.account")}
                <span className="text-xs text-muted-foreground">
                  {t("quickAdd.accountLimit", {
                    plan: accountLimit.plan,
                    count: accountLimit.limit,
                    price: formatMoney(accountLimit.unlimitedFromCents, "BRL", language),
                  })}
                </span>
              </span>
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem key={choice} onSelect={() => onChoose(choice)}>
              <Icon name={icon} />
              {t(`quickAdd.${choice}`)}
            </DropdownMenuItem>
          ),
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
