import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { FieldMessages } from "~/components/ui/field-error";
import { nativeSelectClassName } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";
import type { ActionResult } from "~/lib/action-result";
import { useSettingsToast } from "~/lib/result-toasts";
import { submitAtOnce } from "~/lib/submit-at-once";
import { reminderChannels, reminderKinds } from "../../../db/reminder-enums";
import type { ReminderSettingsResponse } from "../../../worker/reminders/reminders.responses";
import { isQuietHour } from "../../../worker/reminders/reminder-hours";
import { loadedWhenIdle } from "~/components/ui/opened-later";

const PushDeviceSwitch = loadedWhenIdle(() => import("./push-device-switch").then((module) => module.PushDeviceSwitch));

const hours = Array.from({ length: 24 }, (_, hour) => hour);
const weekdays = [1, 2, 3, 4, 5, 6, 0];

/**
 * What the person is told, where and when (README: "Reminders"): the hour, the weekly summary's day, the
 * time zone (each workspace's own unless they pick theirs), and every kind on or off per channel.
 */
export function ReminderSettingsForm({ reminders }: { reminders: ReminderSettingsResponse }) {
  const { t, i18n } = useTranslation("user-settings");
  const fetcher = useFetcher<ActionResult>();
  useSettingsToast(fetcher.data, "user-settings:reminders.saved");
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : undefined;
  const { settings, reachable } = reminders;
  const [isNightAllowed, setIsNightAllowed] = useState(settings.night_allowed);
  const [browserZone, setBrowserZone] = useState<string | null>(null);
  useEffect(() => setBrowserZone(Intl.DateTimeFormat().resolvedOptions().timeZone), []);
  const zones = [...new Set([settings.time_zone, browserZone].filter((zone): zone is string => zone !== null))];
  const hourText = (hour: number) => `${String(hour).padStart(2, "0")}:00`;
  const dayName = (day: number) =>
    new Intl.DateTimeFormat(i18n.language, { weekday: "long", timeZone: "UTC" }).format(
      new Date(Date.UTC(2026, 10, 1 + day)),
    );
  /** In the app and e-mail reach everyone; WhatsApp and notifications say when they cannot. */
  const channelHint = (channel: (typeof reminderChannels)[number]) =>
    reachable[channel] || (channel !== "whatsapp" && channel !== "push")
      ? undefined
      : t(`reminders.unreachable.${channel}`);

  return (
    <Card id="reminders" className="scroll-mt-20">
      <CardHeader>
        <CardTitle>{t("reminders.title")}</CardTitle>
        <CardDescription>{t("reminders.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form onSubmit={submitAtOnce(fetcher)} method="post" noValidate className="grid gap-5">
          <input type="hidden" name="intent" value="update-reminders" />
          <div className="grid gap-4 sm:grid-cols-3">
            <div className="grid gap-2">
              <Label htmlFor="reminders-hour">{t("reminders.hour")}</Label>
              <select
                id="reminders-hour"
                name="hour"
                defaultValue={settings.hour}
                className={nativeSelectClassName}
                aria-invalid={errors?.hour ? true : undefined}
                aria-describedby={errors?.hour ? "reminders-hour-error" : undefined}
              >
                {hours
                  .filter((hour) => isNightAllowed || !isQuietHour(hour) || hour === settings.hour)
                  .map((hour) => (
                    <option key={hour} value={hour}>
                      {hourText(hour)}
                    </option>
                  ))}
              </select>
              <FieldMessages id="reminders-hour-error" messages={errors?.hour} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="reminders-weekly-day">{t("reminders.weeklyDay")}</Label>
              <select
                id="reminders-weekly-day"
                name="weekly_day"
                defaultValue={settings.weekly_day}
                className={nativeSelectClassName}
              >
                {weekdays.map((day) => (
                  <option key={day} value={day}>
                    {dayName(day)}
                  </option>
                ))}
              </select>
            </div>
            <div className="grid gap-2">
              <Label htmlFor="reminders-time-zone">{t("reminders.timeZone")}</Label>
              <select
                id="reminders-time-zone"
                name="time_zone"
                defaultValue={settings.time_zone ?? ""}
                className={nativeSelectClassName}
                aria-invalid={errors?.time_zone ? true : undefined}
              >
                <option value="">{t("reminders.workspaceZone")}</option>
                {zones.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replaceAll("_", " ")}
                  </option>
                ))}
              </select>
              <FieldMessages id="reminders-time-zone-error" messages={errors?.time_zone} />
            </div>
          </div>
          <div className="flex items-center justify-between gap-4 rounded-lg border p-3">
            <div className="grid gap-1">
              <Label htmlFor="reminders-night">{t("reminders.night")}</Label>
              <p id="reminders-night-hint" className="text-xs text-muted-foreground">
                {t("reminders.nightHint")}
              </p>
            </div>
            <Switch
              id="reminders-night"
              name="night_allowed"
              value="on"
              checked={isNightAllowed}
              onCheckedChange={setIsNightAllowed}
              aria-describedby="reminders-night-hint"
            />
          </div>
          {/* Its code and the browser's state arrive once the page is live; the box keeps its place. */}
          <div className="min-h-[66px]">
            <PushDeviceSwitch />
          </div>
          <table className="w-full text-sm">
            <caption className="sr-only">{t("reminders.tableCaption")}</caption>
            {/* On a phone each reminder is its name, then its channels named beside their boxes. */}
            <thead className="hidden sm:table-header-group">
              <tr className="border-b text-left text-xs text-muted-foreground">
                <th scope="col" className="py-2 pr-2 font-medium">
                  {t("reminders.kind")}
                </th>
                {reminderChannels.map((channel) => (
                  <th key={channel} scope="col" className="w-16 px-1 py-2 text-center font-medium sm:w-28">
                    {t(`reminders.channels.${channel}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {reminderKinds.map((kind) => (
                <tr key={kind} className="grid grid-cols-2 gap-x-4 border-b last:border-0 sm:table-row">
                  <th scope="row" className="col-span-full py-2.5 pr-2 text-left font-normal">
                    {t(`reminders.kinds.${kind}`)}
                  </th>
                  {reminderChannels.map((channel) => (
                    <td key={channel} className="px-1 py-2.5 sm:text-center">
                      {/* A channel that cannot reach the person keeps its choice when the rest is saved. */}
                      {!reachable[channel] && settings.channels[kind][channel] ? (
                        <input type="hidden" name={`channel:${kind}:${channel}`} value="on" />
                      ) : null}
                      <span className="inline-flex items-center gap-2">
                        <Checkbox
                          id={`reminder-${kind}-${channel}`}
                          name={`channel:${kind}:${channel}`}
                          value="on"
                          defaultChecked={settings.channels[kind][channel] && reachable[channel]}
                          disabled={!reachable[channel]}
                          aria-label={t("reminders.toggle", {
                            kind: t(`reminders.kinds.${kind}`),
                            channel: t(`reminders.channels.${channel}`),
                          })}
                          title={channelHint(channel)}
                        />
                        {/* Its box already says the reminder and the channel; this names it for the eye on a phone. */}
                        <label
                          htmlFor={`reminder-${kind}-${channel}`}
                          className="text-xs text-muted-foreground sm:hidden"
                          aria-hidden
                        >
                          {t(`reminders.channels.${channel}`)}
                        </label>
                      </span>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {(["whatsapp", "push"] as const).map((channel) =>
            channelHint(channel) ? (
              <p key={channel} className="text-xs text-muted-foreground">
                {channelHint(channel)}
              </p>
            ) : null,
          )}
          <div className="flex justify-end">
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              {t("reminders.save")}
            </Button>
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
