import { Icon, type IconName } from "~/components/ui/icon";
import { formatMoney } from "~/lib/format";
import type { Language } from "~/lib/i18n";
import type { TransactionKind } from "../../../db/enums";

/** Each kind's icon, in the list's rows and the wizard's first step alike. */
export const kindIcons: Record<TransactionKind, IconName> = {
  income: "arrow-down-left",
  expense: "arrow-up-right",
  transfer: "arrow-left-right",
  pay_credit_card: "credit-card",
};

/** Income comes in (+, green), an expense goes out (−, red); moves inside the workspace are neutral. */
const direction = { income: "in", expense: "out", transfer: "move", pay_credit_card: "move" } as const;
const amountColours = { in: "text-success", out: "text-destructive", move: "text-foreground" };
const iconColours = {
  in: "bg-success/10 text-success",
  out: "bg-destructive/10 text-destructive",
  move: "bg-info/10 text-info",
};

/** The kind's icon in its colour, named for screen readers ("Expense"). */
export function KindIcon({ kind, label }: { kind: TransactionKind; label: string }) {
  return (
    <span
      className={`grid size-9 shrink-0 place-items-center rounded-full ${iconColours[direction[kind]]}`}
      role="img"
      aria-label={label}
      title={label}
    >
      <Icon name={kindIcons[kind]} className="size-4" />
    </span>
  );
}

/** "−R$ 12,30 BRL" in red for what leaves, "+" in green for what arrives, unsigned for a move. */
export function SignedAmount({
  kind,
  cents,
  currency,
  language,
  isForeign = false,
}: {
  kind: TransactionKind;
  cents: number;
  currency: string;
  language: Language;
  /** In another currency than the workspace's: its code follows the amount where the symbol alone does not name it. */
  isForeign?: boolean;
}) {
  const way = direction[kind];
  const text = formatMoney(way === "out" ? -cents : cents, currency, language, {
    sign: way === "move" ? "auto" : "always",
  });
  return (
    <span className={`font-semibold whitespace-nowrap tabular-nums ${amountColours[way]}`}>
      {text}
      {isForeign && !namesItsCurrency(text) ? (
        <span className="ml-1 text-xs font-normal text-muted-foreground">{currency}</span>
      ) : null}
    </span>
  );
}

/**
 * Whether a formatted amount's symbol names its currency by itself: "R$", "US$", "€", "£", "CA$" do; a bare
 * "$" or "¥" (shared by a dozen currencies) does not, so "$19.00 USD" keeps the code and "R$ 45,00" never
 * repeats it.
 */
export function namesItsCurrency(formatted: string): boolean {
  const symbol = formatted.replace(/[\d\s.,+\-−\u00a0\u202f]/g, "");
  return symbol !== "$" && symbol !== "¥";
}
