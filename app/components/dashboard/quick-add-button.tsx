import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { Icon } from "~/components/ui/icon";

export type QuickAddChoice = "account" | "transaction" | "card";

const choices = [
  { choice: "transaction", icon: "arrow-left-right" },
  { choice: "account", icon: "landmark" },
  { choice: "card", icon: "credit-card" },
] as const;

/** SPEC §2: the floating button with its three choices, each opening its dialog. */
export function QuickAddButton({ onChoose }: { onChoose(choice: QuickAddChoice): void }) {
  const { t } = useTranslation("dashboard");
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
        {choices.map(({ choice, icon }) => (
          <DropdownMenuItem key={choice} onSelect={() => onChoose(choice)}>
            <Icon name={icon} />
            {t(`quickAdd.${choice}`)}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
