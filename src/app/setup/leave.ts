/**
 * A player's leave (docs/players.md "Away for a while"): `LEAVE <n> DAYS` hands his planes to the
 * stand-in pilot (app/game/standin.ts) for n days, within the leave the game master allows each
 * player in the game (`SET leave 14d`); `BACK` takes them back at once, and the days not used are
 * his again. The other players are told only that the stand-in flies his planes, never why or until
 * when. When the time runs out the player is told and flies his own planes again.
 */
import { AppError, type AppDeps } from '../ports/deps.ts';
import type { GameRow, PlayerRow, StoreTx } from '../ports/store.ts';
import { deadlineText } from '../game/settings.ts';
import { queueAnswer } from '../mail/notify.ts';
import { onLeave } from '../game/standin.ts';

const DAY = 86_400_000;
const MINUTE = 60_000;

/** `5`, `5 DAYS`, `5d`, `1 DAY`: a whole number of days from 1 to 366, or null. */
export function parseLeaveDays(args: readonly string[]): number | null {
  const text = args.join(' ').trim().toLowerCase();
  const m = /^(\d{1,3})\s*(?:d|days?)?$/.exec(text);
  if (!m) return null;
  const n = Number(m[1]);
  return n >= 1 && n <= 366 ? n : null;
}

const days = (minutes: number): string => {
  const d = Math.floor(minutes / 1440);
  return `${d} day${d === 1 ? '' : 's'}`;
};

/** The minutes of the player's current leave still to run at `now` (0 when he is not on leave). */
const running = (p: PlayerRow, now: number): number =>
  onLeave(p, now) ? Math.floor(((p.leaveUntil as number) - now) / MINUTE) : 0;

/** What is left of a player's leave in minutes, his current leave given back first. */
function leftOf(p: PlayerRow, budget: number, now: number): number {
  return Math.max(0, budget - (p.leaveUsed - running(p, now)));
}

/** LEAVE: the stand-in flies the player's planes for `n` days; the lines of the answer. */
export function takeLeave(deps: AppDeps, tx: StoreTx, game: GameRow, player: PlayerRow, n: number): string[] {
  if (game.status !== 'running')
    throw new AppError('E_STATE', `game ${game.id} is not running: leave is taken while it runs`);
  const s = tx.control.get(game.id).settings;
  const now = deps.clock.now();
  if (!s.leaveMinutes)
    throw new AppError(
      'E_STATE',
      `the game master allows no leave in game ${game.id}: ask the game master (SET leave 14d allows it), or ask for a replacement`,
    );
  const left = leftOf(player, s.leaveMinutes, now);
  if (n * 1440 > left) {
    throw new AppError(
      'E_STATE',
      `you have ${days(left)} of leave left in game ${game.id} (of ${days(s.leaveMinutes)}); ask for at most that many, or ask the game master`,
    );
  }
  const away = onLeave(player, now);
  const until = now + n * DAY;
  tx.players.setLeave(game.id, player.id, until, player.leaveUsed - running(player, now) + n * 1440);
  const zone = s.zone;
  const own = tx.orders.latestAccepted(game.id, game.turn).has(player.id);
  // His own orders for this turn stand: the stand-in's first turn is the next.
  if (!away)
    tellOthers(
      deps,
      tx,
      game,
      player,
      `From turn ${own ? game.turn + 1 : game.turn} on, the stand-in pilot flies ${player.id}'s planes (${player.planes.join(', ')}). It knows only what that side sees, never anyone's orders.`,
    );
  return [
    `You are on leave until ${deadlineText(until, zone, player.zone)}: until then the stand-in pilot flies your planes, every turn you have sent no orders for. ${own ? `Your orders for turn ${game.turn} are in and stand.` : `It flies turn ${game.turn} too.`}`,
    `The other players are told only that the stand-in flies your planes. Your reports still come to you. Send BACK to fly them yourself again; the days you do not use are yours again. Leave left after this: ${days(left - n * 1440)}.`,
  ];
}

/** BACK: the player flies his own planes again. */
export function comeBack(deps: AppDeps, tx: StoreTx, game: GameRow, player: PlayerRow): string[] {
  const now = deps.clock.now();
  if (!onLeave(player, now)) return [`You are not on leave in game ${game.id}: your planes are yours to fly.`];
  tx.players.setLeave(game.id, player.id, null, Math.max(0, player.leaveUsed - running(player, now)));
  if (game.status === 'running')
    tellOthers(deps, tx, game, player, `${player.id} flies their own planes again from turn ${game.turn} on.`);
  const s = tx.control.get(game.id).settings;
  const p = tx.players.get(game.id, player.id) ?? player;
  // Orders beside the BACK, in the same envelope, are in already: no word of waiting for them.
  const own = game.status === 'running' && tx.orders.latestAccepted(game.id, game.turn).has(player.id);
  return [
    `Welcome back: you fly your planes again from turn ${game.turn} on. ${own ? `Your orders for turn ${game.turn} are in and stand.` : 'The turn waits for your orders (the template is below).'}`,
    `Leave left: ${days(leftOf(p, s.leaveMinutes, now))}.`,
  ];
}

/** Leaves that ran out by `now`: each player told, the others too. The ids. */
export function endLeaves(deps: AppDeps, tx: StoreTx, game: GameRow): string[] {
  const now = deps.clock.now();
  const out: string[] = [];
  for (const p of tx.players.list(game.id)) {
    if (p.leaveUntil === null || onLeave(p, now)) continue;
    tx.players.setLeave(game.id, p.id, null, p.leaveUsed);
    if (game.status !== 'running') continue;
    queueAnswer(deps, tx, {
      to: p.email,
      game,
      player: p,
      kind: 'notice',
      title: 'your leave is over',
      paragraphs: [
        `Your leave in game ${game.id} is over: you fly your planes again from turn ${game.turn} on, and the turn waits for your orders.`,
      ],
    });
    tellOthers(deps, tx, game, p, `${p.id} flies their own planes again from turn ${game.turn} on.`);
    out.push(p.id);
  }
  return out;
}

function tellOthers(deps: AppDeps, tx: StoreTx, game: GameRow, player: PlayerRow, text: string): void {
  for (const o of tx.players.list(game.id)) {
    if (o.id === player.id) continue;
    queueAnswer(deps, tx, {
      to: o.email,
      game,
      player: o,
      kind: 'notice',
      title: text.includes('again')
        ? `the stand-in no longer flies ${player.id}'s planes`
        : `the stand-in flies ${player.id}'s planes`,
      paragraphs: [text],
    });
  }
}
