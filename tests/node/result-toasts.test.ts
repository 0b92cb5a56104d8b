import { describe, expect, it } from "vitest";
import { failureText } from "~/lib/result-toasts";
import { serverI18n } from "~/lib/i18n.server";

describe("a failed action's toast", () => {
  it("uses the page's own words for a code it knows, with its hint", () => {
    expect(failureText({ intent: "update", code: "CARD_HAS_DEBT" }, "cards", serverI18n("en"))).toEqual({
      title: "This card still has debt",
      detail: "Pay it off before switching the card to debit.",
    });
  });

  it("says what failed and the code's general sentence, in the page's language, for a code the page has no words for", () => {
    expect(failureText({ intent: "create", code: "DATABASE_UNAVAILABLE" }, "cards", serverI18n("pt-BR"))).toEqual({
      title: "Falha ao criar o cartão",
      detail: "Não conseguimos acessar seus dados agora. Tente de novo em alguns segundos.",
    });
    expect(failureText({ intent: "delete", code: "RATE_LIMITED" }, "tags", serverI18n("en"))).toEqual({
      title: "Failed to delete tag",
      detail: "Too many attempts. Wait a little and try again.",
    });
  });
});
