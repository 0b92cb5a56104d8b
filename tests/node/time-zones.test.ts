import { describe, expect, it } from "vitest";
import {
  cityOf,
  describeTimeZone,
  describeTimeZones,
  searchTimeZones,
  timeZoneLabel,
} from "../../app/lib/time-zones.ts";

const january = new Date("2026-01-15T12:00:00Z");
const july = new Date("2026-07-15T12:00:00Z");
const zones = Intl.supportedValuesOf("timeZone");

describe("time zone names for the picker", () => {
  it("names a zone in the page's language with its city and UTC offset", () => {
    const saoPaulo = describeTimeZone("America/Sao_Paulo", "pt-BR", january);
    expect(saoPaulo).toMatchObject({ id: "America/Sao_Paulo", city: "São Paulo", offset: "UTC-03:00" });
    expect(timeZoneLabel(saoPaulo)).toMatch(/^Horário .*Brasília \(São Paulo\)$/);
    expect(timeZoneLabel(describeTimeZone("America/Sao_Paulo", "en-US", january))).toMatch(
      /^Brasilia .*Time \(São Paulo\)$/,
    );
    expect(describeTimeZone("Asia/Colombo", "en-US", january).offset).toBe("UTC+05:30");
  });

  it("gives UTC its long name and zones without a name their city", () => {
    expect(describeTimeZone("UTC", "pt-BR", january)).toMatchObject({
      name: "Horário Universal Coordenado",
      offset: "UTC",
    });
    expect(describeTimeZone("UTC", "en-US", january).name).toBe("Coordinated Universal Time");
    expect(timeZoneLabel(describeTimeZone("Etc/GMT+5", "en-US", january))).toBe("GMT+5");
  });

  it("moves the offset with summer time", () => {
    expect(describeTimeZone("Europe/Lisbon", "en-US", january).offset).toBe("UTC");
    expect(describeTimeZone("Europe/Lisbon", "en-US", july).offset).toBe("UTC+01:00");
  });

  it("writes Brazil's cities as Brazilians do", () => {
    expect(
      ["Cuiaba", "Belem", "Noronha", "Rio_Branco", "Argentina/Buenos_Aires"].map((id) => cityOf(`America/${id}`)),
    ).toEqual(["Cuiabá", "Belém", "Fernando de Noronha", "Rio Branco", "Buenos Aires"]);
  });

  it("lists every zone from west to east", () => {
    const options = describeTimeZones(zones, "pt-BR", january);
    expect(options).toHaveLength(zones.length);
    const offsets = options.map((option) => option.offsetMinutes);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
  });
});

describe("searching time zones", () => {
  const options = describeTimeZones(["UTC", ...zones], "pt-BR", january);
  const found = (query: string) => searchTimeZones(options, query).map((option) => option.id);

  it("finds Brazil's zones by their Portuguese names, with or without accents", () => {
    expect(found("São Paulo")).toEqual(["America/Sao_Paulo"]);
    expect(found("sao paulo")).toEqual(["America/Sao_Paulo"]);
    expect(found("cuiabá")).toEqual(["America/Cuiaba"]);
    expect(found("Manaus")).toEqual(["America/Manaus"]);
    expect(found("noronha")).toEqual(["America/Noronha"]);
    expect(found("Rio Branco")).toEqual(["America/Rio_Branco"]);
    expect(found("Recife")).toEqual(["America/Recife"]);
    expect(found("Fortaleza")).toEqual(["America/Fortaleza"]);
  });

  it("finds zones by the zone's name, the identifier or the offset", () => {
    expect(found("brasília")).toEqual(expect.arrayContaining(["America/Sao_Paulo", "America/Recife", "America/Bahia"]));
    expect(found("amazonas")).toEqual(expect.arrayContaining(["America/Manaus", "America/Cuiaba"]));
    expect(found("America/Sao_Paulo")).toEqual(["America/Sao_Paulo"]);
    expect(found("utc+05:30")).toEqual(expect.arrayContaining(["Asia/Colombo"]));
    expect(found("utc+05:30").every((id) => describeTimeZone(id, "pt-BR", january).offset === "UTC+05:30")).toBe(true);
  });

  it("offers everything for an empty query and nothing for nonsense", () => {
    expect(found("  ")).toHaveLength(options.length);
    expect(found("Atlantis")).toEqual([]);
  });
});
