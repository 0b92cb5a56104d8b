import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { useFieldMessage } from "~/components/ui/field-error";
import { Avatar } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Icon } from "~/components/ui/icon";
import type { ActionResult } from "~/lib/action-result";
import { useSettingsToast } from "~/lib/result-toasts";
import type { Message } from "../../../worker/http/messages";
import {
  detectPictureType,
  maxPictureBytes,
  pictureSignatureBytes,
  pictureTypes,
} from "../../../worker/profile/picture.rules";

const errorId = "picture-error";

/**
 * Why the file cannot be a picture, by the rules the server applies (size, then the bytes' magic
 * number), so a wrong file is refused at once instead of after its upload; null when it may go.
 */
async function refusalOf(file: File): Promise<Message | null> {
  if (file.size === 0) return { key: "errors:fields.pictureMissing" };
  if (file.size > maxPictureBytes) return { key: "errors:fields.pictureTooLarge" };
  const head = new Uint8Array(await file.slice(0, pictureSignatureBytes).arrayBuffer());
  if (detectPictureType(head)) return null;
  // An image of a type we don't take (WebP, HEIC) is told so, rather than that it isn't an image.
  return { key: file.type.startsWith("image/") ? "user-settings:picture.wrongType" : "errors:fields.pictureType" };
}

/** Upload on choosing a file (checked here, and again on the server), or remove. */
export function PictureForm({ picture, name }: { picture: string | null; name: string }) {
  const { t } = useTranslation("user-settings");
  const messageFor = useFieldMessage();
  const fetcher = useFetcher<ActionResult>();
  const [refusal, setRefusal] = useState<Message | null>(null);
  const result = fetcher.data;
  const serverRefusal = result && !result.ok ? result.fieldErrors?.picture : undefined;
  // The server's refusal of the picture is shown at the field, not in a toast as well.
  useSettingsToast(
    serverRefusal ? undefined : result,
    result?.intent === "delete-picture" ? "user-settings:picture.removed" : "user-settings:picture.saved",
  );
  const isBusy = fetcher.state !== "idle";
  const error = isBusy ? undefined : messageFor(refusal ? [refusal] : serverRefusal);
  return (
    <Card>
      <CardContent className="flex flex-wrap items-center gap-5 pt-6">
        <Avatar name={name} picture={picture} alt="" size="lg" className="border bg-accent text-accent-foreground" />
        <div className="grid flex-1 gap-1">
          <p className="font-semibold text-foreground">{t("picture.title")}</p>
          <p className="text-sm text-muted-foreground">{t("picture.hint")}</p>
          {error ? (
            <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          ) : null}
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
                name="picture"
                accept={pictureTypes.join(",")}
                className="sr-only"
                aria-invalid={Boolean(error) || undefined}
                aria-describedby={error ? errorId : undefined}
                onChange={async (event) => {
                  const file = event.target.files?.[0];
                  event.target.value = "";
                  if (!file) return;
                  const refused = await refusalOf(file);
                  setRefusal(refused);
                  if (refused) return;
                  const form = new FormData();
                  form.set("intent", "upload-picture");
                  form.set("picture", file);
                  void fetcher.submit(form, { method: "post", encType: "multipart/form-data", flushSync: true });
                }}
              />
            </label>
          </Button>
          {picture ? (
            <Button
              variant="ghost"
              disabled={isBusy}
              onClick={() => {
                setRefusal(null);
                void fetcher.submit({ intent: "delete-picture" }, { method: "post", flushSync: true });
              }}
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
