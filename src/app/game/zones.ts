/**
 * Time zones through Intl.DateTimeFormat (IANA names, no dependency): a wall-clock time in a zone
 * to UTC milliseconds and back, and the absolute way deadlines are written in mail, for example
 * `Mon 12 Jan 2026 20:00 Europe/Berlin (UTC+01:00)`.
 */

export interface WallTime {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** 0 = Sunday ... 6 = Saturday */
  weekday: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formats.set(zone, f);
  }
  return f;
}

/** Whether `zone` is an IANA zone name this runtime knows (`UTC`, `Europe/Berlin`, ...). */
export function isZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+/-]{0,63}$/.test(zone)) return false;
  try {
    formatFor(zone);
    return true;
  } catch {
    return false;
  }
}

/** The canonical spelling of a zone name (`europe/berlin` is `Europe/Berlin`), or null. */
export function canonicalZone(zone: string): string | null {
  if (!isZone(zone)) return null;
  return formatFor(zone).resolvedOptions().timeZone;
}

/** The wall-clock time in `zone` at `ms`. */
export function wallTime(ms: number, zone: string): WallTime {
  const parts: Record<string, string> = {};
  for (const p of formatFor(zone).formatToParts(new Date(ms))) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
  };
}

/** The zone's offset from UTC at `ms`, in minutes (east positive). */
export function offsetMinutes(ms: number, zone: string): number {
  const w = wallTime(ms, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  return Math.round((asUtc - Math.floor(ms / 60_000) * 60_000) / 60_000);
}

/**
 * The instant a wall-clock time happens in `zone`. A time skipped by a clock change (spring
 * forward) is taken an hour later; a time that happens twice (autumn) is the first of the two.
 */
export function zonedTime(
  zone: string,
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
): number {
  const naive = Date.UTC(year, month - 1, day, hour, minute);
  // The offsets a day before and after: a clock change in between makes them differ.
  const before = offsetMinutes(naive - 86_400_000, zone);
  const after = offsetMinutes(naive + 86_400_000, zone);
  const exact = [...new Set([before, after])]
    .map((o) => naive - o * 60_000)
    .filter((ms) => {
      const w = wallTime(ms, zone);
      return w.day === day && w.hour === hour && w.minute === minute;
    });
  // Skipped (spring forward): the old offset, which reads an hour later on the new clock.
  return exact.length ? Math.min(...exact) : naive - before * 60_000;
}

const pad = (n: number): string => String(n).padStart(2, '0');

function offsetText(min: number): string {
  const sign = min < 0 ? '-' : '+';
  const a = Math.abs(min);
  return `UTC${sign}${pad(Math.floor(a / 60))}:${pad(a % 60)}`;
}

/** `Mon 12 Jan 2026 20:00 Europe/Berlin (UTC+01:00)`: an absolute time, readable anywhere. */
export function formatInZone(ms: number, zone: string): string {
  const w = wallTime(ms, zone);
  const date = `${WEEKDAYS[w.weekday]} ${w.day} ${MONTHS[w.month - 1]} ${w.year} ${pad(w.hour)}:${pad(w.minute)}`;
  return zone === 'UTC' ? `${date} UTC` : `${date} ${zone} (${offsetText(offsetMinutes(ms, zone))})`;
}

/** A calendar date plus `days`, as a plain date (no zone involved). */
export function addDays(
  d: { year: number; month: number; day: number },
  days: number,
): { year: number; month: number; day: number; weekday: number } {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + days));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate(), weekday: t.getUTCDay() };
}
