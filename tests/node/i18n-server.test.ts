import { describe, expect, it } from "vitest";
import { serverI18n } from "~/lib/i18n.server";

describe("server i18n instances", () => {
  it("keeps one instance per language, each in its own language", () => {
    expect(serverI18n("en")).toBe(serverI18n("en"));
    expect(serverI18n("pt-BR").language).toBe("pt-BR");
    expect(serverI18n("en").getFixedT("en", "transactions")("deleteDialog.confirm")).toBe("Delete transaction");
    expect(serverI18n("pt-BR").getFixedT("pt-BR", "transactions")("deleteDialog.confirm")).not.toBe("Delete transaction");
  });

  it("answers remembered plain keys exactly as i18next does, and still interpolates and pluralises", () => {
    const t = serverI18n("en").getFixedT("en", "transactions");
    expect(t("deleteDialog.title")).toBe("Delete this transaction?");
    expect(t("deleteDialog.title")).toBe("Delete this transaction?");
    expect(t("deleteDialog.description", { description: "Rent" })).toContain("“Rent”");
    expect(t("deleteDialog.description", { description: "Gym" })).toContain("“Gym”");
    expect(t("count", { count: 1 })).not.toBe(t("count", { count: 2 }));
    expect(serverI18n("en").getFixedT("en", "transactions")).toBe(t);
    expect(serverI18n("en").getFixedT("en", "common")("actions.cancel")).toBe("Cancel");
  });
});
