/**
 * ROLLBACK: the game master undoes the last resolved turn. Its events and the misses counted at it
 * are removed, the next turn (its state, clock, dice and any orders already sent for it) is
 * withdrawn, and the turn is open again with a fresh dice seed and a fresh deadline; the players'
 * accepted orders for it still stand and may be replaced. It is not resolved early: it waits for
 * its deadline or PROCESS, and its reports are marked RERUN. Reports already mailed stay mailed.
 */
import { commitmentOf } from '../../core/fair-dice.ts';
import { deadlineLine, deadlineParagraph, saveClock, turnClock } from '../game/deadlines.ts';
import { AppError, type AppDeps } from '../ports/deps.ts';
import { requireGame } from '../setup/games.ts';
import type { ControlResult } from './control.ts';
import { readyTemplate } from '../mail/messages.ts';
import { gmAddress, queueAnswer } from '../mail/notify.ts';
import { hooksTurnReopened } from '../hooks/events.ts';
import { flying, myPlanes } from '../../core/outcome.ts';
import type { GameState } from '../../core/state.ts';
import type { GameRow, StoreTx } from '../ports/store.ts';

export function rollbackTurn(deps: AppDeps, gameId: string): ControlResult {
  return deps.store.tx((tx) => {
    const game = requireGame(tx, gameId);
    const control = tx.control.get(game.id);
    if (control.terminatedAt !== null)
      throw new AppError('E_STATE', `game '${game.id}' was terminated; it cannot be rolled back`);
    if (game.status === 'setup') throw new AppError('E_STATE', `game '${game.id}' has not started`);
    // A campaign's game whose next game has begun: its result made that game (docs/campaigns.md).
    const cg = tx.campaigns.ofGame(game.id);
    if (cg && tx.campaigns.games(cg.campaignId).some((x) => x.seq > cg.seq)) {
      throw new AppError(
        'E_STATE',
        `game '${game.id}' is a game of campaign ${cg.campaignId} whose next game has started: its result stands`,
      );
    }
    if (cg && tx.campaigns.get(cg.campaignId)?.status === 'over')
      tx.campaigns.update(cg.campaignId, { status: 'running', endedAt: null });
    const last = game.turn - 1;
    const resolved = last >= 1 ? tx.turns.get(game.id, last) : undefined;
    if (!resolved || resolved.resolvedAt === null)
      throw new AppError('E_STATE', `game '${game.id}' has no resolved turn to roll back`);
    const now = deps.clock.now();
    tx.control.withdrawOrders(game.id, game.turn, `withdrawn: turn ${last} was rolled back`);
    const reruns = tx.control.clock(game.id, last)?.reruns ?? 0;
    tx.control.unresolve(game.id, last);
    // The stand-in's orders were chosen with the old seed: it chooses again when the turn resolves.
    for (const o of tx.orders.latestAccepted(game.id, last).values()) {
      if (o.standin)
        tx.control.withdrawOrders(
          game.id,
          last,
          `withdrawn: turn ${last} was rolled back; the stand-in chooses again`,
          o.playerId,
        );
    }
    tx.games.update(game.id, { turn: last, status: 'running', endedAt: null });
    const seed = deps.keys.newSeed();
    tx.dice.open({ gameId: game.id, turn: last, serverSeed: seed, commitment: commitmentOf(seed), drawnAt: now });
    const open = requireGame(tx, game.id);
    const clock = turnClock(tx, open);
    saveClock(tx, control, {
      ...clock,
      anchorAt: now,
      extensions: 0,
      extendedMs: 0,
      pausedMs: 0,
      remindedAt: null,
      lateAt: null,
      hold: true,
      reruns: reruns + 1,
    });
    tellRollback(deps, tx, game, open, resolved.state, seed);
    hooksTurnReopened(deps, tx, open);
    deps.log.info({ game: game.id, turn: last }, 'turn rolled back');
    return {
      game: open,
      lines: [`turn ${last} of game ${game.id} rolled back: open again (RERUN), it waits for its deadline or PROCESS`],
    };
  });
}

/**
 * Every player told that the turn was rolled back, with his orders for it ready to send, and the
 * game master's copy (as of every other announcement: notify.ts announce) with whose orders stand.
 */
function tellRollback(deps: AppDeps, tx: StoreTx, game: GameRow, open: GameRow, state: GameState, seed: string): void {
  const last = open.turn;
  const latest = tx.orders.latestAccepted(game.id, last);
  const players = tx.players.list(game.id);
  const rerun = `The game master rolled turn ${last} of game ${game.id} back: it will be resolved again, and its report is marked RERUN.`;
  const withdrawn = game.turn > last ? `; orders sent for turn ${game.turn} were withdrawn` : '';
  const when = `The turn is resolved at its deadline or when the game master says so, not before. Its dice are thrown with a fresh seed (commitment ${commitmentOf(seed)}).`;
  for (const p of players) {
    const planes = flying(myPlanes(state, p.planes));
    const deadline = deadlineLine(tx, open, p);
    queueAnswer(deps, tx, {
      to: p.email,
      game: open,
      player: p,
      kind: 'notice',
      title: `turn ${last} was rolled back`,
      paragraphs: [
        `${rerun} Forget the report of turn ${last} you had${withdrawn}.`,
        latest.has(p.id)
          ? `Your accepted orders for turn ${last} still stand; you may send new ones.`
          : `No orders of yours for turn ${last} are in${planes.length ? ': send them' : ''}.`,
        when,
        ...(deadline ? [`Deadline:\n${deadline}`] : []),
      ],
      sections: planes.length
        ? [{ heading: `Your orders for turn ${last}, ready to send`, text: readyTemplate(deps, tx, open, p, state) }]
        : [],
    });
  }
  // The game master's copy, as of every other announcement (notify.ts announce): the players'
  // notice without their own orders, and whose orders stand.
  const gm = gmAddress(deps, tx, game.id);
  if (gm && !players.some((p) => p.email === gm)) {
    const standing = players.filter((p) => latest.has(p.id)).map((p) => p.id);
    const none = players.filter((p) => !latest.has(p.id)).map((p) => p.id);
    queueAnswer(deps, tx, {
      to: gm,
      game: open,
      player: null,
      kind: 'notice',
      title: `turn ${last} was rolled back (sent to every player)`,
      paragraphs: [
        `${rerun} Each player was told to forget the report of turn ${last} and sent an orders template for it.${game.turn > last ? ` Orders sent for turn ${game.turn} were withdrawn.` : ''}`,
        `${standing.length ? `Accepted orders for turn ${last} stand for: ${standing.join(', ')}` : `No accepted orders for turn ${last} stand`}; ${none.length ? `none are in from: ${none.join(', ')}` : "every player's are in"}.`,
        when,
        deadlineLine(tx, open, null)
          ? deadlineParagraph(tx, open, null)
          : `Turn ${last} has no deadline: it waits for PROCESS.`,
      ],
    });
  }
}
