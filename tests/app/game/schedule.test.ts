/** Time zones, the deadline schedule and the settings' text forms (src/app/game/zones.ts, settings.ts). */
import { describe, expect, it } from 'vitest';
import {
  applySetting,
  DEFAULT_SETTINGS,
  deadlineLines,
  parseDuration,
  parseSchedule,
  scheduledDeadline,
  scheduleText,
  settingLines,
} from '../../../src/app/game/settings.ts';
import {
  canonicalZone,
  formatInZone,
  isZone,
  offsetMinutes,
  wallTime,
  zonedTime,
} from '../../../src/app/game/zones.ts';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

describe('time zones', () => {
  it('knows IANA names and refuses others', () => {
    expect(isZone('Europe/Berlin')).toBe(true);
    expect(isZone('UTC')).toBe(true);
    expect(isZone('Mars/Olympus')).toBe(false);
    expect(isZone('../../etc/passwd')).toBe(false);
    expect(canonicalZone('europe/berlin')).toBe('Europe/Berlin');
  });

  it('turns wall-clock times into instants, across clock changes', () => {
    expect(iso(zonedTime('Europe/Berlin', 2026, 1, 12, 20, 0))).toBe('2026-01-12T19:00:00.000Z');
    expect(iso(zonedTime('Europe/Berlin', 2026, 7, 12, 20, 0))).toBe('2026-07-12T18:00:00.000Z');
    expect(iso(zonedTime('America/New_York', 2026, 3, 8, 12, 0))).toBe('2026-03-08T16:00:00.000Z');
    // 02:30 does not happen in Berlin on 29 March 2026: taken an hour later.
    expect(iso(zonedTime('Europe/Berlin', 2026, 3, 29, 2, 30))).toBe('2026-03-29T01:30:00.000Z');
    // 02:30 happens twice on 25 October 2026: the first.
    expect(iso(zonedTime('Europe/Berlin', 2026, 10, 25, 2, 30))).toBe('2026-10-25T00:30:00.000Z');
    expect(iso(zonedTime('Asia/Kolkata', 2026, 1, 1, 0, 0))).toBe('2025-12-31T18:30:00.000Z');
    expect(offsetMinutes(Date.UTC(2026, 0, 1), 'Asia/Kolkata')).toBe(330);
    expect(wallTime(Date.UTC(2026, 0, 12, 19), 'Europe/Berlin')).toMatchObject({
      year: 2026,
      month: 1,
      day: 12,
      hour: 20,
      minute: 0,
      weekday: 1,
    });
  });

  it('writes absolute times with the zone and its offset', () => {
    const t = Date.UTC(2026, 0, 12, 19, 0);
    expect(formatInZone(t, 'Europe/Berlin')).toBe('Mon 12 Jan 2026 20:00 Europe/Berlin (UTC+01:00)');
    expect(formatInZone(t, 'America/New_York')).toBe('Mon 12 Jan 2026 14:00 America/New_York (UTC-05:00)');
    expect(formatInZone(t, 'UTC')).toBe('Mon 12 Jan 2026 19:00 UTC');
    expect(deadlineLines(t, 'Europe/Berlin', 'America/New_York')).toEqual([
      'Mon 12 Jan 2026 20:00 Europe/Berlin (UTC+01:00)',
      'Mon 12 Jan 2026 14:00 America/New_York (UTC-05:00), your time',
    ]);
    expect(deadlineLines(t, 'Europe/Berlin', 'Europe/Berlin')).toHaveLength(1);
  });
});

describe('the schedule', () => {
  const berlin = { ...DEFAULT_SETTINGS, zone: 'Europe/Berlin' };
  it('reads and writes its text forms', () => {
    for (const t of [
      'none',
      'every 2 days at 20:00',
      'every day at 08:30 weekdays',
      'dates 2026-01-12 20:00, 2026-01-14 09:00',
    ]) {
      const s = parseSchedule(t);
      expect(s.ok && scheduleText(s.value)).toBe(t);
    }
    expect(parseSchedule('every 3 weekdays at 7:05')).toEqual({
      ok: true,
      value: { kind: 'every', days: 3, at: '07:05', weekdays: true },
    });
    expect(parseSchedule('every 2 days at 25:00')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/not a time of day/),
    });
    expect(parseSchedule('dates 2026-01-14 20:00, 2026-01-12 20:00')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/follow each other/),
    });
    expect(parseSchedule('sometimes')).toMatchObject({ ok: false });
  });

  it('puts the deadline on the N-th day after the turn opened, at the time in the game zone', () => {
    const every2 = { ...berlin, schedule: { kind: 'every' as const, days: 2, at: '20:00', weekdays: false } };
    // Opened Monday 12 Jan 2026 23:30 in Berlin (22:30 UTC): the deadline is Wednesday 20:00 Berlin.
    expect(iso(scheduledDeadline(every2, 1, Date.UTC(2026, 0, 12, 22, 30)))).toBe('2026-01-14T19:00:00.000Z');
    // Across the spring clock change the local time stays 20:00.
    expect(iso(scheduledDeadline(every2, 5, Date.UTC(2026, 2, 28, 12)))).toBe('2026-03-30T18:00:00.000Z');
    const weekdays = { ...berlin, schedule: { kind: 'every' as const, days: 1, at: '20:00', weekdays: true } };
    // Opened Friday 16 Jan: the next weekday is Monday 19 Jan.
    expect(iso(scheduledDeadline(weekdays, 1, Date.UTC(2026, 0, 16, 10)))).toBe('2026-01-19T19:00:00.000Z');
    const dates = { ...berlin, schedule: { kind: 'dates' as const, dates: ['2026-01-12 20:00', '2026-01-15 18:00'] } };
    expect(iso(scheduledDeadline(dates, 2, 0))).toBe('2026-01-15T17:00:00.000Z');
    expect(scheduledDeadline(dates, 3, 0)).toBeNull();
    expect(scheduledDeadline(DEFAULT_SETTINGS, 1, 0)).toBeNull();
  });

  it('applies settings by key and value, refusing what it cannot read', () => {
    let s = DEFAULT_SETTINGS;
    for (const [k, v] of [
      ['deadline', 'every 2 days at 20:00'],
      ['zone', 'europe/berlin'],
      ['grace', '6h'],
      ['remind', '1d'],
      ['minimum', '90m'],
      ['misses', '3'],
      ['extensions', '2 4'],
      ['extend', '12h'],
      ['signup', 'on'],
      ['missed', 'stand-in'],
      ['standin', 'regular'],
      ['leave', '7 days'],
      ['records', 'public'],
    ] as const) {
      const r = applySetting(s, k, v);
      if (!r.ok) throw new Error(r.error);
      s = r.value;
    }
    expect(settingLines(s)).toEqual([
      'deadline every 2 days at 20:00',
      'zone Europe/Berlin',
      'grace 6h',
      'remind 1d',
      'minimum 1h30m',
      'misses 3',
      'extensions 2 4',
      'extend 12h',
      'signup on',
      'confirm 30m',
      'missed standin',
      'standin regular',
      'leave 7d',
      'records public',
    ]);
    expect(applySetting(s, 'records', 'private')).toMatchObject({ ok: true, value: { records: 'private' } });
    expect(applySetting(s, 'missed', 'sometimes')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/missed is standin .* or default/),
    });
    expect(applySetting(s, 'leave', '7')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/not a number of days: write 14d/),
    });
    expect(applySetting(s, 'leave', '0')).toMatchObject({ ok: true, value: { leaveMinutes: 0 } });
    expect(applySetting(s, 'leave', '400d')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/longer than a year/),
    });
    expect(applySetting(s, 'zone', 'Mars/Olympus')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/not a time zone/),
    });
    expect(applySetting(s, 'colour', 'red')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/settings are deadline, zone/),
    });
    expect(parseDuration('1d12h')).toEqual({ ok: true, value: 2160 });
    expect(parseDuration('soon')).toMatchObject({ ok: false });
    expect(parseDuration('0')).toEqual({ ok: true, value: 0 });
    expect(parseDuration('90m')).toEqual({ ok: true, value: 90 });
    expect(parseDuration('3d')).toEqual({ ok: true, value: 3 * 1440 });
    // A bare number is refused: hours to one game master, days to another.
    expect(parseDuration('24')).toEqual({
      ok: false,
      error: "'24' has no unit: write 24m for minutes, 24h for hours or 24d for days (1d12h and 90m work too)",
    });
    expect(applySetting(DEFAULT_SETTINGS, 'grace', '2')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/'2' has no unit: write 2m/),
    });
  });
});
