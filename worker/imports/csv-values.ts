import type { CsvDateFormat, CsvDecimalMark } from "./csv-mapping.ts";

/**
 * A CSV cell's date and amount, read in the format the person chose and nothing else: a value that
 * would mean something different in another format is refused, never guessed.
 */

/**
 * Day, month and year in the chosen order, separated by "/", "-" or "." (the same one twice); the
 * year has four digits (a two-digit year is refused: "03/04/25" could be 1925 or 2025), day and month
 * one or two. A time of day after the date ("31/12/2026 14:05", "2026-12-31T14:05:00") is allowed and
 * dropped: the day is what the bank booked.
 */
const timeOfDay = String.raw`(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?)?`;
const dayMonthYear = new RegExp(String.raw`^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})${timeOfDay}$`);
const yearMonthDay = new RegExp(String.raw`^(\d{4})([/.-])(\d{1,2})\2(\d{1,2})${timeOfDay}$`);

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

const plainDate = /^(\d{1,4})([/.-])(\d{1,2})\2(\d{1,4})$/;

/** The three numbers of a date as written, in order, when it has a four-digit year first or last. */
function writtenDate(text: string): { parts: [number, number, number]; isYearFirst: boolean } | null {
  // Most cells are a bare date: one quick pattern; a time of day goes to the longer ones.
  const bare = plainDate.exec(text);
  const match = bare ?? yearMonthDay.exec(text) ?? dayMonthYear.exec(text);
  if (!match) return null;
  const [first, second, third] = [match[1]!, match[3]!, match[4]!];
  const isYearFirst = first.length === 4 && third.length <= 2;
  if (!isYearFirst && (third.length !== 4 || first.length > 2)) return null;
  return { parts: [Number(first), Number(second), Number(third)], isYearFirst };
}

/** The date as YYYY-MM-DD, or null when the text is not a real calendar day in `format`. */
export function readCsvDate(text: string, format: CsvDateFormat): string | null {
  const written = writtenDate(text.trim());
  if (!written || written.isYearFirst !== (format === "ymd")) return null;
  const [first, second, third] = written.parts;
  const [year, month, day] =
    format === "ymd" ? [first, second, third] : format === "dmy" ? [third, second, first] : [third, first, second];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * A cell that looks like a day in some format (for guessing a file's columns and format, never for
 * reading one): the parts as numbers, in the order written.
 */
export function datePartsOf(text: string): { parts: [number, number, number]; isYearFirst: boolean } | null {
  return writtenDate(text.trim());
}

/** The currency signs a bank writes beside an amount; they carry no meaning for the account's own currency. */
const currencySign = String.raw`(?:R\$|US\$|\$|€|£)`;
/**
 * Sign, currency and parentheses around the digits, once the spaces between them are taken out:
 * "-R$ 1.234,56", "R$ -1.234,56", "(12.50)", "12.50-", "1.234,56 €". Without spaces in it the
 * pattern has no two ways to match one text, so a long hostile cell cannot make it backtrack.
 */
const amountShape = new RegExp(String.raw`^(\()?([-+])?${currencySign}?([-+])?([\d.,]+)${currencySign}?(-)?(\))?$`);

/** Spaces (no-break ones too) between digits or marks: "1 234" is refused, so a number is never joined from two. */
const spaceInsideNumber = /[\d.,]\s+[\d.,]/;

/** The cell's sign, currency and number parts, or null when it is not shaped like an amount at all. */
function amountPartsOf(text: string) {
  if (spaceInsideNumber.test(text)) return null;
  return amountShape.exec(text.replace(/\s+/g, ""));
}

const groupedNumbers: Record<CsvDecimalMark, RegExp> = {
  ",": /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d+))?$/,
  ".": /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/,
};

const plainNumbers: Record<CsvDecimalMark, RegExp> = {
  ",": /^([-+]?)(\d+)(?:,(\d+))?$/,
  ".": /^([-+]?)(\d+)(?:\.(\d+))?$/,
};

/** The most digits before the decimal mark: more than any amount, well inside exact arithmetic later. */
const maxWholeDigits = 15;

/**
 * The amount as signed decimal text with a point and no grouping ("-1234.56", "20", "0.5"), or null
 * when the text is not a number written with `mark` as its decimal mark. Grouping is the other mark
 * in groups of three ("1.234.567,89"); a negative is "-12,50", "12,50-" (as some banks print debits)
 * or "(12,50)" (as accounting prints them) — only one of those at a time.
 */
export function readCsvAmount(text: string, mark: CsvDecimalMark): string | null {
  const trimmed = text.trim();
  // Most cells are a plain signed number: one quick pattern before the full shape.
  const plain = plainNumbers[mark].exec(trimmed);
  if (plain) return plain[2]!.length > maxWholeDigits ? null : canonicalAmount(plain[1] === "-", plain[2]!, plain[3]);
  const shape = amountPartsOf(trimmed);
  if (!shape) return null;
  const [, opening, signBefore, signAfterCurrency, digits, trailingMinus, closing] = shape;
  if (Boolean(opening) !== Boolean(closing)) return null;
  const signs = [signBefore, signAfterCurrency, trailingMinus, opening].filter(Boolean);
  if (signs.length > 1) return null;
  const number = groupedNumbers[mark].exec(digits!);
  if (!number) return null;
  const whole = number[1]!.replace(/\D/g, "");
  if (whole.length > maxWholeDigits) return null;
  return canonicalAmount(signs[0] === "-" || signs[0] === "(", whole, number[2]);
}

/** "-", "0012", "50" → "-12.50": no leading zeros, the fraction as written, zero never negative. */
function canonicalAmount(isNegative: boolean, wholeDigits: string, fraction: string | undefined): string {
  const whole = wholeDigits.replace(/^0+(?=\d)/, "");
  const isZero = whole === "0" && (fraction === undefined || /^0*$/.test(fraction));
  return `${isNegative && !isZero ? "-" : ""}${whole}${fraction === undefined ? "" : `.${fraction}`}`;
}

/** The amount with its sign turned: money in becomes money out. Zero stays unsigned. */
export function negatedAmount(amount: string): string {
  if (amount.startsWith("-")) return amount.slice(1);
  return /^[0.]+$/.test(amount) ? amount : `-${amount}`;
}

/**
 * Which decimal mark a written number shows, when it shows one beyond doubt: "1.234,56" and "12,5"
 * use ","; "1,234.56" and "12.50" use "."; "1.234" or "1,234" (a group or three decimals?) and "12"
 * say nothing.
 */
export function decimalMarkShownBy(text: string): CsvDecimalMark | null {
  const digits = amountPartsOf(text)?.[4];
  if (!digits) return null;
  const lastComma = digits.lastIndexOf(",");
  const lastPoint = digits.lastIndexOf(".");
  if (lastComma >= 0 && lastPoint >= 0) return lastComma > lastPoint ? "," : ".";
  const [mark, other] = lastComma >= 0 ? ([",", "."] as const) : lastPoint >= 0 ? ([".", ","] as const) : [null, null];
  if (!mark) return null;
  if (digits.split(mark).length > 2) return other;
  return digits.length - digits.indexOf(mark) - 1 === 3 ? null : mark;
}
