/**
 * A game's correspondence settings (docs/gm-guide.md "Deadlines"): the deadline schedule in the
 * game's time zone, grace, reminders, the minimum time a turn stays open, the missed-orders limit,
 * extensions and sign-up. Each setting is read from and written as text, the same by mail (`SET`)
 * and on the command line (`tallyho game set`).
 */
import { addDays, canonicalZone, formatInZone, wallTime, zonedTime } from './zones.ts';
import type { GameSettings, Schedule } from '../ports/control.ts';
import { DEFAULT_LEVEL, parseLevel, STANDIN_LEVELS } from '../../core/standin/levels.ts';

export const DEFAULT_SETTINGS: GameSettings = {
  zone: 'UTC',
  schedule: { kind: 'none' },
  graceMinutes: 0,
  remindMinutes: 24 * 60,
  minimumMinutes: 0,
  maxMisses: 2,
  maxExtensionsPerTurn: 1,
  maxExtensionsTotal: 5,
  extendMinutes: 24 * 60,
  signup: false,
  confirmMinutes: 30,
  missed: 'default',
  standinLevel: DEFAULT_LEVEL,
  leaveMinutes: 14 * 24 * 60,
  records: 'private',
};

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };
const fail = (error: string): { ok: false; error: string } => ({ ok: false, error });

const TIME_RE = /^([01]?\d|2[0-3]):([0-5]\d)$/;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})[ T]([01]?\d|2[0-3]):([0-5]\d)$/;

/**
 * `90m`, `6h`, `2d`, `1d12h`, `0` (none), in minutes. A bare number other than 0 is refused: 24
 * may mean hours to one game master and days to another, so the unit is always written.
 */
export function parseDuration(text: string): Parsed<number> {
  const t = text.trim().toLowerCase().replace(/\s+/g, '');
  if (/^\d+$/.test(t)) {
    if (Number(t) === 0) return { ok: true, value: 0 };
    const n = String(Number(t));
    return fail(
      `'${text.trim()}' has no unit: write ${n}m for minutes, ${n}h for hours or ${n}d for days (1d12h and 90m work too)`,
    );
  }
  const m = /^(?:(\d{1,3})d)?(?:(\d{1,4})h)?(?:(\d{1,5})m(?:in)?)?$/.exec(t);
  if (!t || !m || (!m[1] && !m[2] && !m[3])) return fail(`'${text}' is not a time span: write 30m, 6h, 2d or 1d12h`);
  const minutes = Number(m[1] ?? 0) * 1440 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
  if (minutes > 366 * 1440) return fail(`'${text}' is longer than a year`);
  return { ok: true, value: minutes };
}

export function durationText(minutes: number): string {
  if (minutes === 0) return '0';
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  return `${d ? `${d}d` : ''}${h ? `${h}h` : ''}${m ? `${m}m` : ''}`;
}

/** `none`, `every 2 days at 20:00 [weekdays]`, `every day at 8:30`, `dates 2026-01-12 20:00, 2026-01-14 20:00`. */
export function parseSchedule(text: string): Parsed<Schedule> {
  const t = text.trim().replace(/\s+/g, ' ');
  const lower = t.toLowerCase();
  if (lower === 'none' || lower === 'off') return { ok: true, value: { kind: 'none' } };
  const every = /^every (?:(\d{1,2}) )?(days?|weekdays?) at (\d{1,2}:\d{2})( weekdays(?: only)?)?$/.exec(lower);
  if (every) {
    const days = Number(every[1] ?? 1);
    const time = TIME_RE.exec(every[3] as string);
    if (days < 1 || days > 60) return fail('every 1 to 60 days');
    if (!time) return fail(`'${every[3]}' is not a time of day (HH:MM, 00:00 to 23:59)`);
    const at = `${(time[1] as string).padStart(2, '0')}:${time[2]}`;
    return {
      ok: true,
      value: { kind: 'every', days, at, weekdays: !!every[4] || (every[2] as string).startsWith('weekday') },
    };
  }
  if (lower.startsWith('dates ')) {
    const dates: string[] = [];
    for (const part of t
      .slice(6)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const m = DATE_RE.exec(part);
      if (!m) return fail(`'${part}' is not a date and time (YYYY-MM-DD HH:MM)`);
      const [, , mo, d, h, mi] = m.map(Number) as number[];
      if (mo! < 1 || mo! > 12 || d! < 1 || d! > 31) return fail(`'${part}' is not a date`);
      dates.push(`${m[1]}-${m[2]}-${m[3]} ${String(h).padStart(2, '0')}:${String(mi).padStart(2, '0')}`);
    }
    if (!dates.length) return fail('give at least one date: dates 2026-01-12 20:00, 2026-01-14 20:00');
    if (dates.length > 500) return fail('at most 500 dates');
    for (let i = 1; i < dates.length; i++) {
      if ((dates[i] as string) <= (dates[i - 1] as string))
        return fail(`the dates must follow each other: ${dates[i]} is not after ${dates[i - 1]}`);
    }
    return { ok: true, value: { kind: 'dates', dates } };
  }
  return fail(
    `'${text}' is not a schedule: write none, every 2 days at 20:00 (add weekdays to skip weekends), or dates 2026-01-12 20:00, 2026-01-14 20:00`,
  );
}

export function scheduleText(s: Schedule): string {
  if (s.kind === 'none') return 'none';
  if (s.kind === 'every')
    return `every ${s.days === 1 ? 'day' : `${s.days} days`} at ${s.at}${s.weekdays ? ' weekdays' : ''}`;
  return `dates ${s.dates.join(', ')}`;
}

/** The schedule in words, for mail. */
export function scheduleWords(s: Schedule, zone: string): string {
  if (s.kind === 'none') return "no deadline: a turn waits until every player's orders are in";
  if (s.kind === 'every') {
    const n =
      s.days === 1
        ? s.weekdays
          ? 'every weekday'
          : 'every day'
        : `every ${s.days} ${s.weekdays ? 'weekdays (Monday to Friday)' : 'days'}`;
    return `the deadline is ${n} after the turn opens, at ${s.at} ${zone} time`;
  }
  return `deadlines on set dates (${zone} time): ${s.dates.map((d, i) => `turn ${i + 1} ${d}`).join(', ')}`;
}

/**
 * The scheduled deadline of a turn that opened at `openedAt`, or null when it has none. `every`:
 * the N-th day (weekday) after the day the turn opened, at the set time in the game's zone.
 */
export function scheduledDeadline(settings: GameSettings, turn: number, openedAt: number): number | null {
  const s = settings.schedule;
  const zone = settings.zone;
  if (s.kind === 'none') return null;
  if (s.kind === 'dates') {
    const d = s.dates[turn - 1];
    const m = d ? DATE_RE.exec(d) : null;
    if (!m) return null;
    const [, y, mo, day, h, mi] = m.map(Number) as number[];
    return zonedTime(zone, y!, mo!, day!, h!, mi!);
  }
  const [h, mi] = s.at.split(':').map(Number) as [number, number];
  let date = { ...wallTime(openedAt, zone) };
  for (let left = s.days; left > 0; ) {
    date = { ...date, ...addDays(date, 1) };
    if (!s.weekdays || (date.weekday !== 0 && date.weekday !== 6)) left--;
  }
  return zonedTime(zone, date.year, date.month, date.day, h, mi);
}

export const SETTING_KEYS = [
  'deadline',
  'zone',
  'grace',
  'remind',
  'minimum',
  'misses',
  'extensions',
  'extend',
  'signup',
  'confirm',
  'missed',
  'standin',
  'leave',
  'records',
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

/** Applies `key value` to the settings; the new settings, or why not. */
export function applySetting(settings: GameSettings, key: string, value: string): Parsed<GameSettings> {
  const k = key.toLowerCase();
  const v = value.trim();
  const span = (field: keyof GameSettings): Parsed<GameSettings> => {
    const d = parseDuration(v);
    return d.ok ? { ok: true, value: { ...settings, [field]: d.value } } : d;
  };
  const count = (max: number): Parsed<number> =>
    /^\d{1,3}$/.test(v) && Number(v) <= max
      ? { ok: true, value: Number(v) }
      : fail(`'${v}' is not a whole number from 0 to ${max}`);
  switch (k) {
    case 'deadline':
    case 'schedule': {
      const s = parseSchedule(v);
      return s.ok ? { ok: true, value: { ...settings, schedule: s.value } } : s;
    }
    case 'zone': {
      const z = canonicalZone(v);
      return z
        ? { ok: true, value: { ...settings, zone: z } }
        : fail(`'${v}' is not a time zone name (for example UTC, Europe/Berlin, America/New_York)`);
    }
    case 'grace':
      return span('graceMinutes');
    case 'remind':
      return span('remindMinutes');
    case 'minimum':
      return span('minimumMinutes');
    case 'extend':
      return span('extendMinutes');
    case 'confirm':
      return span('confirmMinutes');
    case 'leave': {
      // A whole number of days, as LEAVE asks for them: `14d`, `14 days`, `0`.
      const m = /^(\d{1,3})\s*(?:d|days?)?$/i.exec(v);
      if (!m || (Number(m[1]) && !/[a-z]/i.test(v)))
        return fail(`'${v}' is not a number of days: write 14d (or 0 for no leave)`);
      if (Number(m[1]) > 366) return fail(`'${v}' is longer than a year`);
      return { ok: true, value: { ...settings, leaveMinutes: Number(m[1]) * 1440 } };
    }
    case 'missed': {
      if (/^(standin|stand-in|computer)$/i.test(v)) return { ok: true, value: { ...settings, missed: 'standin' } };
      if (/^(default|straight)$/i.test(v)) return { ok: true, value: { ...settings, missed: 'default' } };
      return fail(
        `missed is standin (the stand-in pilot flies a player's planes for a turn they missed) or default (they fly forwards, fire held)`,
      );
    }
    case 'standin': {
      // `standin ace`, or `standin level ace` (docs/standin.md "Levels").
      const level = parseLevel(v.replace(/^level\s+/i, ''));
      if (level) return { ok: true, value: { ...settings, standinLevel: level } };
      return fail(
        `standin is the stand-in pilot's level: ${STANDIN_LEVELS.join(', ')} (an ace flies its best; a recruit makes a recruit's mistakes)`,
      );
    }
    case 'misses': {
      const n = count(99);
      return n.ok ? { ok: true, value: { ...settings, maxMisses: n.value } } : n;
    }
    case 'extensions': {
      const m = /^(\d{1,3})\s+(\d{1,3})$/.exec(v);
      if (!m) return fail(`extensions takes two numbers: per turn and in all (extensions 1 5)`);
      return { ok: true, value: { ...settings, maxExtensionsPerTurn: Number(m[1]), maxExtensionsTotal: Number(m[2]) } };
    }
    case 'records': {
      if (/^(public|published|on)$/i.test(v)) return { ok: true, value: { ...settings, records: 'public' } };
      if (/^(private|off)$/i.test(v)) return { ok: true, value: { ...settings, records: 'private' } };
      return fail(
        `records is public (each player sees the others' records of turns on time and missed, by player id) or private (the game master only)`,
      );
    }
    case 'signup': {
      if (/^(on|yes|open|true)$/i.test(v)) return { ok: true, value: { ...settings, signup: true } };
      if (/^(off|no|closed|false)$/i.test(v)) return { ok: true, value: { ...settings, signup: false } };
      return fail(`signup is on or off`);
    }
    default:
      return fail(`'${key}' is not a setting; the settings are ${SETTING_KEYS.join(', ')}`);
  }
}

/** Every setting as `key value` lines, as SET and tallyho game set take them. */
export function settingLines(s: GameSettings): string[] {
  return [
    `deadline ${scheduleText(s.schedule)}`,
    `zone ${s.zone}`,
    `grace ${durationText(s.graceMinutes)}`,
    `remind ${durationText(s.remindMinutes)}`,
    `minimum ${durationText(s.minimumMinutes)}`,
    `misses ${s.maxMisses}`,
    `extensions ${s.maxExtensionsPerTurn} ${s.maxExtensionsTotal}`,
    `extend ${durationText(s.extendMinutes)}`,
    `signup ${s.signup ? 'on' : 'off'}`,
    `confirm ${durationText(s.confirmMinutes)}`,
    `missed ${s.missed}`,
    `standin ${s.standinLevel}`,
    `leave ${s.leaveMinutes ? `${Math.floor(s.leaveMinutes / 1440)}d` : '0'}`,
    `records ${s.records}`,
  ];
}

/** The deadline in the game's zone and, when it differs, in the reader's own. */
export function deadlineText(ms: number, gameZone: string, ownZone: string | null): string {
  const game = formatInZone(ms, gameZone);
  return ownZone && ownZone !== gameZone ? `${game}, that is ${formatInZone(ms, ownZone)} for you` : game;
}

/** The deadline as lines for mail: in the game's zone, then in the reader's own when it differs. */
export function deadlineLines(ms: number, gameZone: string, ownZone: string | null): string[] {
  const lines = [formatInZone(ms, gameZone)];
  if (ownZone && ownZone !== gameZone) lines.push(`${formatInZone(ms, ownZone)}, your time`);
  return lines;
}
