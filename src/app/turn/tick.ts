/**
 * The clock's use case: `tallyho serve` calls `tick` on a timer and after every mail taken in;
 * tests call it with the time they want. For every running game that is not paused, in one
 * transaction each: reminders before the deadline to the players whose orders are missing (and to
 * the others who is still missing), a notice to the late ones when the deadline passes with grace
 * to come, the turn resolved at the deadline plus grace with the default for the missing planes
 * (the misses counted, the players told, the game master alerted past the limit), and a turn whose
 * orders are all in resolved once nothing holds it any more. Every game being set up with a muster
 * open, in a transaction of its own too: its reminder and its limit (app/setup/muster-clock.ts).
 * Then, for every game, the wrong-secret attempts collected since the last notice (wrong-secrets.ts) and
 * the JOIN tokens that expired.
 */
import { noticeAttempts } from '../mail/wrong-secrets.ts';
import { currentDeadline, saveClock, turnClock, turnReadiness } from '../game/deadlines.ts';
import type { AppDeps } from '../ports/deps.ts';
import { alertGm, defaultWords, gmAddress, queueAnswer, queueReminder } from '../mail/notify.ts';
import type { GameRow, PlayerRow, StoreTx } from '../ports/store.ts';
import { deadlineLines, durationText } from '../game/settings.ts';
import { purgeJoins } from '../setup/signup.ts';
import { endLeaves } from '../setup/leave.ts';
import { musterClock } from '../setup/muster-clock.ts';
import { resolveReady } from './resolve.ts';
import { inPlayIds } from '../../core/outcome.ts';
import { hooksReminder } from '../hooks/events.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;

export interface TickEvent {
  game: string;
  turn: number;
  what: 'reminded' | 'late' | 'resolved' | 'defaulted' | 'muster-reminded' | 'muster-limit' | 'started';
  players: string[];
}

/** Runs the clock for every running game at `now` (the Clock's time when not given). */
export function tick(deps: AppDeps, now?: number): TickEvent[] {
  const d: AppDeps = now === undefined ? deps : { ...deps, clock: { now: () => now } };
  const ids = d.store.tx((tx) =>
    tx.games
      .list()
      .filter((g) => g.status === 'running')
      .map((g) => g.id),
  );
  const out: TickEvent[] = [];
  for (const id of ids) {
    try {
      out.push(...d.store.tx((tx) => tickGame(d, tx, id)));
    } catch (e) {
      d.log.error({ game: id, err: (e as Error).message }, 'the clock failed for a game; it is tried again next tick');
    }
  }
  // Musters before turn 1: the reminder, the game master told at the limit (app/setup/muster-clock.ts).
  const musters = d.store.tx((tx) => tx.club.musters().map((m) => m.gameId));
  for (const id of musters) {
    try {
      out.push(...d.store.tx((tx) => musterClock(d, tx, id)).map((e) => ({ ...e, turn: 1 })));
    } catch (e) {
      d.log.error(
        { game: id, err: (e as Error).message },
        'the muster clock failed for a game; it is tried again next tick',
      );
    }
  }
  // Wrong-secret attempts collected within the hour of a notice, told once it is over; JOIN
  // requests never confirmed, removed once their token expired; the rate limits' old counts.
  d.store.tx((tx) => {
    noticeAttempts(d, tx);
    purgeJoins(d, tx);
    tx.replies.purgePreauth(d.clock.now() - DAY);
  });
  return out;
}

function tickGame(deps: AppDeps, tx: StoreTx, gameId: string): TickEvent[] {
  const now = deps.clock.now();
  const game = tx.games.get(gameId);
  if (!game || game.status !== 'running') return [];
  const control = tx.control.get(game.id);
  if (control.pausedAt !== null) return [];
  const s = control.settings;
  // Leaves that ran out: their players fly again, and the turn waits for them (app/setup/leave.ts).
  endLeaves(deps, tx, game);
  const events: TickEvent[] = [];
  const ev = (what: TickEvent['what'], players: string[]) =>
    events.push({ game: game.id, turn: game.turn, what, players });
  const deadline = currentDeadline(tx, game);
  const missing = turnReadiness(tx, game, deps.clock.now()).missing;
  if (deadline !== null && missing.length) {
    let clock = turnClock(tx, game);
    if (now >= deadline + s.graceMinutes * MINUTE) {
      const turn = game.turn;
      if (resolveReady(deps, game.id, { withDefaults: true }) !== null) {
        ev(
          'defaulted',
          missing.map((p) => p.id),
        );
        recordMisses(deps, tx, game, turn, missing);
      }
      return events;
    }
    // A reminder at the set time before the deadline, but never in the first half of the turn.
    const remindAt = Math.max(deadline - s.remindMinutes * MINUTE, clock.anchorAt + (deadline - clock.anchorAt) / 2);
    if (s.remindMinutes > 0 && clock.remindedAt === null && now >= remindAt && now < deadline) {
      remind(deps, tx, game, missing);
      clock = { ...clock, remindedAt: now };
      saveClock(tx, control, clock);
      ev(
        'reminded',
        missing.map((p) => p.id),
      );
    }
    if (now >= deadline && clock.lateAt === null) {
      const until = deadline + s.graceMinutes * MINUTE;
      for (const p of missing) {
        queueAnswer(deps, tx, {
          to: p.email,
          game,
          player: p,
          kind: 'notice',
          title: `Turn ${game.turn}: the deadline has passed`,
          paragraphs: [
            [
              `The deadline of turn ${game.turn} has passed and no orders from you are in. Orders are still taken until:`,
              ...deadlineLines(until, s.zone, p.zone).map((l) => `    ${l}`),
            ].join('\n'),
            `Then the turn is resolved and ${s.missed === 'standin' ? 'the stand-in pilot flies your planes: it picks from their legal ways to fly, knowing only what your side sees' : `your planes fly the default: ${defaultWords(tx.turns.get(game.id, game.turn)?.state)}`}.`,
          ],
        });
      }
      saveClock(tx, control, { ...clock, lateAt: now });
      ev(
        'late',
        missing.map((p) => p.id),
      );
    }
    return events;
  }
  const turn = game.turn;
  if (resolveReady(deps, game.id) !== null) ev('resolved', []);
  else if (deadline !== null && now >= deadline + s.graceMinutes * MINUTE) {
    // Every order is in but something holds the turn (a WAIT, a rolled-back turn): the deadline ends that.
    if (resolveReady(deps, game.id, { withDefaults: true }) !== null)
      events.push({ game: game.id, turn, what: 'resolved', players: [] });
  }
  return events;
}

/** Reminders to the missing players; a word to the others of who is still missing (ids only). */
function remind(deps: AppDeps, tx: StoreTx, game: GameRow, missing: PlayerRow[]): void {
  const ids = missing.map((p) => p.id);
  for (const p of missing) queueReminder(deps, tx, game, p, ids);
  hooksReminder(deps, tx, game, missing);
  const s = tx.control.get(game.id).settings;
  const deadline = currentDeadline(tx, game) as number;
  for (const p of tx.players.list(game.id)) {
    if (ids.includes(p.id)) continue;
    // A player who asked to WAIT holds the turn to its deadline himself: he is told so, not that it
    // resolves when the others' orders are in.
    const waits = p.waitTurn === game.turn;
    queueAnswer(deps, tx, {
      to: p.email,
      game,
      player: p,
      kind: 'notice',
      title: `Turn ${game.turn}: still waiting for ${ids.join(', ')}`,
      paragraphs: [
        [
          `Your orders for turn ${game.turn} are in. Still missing: ${ids.join(', ')}. ${
            waits
              ? "You asked to WAIT, so the turn is resolved at the deadline, even when every player's orders are in before it (NOWAIT takes that back):"
              : "The turn is resolved when every player's orders are in, or at the deadline:"
          }`,
          ...deadlineLines(deadline, s.zone, p.zone).map((l) => `    ${l}`),
        ].join('\n'),
      ],
    });
  }
}

/** Each missing player's miss counted and told; past the game's limit, the game master alerted. */
function recordMisses(deps: AppDeps, tx: StoreTx, game: GameRow, turn: number, missing: PlayerRow[]): void {
  const s = tx.control.get(game.id).settings;
  const now = deps.clock.now();
  const state = tx.turns.get(game.id, turn)?.state;
  const over: string[] = [];
  for (const p of missing) {
    tx.control.addMiss(game.id, turn, p.id, now);
    const n = tx.control.misses(game.id, p.id);
    const planes = inPlayIds(state, p.planes);
    queueAnswer(deps, tx, {
      to: p.email,
      game,
      player: p,
      kind: 'notice',
      title: `Turn ${turn}: no orders from you`,
      paragraphs: [
        `No orders from you for turn ${turn} were in by the deadline${s.graceMinutes ? ` and its grace of ${durationText(s.graceMinutes)}` : ''}. ${s.missed === 'standin' ? `The stand-in pilot flew ${planes.join(', ')}; the turn report says what it chose and why, and what happened.` : `${planes.join(', ')} flew the default: ${defaultWords(state)}. The turn report shows what happened.`}`,
        `You have missed ${n === 1 ? 'one turn' : `${n} turns`}${s.maxMisses && gmAddress(deps, tx, game.id) ? ` (the game master is told at ${s.maxMisses})` : ''}. The turn report has your orders for the next turn ready to send.`,
      ],
    });
    if (s.maxMisses && n >= s.maxMisses) over.push(`${p.id} (${p.email}): ${n} missed turn${n === 1 ? '' : 's'}`);
  }
  if (over.length) {
    const first = over[0]?.split(' ')[0] ?? 'player';
    alertGm(deps, tx, game, `players missing turns`, [
      `At turn ${turn} of game ${game.id} these players reached the game's limit of missed turns (${s.maxMisses}):`,
      ...over.map((o) => `- ${o}`),
      `To hand a player's planes to a replacement, who is mailed a briefing with the situation: REPLACE ${first} <new-player-id> <address> in a GM envelope, or tallyho game replace ${game.id} ${first} <new-player-id> --email <address>.`,
      // The advice names only what is not so already: with `missed standin` the stand-in flies missed turns now.
      `Or to the stand-in pilot, the referee's computer pilot, for the rest of the game: REPLACE ${first} COMPUTER (tallyho game computer ${game.id} ${first}).${s.missed === 'standin' ? " It flies their missed turns already (the game's missed setting is standin)." : ' For missed turns only: SET missed standin.'}`,
    ]);
  }
}
