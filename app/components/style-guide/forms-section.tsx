import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { DateField } from "~/components/ui/date-field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectSeparator,
  SelectTrigger,
  SelectValue,
} from "~/components/ui/select";
import { Switch } from "~/components/ui/switch";
import { Textarea } from "~/components/ui/textarea";
import { toast } from "~/components/ui/toast";
import { spendingByCategory } from "./demo-data";
import { Section, Specimen } from "./section";

const accounts = ["nubank", "itau"] as const;
const cards = ["itauPlatinum"] as const;

export function FormsSection() {
  const { t } = useTranslation("style-guide");
  const id = useId();
  const [isRepeating, setIsRepeating] = useState(false);

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    toast.success(t("forms.savedToast"));
  }

  return (
    <Section id="forms" title={t("sections.forms.title")} description={t("sections.forms.description")}>
      <div className="grid gap-4 lg:grid-cols-[1fr_20rem]">
        <Card>
          <CardHeader>
            <CardTitle>{t("forms.title")}</CardTitle>
            <CardDescription>{t("forms.description")}</CardDescription>
          </CardHeader>
          <form onSubmit={save} className="contents">
            <CardContent className="grid gap-5 sm:grid-cols-2">
              <div className="grid gap-2 sm:col-span-2">
                <Label htmlFor={`${id}-description`}>{t("forms.descriptionLabel")}</Label>
                <Input
                  id={`${id}-description`}
                  name="description"
                  placeholder={t("forms.descriptionPlaceholder")}
                  maxLength={100}
                />
              </div>
              <div className="grid gap-2">
                <Label htmlFor={`${id}-amount`}>{t("forms.amountLabel")}</Label>
                <div className="relative">
                  <span
                    className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground"
                    aria-hidden
                  >
                    R$
                  </span>
                  <Input
                    id={`${id}-amount`}
                    name="amount"
                    inputMode="decimal"
                    placeholder={t("forms.amountPlaceholder")}
                    className="pl-10 tabular"
                  />
                </div>
              </div>
              <div className="grid gap-2">
                <Label htmlFor={`${id}-date`}>{t("forms.dateLabel")}</Label>
                <DateField id={`${id}-date`} name="date" defaultValue="2025-06-15" />
              </div>
              <div className="grid gap-2">
                <Label htmlFor={`${id}-category`}>{t("forms.categoryLabel")}</Label>
                <Select name="category">
                  <SelectTrigger id={`${id}-category`}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {spendingByCategory.map(({ key }) => (
                      <SelectItem key={key} value={key}>
                        {t(`categories.${key}`)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
              <div className="grid gap-2">
                <Label htmlFor={`${id}-source`}>{t("forms.sourceLabel")}</Label>
                <Select name="source" defaultValue="nubank">
                  <SelectTrigger id={`${id}-source`}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectGroup>
                      <SelectLabel>{t("forms.accountsGroup")}</SelectLabel>
                      {accounts.map((key) => (
                        <SelectItem key={key} value={key}>
                          {t(`forms.accounts.${key}`)}
                        </SelectItem>
                      ))}
                    </SelectGroup>
                    <SelectSeparator />
                    <SelectGroup>
                      <SelectLabel>{t("forms.cardsGroup")}</SelectLabel>
                      {cards.map((key) => (
                        <SelectItem key={key} value={key}>
                          {t(`forms.cards.${key}`)}
                        </SelectItem>
                      ))}
                    </SelectGroup>
                  </SelectContent>
                </Select>
              </div>
              <div className="grid gap-2 sm:col-span-2">
                <Label htmlFor={`${id}-notes`}>{t("forms.notesLabel")}</Label>
                <Textarea id={`${id}-notes`} name="notes" placeholder={t("forms.notesPlaceholder")} />
              </div>
              <div className="flex items-start gap-3 sm:col-span-2">
                <Checkbox id={`${id}-paid`} name="paid" defaultChecked className="mt-0.5" />
                <div className="grid gap-1">
                  <Label htmlFor={`${id}-paid`}>{t("forms.paidLabel")}</Label>
                  <p className="text-sm text-muted-foreground">{t("forms.paidHint")}</p>
                </div>
              </div>
              <div className="flex items-start justify-between gap-4 rounded-lg border bg-muted/50 p-4 sm:col-span-2">
                <div className="grid gap-1">
                  <Label htmlFor={`${id}-repeat`}>{t("forms.repeatLabel")}</Label>
                  <p className="text-sm text-muted-foreground">
                    {isRepeating ? t("forms.repeatOn") : t("forms.repeatOff")}
                  </p>
                </div>
                <Switch id={`${id}-repeat`} name="repeat" checked={isRepeating} onCheckedChange={setIsRepeating} />
              </div>
            </CardContent>
            <CardFooter className="justify-end border-t">
              <Button variant="ghost" type="reset">
                {t("common:actions.cancel")}
              </Button>
              <Button type="submit">{t("forms.submit")}</Button>
            </CardFooter>
          </form>
        </Card>
        <div className="grid content-start gap-4">
          <Specimen label={t("forms.validationLabel")}>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-invalid`}>{t("forms.amountLabel")}</Label>
              <Input
                id={`${id}-invalid`}
                defaultValue={t("forms.amountPlaceholder")}
                aria-invalid
                aria-describedby={`${id}-invalid-error`}
                className="tabular"
              />
              <p id={`${id}-invalid-error`} className="text-sm text-destructive">
                {t("forms.amountError")}
              </p>
            </div>
          </Specimen>
          <Specimen label={t("forms.disabledLabel")}>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-currency`}>{t("forms.currencyLabel")}</Label>
              <Input id={`${id}-currency`} value="BRL" disabled readOnly aria-describedby={`${id}-currency-hint`} />
              <p id={`${id}-currency-hint`} className="text-sm text-muted-foreground">
                {t("forms.currencyHint")}
              </p>
            </div>
          </Specimen>
          <Specimen label={t("forms.checkboxStatesLabel")}>
            <div className="grid gap-3">
              {(["unchecked", "checked", "indeterminate"] as const).map((state) => (
                <div key={state} className="flex items-center gap-3">
                  <Checkbox
                    id={`${id}-${state}`}
                    defaultChecked={state === "unchecked" ? false : state === "checked" ? true : "indeterminate"}
                  />
                  <Label htmlFor={`${id}-${state}`} className="font-normal">
                    {t(`forms.checkboxStates.${state}`)}
                  </Label>
                </div>
              ))}
            </div>
          </Specimen>
        </div>
      </div>
    </Section>
  );
}
