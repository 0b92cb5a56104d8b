import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";

/** The toggle that turns the figures into a projection, and its horizon (kept in the address). */
export function VirtualBalanceToggle() {
  const { t } = useTranslation("dashboard");
  const [params, setParams] = useSearchParams();
  const id = useId();
  const isOn = params.get("virtual") === "1";
  return (
    <div className="flex items-center gap-3">
      <Switch
        id={id}
        checked={isOn}
        onCheckedChange={(checked) =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              if (checked) next.set("virtual", "1");
              else for (const key of ["virtual", "horizon", "end_date"]) next.delete(key);
              return next;
            },
            { preventScrollReset: true },
          )
        }
      />
      <Label htmlFor={id} className="text-sm font-medium">
        {t("virtual.toggle")}
      </Label>
    </div>
  );
}
