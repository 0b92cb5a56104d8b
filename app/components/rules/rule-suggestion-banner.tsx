import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { toast } from "~/components/ui/toast-store";
import type { PendingSuggestion } from "../../../worker/rules/rule-suggestions.service";
import { rulesApi } from "./rules-api";

/**
 * "Always tag Uber as Transporte?": offered once a person re-tagged a payee's transactions the same way
 * twice (README: "Rules"). Either answer is final: the rule is made, or the offer is not made again.
 */
export function RuleSuggestionBanner({
  workspaceId,
  suggestion,
}: {
  workspaceId: string;
  suggestion: PendingSuggestion;
}) {
  const { t } = useTranslation("rules");
  const revalidator = useRevalidator();
  const [isBusy, setIsBusy] = useState(false);
  const payee = suggestion.payee.name;
  const tags = suggestion.tags.map((tag) => tag.name).join(t("suggestion.and"));
  const answer = async (accept: boolean) => {
    setIsBusy(true);
    try {
      await rulesApi(workspaceId).answerSuggestion({
        payee_id: suggestion.payee.uuid,
        tag_ids: suggestion.tags.map((tag) => tag.uuid),
        accept,
      });
      if (accept) toast.success(t("suggestion.created", { payee, tags }));
      await revalidator.revalidate();
    } catch (failure) {
      toast.error((failure as Error).message);
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <section
      aria-labelledby="rule-suggestion-question"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-primary/25 bg-primary/5 p-4"
    >
      <div className="flex min-w-0 items-start gap-3">
        <Icon name="sliders-horizontal" className="mt-0.5 shrink-0 text-primary" />
        <div className="min-w-0">
          <h2 id="rule-suggestion-question" className="font-medium text-foreground">
            {t("suggestion.question", { payee, tags })}
          </h2>
          <p className="text-sm text-muted-foreground">{t("suggestion.because", { payee, count: suggestion.times })}</p>
        </div>
      </div>
      <div className="flex gap-2">
        <Button variant="outline" disabled={isBusy} onClick={() => answer(false)}>
          {t("suggestion.decline")}
        </Button>
        <Button disabled={isBusy} onClick={() => answer(true)}>
          {t("suggestion.accept")}
        </Button>
      </div>
    </section>
  );
}
