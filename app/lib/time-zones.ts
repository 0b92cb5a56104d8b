/**
 * Friendly names for IANA time zones, for the workspace's zone picker: the runtime's name for
 * the zone in the page's language ("Horário Padrão de Brasília"), the city from the identifier
 * and the UTC offset on a given day. No dictionary of our own beyond the accents the
 * identifiers drop for Brazil's cities, so every language Intl knows gets its own names.
 */

export type TimeZoneOption = {
  /** The IANA identifier the form submits. */
  id: string;
  /** The zone's generic name in the page's language; the identifier's own text when Intl has none. */
  name: string;
  city: string;
  /** "UTC-03:00", "UTC+05:30", "UTC". */
  offset: string;
  offsetMinutes: number;
  /** name, city, offset and identifier, lower-case and without accents, for searching. */
  searchText: string;
};

// Identifiers are ASCII; these are the names people in Brazil write and search for.
const citiesWithAccents: Record<string, string> = {
  Sao_Paulo: "São Paulo",
  Cuiaba: "Cuiabá",
  Belem: "Belém",
  Maceio: "Maceió",
  Araguaina: "Araguaína",
  Santarem: "Santarém",
  Eirunepe: "Eirunepé",
  Noronha: "Fernando de Noronha",
};

/** "America/Argentina/Buenos_Aires" → "Buenos Aires"; "UTC" → "UTC". */
export function cityOf(zone: string): string {
  const last = zone.slice(zone.lastIndexOf("/") + 1);
  return citiesWithAccents[last] ?? last.replaceAll("_", " ");
}

/** Lower-case, accents dropped: "São Paulo" and "sao paulo" meet. */
export function foldForSearch(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
}

function zoneNamePart(language: string, timeZone: string, style: "longGeneric" | "long" | "longOffset", at: Date) {
  const parts = new Intl.DateTimeFormat(language, { timeZone, timeZoneName: style }).formatToParts(at);
  return parts.find((part) => part.type === "timeZoneName")?.value ?? "";
}

/** Intl answers "GMT-05:00" (or its translation) when it has no name for a zone. */
const isOffsetOnly = (name: string) => /^(GMT|UTC)([+-−]\d|$)/.test(name);

/** "GMT-03:00" → -180; "GMT" → 0. */
function offsetMinutesOf(longOffset: string): number {
  const match = /([+-−])(\d{2}):(\d{2})/.exec(longOffset);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === "+" ? minutes : -minutes;
}

function formatOffset(minutes: number): string {
  if (minutes === 0) return "UTC";
  const absolute = Math.abs(minutes);
  const hours = String(Math.floor(absolute / 60)).padStart(2, "0");
  return `UTC${minutes < 0 ? "-" : "+"}${hours}:${String(absolute % 60).padStart(2, "0")}`;
}

/** One zone as the picker shows it, with its offset on `at` (summer time moves it). */
export function describeTimeZone(id: string, language: string, at: Date): TimeZoneOption {
  const generic = zoneNamePart(language, id, "longGeneric", at);
  // UTC has no generic name, only a long one ("Coordinated Universal Time").
  const name = isOffsetOnly(generic) ? zoneNamePart(language, id, "long", at) : generic;
  const city = cityOf(id);
  const offsetMinutes = offsetMinutesOf(zoneNamePart("en-US", id, "longOffset", at));
  const offset = formatOffset(offsetMinutes);
  const friendlyName = isOffsetOnly(name) ? city : name;
  return {
    id,
    name: friendlyName,
    city,
    offset,
    offsetMinutes,
    searchText: foldForSearch([friendlyName, city, offset, id.replaceAll("_", " ")].join(" ")),
  };
}

/** "Horário Padrão de Brasília (São Paulo)"; just the city when the name would repeat it. */
export function timeZoneLabel(option: TimeZoneOption): string {
  return option.name === option.city ? option.city : `${option.name} (${option.city})`;
}

/** Every zone described, west to east, then by city. */
export function describeTimeZones(ids: readonly string[], language: string, at: Date): TimeZoneOption[] {
  return ids
    .map((id) => describeTimeZone(id, language, at))
    .sort((a, b) => a.offsetMinutes - b.offsetMinutes || a.city.localeCompare(b.city, language));
}

/** The zones whose names, city, offset or identifier contain every word of the query. */
export function searchTimeZones(options: readonly TimeZoneOption[], query: string): TimeZoneOption[] {
  const words = foldForSearch(query)
    .split(/[\s/_]+/)
    .filter(Boolean);
  if (words.length === 0) return [...options];
  return options.filter((option) => words.every((word) => option.searchText.includes(word)));
}
