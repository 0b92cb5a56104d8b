import { describe, expect, it } from "vitest";
import { serverI18n } from "~/lib/i18n.server";

describe("server i18n instances", () => {
  it("keeps one instance per language, each in its own language", () => {
    expect(serverI18n("en")).toBe(serverI18n("en"));
    expect(serverI18n("pt-BR").language).toBe("pt-BR");
    expect(serverI18n("en").getFixedT("en", "transactions")("deleteDialog.confirm")).toBe("Delete transaction");
    expect(serverI18n("pt-BR").getFixedT("pt-BR", "transactions")("deleteDialog.confirm")).not.toBe(
      "Delete transaction",
    );
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

  it("answers remembered interpolations exactly as i18next does, however many different values come", () => {
    const instance = serverI18n("pt-BR");
    const t = instance.getFixedT("pt-BR", "transactions");
    for (let index = 0; index < 5000; index += 7) {
      const description = `Mercado ${index} & <Cia>`;
      expect(t("deleteDialog.description", { description })).toBe(
        instance.t("deleteDialog.description", { ns: "transactions", description }),
      );
    }
    expect(t("count", { count: 3 })).toBe(instance.t("count", { ns: "transactions", count: 3 }));
    expect(t("count", { count: 1 })).toBe(instance.t("count", { ns: "transactions", count: 1 }));
  });
});
