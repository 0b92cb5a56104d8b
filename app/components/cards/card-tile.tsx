import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { Icon } from "~/components/ui/icon";
import { usageTone, usageToneBars } from "~/components/ui/usage-tone";
import { formatAmountText, formatPercent } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import { cn } from "~/lib/utils";
import type { CardResponse } from "../../../worker/cards/cards.mapper";
import { CardVisual } from "./card-visual";

export const cardActionsKey = "card-actions";

type CardTileProps = { card: CardResponse; isSelected: boolean; canEdit: boolean; onEdit(): void };

/** A card, the link that selects it, and for credit its limit, debt, available credit and utilisation. */
export function CardTile({ card, isSelected, canEdit, onEdit }: CardTileProps) {
  const { t } = useTranslation("cards");
  const language = useLanguage();
  const fetcher = useFetcher<ActionResult>({ key: cardActionsKey });
  const [isConfirming, setIsConfirming] = useState(false);
  const isBusy = fetcher.state !== "idle" && fetcher.formData?.get("cardId") === card.uuid;
  const money = (amount: string | null) => formatAmountText(amount, card.currency, language);
  return (
    <li
      className={cn(
        "grid gap-3 rounded-2xl border bg-card p-3 shadow-xs transition",
        isSelected && "border-accent ring-2 ring-accent/30",
        isBusy && "opacity-60",
      )}
    >
      {/* The link lies over the card's picture rather than around it: its name says what it does,
          and the picture's text (type, issuer) would otherwise be visible words missing from that name. */}
      <div className="relative">
        <CardVisual card={card} />
        <Link
          to={`?card=${card.uuid}`}
          preventScrollReset
          aria-current={isSelected ? "true" : undefined}
          aria-label={t("select", { name: card.display_name })}
          className="absolute inset-0 rounded-2xl focus-visible:ring-3 focus-visible:ring-accent focus-visible:ring-offset-2 focus-visible:outline-none"
        />
      </div>
      <div className="grid gap-3 px-1 pb-1">
        <div className="flex items-center justify-between gap-2">
          <p className="min-w-0 truncate text-xs text-muted-foreground">
            {card.mode === "credit"
              ? t("utilisationValue", { value: formatPercent(card.utilization / 100, language) })
              : `${t("debitBalance")} · `}
            {card.mode === "credit" ? null : (
              <span className="font-semibold text-foreground tabular-nums">{money(card.current_balance)}</span>
            )}
          </p>
          {canEdit ? (
            <CardMenu
              card={card}
              isBusy={isBusy}
              onEdit={onEdit}
              onArchive={(intent) => fetcher.submit({ intent, cardId: card.uuid }, { method: "post", flushSync: true })}
              onDelete={() => setIsConfirming(true)}
            />
          ) : null}
        </div>
        {card.mode === "credit" ? (
          <>
            <div
              role="progressbar"
              aria-label={t("utilisation")}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(card.utilization)}
              className="h-1.5 overflow-hidden rounded-full bg-muted"
            >
              <div
                className={cn("h-full rounded-full", usageToneBars[usageTone(card.utilization)])}
                style={{ width: `${Math.min(100, card.utilization)}%` }}
              />
            </div>
            <dl className="grid gap-1 text-xs">
              <Figure label={t("limit")} value={money(card.credit_limit)} />
              <Figure label={t("debt")} value={money(card.debt_amount)} />
              {card.held_amount !== "0.00" ? <Figure label={t("held")} value={money(card.held_amount)} /> : null}
              <Figure label={t("available")} value={money(card.available_credit)} className="text-success" />
            </dl>
          </>
        ) : null}
      </div>
      {canEdit ? (
        <ConfirmDialog
          open={isConfirming}
          onOpenChange={setIsConfirming}
          title={t("delete.title", { name: card.name })}
          description={t("delete.body")}
          confirmLabel={t("delete.confirm")}
          onConfirm={() => fetcher.submit({ intent: "delete", cardId: card.uuid }, { method: "post", flushSync: true })}
        />
      ) : null}
    </li>
  );
}

function Figure({ label, value, className }: { label: string; value: string; className?: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={cn("text-sm font-semibold text-foreground tabular-nums", className)}>{value}</dd>
    </div>
  );
}

type CardMenuProps = {
  card: CardResponse;
  isBusy: boolean;
  onEdit(): void;
  onArchive(intent: "archive" | "restore"): void;
  onDelete(): void;
};

function CardMenu({ card, isBusy, onEdit, onArchive, onDelete }: CardMenuProps) {
  const { t } = useTranslation("cards");
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          disabled={isBusy}
          aria-label={t("actions.menu", { name: card.name })}
        >
          <Icon name="ellipsis" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={onEdit}>
          <Icon name="pencil" />
          {t("actions.edit")}
        </DropdownMenuItem>
        {card.is_active ? (
          <DropdownMenuItem onSelect={() => onArchive("archive")}>
            <Icon name="archive" />
            {t("actions.archive")}
          </DropdownMenuItem>
        ) : (
          <DropdownMenuItem onSelect={() => onArchive("restore")}>
            <Icon name="archive-arrow-up" />
            {t("actions.restore")}
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={onDelete}>
          <Icon name="trash" />
          {t("actions.delete")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
