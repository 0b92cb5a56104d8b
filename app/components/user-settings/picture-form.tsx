import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import { toast } from "~/components/ui/toast";
import { useResultToast, type SettingsResult } from "~/components/workspace-settings/settings-result";

const maxPictureBytes = 2 * 1024 * 1024;

/** Upload on choosing a file (checked for size here, for content on the server), or remove. */
export function PictureForm({ picture, initial }: { picture: string | null; initial: string }) {
  const { t } = useTranslation("user-settings");
  const fetcher = useFetcher<SettingsResult>();
  useResultToast(
    fetcher.data,
    fetcher.data?.intent === "delete-picture" ? "user-settings:picture.removed" : "user-settings:picture.saved",
  );
  const isBusy = fetcher.state !== "idle";
  return (
    <Card>
      <CardContent className="flex flex-wrap items-center gap-5 pt-6">
        {picture ? (
          <img src={picture} alt="" width={72} height={72} className="size-18 rounded-full border object-cover" />
        ) : (
          <span
            aria-hidden
            className="grid size-18 place-items-center rounded-full bg-accent text-2xl font-semibold text-accent-foreground"
          >
            {initial}
          </span>
        )}
        <div className="grid flex-1 gap-1">
          <p className="font-semibold text-foreground">{t("picture.title")}</p>
          <p className="text-sm text-muted-foreground">{t("picture.hint")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" asChild disabled={isBusy}>
            <label className="cursor-pointer">
              <Icon name="image-up" />
              {isBusy && fetcher.formData?.get("intent") === "upload-picture"
                ? t("picture.uploading")
                : t("picture.choose")}
              <input
                type="file"
                accept="image/jpeg,image/png,image/gif"
                className="sr-only"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = "";
                  if (!file) return;
                  if (file.size >= maxPictureBytes) return void toast.error(t("picture.tooLarge"));
                  const form = new FormData();
                  form.set("intent", "upload-picture");
                  form.set("picture", file);
                  void fetcher.submit(form, { method: "post", encType: "multipart/form-data" });
                }}
              />
            </label>
          </Button>
          {picture ? (
            <Button
              variant="ghost"
              disabled={isBusy}
              onClick={() => fetcher.submit({ intent: "delete-picture" }, { method: "post" })}
            >
              <Icon name="trash" />
              {t("picture.remove")}
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
