import { describe, expect, it } from "vitest";
import { namespacesFor } from "~/lib/i18n";
import { detectLanguage, languageCookie, toLanguage } from "../../worker/i18n/language.ts";

const request = (headers: Record<string, string>, path = "/login") =>
  new Request(`http://127.0.0.1${path}`, { headers });

describe("language detection", () => {
  it("prefers the language cookie over Accept-Language", () => {
    expect(detectLanguage(request({ Cookie: "theme=x; lang=pt-BR", "Accept-Language": "en-US" }))).toBe("pt-BR");
    expect(detectLanguage(request({ Cookie: "lang=en", "Accept-Language": "pt-BR" }))).toBe("en");
  });

  it("falls back to Accept-Language in quality order when there is no usable cookie", () => {
    expect(detectLanguage(request({ Cookie: "lang=fr", "Accept-Language": "fr-FR, pt;q=0.8, en;q=0.5" }))).toBe(
      "pt-BR",
    );
    expect(detectLanguage(request({ "Accept-Language": "pt;q=0.3, en-GB;q=0.9" }))).toBe("en");
    expect(detectLanguage(request({ "Accept-Language": "pt-PT;q=0, en;q=0.1" }))).toBe("en");
  });

  it("uses English when nothing matches, or the caller's default", () => {
    expect(detectLanguage(request({ "Accept-Language": "de-DE, fr;q=0.9" }))).toBe("en");
    expect(detectLanguage(request({}))).toBe("en");
    expect(detectLanguage(request({}), "pt-BR")).toBe("pt-BR");
  });

  it("speaks Portuguese on the public pages unless the cookie chose English", () => {
    for (const path of ["/", "/privacy-policy", "/terms-of-use", "/terms"]) {
      expect(detectLanguage(request({ "Accept-Language": "en-US" }, path))).toBe("pt-BR");
      expect(detectLanguage(request({ Cookie: "lang=en", "Accept-Language": "pt-BR" }, path))).toBe("en");
    }
    expect(detectLanguage(request({ "Accept-Language": "en-US" }, "/login"))).toBe("en");
  });

  it("maps any Portuguese tag to pt-BR and any English tag to en", () => {
    expect(toLanguage("pt")).toBe("pt-BR");
    expect(toLanguage("pt_PT")).toBe("pt-BR");
    expect(toLanguage("EN-au")).toBe("en");
    expect(toLanguage("es")).toBeNull();
    expect(toLanguage("")).toBeNull();
  });

  it("writes a year-long, site-wide, Lax cookie, Secure when asked", () => {
    expect(languageCookie("pt-BR", true)).toBe("lang=pt-BR; Path=/; Max-Age=31536000; SameSite=Lax; Secure");
    expect(languageCookie("en", false)).not.toContain("Secure");
  });

  it("collects route namespaces after common, without duplicates", () => {
    expect(namespacesFor([undefined, { i18n: ["home"] }, { i18n: ["home", "style-guide"] }])).toEqual([
      "common",
      "home",
      "style-guide",
    ]);
  });
});
