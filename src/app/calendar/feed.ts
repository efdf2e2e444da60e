/**
 * A player's private calendar feed (docs/players.md "Your turns in a calendar"): one iCalendar
 * document per address, at `<PUBLIC_URL>/calendar/<token>.ics`, with the deadline of the current
 * turn of every running game in which the address holds an active seat of its own (not the
 * computer's), and the limit of every muster it is called to (musterEvent). The token is made on first use and kept (the `calendars` table); the feed is worked
 * out afresh at each request, so it follows extensions, pauses and rollbacks. It says nothing
 * secret but the link itself: no orders, no positions, nothing of other players.
 *
 * SEQUENCE (RFC 5545 3.8.7.4) of a turn's event must grow whenever the event changes. It is
 * 2 x (the game's extensions in all, which only ever grow + the turn's reruns + whole seconds the
 * turn's clock was re-anchored since the turn opened + whole seconds it was paused), plus 1 while
 * the game is paused. An extension adds 2, a pause 1; a resume takes the 1 away and adds 2 for each
 * second paused; a rollback adds a rerun; a re-anchored clock (ROLLBACK, or SET moving a deadline
 * that would lie in the past) drops its paused time but gains at least as many seconds of anchor.
 * A change of schedule that keeps the anchor moves the time without raising it: a subscribed
 * calendar reads the whole feed again anyway.
 */
import { currentDeadline, musterRemindAt, turnClock } from '../game/deadlines.ts';
import { deadlineLines, durationText } from '../game/settings.ts';
import { onLeave } from '../game/standin.ts';
import { formatInZone } from '../game/zones.ts';
import type { AppDeps } from '../ports/deps.ts';
import type { GameRow, PlayerRow, StoreTx } from '../ports/store.ts';
import { inPlay } from '../../core/outcome.ts';
import { icsText, minutesDuration, property, textProperty, utcTime } from './ics.ts';
import { paths, webUrl } from '../words/urls.ts';

/** How long a deadline's event lasts in the calendar: a mark, not a meeting. */
const EVENT_MINUTES = 15;

/** A token as Keys.newToken makes it; anything else is not looked up. */
const TOKEN_RE = /^[A-Za-z0-9_-]{16,128}$/;

/** The calendar token of an address (lower case), made and kept the first time it is asked for. */
export function calendarToken(deps: AppDeps, tx: StoreTx, email: string): string {
  const address = email.trim().toLowerCase();
  const kept = tx.club.calendarToken(address);
  if (kept) return kept;
  const token = deps.keys.newToken();
  tx.club.setCalendarToken(address, token, deps.clock.now());
  return token;
}

/** The address of an address's feed; '' when the referee has no web address (PUBLIC_URL) or there is no address. */
export function calendarUrl(deps: AppDeps, tx: StoreTx, email: string): string {
  const base = deps.referee.publicUrl;
  if (!base || !email.trim()) return '';
  return webUrl(base, paths.calendar(calendarToken(deps, tx, email)));
}

/** The host named in the events' UIDs: PUBLIC_URL's, else `tallyho`. */
function uidHost(publicUrl: string | null | undefined): string {
  try {
    return publicUrl ? new URL(publicUrl).host || 'tallyho' : 'tallyho';
  } catch {
    return 'tallyho';
  }
}

/** The event's SEQUENCE: see the head of this file. */
function sequenceOf(tx: StoreTx, game: GameRow, paused: boolean): number {
  const clock = turnClock(tx, game);
  const opened = Math.max(tx.turns.get(game.id, game.turn)?.openedAt ?? 0, game.startedAt ?? 0);
  const seconds = (ms: number): number => Math.max(0, Math.floor(ms / 1000));
  const moves =
    tx.control.get(game.id).extensions + clock.reruns + seconds(clock.anchorAt - opened) + seconds(clock.pausedMs);
  return 2 * moves + (paused ? 1 : 0);
}

/** What the description says of one of the address's seats in the game: orders in or not, leave. */
function seatLine(game: GameRow, seat: PlayerRow, ordersIn: boolean, zone: string, now: number): string {
  const who = `As ${seat.id} (${seat.planes.join(', ')})`;
  if (onLeave(seat, now)) {
    return `${who}: you are on leave until ${formatInZone(seat.leaveUntil as number, zone)}; the stand-in pilot flies your planes (BACK takes them back).`;
  }
  return `${who}: your orders for turn ${game.turn} are ${ordersIn ? 'in (you may send new ones until the deadline)' : 'not in yet'}.`;
}

/** The lines of one game's event, or none (no deadline, nothing of the address's in play). */
function gameEvent(deps: AppDeps, tx: StoreTx, game: GameRow, seats: PlayerRow[], now: number): string[] {
  const deadline = currentDeadline(tx, game);
  const state = tx.turns.get(game.id, game.turn)?.state;
  const playing = seats.filter((p) => !state || inPlay(state, p.planes) > 0);
  if (deadline === null || !playing.length) return [];
  const control = tx.control.get(game.id);
  const s = control.settings;
  const paused = control.pausedAt !== null;
  const zone = playing.find((p) => p.zone)?.zone ?? null;
  const base = deps.referee.publicUrl;
  const tag = `[${game.id}] Turn ${game.turn}`;
  const latest = tx.orders.latestAccepted(game.id, game.turn);
  const owed = playing.some((p) => !onLeave(p, now) && !latest.has(p.id));
  const description = [
    `Game ${game.id} (${game.name}), turn ${game.turn}.`,
    ...(paused
      ? [
          `The game master paused the game on ${formatInZone(control.pausedAt as number, zone ?? s.zone)}${control.pauseReason ? `: ${control.pauseReason}` : ''}. The deadline does not run while it is paused; when it resumes, the deadline moves on by the time paused and this event comes back.`,
        ]
      : [`Orders due: ${deadlineLines(deadline, s.zone, zone).join('; ')}.`]),
    ...(s.graceMinutes && !paused ? [`Orders are still taken for ${durationText(s.graceMinutes)} after it.`] : []),
    ...playing.map((p) => seatLine(game, p, latest.has(p.id), p.zone ?? s.zone, now)),
  ].join('\n');
  const lines = [
    'BEGIN:VEVENT',
    property('UID', `${game.id}-turn-${game.turn}@${uidHost(base)}`),
    property('DTSTAMP', utcTime(now)),
    property('DTSTART', utcTime(deadline)),
    property('DURATION', minutesDuration(EVENT_MINUTES)),
    property('SEQUENCE', String(sequenceOf(tx, game, paused))),
    property('STATUS', paused ? 'CANCELLED' : 'CONFIRMED'),
    property('TRANSP', 'TRANSPARENT'),
    textProperty('SUMMARY', paused ? `${tag}: game paused, no deadline for now` : `${tag} orders due`),
    textProperty('DESCRIPTION', description),
    ...(base ? [property('URL', webUrl(base, paths.game(game.id)))] : []),
  ];
  // The alarm of the game's reminder: while the deadline runs and this address still owes orders.
  if (s.remindMinutes > 0 && !paused && owed) {
    lines.push(
      'BEGIN:VALARM',
      property('ACTION', 'DISPLAY'),
      property('TRIGGER', `-${minutesDuration(s.remindMinutes)}`),
      textProperty('DESCRIPTION', `${tag} orders due in ${durationText(s.remindMinutes)}`),
      'END:VALARM',
    );
  }
  lines.push('END:VEVENT');
  return lines;
}

/**
 * The event of a muster (docs/gm-guide.md "Muster") in a game being set up: its limit, with an
 * alarm at the muster's reminder while the address's READY is not in. SEQUENCE: 2 x the whole
 * seconds from the game's creation to the muster's opening (MUSTER again opens it anew, later),
 * plus 1 once the address is ready.
 */
function musterEvent(deps: AppDeps, tx: StoreTx, game: GameRow, seats: PlayerRow[], now: number): string[] {
  const m = tx.club.muster(game.id);
  if (!m) return [];
  const said = tx.club.ready(game.id);
  const ready = seats.every((p) => said.has(p.id));
  const others = tx.players
    .list(game.id)
    .filter((p) => p.pilot === 'human' && p.email && !said.has(p.id) && !seats.includes(p))
    .map((p) => p.id);
  const s = tx.control.get(game.id).settings;
  const zone = seats.find((p) => p.zone)?.zone ?? null;
  const base = deps.referee.publicUrl;
  const tag = `[${game.id}] Muster`;
  const past = now >= m.until;
  const description = [
    `Game ${game.id} (${game.name}): turn 1 opens as soon as every player has answered READY.`,
    `The muster ends: ${deadlineLines(m.until, s.zone, zone).join('; ')}.`,
    ready
      ? `Your READY is in.${others.length ? ` Still to answer: ${others.join(', ')}.` : ''}`
      : `Your READY is not in yet: reply READY to the muster's mail, or send a mail whose subject is READY to ${deps.referee.address} from this address.${past ? ' The time is up: the game master decides; a READY still counts until the game master has.' : ''}`,
  ].join('\n');
  const lines = [
    'BEGIN:VEVENT',
    property('UID', `${game.id}-muster@${uidHost(base)}`),
    property('DTSTAMP', utcTime(now)),
    property('DTSTART', utcTime(m.until)),
    property('DURATION', minutesDuration(EVENT_MINUTES)),
    property('SEQUENCE', String(2 * Math.max(0, Math.floor((m.openedAt - game.createdAt) / 1000)) + (ready ? 1 : 0))),
    property('STATUS', 'CONFIRMED'),
    property('TRANSP', 'TRANSPARENT'),
    textProperty('SUMMARY', ready ? `${tag} ends (you are ready)` : `${tag}: answer READY`),
    textProperty('DESCRIPTION', description),
    ...(base ? [property('URL', webUrl(base, paths.game(game.id)))] : []),
  ];
  if (!ready) {
    const before = Math.max(1, Math.round((m.until - musterRemindAt(m)) / 60_000));
    lines.push(
      'BEGIN:VALARM',
      property('ACTION', 'DISPLAY'),
      property('TRIGGER', `-${minutesDuration(before)}`),
      textProperty('DESCRIPTION', `${tag}: answer READY within ${durationText(before)}`),
      'END:VALARM',
    );
  }
  lines.push('END:VEVENT');
  return lines;
}

/**
 * The one component of a feed with no event (RFC 5545 3.6: an iCalendar object holds at least one
 * calendar component; a VCALENDAR with none is refused by strict parsers). A VJOURNAL, a note without a date,
 * rather than an informative VEVENT, which would put an entry at some time in the player's
 * calendar: Google, Apple and Outlook calendars ignore journals, so the calendar stays empty, as it
 * should, and a program that shows them (Evolution's memos) shows why. Only UID and DTSTAMP are
 * required (3.6.3); the UID is the same in every such feed, since the entry says the same.
 */
function noDeadlineJournal(publicUrl: string | null | undefined, now: number): string[] {
  return [
    'BEGIN:VJOURNAL',
    property('UID', `no-deadlines@${uidHost(publicUrl)}`),
    property('DTSTAMP', utcTime(now)),
    textProperty('SUMMARY', 'Tallyho: no deadline now'),
    textProperty(
      'DESCRIPTION',
      'None of your games on this referee has a deadline or a muster running now. Their deadlines come into this calendar by themselves when they do.',
    ),
    'END:VJOURNAL',
  ];
}

/**
 * The feed of the address a token is of, as iCalendar text; null for a token nobody has. Games
 * over, being set up without a muster, or without a deadline for the current turn give no event;
 * a feed with no event holds the note of noDeadlineJournal instead.
 */
export function calendarFeed(deps: AppDeps, tx: StoreTx, token: string, now: number): string | null {
  if (!TOKEN_RE.test(token)) return null;
  const email = tx.club.calendarOwner(token);
  if (email === undefined) return null;
  const seats = tx.players.byEmail(email).filter((p) => p.status === 'active' && p.pilot === 'human');
  const games = new Map<string, { game: GameRow; seats: PlayerRow[] }>();
  for (const p of seats) {
    const game = tx.games.get(p.gameId);
    // A running game's turn, or the muster of one being set up.
    if (!game || (game.status !== 'running' && !(game.status === 'setup' && tx.club.muster(game.id)))) continue;
    const entry = games.get(game.id) ?? { game, seats: [] };
    entry.seats.push(p);
    games.set(game.id, entry);
  }
  const first = [...games.values()][0];
  const zone =
    seats.find((p) => p.zone && games.has(p.gameId))?.zone ??
    (first ? tx.control.get(first.game.id).settings.zone : 'UTC');
  const events = [...games.values()].flatMap((g) =>
    (g.game.status === 'setup' ? musterEvent : gameEvent)(deps, tx, g.game, g.seats, now),
  );
  return icsText([
    'BEGIN:VCALENDAR',
    property('VERSION', '2.0'),
    property('PRODID', '-//Tallyho//Play-by-mail referee//EN'),
    property('CALSCALE', 'GREGORIAN'),
    property('METHOD', 'PUBLISH'),
    textProperty('X-WR-CALNAME', 'Tallyho: your turns'),
    property('X-WR-TIMEZONE', zone),
    // How often a subscribing calendar should read the feed again (RFC 7986; the older name too).
    property('REFRESH-INTERVAL;VALUE=DURATION', 'PT1H'),
    property('X-PUBLISHED-TTL', 'PT1H'),
    ...(events.length ? events : noDeadlineJournal(deps.referee.publicUrl, now)),
    'END:VCALENDAR',
  ]);
}
