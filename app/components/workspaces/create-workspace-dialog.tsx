import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { FormMessage } from "~/components/ui/form-message";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { BrowserTimeZoneField } from "./browser-time-zone-field";
import { SuggestedCategoriesField } from "./suggested-categories-field";
import { type Currency, currencies } from "../../../db/enums";
import { submitAtOnce } from "~/lib/submit-at-once";

export type CreateWorkspaceResult = { error?: "required" | "tooLong" | "limit" | "failed" };

type Props = {
  open: boolean;
  onOpenChange(open: boolean): void;
  hasBetaAccess: boolean;
  defaultCurrency: Currency;
};

/** Name, optional description, currency, suggested categories and — for people with beta access — beta features. */
export function CreateWorkspaceDialog({ open, onOpenChange, hasBetaAccess, defaultCurrency }: Props) {
  const { t } = useTranslation("workspaces");
  const fetcher = useFetcher<CreateWorkspaceResult>();
  const [name, setName] = useState("");
  const [currency, setCurrency] = useState(defaultCurrency);
  const isBusy = fetcher.state !== "idle";

  useEffect(() => {
    if (open) return;
    setName("");
    setCurrency(defaultCurrency);
  }, [open, defaultCurrency]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t("create.title")}</DialogTitle>
          <DialogDescription>{t("create.description")}</DialogDescription>
        </DialogHeader>
        <fetcher.Form onSubmit={submitAtOnce(fetcher)} method="post" className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value="create" />
          <BrowserTimeZoneField />
          <div className="grid gap-2">
            <Label htmlFor="workspace-name">{t("create.name")}</Label>
            <Input
              id="workspace-name"
              name="name"
              maxLength={100}
              required
              placeholder={t("create.namePlaceholder")}
              value={name}
              onChange={(event) => setName(event.target.value)}
              aria-invalid={fetcher.data?.error === "required" || fetcher.data?.error === "tooLong" || undefined}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="workspace-description">{t("create.details")}</Label>
            <Textarea
              id="workspace-description"
              name="description"
              maxLength={500}
              placeholder={t("create.detailsPlaceholder")}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="workspace-currency">{t("create.currency")}</Label>
            <Select name="currency" value={currency} onValueChange={(value) => setCurrency(value as Currency)}>
              <SelectTrigger id="workspace-currency">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {currencies.map((currency) => (
                  <SelectItem key={currency} value={currency}>
                    {t(`currencies.${currency}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <SuggestedCategoriesField currency={currency} />
          {hasBetaAccess ? (
            <div className="flex items-start gap-3 rounded-lg border bg-muted/40 p-3">
              <Checkbox id="workspace-beta" name="beta_features_enabled" value="on" />
              <div className="grid gap-1">
                <Label htmlFor="workspace-beta">{t("create.beta")}</Label>
                <p className="text-sm text-muted-foreground">{t("create.betaHint")}</p>
              </div>
            </div>
          ) : null}
          {fetcher.data?.error ? (
            <FormMessage tone="error">{t(`create.errors.${fetcher.data.error}`)}</FormMessage>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
              {t("common:actions.cancel")}
            </Button>
            <Button type="submit" disabled={isBusy || name.trim() === ""}>
              {isBusy ? t("create.submitting") : t("create.submit")}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
