import { beforeEach, describe, expect, it } from "vitest";
import { insertAccount } from "../../../db/factories.ts";
import { signInAs } from "../../support/sessions.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";
import { type SignedIn, workspaceWithTeam } from "../../support/workspaces.ts";

/** The audit's 600 KB of tags, which took the parser some 40 s before its reading was linear. */
const tagSoup = `<OFX>${"<A>".repeat(87_000)}${"</B>".repeat(87_000)}</OFX>`;
/** A statement whose one transaction has an amount that is not a number. */
const brokenOfx = "<OFX><BANKTRANLIST><STMTTRN><DTPOSTED>20261105<TRNAMT>-38x,80</STMTTRN></BANKTRANLIST></OFX>";

describe("who may have a statement read", () => {
  let t: TestApp;
  let team: Awaited<ReturnType<typeof workspaceWithTeam>>;
  let stranger: SignedIn;
  let accountId: string;
  beforeEach(async () => {
    t = await createTestApp();
    team = await workspaceWithTeam(t);
    stranger = await signInAs(t, { name: "Sam Stranger" });
    accountId = (await insertAccount(t.db, { workspaceId: team.workspace.id, currency: "BRL" })).id;
  });
  const previewPath = () => `/api/workspaces/${team.workspace.id}/imports/preview`;

  function preview(caller: SignedIn, file: string) {
    const form = new FormData();
    form.set("file", new File([file], "extrato.ofx"));
    form.set("target", `account:${accountId}`);
    return t.request(previewPath(), { method: "POST", body: form, token: caller.token });
  }

  /** Not even a form: only a request whose body is read answers 415 to it. */
  const previewText = (caller: SignedIn) =>
    t.request(previewPath(), {
      method: "POST",
      body: "OFXHEADER:100",
      headers: { "Content-Type": "text/plain" },
      token: caller.token,
    });

  async function answerOf(response: Response) {
    return { status: response.status, code: ((await response.json()) as { code?: string }).code };
  }

  it("reads a member's file: a broken one is refused, a tag soup read as no lines", async () => {
    expect(await answerOf(await preview(team.member, brokenOfx))).toEqual({ status: 422, code: "IMPORT_FILE_INVALID" });
    expect(await answerOf(await previewText(team.member))).toEqual({ status: 415, code: "UNSUPPORTED_MEDIA_TYPE" });
    const soup = await preview(team.member, tagSoup);
    expect(soup.status).toBe(200);
    expect((await soup.json()).data).toMatchObject({ format: "ofx", lines: [] });
  });

  it("answers a stranger 404 before reading what they send", async () => {
    for (const response of [
      await preview(stranger, brokenOfx),
      await preview(stranger, tagSoup),
      await previewText(stranger),
    ]) {
      expect(await answerOf(response)).toEqual({ status: 404, code: "NOT_FOUND" });
    }
  });

  it("answers a viewer 403 before reading what they send", async () => {
    for (const response of [
      await preview(team.viewer, brokenOfx),
      await preview(team.viewer, tagSoup),
      await previewText(team.viewer),
    ]) {
      expect(await answerOf(response)).toEqual({ status: 403, code: "FORBIDDEN" });
    }
  });
});
