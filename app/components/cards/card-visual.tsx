import { useTranslation } from "react-i18next";
import { Icon } from "~/components/ui/icon";
import { cn } from "~/lib/utils";
import type { CardResponse } from "../../../worker/cards/cards.mapper";

/** The card as a payment card: its colour, name, last four digits, issuer and type. */
export function CardVisual({ card, className }: { card: CardResponse; className?: string }) {
  const { t } = useTranslation("cards");
  const typeLabel =
    card.type === "hybrid"
      ? t("typeMode", { type: t(`types.hybrid`), mode: t(`modes.${card.mode}`) })
      : t(`types.${card.type}`);
  return (
    <div
      className={cn(
        "relative isolate flex aspect-[1.586] w-full flex-col justify-between overflow-hidden rounded-2xl p-5 text-white shadow-lg",
        !card.is_active && "opacity-60 grayscale",
        className,
      )}
      style={{
        backgroundColor: card.color,
        backgroundImage: `linear-gradient(135deg, ${card.color} 0%, color-mix(in srgb, ${card.color} 55%, black) 100%)`,
      }}
    >
      <span aria-hidden className="absolute -top-16 -right-10 -z-10 size-48 rounded-full bg-white/10" />
      <span aria-hidden className="absolute -bottom-20 -left-10 -z-10 size-56 rounded-full bg-black/10" />
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold drop-shadow-sm">{card.name}</p>
          <p className="truncate text-xs text-white/80">{card.account.name}</p>
        </div>
        <span className="shrink-0 rounded-full bg-black/25 px-2.5 py-0.5 text-xs font-medium backdrop-blur-sm">
          {card.is_active ? typeLabel : t("archivedBadge")}
        </span>
      </div>
      <div className="flex items-center gap-3">
        <span aria-hidden className="h-7 w-10 rounded-md bg-gradient-to-br from-amber-200 to-amber-400 shadow-inner" />
        <Icon name="wifi" className="size-5 rotate-90 text-white/80" />
      </div>
      <div className="flex items-end justify-between gap-3">
        <p className="font-mono text-base tracking-[0.15em] whitespace-nowrap tabular-nums">
          •••• {card.last_four_digits ?? "····"}
        </p>
        <div className="text-right">
          {card.expiry_date ? (
            <p className="text-[0.65rem] text-white/80 tabular-nums">
              {card.expiry_date.slice(5)}/{card.expiry_date.slice(2, 4)}
            </p>
          ) : null}
          <p className="text-sm font-bold tracking-wide italic">
            {card.issuer && card.issuer !== "Other" ? card.issuer : ""}
          </p>
        </div>
      </div>
    </div>
  );
}
