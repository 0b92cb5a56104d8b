import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { FieldError, invalidProps, useFieldMessage } from "~/components/ui/field-error";
import { Icon } from "~/components/ui/icon";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import type { ActionResult } from "~/lib/action-result";
import { useIntentToast } from "~/lib/result-toasts";
import { pluggyWidget } from "../../../worker/bank-connections/pluggy-widget";

export type Availability = { pluggy: boolean; simplefin: boolean; sandbox: boolean };

type TokenAnswer = ActionResult | { intent: "connect-token"; ok: true; token: string };

declare global {
  interface Window {
    PluggyConnect?: new (options: {
      connectToken: string;
      onSuccess(data: { item: { id: string } }): void;
      onError(error: unknown): void;
    }) => { init(): Promise<void> };
  }
}

/** Pluggy's Connect widget's script, loaded once, on the first click that needs it. */
function loadPluggyWidget(): Promise<void> {
  if (window.PluggyConnect) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = pluggyWidget.script;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error("Pluggy Connect did not load"));
    document.head.append(script);
  });
}

/**
 * Opens Pluggy's widget with a connect token from the page's action (`connectionId`: to sign in again to
 * that connection's bank), and hands the item it makes back to the action.
 */
export function usePluggyWidget(connectionId?: string) {
  const tokens = useFetcher<TokenAnswer>();
  const items = useFetcher<ActionResult>();
  const [widgetFailed, setWidgetFailed] = useState(false);
  useIntentToast(tokens.data && !tokens.data.ok ? tokens.data : undefined, "bank-connections");
  useIntentToast(items.data, "bank-connections");
  const token = tokens.data && "token" in tokens.data ? tokens.data.token : null;
  // One widget per token the action answered.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new token opens a new widget, nothing else does
  useEffect(() => {
    if (!token) return;
    setWidgetFailed(false);
    loadPluggyWidget()
      .then(() =>
        new window.PluggyConnect!({
          connectToken: token,
          onSuccess: ({ item }) =>
            items.submit({ intent: "connect-pluggy", item_id: item.id }, { method: "post", flushSync: true }),
          onError: () => setWidgetFailed(true),
        }).init(),
      )
      .catch(() => setWidgetFailed(true));
  }, [token]);
  return {
    open: () =>
      tokens.submit(connectionId ? { intent: "connect-token", id: connectionId } : { intent: "connect-token" }, {
        method: "post",
        flushSync: true,
      }),
    isBusy: tokens.state !== "idle" || items.state !== "idle",
    widgetFailed,
  };
}

/** The ways to connect this server offers; with no bank connected yet, what connecting does. */
export function ConnectPanel({ availability, isFirst }: { availability: Availability; isFirst: boolean }) {
  const { t } = useTranslation("bank-connections");
  const [dialog, setDialog] = useState<"sandbox" | "simplefin" | null>(null);
  const widget = usePluggyWidget();
  return (
    <section
      aria-labelledby="bank-connect-heading"
      className="grid gap-4 rounded-2xl border bg-card p-6 shadow-xs sm:grid-cols-[1fr_auto] sm:items-center"
    >
      <div>
        <h2 id="bank-connect-heading" className="text-lg font-semibold">
          {isFirst ? t("empty.title") : t("connect.title")}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{isFirst ? t("empty.body") : t("connect.body")}</p>
        {widget.widgetFailed ? <p className="mt-2 text-sm text-destructive">{t("connect.widgetFailed")}</p> : null}
      </div>
      <div className="grid gap-2 sm:items-stretch">
        {availability.pluggy ? (
          <Button
            className="h-auto min-h-10 whitespace-normal"
            onClick={() => (availability.sandbox ? setDialog("sandbox") : widget.open())}
            disabled={widget.isBusy}
          >
            <Icon name={widget.isBusy ? "loader-circle" : "landmark"} className={widget.isBusy ? "animate-spin" : ""} />
            {t("connect.pluggy")}
          </Button>
        ) : null}
        {availability.simplefin ? (
          <Button
            variant="outline"
            className="h-auto min-h-10 whitespace-normal"
            onClick={() => setDialog("simplefin")}
          >
            <Icon name="plus" />
            {t("connect.simplefin")}
          </Button>
        ) : null}
      </div>
      <Dialog open={dialog !== null} onOpenChange={(open) => (open ? null : setDialog(null))}>
        <DialogContent>
          {dialog ? (
            <DialogHeader>
              <DialogTitle>{t(`${dialog}.title`)}</DialogTitle>
              <DialogDescription>{t(`${dialog}.description`)}</DialogDescription>
            </DialogHeader>
          ) : null}
          {dialog === "sandbox" ? <SandboxForm onDone={() => setDialog(null)} /> : null}
          {dialog === "simplefin" ? <SimplefinForm onDone={() => setDialog(null)} /> : null}
        </DialogContent>
      </Dialog>
    </section>
  );
}

/** A dialog's form posting one intent; closes once the action says it is done. */
function useDialogForm(onDone: () => void) {
  const fetcher = useFetcher<ActionResult>();
  const messageFor = useFieldMessage();
  useIntentToast(fetcher.data, "bank-connections");
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) onDone();
  }, [fetcher.state, fetcher.data, onDone]);
  const refusal = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  return {
    fetcher,
    isBusy: fetcher.state !== "idle",
    errorOf: (field: string) => messageFor(refusal?.fieldErrors?.[field]),
  };
}

/** Cancel, and the form's submit while it is on its way ("Connecting…"). */
function ConnectFooter({ onDone, isBusy, form }: { onDone(): void; isBusy: boolean; form: "sandbox" | "simplefin" }) {
  const { t } = useTranslation("bank-connections");
  return (
    <DialogFooter>
      <Button type="button" variant="ghost" onClick={onDone}>
        {t("common:actions.cancel")}
      </Button>
      <Button type="submit" disabled={isBusy}>
        {isBusy ? t(`${form}.connecting`) : t(`${form}.connect`)}
      </Button>
    </DialogFooter>
  );
}

/** The local stand-in's "widget": the sandbox bank's credentials, filled in. */
function SandboxForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation("bank-connections");
  const { fetcher, isBusy, errorOf } = useDialogForm(onDone);
  const passwordError = errorOf("password");
  return (
    <fetcher.Form method="post" className="grid gap-4">
      <input type="hidden" name="intent" value="connect-sandbox" />
      <div className="grid gap-2">
        <Label htmlFor="sandbox-user">{t("sandbox.user")}</Label>
        <Input id="sandbox-user" name="user" defaultValue="user-ok" autoComplete="off" />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="sandbox-password">{t("sandbox.password")}</Label>
        <Input
          id="sandbox-password"
          name="password"
          type="password"
          defaultValue="password-ok"
          autoComplete="off"
          {...invalidProps("sandbox-password-error", passwordError)}
        />
        <FieldError id="sandbox-password-error" message={passwordError} />
      </div>
      <ConnectFooter onDone={onDone} isBusy={isBusy} form="sandbox" />
    </fetcher.Form>
  );
}

/** SimpleFIN: the setup token made in the Bridge, pasted. */
function SimplefinForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation("bank-connections");
  const { fetcher, isBusy, errorOf } = useDialogForm(onDone);
  const tokenError = errorOf("setup_token");
  return (
    <fetcher.Form method="post" className="grid gap-4">
      <input type="hidden" name="intent" value="connect-simplefin" />
      <div className="grid gap-2">
        <Label htmlFor="simplefin-token">{t("simplefin.token")}</Label>
        <Textarea
          id="simplefin-token"
          name="setup_token"
          rows={4}
          autoComplete="off"
          spellCheck={false}
          className="font-mono text-xs sm:text-sm"
          {...invalidProps("simplefin-token-error", tokenError)}
        />
        <FieldError id="simplefin-token-error" message={tokenError} />
        <p className="text-xs text-muted-foreground">
          {t("simplefin.where")}{" "}
          <a
            className="underline underline-offset-2"
            href="https://bridge.simplefin.org/simplefin/create"
            target="_blank"
            rel="noreferrer"
          >
            bridge.simplefin.org
          </a>
        </p>
      </div>
      <ConnectFooter onDone={onDone} isBusy={isBusy} form="simplefin" />
    </fetcher.Form>
  );
}
