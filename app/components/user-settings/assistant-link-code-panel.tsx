import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { useLanguage } from "~/lib/use-language";
import { digitsOf, type LinkCodeResponse, linkMessageOf } from "../../../worker/assistant/link-code";

/**
 * The link code shown after "Link my phone" (./assistant-link-card.tsx): the message to send, its countdown,
 * a new code, and checking whether it arrived. Its code loads when it is first shown.
 */
export function LinkCodePanel({
  linkCode,
  secondsLeft,
  isBurned,
  newCode,
  checking,
  checkAgain,
}: {
  linkCode: LinkCodeResponse;
  secondsLeft: number;
  isBurned: boolean;
  newCode: ReactNode;
  checking: boolean;
  checkAgain: () => void;
}) {
  const { t } = useTranslation("user-settings");
  const language = useLanguage();
  const message = linkMessageOf(linkCode.code, language);
  const number = linkCode.whatsapp_number;
  const whatsappLink = number ? `https://wa.me/${digitsOf(number)}?text=${encodeURIComponent(message)}` : undefined;
  if (secondsLeft === 0 || isBurned)
    return (
      <div className="grid gap-3">
        <p className="text-sm text-foreground" role="status">
          {t(isBurned ? "assistant.burned" : "assistant.expired")}
        </p>
        <div>{newCode}</div>
      </div>
    );
  const minutes = Math.floor(secondsLeft / 60);
  const seconds = String(secondsLeft % 60).padStart(2, "0");
  return (
    <div className="grid gap-4" data-testid="link-code">
      <div className="grid gap-1">
        <p className="text-sm text-muted-foreground">{t("assistant.yourCode")}</p>
        <p className="font-mono text-4xl font-bold tracking-[0.25em] text-foreground" data-link-code={linkCode.code}>
          {linkCode.code}
        </p>
      </div>
      <p className="text-base text-foreground">
        {number ? t("assistant.sendTo", { message, number }) : t("assistant.sendToAssistant", { message })}
      </p>
      <p className="text-sm text-muted-foreground" aria-live="off">
        {t("assistant.timeLeft", { time: `${minutes}:${seconds}` })}
      </p>
      <div className="flex flex-wrap gap-2">
        {whatsappLink ? (
          <Button asChild>
            <a href={whatsappLink} target="_blank" rel="noopener noreferrer">
              {t("assistant.openWhatsapp")}
            </a>
          </Button>
        ) : null}
        <Button type="button" variant="outline" onClick={checkAgain} disabled={checking}>
          {t("assistant.checkAgain")}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">{t("assistant.checking")}</p>
    </div>
  );
}
