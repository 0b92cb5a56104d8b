import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notifications, reminderSettings } from "../../../db/schema/index.ts";
import { unsubscribeLinks } from "../../../worker/reminders/unsubscribe-link.ts";
import { signInAs } from "../../support/sessions.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { snapshotDatabase, workspaceWithTeam } from "../../support/workspaces.ts";

const everyKindDefault = {
  statement_closing: { in_app: true, email: false, whatsapp: false, push: false },
  statement_due: { in_app: true, email: true, whatsapp: false, push: true },
  statement_paid: { in_app: true, email: false, whatsapp: false, push: false },
  planned_due: { in_app: true, email: false, whatsapp: false, push: true },
  budget: { in_app: true, email: false, whatsapp: false, push: true },
  goal_reached: { in_app: true, email: false, whatsapp: false, push: false },
  balance_negative: { in_app: true, email: false, whatsapp: false, push: true },
  bank_attention: { in_app: true, email: false, whatsapp: false, push: true },
  weekly_summary: { in_app: true, email: true, whatsapp: false, push: false },
};

describe("reminder settings", () => {
  it("start from the defaults, save whole, and refuse a night hour unless allowed, and an unknown zone", async () => {
    const t = await createTestApp();
    const person = await signInAs(t);
    const read = await (await t.request("/api/profile/reminders", { token: person.token })).json();
    expect(read.data).toEqual({
      settings: { hour: 8, weekly_day: 1, time_zone: null, night_allowed: false, channels: everyKindDefault },
      reachable: { in_app: true, email: true, whatsapp: false, push: false },
    });
    const settings = {
      hour: 23,
      weekly_day: 0,
      time_zone: "America/Sao_Paulo",
      night_allowed: false,
      channels: { ...everyKindDefault, weekly_summary: { in_app: true, email: false, whatsapp: false, push: false } },
    };
    const before = await snapshotDatabase(t.db);
    const night = await t.request("/api/profile/reminders", { method: "PUT", token: person.token, json: settings });
    expect(night.status).toBe(422);
    expect((await night.json()).errors).toEqual({
      hour: ["Choose an hour from 07:00 to 21:00, or allow reminders at night"],
    });
    const zone = await t.request("/api/profile/reminders", {
      method: "PUT",
      token: person.token,
      json: { ...settings, hour: 9, time_zone: "Mars/Olympus" },
    });
    expect((await zone.json()).errors).toEqual({ time_zone: ["Choose a valid time zone"] });
    expect(await snapshotDatabase(t.db)).toEqual(before);

    const saved = await t.request("/api/profile/reminders", {
      method: "PUT",
      token: person.token,
      json: { ...settings, night_allowed: true },
    });
    expect(saved.status).toBe(200);
    expect((await saved.json()).data.settings).toEqual({ ...settings, night_allowed: true });
    // Only what differs from the defaults is kept.
    const [row] = await t.db.select().from(reminderSettings).where(eq(reminderSettings.userId, person.user.id));
    expect(JSON.parse(row!.choices)).toEqual({ weekly_summary: { email: false } });
  });
});

describe("the browsers a person turns reminders on in", () => {
  const browserKeys = { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) };

  it("give the key to subscribe with, save a browser once, move it to who signed in last, and forget it", async () => {
    const t = await createTestApp({ env: { VAPID_PUBLIC_KEY: "BPublicKey", VAPID_PRIVATE_KEY: "secret" } });
    const ana = await signInAs(t);
    const bruno = await signInAs(t);
    const endpoint = "https://push.example.com/send/abc";
    const read = await (await t.request("/api/profile/push-devices", { token: ana.token })).json();
    expect(read.data).toEqual({ public_key: "BPublicKey", devices: 0 });

    const before = await snapshotDatabase(t.db);
    for (const [json, field] of [
      [{ endpoint: "http://push.example.com/x", keys: browserKeys }, "endpoint"],
      [{ endpoint: "not a url", keys: browserKeys }, "endpoint"],
      [{ endpoint, keys: { ...browserKeys, p256dh: "short" } }, "keys.p256dh"],
      [{ endpoint, keys: { ...browserKeys, auth: "A".repeat(40) } }, "keys.auth"],
    ] as const) {
      const refused = await t.request("/api/profile/push-devices", { method: "PUT", token: ana.token, json });
      expect(refused.status, JSON.stringify(json)).toBe(422);
      expect(Object.keys((await refused.json()).errors)).toEqual([field]);
    }
    expect(await snapshotDatabase(t.db)).toEqual(before);

    for (let time = 0; time < 2; time++) {
      const saved = await t.request("/api/profile/push-devices", {
        method: "PUT",
        token: ana.token,
        json: { endpoint, keys: browserKeys },
      });
      expect((await saved.json()).data).toEqual({ public_key: "BPublicKey", devices: 1 });
    }
    const reminders = await (await t.request("/api/profile/reminders", { token: ana.token })).json();
    expect(reminders.data.reachable.push).toBe(true);
    // Bruno signs in on the same browser and turns reminders on: the browser is his now.
    await t.request("/api/profile/push-devices", {
      method: "PUT",
      token: bruno.token,
      json: { endpoint, keys: browserKeys },
    });
    expect((await (await t.request("/api/profile/push-devices", { token: ana.token })).json()).data.devices).toBe(0);
    // Ana cannot forget Bruno's browser; Bruno can.
    await t.request("/api/profile/push-devices/forget", { method: "POST", token: ana.token, json: { endpoint } });
    expect((await (await t.request("/api/profile/push-devices", { token: bruno.token })).json()).data.devices).toBe(1);
    const forgotten = await t.request("/api/profile/push-devices/forget", {
      method: "POST",
      token: bruno.token,
      json: { endpoint },
    });
    expect((await forgotten.json()).data.devices).toBe(0);
    expect((await t.request("/api/profile/push-devices")).status).toBe(401);
  });

  it("say where push is not set up", async () => {
    const t = await createTestApp();
    const person = await signInAs(t);
    const read = await (await t.request("/api/profile/push-devices", { token: person.token })).json();
    expect(read.data).toEqual({ public_key: null, devices: 0 });
  });
});

describe("the one-click unsubscribe of a reminder e-mail", () => {
  it("turns off that kind by e-mail for the link's person, without a session, and refuses any altered link", async () => {
    const t = await createTestApp();
    const ana = await signInAs(t);
    const bia = await signInAs(t);
    const links = await unsubscribeLinks(t.env.APP_URL, t.env.JWT_SECRET, ana.user.id, "statement_due");
    const query = new URL(links.oneClick).searchParams;
    const post = (params: URLSearchParams) =>
      t.request(`/api/reminders/unsubscribe?${params}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
    const altered = (changes: Record<string, string>) => {
      const copy = new URLSearchParams(query);
      for (const [name, value] of Object.entries(changes)) copy.set(name, value);
      return copy;
    };
    const before = await snapshotDatabase(t.db);
    for (const attempt of [
      altered({ u: bia.user.id }),
      altered({ k: "weekly_summary" }),
      // The signature's last character changed (to one it is not).
      altered({ s: `${query.get("s")!.slice(0, -1)}${query.get("s")!.endsWith("A") ? "B" : "A"}` }),
      altered({ s: "" }),
      altered({ k: "everything" }),
    ]) {
      const refused = await post(attempt);
      expect(refused.status).toBe(404);
      expect((await refused.json()).code).toBe("NOT_FOUND");
    }
    expect(await snapshotDatabase(t.db)).toEqual(before);

    for (let time = 0; time < 2; time++) {
      const done = await post(query);
      expect(done.status).toBe(200);
      expect((await done.json()).data).toEqual({ kind: "statement_due", email: false });
    }
    const ana2 = await (await t.request("/api/profile/reminders", { token: ana.token })).json();
    expect(ana2.data.settings.channels.statement_due).toEqual({
      in_app: true,
      email: false,
      whatsapp: false,
      push: true,
    });
    expect(ana2.data.settings.channels.weekly_summary.email).toBe(true);
    const bia2 = await (await t.request("/api/profile/reminders", { token: bia.token })).json();
    expect(bia2.data.settings.channels.statement_due.email).toBe(true);
  });
});

async function remind(t: TestApp, userId: string, workspaceId: string, count: number) {
  for (let index = 0; index < count; index++) {
    await t.db.insert(notifications).values({
      userId,
      workspaceId,
      kind: "statement_due",
      subject: `card-${index}:3`,
      about: "2026-11-24",
      channel: "in_app",
      params: JSON.stringify({
        name: `Card ${index}`,
        amount: "10.00",
        currency: "BRL",
        days: 3,
        link: "cards?card=x",
      }),
      sendAfter: new Date(Date.UTC(2026, 10, 21, 11, index)).toISOString(),
      expiresAt: "2026-11-22T03:00:00.000Z",
      status: "sent",
    });
  }
}

describe("the inbox", () => {
  it("lists newest first a page at a time, offers a viewer the screen but not the action, and marks read", async () => {
    const t = await createTestApp({ now: "2026-11-21T12:00:00.000Z" });
    const team = await workspaceWithTeam(t, { workspace: { name: "Casa" } });
    await remind(t, team.viewer.user.id, team.workspace.id, 25);
    await remind(t, team.member.user.id, team.workspace.id, 1);
    // Not yet its hour: not shown.
    await t.db.insert(notifications).values({
      userId: team.viewer.user.id,
      workspaceId: team.workspace.id,
      kind: "weekly_summary",
      subject: team.workspace.id,
      about: "2026-11-21",
      channel: "in_app",
      params: "{}",
      sendAfter: "2026-11-21T13:00:00.000Z",
      expiresAt: "2026-11-22T03:00:00.000Z",
      status: "sent",
    });
    // A WhatsApp message that could not be delivered is listed, said as such, but not counted unread.
    await t.db.insert(notifications).values({
      userId: team.member.user.id,
      workspaceId: team.workspace.id,
      kind: "weekly_summary",
      subject: team.workspace.id,
      about: "2026-11-21",
      channel: "whatsapp",
      params: "{}",
      sendAfter: "2026-11-21T10:00:00.000Z",
      expiresAt: "2026-11-22T03:00:00.000Z",
      status: "failed",
    });
    const first = (await (await t.request("/api/notifications", { token: team.viewer.token })).json()).data;
    expect(first.notifications).toHaveLength(20);
    expect(first.unread).toBe(25);
    expect(first.notifications[0]).toMatchObject({
      kind: "statement_due",
      values: { name: "Card 24", amount: "10.00", currency: "BRL", days: 3 },
      workspace: { uuid: team.workspace.id, name: "Casa" },
      link: `/workspaces/${team.workspace.id}/cards?card=x`,
      can_act: false,
      delivery: "in_app",
      read_at: null,
    });
    const second = (
      await (await t.request(`/api/notifications?before=${first.next_before}`, { token: team.viewer.token })).json()
    ).data;
    expect(second.notifications.map((entry: { values: { name: string } }) => entry.values.name)).toEqual([
      "Card 4",
      "Card 3",
      "Card 2",
      "Card 1",
      "Card 0",
    ]);
    expect(second.next_before).toBeNull();
    const member = (await (await t.request("/api/notifications", { token: team.member.token })).json()).data;
    expect(member.notifications[0].can_act).toBe(true);
    expect(member.notifications.map((entry: { delivery: string }) => entry.delivery)).toEqual([
      "in_app",
      "whatsapp_failed",
    ]);
    expect(member.unread).toBe(1);

    const one = await t.request(`/api/notifications/${first.notifications[0].uuid}/read`, {
      method: "POST",
      token: team.viewer.token,
    });
    expect((await one.json()).data).toEqual({ marked: 1, unread: 24 });
    const all = await t.request("/api/notifications/read", { method: "POST", token: team.viewer.token });
    expect((await all.json()).data).toEqual({ marked: 24, unread: 0 });
    const again = await t.request("/api/notifications/read", { method: "POST", token: team.viewer.token });
    expect((await again.json()).data).toEqual({ marked: 0, unread: 0 });
    const memberAfter = (await (await t.request("/api/notifications", { token: team.member.token })).json()).data;
    expect(memberAfter.unread).toBe(1);
  });
});
