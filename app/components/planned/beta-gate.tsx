import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { formatMoney } from "~/lib/format";
import { plans } from "~/lib/pricing";
import { useLanguage } from "~/lib/use-language";

export type BetaGateProps = { ownerHasBeta: boolean; canTurnOn: boolean; isTurningOn: boolean; onTurnOn(): void };

/** Why the page cannot be used yet, and the way there: a beta plan, or the workspace's beta switch. */
export function BetaGate({ ownerHasBeta, canTurnOn, isTurningOn, onTurnOn }: BetaGateProps) {
  const { t } = useTranslation("planned");
  const language = useLanguage();
  const betaPlan = plans.find((plan) => plan.key === "beta")!;
  return (
    <section
      className="grid gap-4 rounded-2xl border border-accent-200 bg-accent-50 p-6 sm:grid-cols-[auto_1fr] sm:items-start"
      aria-labelledby="beta-gate-title"
    >
      <div className="grid size-12 place-items-center rounded-xl bg-card text-accent-text shadow-xs">
        <Icon name="sparkles" className="size-6" />
      </div>
      <div className="grid gap-2">
        <h2 id="beta-gate-title" className="text-lg font-semibold text-foreground">
          {t(ownerHasBeta ? "gate.offTitle" : "gate.title")}
        </h2>
        <p className="text-sm text-foreground">
          {ownerHasBeta
            ? t(canTurnOn ? "gate.offBody" : "gate.offBodyAskOwner")
            : t("gate.body", { price: formatMoney(betaPlan.monthlyCents, "BRL", language) })}
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          {ownerHasBeta && canTurnOn ? (
            <Button variant="accent" onClick={onTurnOn} disabled={isTurningOn}>
              {isTurningOn ? t("gate.turningOn") : t("gate.turnOn")}
            </Button>
          ) : null}
          {ownerHasBeta ? null : (
            <Button variant="accent" asChild>
              <Link to="/#planos">{t("gate.seePlans")}</Link>
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}
