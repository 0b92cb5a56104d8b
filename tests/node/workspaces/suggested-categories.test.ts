import { beforeEach, describe, expect, it } from "vitest";
import { tags } from "../../../db/schema/index.ts";
import { signInAs } from "../../support/sessions.ts";
import { createTestApp, type TestApp } from "../../support/test-app.ts";

type TagAnswer = { uuid: string; name: string; parent_id: string | null };

describe("a new workspace's suggested categories", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });

  const createWorkspace = async (token: string, json: Record<string, unknown>) => {
    const response = await t.request("/api/workspaces", { method: "POST", token, json });
    expect(response.status).toBe(201);
    return (await response.json()).data as Record<string, unknown> & { uuid: string };
  };
  const tagsOf = async (token: string, workspaceId: string) => {
    const response = await t.request(`/api/workspaces/${workspaceId}/tags`, { token });
    expect(response.status).toBe(200);
    return (await response.json()).data as TagAnswer[];
  };
  const parentNameOf = (list: TagAnswer[], name: string) => {
    const tag = list.find((candidate) => candidate.name === name);
    return list.find((candidate) => candidate.uuid === tag?.parent_id)?.name ?? null;
  };

  it("starts a BRL workspace with the Brazilian set, subcategories under their categories, names unique", async () => {
    const ana = await signInAs(t);
    const workspace = await createWorkspace(ana.token, { name: "Casa", currency: "BRL", suggested_categories: true });
    const list = await tagsOf(ana.token, workspace.uuid);
    expect(parentNameOf(list, "Mercado")).toBe("Alimentação");
    expect(parentNameOf(list, "Luz")).toBe("Casa");
    expect(parentNameOf(list, "Farmácia")).toBe("Saúde");
    expect(list.find((tag) => tag.name === "Salário")?.parent_id).toBeNull();
    expect(list.some((tag) => tag.name === "Groceries")).toBe(false);
    const names = list.map((tag) => tag.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  it("starts any other workspace with the English set, and answers as a workspace created without it", async () => {
    const ana = await signInAs(t);
    const plain = await createWorkspace(ana.token, { name: "Plain", currency: "USD" });
    const suggested = await createWorkspace(ana.token, { name: "Home", currency: "EUR", suggested_categories: true });
    expect(Object.keys(suggested).sort()).toEqual(Object.keys(plain).sort());
    const list = await tagsOf(ana.token, suggested.uuid);
    expect(parentNameOf(list, "Groceries")).toBe("Food");
    expect(list.some((tag) => tag.name === "Mercado")).toBe(false);
  });

  it("creates no tag without the flag", async () => {
    const ana = await signInAs(t);
    await createWorkspace(ana.token, { name: "Casa", currency: "BRL" });
    await createWorkspace(ana.token, { name: "Lab", currency: "BRL", suggested_categories: false });
    expect(await t.db.select().from(tags)).toEqual([]);
  });

  it("leaves the suggested tags editable like any tag", async () => {
    const ana = await signInAs(t);
    const workspace = await createWorkspace(ana.token, { name: "Casa", currency: "BRL", suggested_categories: true });
    const luz = (await tagsOf(ana.token, workspace.uuid)).find((tag) => tag.name === "Luz")!;
    const renamed = await t.request(`/api/workspaces/${workspace.uuid}/tags/${luz.uuid}`, {
      method: "PUT",
      token: ana.token,
      json: { name: "Energia", parent_id: null },
    });
    expect(renamed.status).toBe(200);
    expect((await renamed.json()).data).toMatchObject({ name: "Energia", parent_id: null });
  });
});
