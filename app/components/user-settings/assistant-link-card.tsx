import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher, useRevalidator } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import { failureText, useSettingsToast } from "~/lib/result-toasts";
import { plans } from "~/lib/pricing";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { toast } from "~/components/ui/toast";
import { formatDate, formatMoney } from "~/lib/format";
import { useLanguage } from "~/lib/use-language";
import { renderedWhenNeeded } from "~/components/ui/opened-later";
import type { AssistantStatus, LinkCodeResponse } from "../../../worker/assistant/link-code";

const LinkCodePanel = renderedWhenNeeded(() =>
  import("./assistant-link-code-panel").then((module) => module.LinkCodePanel),
);

/** What the settings action answers for "create-link-code": the code to show, or why not. */
export type LinkCodeResult = { intent: "create-link-code"; ok: true; linkCode: LinkCodeResponse } | ActionResult;

/** How often the page asks whether the message arrived while a code is shown. */
const checkEveryMs = 4000;

/** The assistant's link to a phone, above its settings: upgrade, link with a code, or unlink. */
export function AssistantLinkCard({ assistant }: { assistant: AssistantStatus }) {
  const { t } = useTranslation("user-settings");
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("assistant.title")}</CardTitle>
        <CardDescription>{t("assistant.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {!assistant.available ? (
          <UpgradeNote />
        ) : assistant.linked ? (
          <LinkedPhone assistant={assistant} />
        ) : (
          <LinkWithCode isCodeBurned={assistant.link_code_burned} />
        )}
      </CardContent>
    </Card>
  );
}

function UpgradeNote() {
  const { t } = useTranslation("user-settings");
  const language = useLanguage();
  const unlimited = plans.find((plan) => plan.key === "unlimited")!;
  return (
    <div className="grid gap-3 rounded-lg border border-dashed border-accent-200 bg-accent-50 p-4">
      <p className="flex items-center gap-2 text-sm font-semibold text-foreground">
        <Icon name="lock" className="size-4 text-accent-text" />
        {t("assistant.upgradeTitle")}
      </p>
      <p className="text-sm text-foreground">
        {t("assistant.upgradeBody", { price: formatMoney(unlimited.monthlyCents, "BRL", language) })}
      </p>
      <Button variant="outline" size="sm" className="justify-self-start" asChild>
        <Link to="/#planos">{t("assistant.seePlans")}</Link>
      </Button>
    </div>
  );
}

function LinkedPhone({ assistant }: { assistant: AssistantStatus }) {
  const { t } = useTranslation("user-settings");
  const language = useLanguage();
  const fetcher = useFetcher<ActionResult>();
  useSettingsToast(fetcher.data, "user-settings:assistant.unlinked");
  return (
    <fetcher.Form method="post" className="grid gap-4 sm:flex sm:items-center sm:justify-between">
      <input type="hidden" name="intent" value="unlink-phone" />
      <div className="grid gap-1">
        <p className="flex items-center gap-2 font-medium text-foreground">
          <Icon name="circle-check" className="size-5 text-success" />
          {t("assistant.linkedTo", { phone: assistant.phone_masked })}
        </p>
        {assistant.linked_at ? (
          <p className="text-sm text-muted-foreground">
            {t("assistant.linkedSince", { date: formatDate(assistant.linked_at, language, { style: "long" }) })}
          </p>
        ) : null}
      </div>
      <div className="grid gap-1 sm:justify-items-end">
        <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"} aria-describedby="unlink-hint">
          {t("assistant.unlink")}
        </Button>
        <p id="unlink-hint" className="text-xs text-muted-foreground">
          {t("assistant.unlinkHint")}
        </p>
      </div>
    </fetcher.Form>
  );
}

/** Seconds left until `expiresAt`, ticking once a second while a code is shown. */
function useSecondsLeft(expiresAt: string | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expiresAt) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return expiresAt ? Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000)) : 0;
}

/** `isCodeBurned`: the shown code stopped working after too many wrong tries (the profile says so as the page asks). */
function LinkWithCode({ isCodeBurned }: { isCodeBurned: boolean }) {
  const { t, i18n } = useTranslation("user-settings");
  const fetcher = useFetcher<LinkCodeResult>();
  const revalidator = useRevalidator();
  const result = fetcher.data;
  const linkCode = result?.ok && "linkCode" in result ? result.linkCode : undefined;
  const secondsLeft = useSecondsLeft(linkCode?.expires_at);
  const isLive = linkCode !== undefined && secondsLeft > 0 && !isCodeBurned;

  useEffect(() => {
    if (!result || result.ok) return;
    const { title, detail } = failureText(result, "user-settings", i18n, "assistant.codeFailed");
    toast.error(title, detail);
  }, [result, i18n]);

  // While a code is live, ask every few seconds whether its message arrived; the page then shows the phone.
  useEffect(() => {
    if (!isLive) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle" && document.visibilityState === "visible") void revalidator.revalidate();
    }, checkEveryMs);
    return () => clearInterval(timer);
  }, [isLive, revalidator]);

  const busy = fetcher.state !== "idle";
  const newCodeButton = (label: string) => (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="create-link-code" />
      <Button type="submit" disabled={busy}>
        {label}
      </Button>
    </fetcher.Form>
  );
  if (!linkCode)
    return (
      <div className="grid gap-3">
        <p className="text-sm text-foreground">{t("assistant.howToLink")}</p>
        <div>{newCodeButton(t("assistant.link"))}</div>
      </div>
    );
  return (
    <LinkCodePanel
      linkCode={linkCode}
      secondsLeft={secondsLeft}
      isBurned={isCodeBurned}
      newCode={newCodeButton(t("assistant.newCode"))}
      checking={revalidator.state !== "idle"}
      checkAgain={() => void revalidator.revalidate()}
    />
  );
}
