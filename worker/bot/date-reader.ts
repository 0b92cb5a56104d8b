/**
 * The date a message speaks of, relative to the `today` the caller gives (the workspace's own
 * calendar date: no time zone here). Without a year or month, a date is the most recent one that is
 * not in the future ("dia 30" on November 27 is October 30; "20/12" is last December), because a
 * message records what happened. "15/11" is day/month in Portuguese; in English a pair is read
 * month/day unless only day/month is possible ("15/11"); "03/04" in English, or in a message of no
 * language, is asked back. A weekday is its last occurrence before today ("segunda", "last friday").
 */
import { addDays, daysInMonth, isSupportedDate, shiftMonth } from "../ledger/dates.ts";
import { isCommonWord } from "./message-language.ts";
import { consume, isWithinOneTypo, type Language, type MessageText, take, wordsOf } from "./message-text.ts";

export type DateFound =
  | { status: "clear"; date: string }
  | { status: "ambiguous"; written: string; readings: string[] }
  | { status: "invalid"; written: string };

const weekdays: Array<[number, RegExp]> = [
  [0, /domingo|sunday/],
  [1, /segunda(?:-feira| feira)?|monday/],
  [2, /terca(?:-feira| feira)?|tuesday/],
  [3, /quarta(?:-feira| feira)?|wednesday/],
  [4, /quinta(?:-feira| feira)?|thursday/],
  [5, /sexta(?:-feira| feira)?|friday/],
  [6, /sabado|saturday/],
];

const monthNames = [
  "jan(?:eiro|uary)?",
  "fev(?:ereiro)?|feb(?:ruary)?",
  "mar(?:co|ch)?",
  "abr(?:il)?|apr(?:il)?",
  "mai(?:o)?|may",
  "jun(?:ho|e)?",
  "jul(?:ho|y)?",
  "ago(?:sto)?|aug(?:ust)?",
  "set(?:embro)?|sep(?:tember)?|sept",
  "out(?:ubro)?|oct(?:ober)?",
  "nov(?:embro|ember)?",
  "dez(?:embro)?|dec(?:ember)?",
];
const monthPattern = monthNames.map((name) => `(${name})`).join("|");

const relativeDays: Array<[number, RegExp]> = [
  [-2, /\b(?:anteontem|antes de ontem|antes d ontem|(?:the )?day before yesterday)\b/g],
  [-1, /\b(?:ontem|yesterday|yday|yest)\b/g],
  [0, /\b(?:hoje|hj|today|tonight|this morning)\b/g],
  [1, /\b(?:amanha|tomorrow)\b/g],
];
const typoFriendlyDays: Array<[number, string]> = [
  [-2, "anteontem"],
  [-1, "yesterday"],
  [-1, "ontem"],
  [0, "today"],
  [1, "tomorrow"],
  [1, "amanha"],
];

const ordinal = "(?:st|nd|rd|th|º|ª|o)?";

/** The most recent date (today or before) with this day, and month when given. */
function latestPast(today: string, day: number, month?: number): string | null {
  let year = Number(today.slice(0, 4));
  let monthOf = month ?? Number(today.slice(5, 7));
  for (let step = 0; step < 24; step++) {
    if (day <= daysInMonth(year, monthOf)) {
      const date = `${year}-${String(monthOf).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
      if (date <= today) return date;
    }
    ({ year, month: monthOf } = month ? { year: year - 1, month } : shiftMonth(year, monthOf, -1));
  }
  return null;
}

function dayMonth(today: string, day: number, month: number, yearText: string | undefined): string | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  if (!yearText) return latestPast(today, day, month);
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  const date = `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  // A year typed out may leave the dates Moneta keeps (docs/decisions/038-dates-from-1900-to-2199.md).
  return isSupportedDate(date) ? date : null;
}

function readSlashDate(message: MessageText, today: string, language: Language | null): DateFound | null {
  const found = take(message, /(?<![\d/.,])(\d{1,2})\/(\d{1,2})(?:\/(\d{4}|\d{2}))?(?![\d/])/g);
  if (!found) return null;
  const [written, firstText = "", secondText = "", yearText] = found;
  const first = Number(firstText);
  const second = Number(secondText);
  const asDayMonth = dayMonth(today, first, second, yearText);
  const asMonthDay = dayMonth(today, second, first, yearText);
  if (language === "pt" || first === second)
    return asDayMonth ? { status: "clear", date: asDayMonth } : { status: "invalid", written };
  if (!asDayMonth || !asMonthDay) {
    const only = asDayMonth ?? asMonthDay;
    return only ? { status: "clear", date: only } : { status: "invalid", written };
  }
  return { status: "ambiguous", written, readings: [asMonthDay, asDayMonth] };
}

function readNamedMonth(message: MessageText, today: string): DateFound | null {
  const dayFirst = take(message, new RegExp(`\\b(\\d{1,2})${ordinal} (?:de |of )?(?:${monthPattern})\\b`, "g"));
  const monthFirst =
    dayFirst ?? take(message, new RegExp(`\\b(?:${monthPattern}) (\\d{1,2})${ordinal}(?![\\d.,])`, "g"));
  const found = dayFirst ?? monthFirst;
  if (!found) return null;
  const monthIndex = found.slice(dayFirst ? 2 : 1).findIndex((group, index) => group !== undefined && index < 12);
  const day = Number(dayFirst ? found[1] : found.at(-1));
  const date = monthIndex >= 0 ? latestPast(today, day, monthIndex + 1) : null;
  return date ? { status: "clear", date } : { status: "invalid", written: found[0] };
}

function readDayOfMonth(message: MessageText, today: string): DateFound | null {
  const found =
    take(message, /\b(?:dia|on the) (\d{1,2})(?:st|nd|rd|th|º|o)?(?![\d.,/])/g) ??
    take(message, /(?<![\d.,])\b(?:on |the )?(\d{1,2})(?:st|nd|rd|th)\b/g);
  if (!found) return null;
  const day = Number(found[1]);
  const date = day >= 1 && day <= 31 ? latestPast(today, day) : null;
  return date ? { status: "clear", date } : { status: "invalid", written: found[0] };
}

function readWeekday(message: MessageText, today: string): DateFound | null {
  for (const [weekday, name] of weekdays) {
    const pattern = new RegExp(
      `\\b(?:(?:na|no|on|last|this past|past) )?(?:${name.source})(?: (?:passada|passado|retrasada))?\\b`,
      "g",
    );
    if (!take(message, pattern)) continue;
    const todayWeekday = new Date(`${today}T12:00:00Z`).getUTCDay();
    return { status: "clear", date: addDays(today, -(((todayWeekday - weekday + 6) % 7) + 1)) };
  }
  return null;
}

function readRelativeDay(message: MessageText, today: string): DateFound | null {
  for (const [offset, pattern] of relativeDays) {
    if (take(message, pattern)) return { status: "clear", date: addDays(today, offset) };
  }
  for (const { word, start } of wordsOf(message)) {
    if (word.length < 5 || isCommonWord(word)) continue;
    const typo = typoFriendlyDays.find(([, known]) => isWithinOneTypo(word, known));
    if (!typo) continue;
    consume(message, start, start + word.length);
    return { status: "clear", date: addDays(today, typo[0]) };
  }
  return null;
}

/** The message's date; today when it names none. */
export function findDate(message: MessageText, today: string, language: Language | null): DateFound {
  return (
    readSlashDate(message, today, language) ??
    readNamedMonth(message, today) ??
    readDayOfMonth(message, today) ??
    readRelativeDay(message, today) ??
    readWeekday(message, today) ?? { status: "clear", date: today }
  );
}
