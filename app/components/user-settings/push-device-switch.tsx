import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { toast } from "~/components/ui/toast-store";
import { startOfflineApp } from "~/lib/service-worker-client";
import { base64UrlToBytes } from "../../../worker/push/web-push";

type DeviceState =
  | "checking"
  /** The browser has no push (or no service worker, as in development). */
  | "unsupported"
  /** The server has no VAPID keys: push is not set up here. */
  | "unavailable"
  /** The person blocked notifications for Moneta in this browser. */
  | "blocked"
  | "off"
  | "on";

type PushDevices = { public_key: string | null; devices: number };

async function readDevices(): Promise<PushDevices> {
  const response = await fetch("/api/profile/push-devices", { credentials: "same-origin" });
  if (!response.ok) throw new Error(`push devices: ${response.status}`);
  return ((await response.json()) as { data: PushDevices }).data;
}

async function workerRegistration() {
  startOfflineApp();
  return navigator.serviceWorker.ready;
}

/**
 * Reminders on this browser (README: "Reminders", the push channel): asks the browser's permission only when
 * the person turns them on here — never on a page's first load — then subscribes with the app's key and
 * hands the subscription to the server. Turning them off unsubscribes and tells the server to forget it.
 */
export function PushDeviceSwitch() {
  const { t } = useTranslation("user-settings");
  const { revalidate } = useRevalidator();
  const [state, setState] = useState<DeviceState>("checking");
  const [key, setKey] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  useEffect(() => {
    let isCurrent = true;
    const settle = (next: DeviceState) => isCurrent && setState(next);
    (async () => {
      if (
        !("serviceWorker" in navigator) ||
        !("PushManager" in window) ||
        !("Notification" in window) ||
        !import.meta.env.PROD
      )
        return settle("unsupported");
      const devices = await readDevices();
      if (!isCurrent) return;
      setKey(devices.public_key);
      if (!devices.public_key) return settle("unavailable");
      if (Notification.permission === "denied") return settle("blocked");
      const subscription = await (await workerRegistration()).pushManager.getSubscription();
      settle(subscription ? "on" : "off");
    })().catch(() => settle("unsupported"));
    return () => {
      isCurrent = false;
    };
  }, []);

  const turnOn = async () => {
    if (!key) return;
    setIsBusy(true);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        setState(permission === "denied" ? "blocked" : "off");
        return;
      }
      const registration = await workerRegistration();
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: base64UrlToBytes(key),
      });
      const saved = await fetch("/api/profile/push-devices", {
        method: "PUT",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(subscription.toJSON()),
      });
      if (!saved.ok) throw new Error(`saving the subscription: ${saved.status}`);
      setState("on");
      toast.success(t("reminders.device.turnedOn"));
      void revalidate();
    } catch {
      toast.error(t("reminders.device.failed"), t("reminders.device.failedDetail"));
    } finally {
      setIsBusy(false);
    }
  };

  const turnOff = async () => {
    setIsBusy(true);
    try {
      const subscription = await (await workerRegistration()).pushManager.getSubscription();
      if (subscription) {
        await fetch("/api/profile/push-devices/forget", {
          method: "POST",
          credentials: "same-origin",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ endpoint: subscription.endpoint }),
        });
        await subscription.unsubscribe();
      }
      setState("off");
      toast.success(t("reminders.device.turnedOff"));
      void revalidate();
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3">
      <div className="grid gap-1">
        <p className="text-sm font-medium">{t("reminders.device.title")}</p>
        <p id="push-device-status" className="text-xs text-muted-foreground" aria-live="polite">
          {state === "checking" ? "" : t(`reminders.device.${state}`)}
        </p>
      </div>
      {state === "off" || state === "on" ? (
        <Button
          type="button"
          variant={state === "off" ? "outline" : "ghost"}
          size="sm"
          disabled={isBusy}
          onClick={state === "off" ? turnOn : turnOff}
          aria-describedby="push-device-status"
        >
          {t(state === "off" ? "reminders.device.turnOn" : "reminders.device.turnOff")}
        </Button>
      ) : null}
    </div>
  );
}
