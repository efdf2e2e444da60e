/**
 * A player's record of reliability on this referee (docs/gm-guide.md "A player's record"): for a
 * mail address, over every game it played in, the turns his own orders were in, the turns he
 * missed, the turns the stand-in pilot flew for him, and the games he left before their end (his
 * planes handed to another). For game masters (`tallyho player record`, the admin pages, a game
 * master's `RECORD <address>`: app/gm/record.ts), and for a game's players only when its game
 * master publishes them (`SET records public`: publishedRecords).
 */
import { AppError } from '../ports/deps.ts';
import { EMAIL_RE } from '../ports/ids.ts';
import type { StoreTx } from '../ports/store.ts';
import { wrap } from '../words/text.ts';

export interface RecordGame {
  game: string;
  player: string;
  status: 'setup' | 'running' | 'over';
  /** Resolved turns flown with his own orders. */
  ownOrders: number;
  missed: number;
  /** Resolved turns the stand-in flew for him (a missed turn it flew counts as missed too). */
  standin: number;
  /** His planes went to another player before the game ended. */
  left: boolean;
}

export interface ReliabilityRecord {
  address: string;
  games: RecordGame[];
  totals: { games: number; ownOrders: number; missed: number; standin: number; left: number };
}

/** The record of `address` over every game of this referee. */
export function reliabilityRecord(tx: StoreTx, address: string): ReliabilityRecord {
  const email = address.trim().toLowerCase();
  if (!EMAIL_RE.test(email)) throw new AppError('E_USAGE', `'${address}' is not a mail address`);
  const games: RecordGame[] = [];
  for (const p of tx.players.everyByEmail(email)) {
    const game = tx.games.get(p.gameId);
    if (!game) continue;
    const last = tx.archive.resolvedTurns(game.id).reduce((n, r) => Math.max(n, r.turn), 0);
    let ownOrders = 0;
    let standin = 0;
    for (const turn of last ? tx.orders.latestAcceptedOf(game.id, 1, last).values() : []) {
      const o = turn.get(p.id);
      if (!o) continue;
      if (o.standin) standin++;
      else ownOrders++;
    }
    games.push({
      game: game.id,
      player: p.id,
      status: game.status,
      ownOrders,
      missed: tx.control.misses(game.id, p.id),
      standin,
      left: p.status === 'replaced',
    });
  }
  const sum = (f: (g: RecordGame) => number): number => games.reduce((n, g) => n + f(g), 0);
  return {
    address: email,
    games,
    totals: {
      games: games.length,
      ownOrders: sum((g) => g.ownOrders),
      missed: sum((g) => g.missed),
      standin: sum((g) => g.standin),
      left: sum((g) => (g.left ? 1 : 0)),
    },
  };
}

/** The totals in a few words (the admin page's player list). */
export const recordSummary = (t: ReliabilityRecord['totals']): string =>
  `${t.games} game${t.games === 1 ? '' : 's'}: ${t.ownOrders} on time, ${t.missed} missed, ${t.standin} by the stand-in, ${t.left} left`;

/** The record as lines: a summary, then a line a game. */
export function recordLines(r: ReliabilityRecord): string[] {
  const t = r.totals;
  if (!t.games) return [`${r.address} has played in no game on this referee.`];
  const share =
    t.ownOrders + t.missed ? ` (${Math.round((100 * t.ownOrders) / (t.ownOrders + t.missed))}% on time)` : '';
  const n = (k: number, one: string, many: string): string => `${k} ${k === 1 ? one : many}`;
  const lines = [
    wrap(
      `${r.address}: ${n(t.games, 'game', 'games')} on this referee; ${n(t.ownOrders, 'turn', 'turns')} with their own orders in, ${n(t.missed, 'turn', 'turns')} missed${share}; ${n(t.standin, 'turn', 'turns')} flown by the stand-in pilot; ${n(t.left, 'game', 'games')} left before the end.`,
      0,
    ),
    `${'game'.padEnd(16)} ${'player'.padEnd(12)} ${'status'.padEnd(8)} own  missed  stand-in  left`,
  ];
  for (const g of r.games) {
    lines.push(
      `${g.game.padEnd(16)} ${g.player.padEnd(12)} ${g.status.padEnd(8)} ${String(g.ownOrders).padStart(3)}  ${String(g.missed).padStart(6)}  ${String(g.standin).padStart(8)}  ${g.left ? 'yes' : 'no'}`,
    );
  }
  return lines;
}

/**
 * A game's players' records as the game master published them (`SET records public`), a line a
 * player by his id: the totals over every game on this referee, never his address nor which
 * games. Empty while the game keeps them private.
 */
export function publishedRecords(tx: StoreTx, gameId: string): string[] {
  if (tx.control.get(gameId).settings.records !== 'public') return [];
  return tx.players
    .list(gameId)
    .filter((p) => p.pilot === 'human' && p.email)
    .map((p) => {
      const t = reliabilityRecord(tx, p.email).totals;
      const turns = t.ownOrders + t.missed;
      const share = turns ? `${Math.round((100 * t.ownOrders) / turns)}% on time` : 'no turn yet';
      return `${p.id}: ${share} (${t.ownOrders} of ${turns} turn${turns === 1 ? '' : 's'} with their own orders, ${t.missed} missed) over ${t.games} game${t.games === 1 ? '' : 's'} on this referee; ${t.left} left before the end`;
    });
}
