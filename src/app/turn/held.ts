/**
 * Every order of a turn in, and the turn still held (a WARNING not yet confirmed, a WAIT, the
 * game's minimum time, a pause, a rolled-back turn: game/deadlines.ts turnReadiness): the players
 * whose orders were in before are told what it waits for, by the mail that completed the orders.
 * The sender's own acknowledgement says it already; every hook of the game hears it (a `held`
 * message). Without this they would hear nothing until the turn resolves.
 */
import type { AppDeps } from '../ports/deps.ts';
import { turnReadiness } from '../game/deadlines.ts';
import { queueAnswer } from '../mail/notify.ts';
import { hooksHeld } from '../hooks/events.ts';

/** Tells the others when the mail `inboundId` brought the last orders of `gameId`'s turn and something holds it. */
export function tellHeld(deps: AppDeps, gameId: string, inboundId: number): void {
  deps.store.tx((tx) => {
    const game = tx.games.get(gameId);
    if (!game || game.status !== 'running') return;
    const { missing, hold: why } = turnReadiness(tx, game, deps.clock.now());
    if (missing.length) return;
    const latest = tx.orders.latestAccepted(game.id, game.turn);
    // The mail completed the orders only if its sender's were not in before it.
    const sender = [...latest.values()].find((o) => o.inboundId === inboundId);
    if (!sender || tx.orders.history(game.id, sender.playerId, game.turn).some((o) => o.accepted && o.id !== sender.id))
      return;
    if (why === null) return;
    // The club's room and the players' own hooks hear it too (docs/notifications.md "Events").
    hooksHeld(deps, tx, game, why);
    for (const p of tx.players.list(game.id)) {
      if (p.id === sender.playerId || !latest.has(p.id)) continue;
      queueAnswer(deps, tx, {
        to: p.email,
        game,
        player: p,
        kind: 'notice',
        title: `Turn ${game.turn}: every order is in, and the turn waits`,
        paragraphs: [`Every player's orders for turn ${game.turn} are in, but the turn is not resolved yet: ${why}.`],
      });
    }
  });
}
