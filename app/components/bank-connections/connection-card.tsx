import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Icon } from "~/components/ui/icon";
import { nativeSelectClassName } from "~/components/ui/input";
import { formatAmountText, formatDate, type CurrencyCode } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import type { useRowActions } from "~/lib/use-row-actions";
import type { BankConnectionsData } from "~/routes/workspace-bank-connections";
import { type Availability, usePluggyWidget } from "./connect-panel";

type Connection = BankConnectionsData["connections"][number];
type RemoteAccount = Connection["accounts"][number];
type Target = { uuid: string; name: string; currency: string };
type MatchedLine = NonNullable<BankConnectionsData["matched"]>["lines"][number];
type Difference = NonNullable<BankConnectionsData["difference"]>;
/** The page's one set of row actions (its outcomes toasted once, by the page). */
type RowActions = ReturnType<typeof useRowActions>;

/** Renewing consent is offered from a month before it ends. */
const renewAheadMs = 30 * 86_400_000;

const linkValue = (link: RemoteAccount["link"]) =>
  link === null
    ? "none"
    : link.type === "account"
      ? `account:${link.account_id}`
      : link.type === "card"
        ? `card:${link.card_id}`
        : "ignore";

/** One bank: how it stands, its last sync, and where each of its accounts' lines go. */
export function ConnectionCard({
  connection,
  accounts,
  cards,
  matched,
  difference,
  canConnect,
  canWrite,
  availability,
  actions,
}: {
  actions: RowActions;
  connection: Connection;
  accounts: Target[];
  cards: Target[];
  matched: MatchedLine[] | null;
  difference: Difference | null;
  canConnect: boolean;
  canWrite: boolean;
  availability: Availability;
}) {
  const { t } = useTranslation("bank-connections");
  const language = useLanguage();
  const { post, busyId, busyIntent } = actions;
  const [isDisconnecting, setDisconnecting] = useState(false);
  const widget = usePluggyWidget(connection.uuid);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // Closed at once when asked, while the address forgets the list (its page's data follows), and stays
  // closed whatever the page reads meanwhile; opening it again starts from an address without it.
  const [isMatchedClosed, setMatchedClosed] = useState(false);
  const isMatchedInAddress = searchParams.has("matched");
  useEffect(() => {
    if (!isMatchedInAddress) setMatchedClosed(false);
  }, [isMatchedInAddress]);
  const isBusy = busyId === connection.uuid;
  const consentEnds = connection.consent_expires_at ? Date.parse(connection.consent_expires_at) : null;
  const isRenewDue = consentEnds !== null && consentEnds - Date.now() < renewAheadMs;
  const canSignInAgain = canConnect && connection.provider === "pluggy" && availability.pluggy && !availability.sandbox;
  const summary = connection.sync.summary;
  const headingId = `bank-${connection.uuid}`;
  const day = (iso: string) => formatDate(iso.slice(0, 10), language, { style: "medium" });
  const counted = (key: string, count: number) => t(key, { count, n: new Intl.NumberFormat(language).format(count) });
  const moment = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

  const status = (() => {
    switch (connection.status) {
      case "needs_login":
        return { tone: "warning" as const, text: t("status.needs_login", { institution: connection.institution }) };
      case "consent_expired":
        return { tone: "warning" as const, text: t("status.consent_expired") };
      case "failing":
        return { tone: "warning" as const, text: t("status.failing") };
      default:
        return { tone: "success" as const, text: t("status.active") };
    }
  })();

  return (
    <section aria-labelledby={headingId} className="overflow-hidden rounded-2xl border bg-card shadow-xs">
      <header className="flex flex-wrap items-start justify-between gap-4 border-b p-5">
        <div className="grid gap-1">
          <h2 id={headingId} className="flex flex-wrap items-center gap-2 text-lg font-semibold">
            <Icon name="landmark" className="size-5 text-muted-foreground" />
            {connection.institution}
            <Badge variant="outline">{t(`provider.${connection.provider}`)}</Badge>
          </h2>
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <Badge variant={status.tone}>{status.text}</Badge>
            <span className="text-muted-foreground">
              {connection.sync.running
                ? t("sync.running")
                : connection.last_synced_at
                  ? t("sync.last", { when: moment(connection.last_synced_at) })
                  : t("sync.never")}
            </span>
          </p>
          {consentEnds !== null ? (
            <p className="text-sm text-muted-foreground">
              {t(consentEnds < Date.now() ? "consent.ended" : "consent.until", {
                date: day(connection.consent_expires_at!),
              })}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {canSignInAgain &&
          (connection.status === "needs_login" || connection.status === "consent_expired" || isRenewDue) ? (
            <Button variant="outline" onClick={widget.open} disabled={widget.isBusy}>
              <Icon name="lock" />
              {connection.status === "needs_login" ? t("actions.signInAgain") : t("actions.renew")}
            </Button>
          ) : null}
          {canWrite ? (
            <Button
              variant="outline"
              onClick={() => post("sync", connection.uuid)}
              disabled={connection.sync.running || (isBusy && busyIntent === "sync")}
            >
              <Icon
                name={connection.sync.running ? "loader-circle" : "repeat"}
                className={connection.sync.running ? "animate-spin" : ""}
              />
              {connection.sync.running ? t("actions.syncing") : t("actions.sync")}
            </Button>
          ) : null}
          {canConnect ? (
            <Button variant="ghost" onClick={() => setDisconnecting(true)} disabled={isBusy}>
              <Icon name="x" />
              {t("actions.disconnect")}
            </Button>
          ) : null}
        </div>
      </header>

      {summary && !connection.sync.running ? (
        <div className="flex flex-wrap items-center justify-between gap-3 border-b bg-muted/40 px-5 py-3 text-sm">
          <p>
            {[
              counted("summary.created", summary.created),
              counted("summary.matched", summary.matched),
              ...(summary.plans ? [counted("summary.plans", summary.plans)] : []),
              ...(summary.updated ? [counted("summary.updated", summary.updated)] : []),
              ...(summary.gone ? [counted("summary.gone", summary.gone)] : []),
            ].join(" · ")}
          </p>
          <div className="flex flex-wrap items-center gap-1">
            {summary.plans ? (
              <Button variant="link" size="sm" asChild>
                <Link to="../installment-plans" relative="path">
                  {t("summary.plansLink")}
                </Link>
              </Button>
            ) : null}
            <Button
              variant="link"
              size="sm"
              onClick={() => navigate(`?matched=${connection.uuid}`, { preventScrollReset: true })}
            >
              {t("summary.review")}
            </Button>
          </div>
        </div>
      ) : null}

      <ul className="divide-y">
        {connection.accounts.map((account) => (
          <AccountRow
            key={account.uuid}
            connectionId={connection.uuid}
            account={account}
            targets={account.kind === "credit_card" ? cards : accounts}
            canConnect={canConnect}
            canWrite={canWrite}
            actions={actions}
            difference={difference?.remoteAccountId === account.uuid ? difference : null}
          />
        ))}
      </ul>

      <ConfirmDialog
        open={isDisconnecting}
        onOpenChange={setDisconnecting}
        title={t("disconnect.title", { institution: connection.institution })}
        description={t("disconnect.description")}
        confirmLabel={t("disconnect.confirm")}
        onConfirm={() => {
          setDisconnecting(false);
          post("disconnect", connection.uuid);
        }}
      />
      <MatchedDialog
        open={matched !== null && !isMatchedClosed}
        onClose={() => {
          setMatchedClosed(true);
          const next = new URLSearchParams(searchParams);
          next.delete("matched");
          navigate(next.size ? `?${next}` : ".", { preventScrollReset: true });
        }}
        connectionId={connection.uuid}
        lines={matched ?? []}
        canWrite={canWrite}
        actions={actions}
      />
    </section>
  );
}

/** A bank account: its balance, where its lines go, and how Moneta's balance compares. */
function AccountRow({
  connectionId,
  account,
  targets,
  canConnect,
  canWrite,
  actions,
  difference,
}: {
  actions: RowActions;
  connectionId: string;
  account: RemoteAccount;
  targets: Target[];
  canConnect: boolean;
  canWrite: boolean;
  /** What makes up the difference, while the reconcile dialog is open (`?difference=`). */
  difference: Difference | null;
}) {
  const { t } = useTranslation("bank-connections");
  const language = useLanguage();
  const { post, busyId } = actions;
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const closeReconcile = () => {
    const next = new URLSearchParams(searchParams);
    next.delete("difference");
    return navigate(next.size ? `?${next}` : ".", { preventScrollReset: true });
  };
  const money = (amount: string) => formatAmountText(amount as `${number}`, account.currency as CurrencyCode, language);
  const selectId = `link-${account.uuid}`;
  const sameCurrency = targets.filter((target) => target.currency === account.currency);
  const differs = account.balance_difference !== null && Number(account.balance_difference) !== 0;
  // The card's statements are the bank's bills only when they close and fall due on the same days.
  const days = account.card_days;
  const daysDiffer =
    days !== null && (days.bank.closing_day !== days.moneta.closing_day || days.bank.due_day !== days.moneta.due_day);
  return (
    <li className="grid gap-3 p-5 sm:grid-cols-[1fr_16rem] sm:items-center">
      <div className="grid gap-1">
        <p className="font-medium">
          {account.name}
          {account.number ? <span className="text-muted-foreground"> · {account.number}</span> : null}
        </p>
        <p className="text-sm text-muted-foreground">
          {t(`kind.${account.kind}`)} · {t("balance.bank", { amount: money(account.balance) })}
          {account.moneta_balance !== null
            ? ` · ${t("balance.moneta", { amount: money(account.moneta_balance) })}`
            : null}
        </p>
        {differs ? (
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <Badge variant="warning">{t("balance.differs", { amount: money(account.balance_difference!) })}</Badge>
            {canWrite ? (
              <Button
                variant="link"
                size="sm"
                className="h-auto p-0"
                onClick={() => navigate(`?difference=${account.uuid}`, { preventScrollReset: true })}
              >
                {t("balance.reconcile")}
              </Button>
            ) : null}
          </p>
        ) : null}
        {daysDiffer ? (
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            {t("cardDays.differ", {
              bankClosing: account.card_days!.bank.closing_day,
              bankDue: account.card_days!.bank.due_day,
              monetaClosing: account.card_days!.moneta.closing_day,
              monetaDue: account.card_days!.moneta.due_day,
            })}
            {canWrite ? (
              <Button
                variant="link"
                size="sm"
                className="h-auto p-0"
                disabled={busyId === connectionId}
                onClick={() => post("card-days", connectionId, { remote: account.uuid })}
              >
                {t("cardDays.use")}
              </Button>
            ) : null}
          </p>
        ) : null}
      </div>
      <div className="grid gap-1">
        <label htmlFor={selectId} className="text-xs font-medium text-muted-foreground">
          {t(account.kind === "credit_card" ? "link.cardLabel" : "link.accountLabel")}
        </label>
        <select
          id={selectId}
          className={nativeSelectClassName}
          value={linkValue(account.link)}
          disabled={!canConnect || busyId === connectionId}
          onChange={(event) => post("link", connectionId, { remote: account.uuid, link: event.target.value })}
        >
          <option value="none">{t("link.choose")}</option>
          {sameCurrency.map((target) => (
            <option key={target.uuid} value={`${account.kind === "credit_card" ? "card" : "account"}:${target.uuid}`}>
              {target.name}
            </option>
          ))}
          <option value="ignore">{t("link.ignore")}</option>
        </select>
      </div>
      <ConfirmDialog
        open={difference !== null}
        onOpenChange={(isOpen) => (isOpen ? null : closeReconcile())}
        title={t("reconcile.title", { name: account.name })}
        description={t("reconcile.description", {
          amount: money(account.balance_difference ?? "0"),
          balance: money(account.balance),
        })}
        confirmLabel={t("reconcile.confirm")}
        onConfirm={() => {
          // Posted once the dialog's page has loaded, so the two loads never cut each other short.
          const difference = account.balance_difference ?? "0";
          void Promise.resolve(closeReconcile()).then(() =>
            post("reconcile", connectionId, { remote: account.uuid, difference }),
          );
        }}
      >
        {difference ? (
          <DifferenceParts difference={difference} money={money} isCard={account.kind === "credit_card"} />
        ) : null}
      </ConfirmDialog>
    </li>
  );
}

/** What makes up a difference with the bank: entries one side has and the other hasn't, and what came before. */
function DifferenceParts({
  difference,
  money,
  isCard,
}: {
  difference: Difference;
  money(amount: string): string;
  isCard: boolean;
}) {
  const { t } = useTranslation("bank-connections");
  const language = useLanguage();
  const day = (date: string) => formatDate(date, language, { style: "dayMonth" });
  const hidden = difference.entries_count - difference.entries.length;
  const hasBefore = Number(difference.before_lines) !== 0;
  if (difference.entries.length === 0 && !hasBefore) return null;
  return (
    <section aria-labelledby="difference-parts" className="grid gap-2 text-sm">
      <h3 id="difference-parts" className="font-medium">
        {t("reconcile.partsTitle")}
      </h3>
      <ul className="grid max-h-[40vh] gap-1 overflow-y-auto">
        {difference.entries.map((entry) => (
          <li
            key={`${entry.reason}-${entry.transaction_id ?? entry.description}-${entry.date}`}
            className="flex items-baseline justify-between gap-3 rounded-md border px-3 py-2"
          >
            <span className="grid">
              <span>
                {day(entry.date)} · {entry.description}
              </span>
              <span className="text-xs text-muted-foreground">{t(`reconcile.reason.${entry.reason}`)}</span>
            </span>
            <span className="whitespace-nowrap tabular-nums">{money(entry.amount)}</span>
          </li>
        ))}
        {hasBefore ? (
          <li className="flex items-baseline justify-between gap-3 rounded-md border px-3 py-2">
            <span className="grid">
              <span>
                {difference.lines_from
                  ? t("reconcile.before", { date: formatDate(difference.lines_from, language, { style: "medium" }) })
                  : t("reconcile.beforeAny")}
              </span>
              <span className="text-xs text-muted-foreground">
                {t(isCard ? "reconcile.beforeHintCard" : "reconcile.beforeHint")}
              </span>
            </span>
            <span className="whitespace-nowrap tabular-nums">{money(difference.before_lines)}</span>
          </li>
        ) : null}
      </ul>
      {hidden > 0 ? <p className="text-muted-foreground">{t("reconcile.more", { count: hidden })}</p> : null}
    </section>
  );
}

/** The bank's lines the sync joined to entries already there, each undoable. */
function MatchedDialog({
  open,
  onClose,
  connectionId,
  lines,
  canWrite,
  actions,
}: {
  actions: RowActions;
  open: boolean;
  onClose(): void;
  connectionId: string;
  lines: MatchedLine[];
  canWrite: boolean;
}) {
  const { t } = useTranslation("bank-connections");
  const language = useLanguage();
  const { post, busyId } = actions;
  const day = (date: string) => formatDate(date, language, { style: "dayMonth" });
  const money = (line: MatchedLine, amount: string) =>
    formatAmountText(amount as `${number}`, line.currency as CurrencyCode, language);
  return (
    <Dialog open={open} onOpenChange={(isOpen) => (isOpen ? null : onClose())}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t("matched.title")}</DialogTitle>
          <DialogDescription>{t("matched.description")}</DialogDescription>
        </DialogHeader>
        {lines.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("matched.empty")}</p>
        ) : (
          <ul className="grid max-h-[60vh] gap-2 overflow-y-auto">
            {lines.map((line) => (
              <li
                key={line.uuid}
                className="grid gap-2 rounded-lg border p-3 text-sm sm:grid-cols-[1fr_auto] sm:items-center"
              >
                <div className="grid gap-0.5">
                  <p>
                    <span className="text-muted-foreground">{t("matched.bank")}</span> {day(line.date)} ·{" "}
                    {line.description} · <span className="tabular-nums">{money(line, line.amount)}</span>
                  </p>
                  <p>
                    <span className="text-muted-foreground">{t("matched.yours")}</span> {day(line.transaction.date)} ·{" "}
                    {line.transaction.description} ·{" "}
                    <span className="tabular-nums">{money(line, line.transaction.amount)}</span>
                  </p>
                </div>
                {canWrite ? (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={busyId === connectionId}
                    onClick={() => post("undo-match", connectionId, { line: line.uuid })}
                  >
                    {t("matched.undo")}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
