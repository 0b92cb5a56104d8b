import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { addMember, insertPicture, insertWorkspace, samplePictures } from "../../../db/factories.ts";
import { userPictures, users } from "../../../db/schema/index.ts";
import { signInAs } from "../../support/sessions.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";

const twoMegabytes = 2 * 1024 * 1024;

/** A PNG signature followed by filler: a real PNG as far as the magic bytes go. */
const pngOfSize = (size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set(samplePictures.png);
  return bytes;
};

describe("profile picture", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  const upload = (token: string, body: BodyInit, headers: Record<string, string> = {}) =>
    t.request("/api/profile/picture", { method: "POST", token, body, headers });
  const multipart = (bytes: Uint8Array<ArrayBuffer>, declaredType: string) => {
    const form = new FormData();
    form.set("picture", new File([bytes], "me.png", { type: declaredType }));
    return form;
  };

  it("stores a PNG sent as the raw body and serves it back with its type", async () => {
    const ana = await signInAs(t);
    const response = await upload(ana.token, samplePictures.png, { "Content-Type": "application/octet-stream" });
    expect(response.status).toBe(200);
    const { data } = await response.json();
    expect(data.picture).toMatch(new RegExp(`^/api/profile/picture/${ana.user.id}\\?v=[0-9a-f-]{36}$`));
    const served = await t.request(data.picture, { token: ana.token });
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(samplePictures.png);
  });

  it("accepts JPG and GIF from a multipart form, trusting the bytes over the declared type", async () => {
    const ana = await signInAs(t);
    for (const [bytes, type] of [
      [samplePictures.jpeg, "image/jpeg"],
      [samplePictures.gif, "image/gif"],
    ] as const) {
      expect((await upload(ana.token, multipart(bytes, "text/plain"))).status).toBe(200);
      const [stored] = await t.db.select().from(userPictures).where(eq(userPictures.userId, ana.user.id));
      expect(stored!.contentType).toBe(type);
    }
  });

  it("refuses a file that only claims to be an image, and an empty upload, with 422", async () => {
    const ana = await signInAs(t);
    const fake = new TextEncoder().encode("<svg onload=alert(1)>");
    const response = await upload(ana.token, multipart(fake, "image/png"));
    expect(response.status).toBe(422);
    expect((await response.json()).errors).toEqual({
      picture: ["This file isn't an image. Choose a JPG, PNG or GIF."],
    });
    const empty = await upload(ana.token, new Uint8Array(), { "Content-Type": "image/png" });
    expect((await empty.json()).errors).toEqual({ picture: ["Choose a picture"] });
    expect(await t.db.select().from(userPictures)).toEqual([]);
  });

  it("takes a picture of exactly 2 MB and refuses a larger one with 413, however it is sent", async () => {
    const ana = await signInAs(t);
    expect((await upload(ana.token, multipart(pngOfSize(twoMegabytes), "image/png"))).status).toBe(200);
    const justOver = await upload(ana.token, pngOfSize(twoMegabytes + 1));
    expect(justOver.status).toBe(413);
    expect((await justOver.json()).errors).toEqual({ picture: ["The picture must be under 2 MB"] });
    const farOver = await upload(ana.token, pngOfSize(3 * 1024 * 1024));
    expect(farOver.status).toBe(413);
    // Far over is stopped by the limit the route declares, before the body is read.
    expect(await farOver.json()).toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      message: "The request body is too large (the limit is 2 MB).",
    });
  });

  it("keeps the 256 KB limit on every other API path", async () => {
    const ana = await signInAs(t);
    const response = await t.request("/api/profile", {
      method: "PUT",
      token: ana.token,
      json: { name: "x".repeat(300 * 1024) },
    });
    expect(response.status).toBe(413);
  });

  it("shows a picture to people sharing a workspace, and 404 to anyone else", async () => {
    const ana = await signInAs(t);
    const colleague = await signInAs(t);
    const stranger = await signInAs(t);
    const workspace = await insertWorkspace(t.db, { ownerId: ana.user.id });
    await addMember(t.db, { workspaceId: workspace.id, userId: colleague.user.id, role: "viewer" });
    await insertPicture(t.db, { userId: ana.user.id });
    const path = `/api/profile/picture/${ana.user.id}`;
    expect((await t.request(path, { token: colleague.token })).status).toBe(200);
    expect((await t.request(path, { token: stranger.token })).status).toBe(404);
    expect((await t.request(path)).status).toBe(401);
    expect((await t.request("/api/profile/picture/not-a-uuid", { token: ana.token })).status).toBe(404);
  });

  it("removes the picture", async () => {
    const ana = await signInAs(t);
    await insertPicture(t.db, { userId: ana.user.id });
    const response = await t.request("/api/profile/picture", { method: "DELETE", token: ana.token });
    expect(response.status).toBe(200);
    expect((await response.json()).data.picture).toBeNull();
    expect(await t.db.select().from(userPictures)).toEqual([]);
    const [stored] = await t.db.select().from(users).where(eq(users.id, ana.user.id));
    expect(stored!.pictureKey).toBeNull();
    expect((await t.request(`/api/profile/picture/${ana.user.id}`, { token: ana.token })).status).toBe(404);
  });

  it("needs a session to upload or remove", async () => {
    expect((await t.request("/api/profile/picture", { method: "POST", body: samplePictures.png })).status).toBe(401);
    expect((await t.request("/api/profile/picture", { method: "DELETE" })).status).toBe(401);
  });
});
