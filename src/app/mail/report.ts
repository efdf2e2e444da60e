/**
 * The turn's report to each player (docs/architecture.md "A turn's facts"): the turn's facts read
 * from the store once (turnFacts), each side's view worked out once (views/report.ts sideView), and
 * for each reader what is his own (his orders for the next turn, his campaign);
 * the view is views/report.ts reportView's, and this queues it.
 */
import type { GameEvent } from '../../core/events.ts';
import type { GameState } from '../../core/state.ts';
import { debriefOf } from '../game/standin.ts';
import { revealFacts } from '../game/dice.ts';
import type { AppDeps } from '../ports/deps.ts';
import type { GameRow, PlayerRow, StoreTx } from '../ports/store.ts';
import { campaignBlock } from '../views/campaign.ts';
import { reportView, type SideView, type TurnFacts } from '../views/report.ts';
import { queueMail } from './mailer.ts';
import { nextTurn } from './messages.ts';

export { sideView, type SideView, type TurnFacts } from '../views/report.ts';

/** The turn's facts, read from the store once. */
export function turnFacts(
  tx: StoreTx,
  game: GameRow,
  resolved: number,
  state: GameState,
  events: GameEvent[],
  over: boolean,
): TurnFacts {
  const latest = tx.orders.latestAccepted(game.id, resolved);
  return {
    game,
    resolved,
    over,
    state,
    events,
    rerun: (tx.control.clock(game.id, resolved)?.reruns ?? 0) > 0,
    orders: [...latest.values()],
    debrief: over ? debriefOf(tx.orders.latestAcceptedOf(game.id, 1, resolved)) : [],
    zone: tx.control.get(game.id).settings.zone,
    reveal: revealFacts(tx, game.id, resolved, over ? null : state.turn, latest),
  };
}

/** The report of the turn to one player, from the turn's facts, his side's view and what is his own. */
export function queueReport(deps: AppDeps, tx: StoreTx, facts: TurnFacts, seen: SideView, player: PlayerRow): void {
  // The computer's seat has no address: its report is never written.
  if (!player.email) return;
  const { game, resolved, over } = facts;
  const publicUrl = deps.referee.publicUrl ?? null;
  const view = reportView(facts, seen, player, {
    referee: deps.referee.address,
    publicUrl,
    now: deps.clock.now(),
    campaign: over ? campaignBlock(tx, game.id, player.id, 'last-report') : '',
    next: over ? null : nextTurn(deps, tx, game, player, seen.state, { ways: true, fogged: true }),
  });
  queueMail(deps, tx, {
    kind: 'report',
    template: 'report',
    view,
    subject: `[${game.id}] Turn ${resolved} report${facts.rerun ? ' (RERUN)' : ''}${over ? ': the game is over' : ''}`,
    to: player.email,
    gameId: game.id,
    player,
    turn: resolved,
    picture: seen.picture,
  });
}
