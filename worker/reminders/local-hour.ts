/**
 * A local hour of a calendar day as an instant, in an IANA time zone, across daylight-saving changes: an
 * hour the clocks skip (02:30 on the spring-forward night in New York) is the first instant after the gap,
 * an hour that happens twice (the autumn night) its first time.
 */

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** How far the zone's wall clock is ahead of UTC at `ms` (negative west of Greenwich), in ms. */
function offsetAt(ms: number, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    offsetFormats.set(timeZone, format);
  }
  const part = Object.fromEntries(format.formatToParts(ms).map(({ type, value }) => [type, Number(value)]));
  const wall = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The instant `date` (YYYY-MM-DD) reads `hour`:00 on the clocks of `timeZone`. */
export function instantAt(date: string, hour: number, timeZone: string): Date {
  const wall = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)), hour);
  // The offset at the wall time read as UTC is within a day of the right one; try both it and the
  // offset at the instant it gives, which differ only near a change.
  const first = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(first, timeZone);
  const candidates = [first, second].filter((ms) => ms + offsetAt(ms, timeZone) === wall);
  // In a gap no instant reads that hour: the clocks jumped past it, to the later of the two.
  return new Date(candidates.length > 0 ? Math.min(...candidates) : Math.max(first, second));
}
