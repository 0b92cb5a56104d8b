/**
 * The values of an OFX transaction as a StatementLine holds them: the booked day, the amount as
 * canonical decimal text, the description. Each reader answers null for what it cannot read
 * without guessing; ofx.ts turns that into the file's problem.
 */

const postedDate =
  /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(?:(\d{2})(?:\.\d{1,6})?)?)?\s*(?:\[\s*[+-]?\d{1,2}(?:\.\d{1,2})?\s*(?::\s*[A-Za-z]{1,10}\s*)?\])?$/;

const isLeapYear = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
const daysInMonth = (year: number, month: number) =>
  month === 2 ? (isLeapYear(year) ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;

/**
 * "20240105", "20240105143000", "20240105143000.000[-3:BRT]" → "2024-01-05". The day is the one
 * written: the zone says where the bank's clock was, and moving to UTC would book a late-evening
 * purchase on the next day.
 */
export function readPostedDay(value: string): string | null {
  const match = postedDate.exec(value.trim());
  if (!match) return null;
  const [, yearText, monthText, dayText, hourText = "0", minuteText = "0", secondText = "0"] = match;
  const [year, month, day] = [Number(yearText), Number(monthText), Number(dayText)];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (Number(hourText) > 23 || Number(minuteText) > 59 || Number(secondText) > 60) return null;
  return `${yearText}-${monthText}-${dayText}`;
}

const digitsOnly = /^\d*$/;
const groupedDigits = /^\d{1,3}(?:\.\d{3})+$/;

/**
 * TRNAMT as signed decimal text with a point and no grouping. OFX writes a point decimal, but
 * Brazilian banks write "-386,80" and some "1.234,56"; the rule is fixed rather than guessed per
 * file: with a comma, the comma is the decimal mark and points may only group thousands; without
 * one, a single point is the decimal mark. "1,234.56", "1.234.567" and "12," are refused.
 */
export function readAmount(value: string): string | null {
  const text = value.trim();
  const hasSign = text[0] === "-" || text[0] === "+";
  const isNegative = text[0] === "-";
  const unsigned = hasSign ? text.slice(1) : text;
  const comma = unsigned.indexOf(",");
  let whole: string;
  let fraction: string | undefined;
  if (comma >= 0) {
    whole = unsigned.slice(0, comma);
    fraction = unsigned.slice(comma + 1);
    if (groupedDigits.test(whole)) whole = whole.replaceAll(".", "");
  } else {
    const point = unsigned.indexOf(".");
    whole = point >= 0 ? unsigned.slice(0, point) : unsigned;
    fraction = point >= 0 ? unsigned.slice(point + 1) : undefined;
  }
  if (!digitsOnly.test(whole) || (fraction !== undefined && (fraction === "" || !digitsOnly.test(fraction)))) {
    return null;
  }
  if (whole === "" && fraction === undefined) return null;
  const wholeDigits = whole.replace(/^0+/, "") || "0";
  const canonical = fraction === undefined ? wholeDigits : `${wholeDigits}.${fraction}`;
  const isZero = !/[1-9]/.test(canonical);
  return isNegative && !isZero ? `-${canonical}` : canonical;
}

/** Trimmed, every run of white space (line breaks and no-break spaces too) one space. */
export function tidyDescription(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}
