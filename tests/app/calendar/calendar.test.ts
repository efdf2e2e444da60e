/**
 * A player's private calendar feed (src/app/calendar/feed.ts, docs/players.md "Your turns in a
 * calendar"), read back with Mozilla's parser (ical.js): one event per running game of the address
 * at its deadline, moved by EXTEND, cancelled by PAUSE and back with RESUME, SEQUENCE growing at
 * each; nothing for an unknown token or a seat of the computer's; RFC 5545 lines (CRLF, at most 75
 * octets). The welcome and CALENDAR give the link.
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarFeed, calendarToken, calendarUrl } from '../../../src/app/calendar/feed.ts';
import { escapeText, foldLine } from '../../../src/app/calendar/ics.ts';
import { extendTurn, pauseGame, resumeGame, setSetting } from '../../../src/app/gm/control.ts';
import { computerSeat } from '../../../src/app/setup/roster.ts';
import { takeLeave } from '../../../src/app/setup/leave.ts';
import { openMuster } from '../../../src/app/setup/muster.ts';
import { addPlayer, createGame } from '../../../src/app/setup/games.ts';
import { parseScenario } from '../../../src/core/scenario.ts';
import { flat } from '../../support/text.ts';
import {
  DUEL,
  envelope,
  lastMail,
  post,
  startedDuel,
  testCards,
  testReferee,
  type TestReferee,
} from '../../support/app.ts';

const RED = 'red@example.test';
const BLUE = 'blue@example.test';
const HOUR = 3_600_000;
/** The duel's first deadline: `every 2 days at 20:00` from a start on 10 January 2026, 09:00 UTC. */
const DEADLINE = Date.UTC(2026, 0, 12, 20, 0);

/** A started duel with a deadline (the game's zone UTC, reminders a day before). */
function game(t: TestReferee, id = 'duel'): { red: string; blue: string } {
  const s = startedDuel(t, id);
  setSetting(t.deps, id, 'deadline', 'every 2 days at 20:00');
  return s;
}

const tokenOf = (t: TestReferee, email = RED): string => t.store.tx((tx) => calendarToken(t.deps, tx, email));
const feedText = (t: TestReferee, token = tokenOf(t)): string | null =>
  t.store.tx((tx) => calendarFeed(t.deps, tx, token, t.now()));

interface Ev {
  uid: string;
  start: number;
  sequence: number;
  status: string;
  summary: string;
  description: string;
  alarms: ICAL.Component[];
}

/** The feed parsed by ical.js: the calendar and its events. */
function parsed(text: string): { cal: ICAL.Component; events: Ev[] } {
  const cal = new ICAL.Component(ICAL.parse(text));
  const events = cal.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return {
      uid: e.uid,
      start: e.startDate.toJSDate().getTime(),
      sequence: e.sequence,
      status: String(v.getFirstPropertyValue('status')),
      summary: e.summary,
      description: e.description,
      alarms: v.getAllSubcomponents('valarm'),
    };
  });
  return { cal, events };
}

const feed = (t: TestReferee): { cal: ICAL.Component; events: Ev[] } => parsed(feedText(t) as string);

describe('the calendar feed', () => {
  it("gives one event at the running game's deadline, with its reminder as an alarm", () => {
    const t = testReferee();
    t.deps.referee.publicUrl = 'https://tallyho.example.org';
    game(t);
    const { cal, events } = feed(t);
    expect(cal.getFirstPropertyValue('version')).toBe('2.0');
    expect(cal.getFirstPropertyValue('prodid')).toContain('Tallyho');
    expect(cal.getFirstPropertyValue('calscale')).toBe('GREGORIAN');
    expect(cal.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(cal.getFirstPropertyValue('x-wr-calname')).toBe('Tallyho: your turns');
    expect(cal.getFirstPropertyValue('x-wr-timezone')).toBe('UTC');
    expect(events).toHaveLength(1);
    const e = events[0]!;
    expect(e.uid).toBe('duel-turn-1@tallyho.example.org');
    expect(e.start).toBe(DEADLINE);
    expect(e.status).toBe('CONFIRMED');
    expect(e.summary).toBe('[duel] Turn 1 orders due');
    expect(e.description).toContain('Orders due: Mon 12 Jan 2026 20:00 UTC.');
    expect(e.description).toContain('As red (R1): your orders for turn 1 are not in yet.');
    expect(e.alarms).toHaveLength(1);
    expect(e.alarms[0]!.getFirstPropertyValue('action')).toBe('DISPLAY');
    expect((e.alarms[0]!.getFirstPropertyValue('trigger') as ICAL.Duration).toSeconds()).toBe(-24 * 3600);
    expect(feedText(t)).toContain('\r\nTRIGGER:-PT1440M\r\n');
    const vevent = cal.getFirstSubcomponent('vevent')!;
    expect(vevent.getFirstPropertyValue('url')).toBe('https://tallyho.example.org/games/duel');
    expect(vevent.getFirstPropertyValue('dtstamp')!.toString()).toBe('2026-01-10T09:00:00Z');
  });

  it("gives the deadline in the player's zone too, and his zone as the calendar's", () => {
    const t = testReferee();
    game(t);
    t.store.tx((tx) => tx.control.setZone('duel', 'red', 'Europe/Berlin'));
    const { cal, events } = feed(t);
    expect(cal.getFirstPropertyValue('x-wr-timezone')).toBe('Europe/Berlin');
    expect(events[0]!.description).toContain(
      'Mon 12 Jan 2026 20:00 UTC; Mon 12 Jan 2026 21:00 Europe/Berlin (UTC+01:00), your time.',
    );
    // Without PUBLIC_URL the UIDs name no host, and no link is given.
    expect(events[0]!.uid).toBe('duel-turn-1@tallyho');
    expect(feedText(t)).not.toContain('URL:');
  });

  it('moves the event when the game master extends the turn, and raises its SEQUENCE', () => {
    const t = testReferee();
    game(t);
    const before = feed(t).events[0]!;
    t.tick(HOUR);
    extendTurn(t.deps, 'duel', '12h');
    const after = feed(t).events[0]!;
    expect(after.uid).toBe(before.uid);
    expect(after.start).toBe(DEADLINE + 12 * HOUR);
    expect(after.sequence).toBeGreaterThan(before.sequence);
  });

  it('cancels the event while the game is paused, and brings it back moved on when it resumes', () => {
    const t = testReferee();
    game(t);
    const running = feed(t).events[0]!;
    t.tick(HOUR);
    pauseGame(t.deps, 'duel', 'a holiday');
    const paused = feed(t).events[0]!;
    expect(paused.uid).toBe(running.uid);
    expect(paused.status).toBe('CANCELLED');
    expect(paused.summary).toBe('[duel] Turn 1: game paused, no deadline for now');
    expect(paused.description).toContain('paused the game on Sat 10 Jan 2026 10:00 UTC: a holiday');
    expect(paused.alarms).toHaveLength(0);
    expect(paused.sequence).toBeGreaterThan(running.sequence);
    t.tick(3 * HOUR);
    resumeGame(t.deps, 'duel');
    const resumed = feed(t).events[0]!;
    expect(resumed.status).toBe('CONFIRMED');
    expect(resumed.start).toBe(DEADLINE + 3 * HOUR);
    expect(resumed.alarms).toHaveLength(1);
    expect(resumed.sequence).toBeGreaterThan(paused.sequence);
  });

  it('gives nothing for a token nobody has', () => {
    const t = testReferee();
    game(t);
    tokenOf(t);
    expect(feedText(t, 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).toBeNull();
    expect(feedText(t, '../../etc/passwd')).toBeNull();
    expect(feedText(t, '')).toBeNull();
  });

  it('keeps one token an address, whatever its case, made with 24 random bytes', () => {
    const t = testReferee();
    const token = tokenOf(t);
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(tokenOf(t, 'Red@Example.TEST')).toBe(token);
    expect(tokenOf(t, 'blue@example.test')).not.toBe(token);
    // No link without the referee's web address; none for a seat without an address.
    expect(t.store.tx((tx) => calendarUrl(t.deps, tx, RED))).toBe('');
    t.deps.referee.publicUrl = 'https://tallyho.example.org';
    expect(t.store.tx((tx) => calendarUrl(t.deps, tx, RED))).toBe(`https://tallyho.example.org/calendar/${token}.ics`);
    expect(t.store.tx((tx) => calendarUrl(t.deps, tx, ''))).toBe('');
  });

  it('puts a second game of the same address in the same feed', () => {
    const t = testReferee();
    game(t);
    t.tick(HOUR);
    game(t, 'second');
    const { events } = feed(t);
    expect(events.map((e) => e.uid)).toEqual(['duel-turn-1@tallyho', 'second-turn-1@tallyho']);
    expect(events.map((e) => e.summary)).toEqual(['[duel] Turn 1 orders due', '[second] Turn 1 orders due']);
  });

  it('gives nothing to a seat the computer flies, nor for a turn without a deadline', () => {
    const t = testReferee();
    game(t);
    t.store.tx((tx) => tx.players.setPilot('duel', 'red', 'computer'));
    expect(feed(t).events).toHaveLength(0);
    t.store.tx((tx) => tx.players.setPilot('duel', 'red', 'human'));
    expect(feed(t).events).toHaveLength(1);
    // COMPUTER red: the seat is the computer's, red's own is replaced.
    t.store.tx((tx) => computerSeat(t.deps, tx, 'duel', 'red'));
    expect(feed(t).events).toHaveLength(0);
    const u = testReferee();
    startedDuel(u);
    expect(feed(u).events).toHaveLength(0);
  });

  it('is a calendar RFC 5545 takes when it has no event: one VJOURNAL note in it, and none beside events', () => {
    const t = testReferee();
    startedDuel(t); // no deadline: no event
    const text = feedText(t) as string;
    // RFC 5545 3.6: at least one calendar component between BEGIN:VCALENDAR and END:VCALENDAR.
    const body = /^BEGIN:VCALENDAR\r\n([\s\S]*)END:VCALENDAR\r\n$/.exec(text)![1]!;
    const components = [...body.matchAll(/^BEGIN:(V[A-Z]+)\r$/gm)].map((m) => m[1]);
    expect(components).toEqual(['VJOURNAL']);
    const { cal, events } = parsed(text);
    expect(events).toHaveLength(0);
    const [journal, ...more] = cal.getAllSubcomponents('vjournal');
    expect(more).toHaveLength(0);
    // UID and DTSTAMP, each once (3.6.3); no DTSTART, so no calendar puts it at a time.
    for (const name of ['uid', 'dtstamp']) expect(journal!.getAllProperties(name)).toHaveLength(1);
    expect(journal!.getFirstPropertyValue('dtstart')).toBeNull();
    expect(String(journal!.getFirstPropertyValue('summary'))).toBe('Tallyho: no deadline now');
    // A feed with an event has no note.
    setSetting(t.deps, 'duel', 'deadline', 'every 2 days at 20:00');
    const withEvent = feedText(t) as string;
    expect(parsed(withEvent).events).toHaveLength(1);
    expect(withEvent).not.toContain('VJOURNAL');
  });

  it('says when the orders are in (no alarm then) and when the player is on leave, and nothing secret', () => {
    const t = testReferee();
    const s = game(t);
    post(t, RED, envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1\nFIRE R1 ALL AT B1 WITHIN 2'));
    const e = feed(t).events[0]!;
    expect(e.description).toContain('your orders for turn 1 are in');
    expect(e.alarms).toHaveLength(0);
    const text = feedText(t) as string;
    for (const secret of [s.red, s.blue, 'FIRE', 'WITHIN', 'blue', '1216', 'example.test'])
      expect(text).not.toContain(secret);
    const u = testReferee();
    game(u);
    u.store.tx((tx) => takeLeave(u.deps, tx, tx.games.get('duel')!, tx.players.get('duel', 'red')!, 3));
    expect(feed(u).events[0]!.description).toContain(
      'you are on leave until Tue 13 Jan 2026 09:00 UTC; the stand-in pilot flies your planes',
    );
    expect(feed(u).events[0]!.alarms).toHaveLength(0);
  });

  it('writes RFC 5545 lines: CRLF, at most 75 octets, escaped text that reads back as written', () => {
    const t = testReferee();
    game(t);
    const name = 'Über den Wolken; a duel, with \\ and "quotes" — éèê '.repeat(3);
    t.store.db.prepare('UPDATE games SET name = ? WHERE id = ?').run(name, 'duel');
    const text = feedText(t) as string;
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const lines = text.split('\r\n').slice(0, -1);
    for (const l of lines) expect(Buffer.byteLength(l, 'utf8'), l).toBeLessThanOrEqual(75);
    expect(lines.some((l) => l.startsWith(' '))).toBe(true);
    expect(feed(t).events[0]!.description).toContain(`Game duel (${name}), turn 1.`);
    expect(escapeText('a\\b;c,d\r\ne\nf\u0007')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
    expect(foldLine('x'.repeat(75))).toEqual(['x'.repeat(75)]);
    expect(foldLine('x'.repeat(76))).toEqual(['x'.repeat(75), ' x']);
    // A character is never split: 'é' is two octets.
    expect(foldLine(`${'x'.repeat(74)}é`)).toEqual(['x'.repeat(74), ' é']);
  });
});

describe('the calendar feed of a muster', () => {
  it("gives the muster's limit with an alarm at its reminder until the READY is in, then says the address is ready; MUSTER again moves it", () => {
    const t = testReferee();
    t.deps.referee.publicUrl = 'https://tallyho.example.org';
    const cards = testCards();
    const r = parseScenario(DUEL, 'duel', cards);
    if (!r.ok) throw new Error('scenario');
    createGame(t.deps, { id: 'club', scenario: r.value, catalog: cards });
    addPlayer(t.deps, { gameId: 'club', playerId: 'red', email: RED, planes: ['R1'], zone: 'Europe/Berlin' });
    addPlayer(t.deps, { gameId: 'club', playerId: 'blue', email: BLUE, planes: ['B1'] });
    // A game being set up without a muster gives no event.
    expect(feed(t).events).toEqual([]);
    openMuster(t.deps, 'club', '3d');
    expect(flat(lastMail(t, RED, 'notice').text)).toContain(
      `The muster's limit, and then your deadlines, as a calendar (subscribe to it, keep it private): https://tallyho.example.org/calendar/${tokenOf(t)}.ics`,
    );
    const [call] = feed(t).events;
    expect(call).toMatchObject({
      uid: 'club-muster@tallyho.example.org',
      start: t.now() + 3 * 24 * HOUR,
      status: 'CONFIRMED',
      summary: '[club] Muster: answer READY',
    });
    expect(call!.description).toContain(
      'Game club (Test duel): turn 1 opens as soon as every player has answered READY.',
    );
    expect(call!.description).toContain(
      'The muster ends: Tue 13 Jan 2026 09:00 UTC; Tue 13 Jan 2026 10:00 Europe/Berlin (UTC+01:00), your time.',
    );
    expect(call!.description).toContain(
      `Your READY is not in yet: reply READY to the muster's mail, or send a mail whose subject is READY to referee@example.test from this address.`,
    );
    expect(call!.alarms).toHaveLength(1);
    expect((call!.alarms[0]!.getFirstPropertyValue('trigger') as ICAL.Duration).toSeconds()).toBe(-24 * 3600);
    post(t, RED, 'READY', { subject: 'READY' });
    const [ready] = feed(t).events;
    expect(ready).toMatchObject({
      uid: call!.uid,
      start: call!.start,
      summary: '[club] Muster ends (you are ready)',
      alarms: [],
    });
    expect(ready!.description).toContain('Your READY is in. Still to answer: blue.');
    expect(ready!.sequence).toBeGreaterThan(call!.sequence);
    // Blue's feed, and MUSTER again: a later limit, a higher SEQUENCE; a short muster rings halfway.
    const blueFeed = () => parsed(feedText(t, tokenOf(t, BLUE)) as string).events;
    const before = blueFeed()[0]!;
    t.tick(HOUR);
    openMuster(t.deps, 'club', '12h');
    const again = blueFeed()[0]!;
    expect(again.start).toBe(t.now() + 12 * HOUR);
    expect(again.sequence).toBeGreaterThan(before.sequence);
    expect((again.alarms[0]!.getFirstPropertyValue('trigger') as ICAL.Duration).toSeconds()).toBe(-6 * 3600);
    // Past the limit, the READY still counts until the game master decides.
    t.tick(13 * HOUR);
    expect(blueFeed()[0]!.description).toContain(
      'The time is up: the game master decides; a READY still counts until the game master has.',
    );
    // The last READY starts the game: the muster's event gives way to turn 1's (when it has a deadline).
    post(t, BLUE, 'READY', { subject: 'READY' });
    expect(t.store.tx((tx) => tx.games.get('club')!.status)).toBe('running');
    expect(blueFeed().map((e) => e.uid)).not.toContain('club-muster@tallyho.example.org');
  });
});

describe('the calendar link in the mails', () => {
  it('is in the welcome when the referee has a web address, and not without one', () => {
    const t = testReferee();
    t.deps.referee.publicUrl = 'https://tallyho.example.org';
    startedDuel(t);
    const url = `https://tallyho.example.org/calendar/${tokenOf(t)}.ics`;
    const welcome = lastMail(t, RED, 'welcome');
    expect(welcome.text).toContain(`Your deadlines as a calendar (subscribe to it, keep it private):\n  ${url}\n`);
    expect(welcome.html).toContain(`<a href="${url}">${url}</a>`);
    expect(lastMail(t, 'blue@example.test', 'welcome').text).not.toContain(url);
    const u = testReferee();
    startedDuel(u);
    expect(lastMail(u, RED, 'welcome').text).not.toContain('/calendar/');
  });

  it('is the answer to CALENDAR, in the envelope or alone; without a web address the answer says so', () => {
    const t = testReferee();
    const s = startedDuel(t);
    post(t, RED, envelope('duel', 'red', s.red, 'CALENDAR'));
    expect(lastMail(t, RED, 'answer').text).toContain(
      'This referee has no web address (its game master has not set PUBLIC_URL)',
    );
    t.deps.referee.publicUrl = 'https://tallyho.example.org';
    post(t, RED, envelope('duel', 'red', s.red, 'CALENDAR'));
    const url = `https://tallyho.example.org/calendar/${tokenOf(t)}.ics`;
    expect(lastMail(t, RED, 'answer').text).toContain(
      `Your deadlines as a calendar, for every game you play on this referee:\n  ${url}`,
    );
    const { mails } = post(t, RED, 'CALENDAR', { subject: 'CALENDAR' });
    expect(mails.map((m) => m.recipient)).toEqual([RED]);
    expect(mails[0]!.text).toContain(url);
  });
});
