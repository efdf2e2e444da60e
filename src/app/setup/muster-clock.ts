/**
 * The muster's clock (docs/gm-guide.md "Muster"), run by the tick for every game with a muster
 * open: one reminder to the players whose READY is not in (a day before the limit, or halfway for
 * a muster shorter than two days), and at the limit one alert to the game master naming who is
 * missing, who is ready, and the commands that settle it. A muster of a game no longer being set up
 * is closed; one whose every seat is ready starts the game.
 */
import type { AppDeps } from '../ports/deps.ts';
import { musterState, requireGame, type MusterState } from './games.ts';
import { alertGm, queueAnswer } from '../mail/notify.ts';
import { hooksMusterReminder } from '../hooks/events.ts';
import { deadlineLines } from '../game/settings.ts';
import { musterRemindAt } from '../game/deadlines.ts';
import { formatInZone } from '../game/zones.ts';
import { when, wrap } from '../words/text.ts';
import type { GameRow, StoreTx } from '../ports/store.ts';
import { howToAnswer, missedWords, musterComplete, readyEnvelope } from './muster.ts';

export interface MusterEvent {
  game: string;
  what: 'muster-reminded' | 'muster-limit' | 'started';
  players: string[];
}

/** Runs the muster of one game at the clock's time; what it did. */
export function musterClock(deps: AppDeps, tx: StoreTx, gameId: string): MusterEvent[] {
  const now = deps.clock.now();
  const m = musterState(tx, gameId);
  if (!m) return [];
  const game = requireGame(tx, gameId);
  if (game.status !== 'setup') {
    tx.club.closeMuster(game.id);
    return [];
  }
  if (!m.missing.length) {
    musterComplete(deps, tx, game, '');
    return [{ game: game.id, what: 'started', players: [] }];
  }
  const missing = m.missing.map((p) => p.id);
  if (now >= m.until) {
    if (m.toldAt !== null) return [];
    tellGm(deps, tx, game, m);
    tx.club.musterTold(game.id, now);
    return [{ game: game.id, what: 'muster-limit', players: missing }];
  }
  if (now < musterRemindAt(m) || m.remindedAt !== null) return [];
  const zone = tx.control.get(game.id).settings.zone;
  for (const p of m.missing) {
    queueAnswer(deps, tx, {
      to: p.email,
      game,
      player: p,
      kind: 'reminder',
      title: `muster for ${game.name}: your READY is due`,
      paragraphs: [
        [
          `No READY from you for game ${game.id} (${game.name}) is in yet. Turn 1 opens as soon as every player has answered; ready so far: ${m.ready.map((r) => r.player.id).join(', ') || 'nobody'}. Answer READY by:`,
          ...deadlineLines(m.until, zone, p.zone).map((l) => `    ${l}`),
        ].join('\n'),
        ...howToAnswer(tx, game),
      ],
      sections: [{ heading: 'Ready to send', text: readyEnvelope(deps, game, p) }],
    });
  }
  hooksMusterReminder(deps, tx, game, m.missing, m.until);
  tx.club.musterReminded(game.id, now);
  return [{ game: game.id, what: 'muster-reminded', players: missing }];
}

/** The game master's alert at the limit: who is missing and ready, and each way on, by mail and on the command line. */
function tellGm(deps: AppDeps, tx: StoreTx, game: GameRow, m: MusterState): void {
  const s = tx.control.get(game.id).settings;
  const first = m.missing[0]?.id ?? 'player';
  const n = m.missing.length;
  const list = (items: string[]) => items.map((i) => wrap(`- ${i}`, 2)).join('\n');
  alertGm(deps, tx, game, `muster: ${n === 1 ? `${first} is` : `${n} players are`} not ready`, [
    `The muster of game ${game.id} (${game.name}) reached its limit, ${formatInZone(m.until, s.zone)}, and ${n === 1 ? 'one player has' : `${n} players have`} not answered READY:`,
    list(m.missing.map((p) => `${p.id} (${p.email}), flying ${p.planes.join(', ')}`)),
    m.ready.length
      ? `Ready:\n${list(m.ready.map((r) => `${r.player.id}${r.at === null ? ' (the stand-in pilot flies this seat)' : ` (${r.player.email}), READY at ${when(r.at)}`}`))}`
      : 'Ready: nobody.',
    'What you can do, in your GM envelope (the command line in brackets):',
    list([
      `REPLACE ${first} <new-player-id> <address>: another player takes ${first}'s planes, counts as ready, and you pass the new player's secret on (tallyho game replace ${game.id} ${first} <new-player-id> --email <address>).`,
      `REPLACE ${first} COMPUTER: the stand-in pilot, the referee's computer pilot, flies ${first}'s planes for the whole game (tallyho game computer ${game.id} ${first}).`,
      `START: the game starts without waiting; every player gets a welcome, and each turn a player sends no orders for, that player's planes ${missedWords(s.missed)}, as the game's missed setting says (tallyho game start ${game.id}).`,
      `MUSTER 2d: more time; the players not ready are called again with the new limit, and you are told again at it (tallyho game muster ${game.id} --within 2d).`,
    ]),
    'A READY that comes meanwhile still counts: when every seat is ready, by the last READY or by your REPLACE, the game starts by itself.',
  ]);
}
