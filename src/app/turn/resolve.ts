/**
 * The turn use case: when every player with a plane still flying has accepted orders in for the
 * turn, resolve it (src/core/turn.ts) and store the events, the new state and every player's report
 * in one transaction. Idempotent: a resolved turn is never resolved again, so it may be called after
 * every mail and at every start.
 */
import { sideOfPlayer } from '../../core/spotting/fog.ts';
import type { GameState } from '../../core/state.ts';
import { resolveTurn } from '../../core/turn.ts';
import { inPlay, isOver } from '../../core/outcome.ts';
import { turnReadiness } from '../game/deadlines.ts';
import type { AppDeps } from '../ports/deps.ts';
import { openTurnDice, sealTurnDice, turnDice, turnOrders, withDiceSeed } from '../game/dice.ts';
import { queueReport, sideView, turnFacts, type SideView } from '../mail/report.ts';
import { alertGm, gmAddress } from '../mail/notify.ts';
import { lastResolvedTurn, overText } from '../archive/games.ts';
import { hooksTurnResolved } from '../hooks/events.ts';
import { afterGameOver } from '../campaigns/lifecycle.ts';
import type { GameRow, StoreTx } from '../ports/store.ts';
import type { StallProblem } from '../ports/control.ts';
import { clearStall, crashProblem, recordStall, stallProblems } from './stalls.ts';
import { publicUrlOf } from '../words/doc-links.ts';
import { standinOrders, standsIn } from '../game/standin.ts';
import type { OrdersRow, PlayerRow, StandinMark } from '../ports/store.ts';
import { paths, webUrl } from '../words/urls.ts';

/** What an attempt at a turn came to: resolved, still waiting for orders, or stopped by problems. */
export type Attempt = { turn: number } | { waiting: true } | { problems: StallProblem[] };

/**
 * Resolves the game's current turn if every order is in and nothing holds it (src/app/game/deadlines.ts);
 * with `withDefaults` (the deadline passed, or the GM's PROCESS) at once, planes without orders
 * flying the default. Returns the turn resolved, or null. A turn that is due but cannot be resolved
 * (its orders fail at resolution, or the referee itself fails) is recorded as a stall and the game
 * master and players are told (app/turn/stalls.ts): never a log line alone.
 */
export function resolveReady(deps: AppDeps, gameId: string, opts: { withDefaults?: boolean } = {}): number | null {
  return deps.store.tx((tx) => {
    const game = tx.games.get(gameId);
    if (!game) return null;
    const a = attemptTurn(deps, gameId, opts);
    if ('turn' in a) return a.turn;
    if ('problems' in a)
      recordStall(
        deps,
        tx,
        game,
        a.problems,
        opts.withDefaults ? 'the deadline has passed (or the game master asked for it)' : 'every order is in',
      );
    return null;
  });
}

/**
 * One attempt at the current turn, its writes undone when it fails (a savepoint): resolved, waiting,
 * or the problems that stop it. Nothing is told to anyone; resolveReady and the GM's commands do.
 */
export function attemptTurn(deps: AppDeps, gameId: string, opts: { withDefaults?: boolean } = {}): Attempt {
  try {
    return deps.store.savepoint((tx) => {
      const a = resolveIn(deps, tx, gameId, opts);
      // A failed attempt's writes (the turn's dice drawn for the first time, say) are undone.
      if ('problems' in a) throw new Stalled(a.problems);
      return a;
    });
  } catch (e) {
    if (e instanceof Stalled) return { problems: e.problems };
    return { problems: crashProblem(e) };
  }
}

class Stalled extends Error {
  constructor(readonly problems: StallProblem[]) {
    super('the turn cannot be resolved');
  }
}

function resolveIn(deps: AppDeps, tx: StoreTx, gameId: string, opts: { withDefaults?: boolean }): Attempt {
  const game = tx.games.get(gameId);
  if (!game || game.status !== 'running') return { waiting: true };
  const turn = tx.turns.get(game.id, game.turn);
  if (!turn || turn.resolvedAt !== null) return { waiting: true };
  const state = turn.state;
  const players = tx.players.list(game.id);
  let latest = tx.orders.latestAccepted(game.id, game.turn);
  const at = deps.clock.now();
  // The stand-in's seats and players on leave are never waited for (app/game/standin.ts); a turn
  // with no player's own orders in waits for its deadline or PROCESS all the same (game/deadlines.ts turnReadiness).
  const playing = players.filter((p) => inPlay(state, p.planes) > 0);
  if (!opts.withDefaults && !turnReadiness(tx, game, at).ready) return { waiting: true };
  if (flyStandins(deps, tx, game.id, state, playing, latest, at, !!opts.withDefaults))
    latest = tx.orders.latestAccepted(game.id, game.turn);
  const orders = turnOrders(latest);
  const dice = turnDice(deps, tx, game.id, game.turn, latest);
  const r = resolveTurn(withDiceSeed(state, dice.seed), orders);
  if (!r.ok) return { problems: stallProblems(r.error, publicUrlOf(deps)) };
  const now = at;
  const next = r.value.state;
  const over = isOver(state, next);
  tx.events.insertAll(game.id, game.turn, r.value.events);
  tx.turns.markResolved(game.id, game.turn, now);
  sealTurnDice(tx, game.id, game.turn, dice, now);
  clearStall(deps, tx, game.id, game.turn);
  tx.turns.insert(game.id, next.turn, next, now);
  // The menus of plans of the turn resolved hold no more (app/game/menus.ts).
  tx.menus.prune(game.id, next.turn);
  if (!over) openTurnDice(deps, tx, game.id, next.turn);
  tx.games.update(game.id, over ? { turn: next.turn, status: 'over', endedAt: now } : { turn: next.turn });
  const updated = tx.games.get(game.id) ?? game;
  // The turn's facts read once; with fog of war each side's view (what it has identified, its
  // picture of the map) worked out once for its players (docs/spotting.md); the game over, everything.
  const facts = turnFacts(tx, updated, game.turn, next, r.value.events, over);
  const views = new Map<string | null, SideView>();
  for (const p of players) {
    if (!p.email) continue; // the computer's seat: no report
    const side = over ? null : sideOfPlayer(state, p.planes);
    let seen = views.get(side);
    if (!seen) views.set(side, (seen = sideView(facts, state, side)));
    queueReport(deps, tx, facts, seen, p);
  }
  // Beside the mail: the report is out, the next turn open (or the game over) to the hooks (docs/notifications.md).
  hooksTurnResolved(deps, tx, updated, game.turn, over);
  deps.log.info({ game: game.id, turn: game.turn, events: r.value.events.length, over }, 'turn resolved');
  // A campaign's game: the next may start at once (docs/campaigns.md).
  if (over) {
    tellGmOver(deps, tx, updated, players);
    afterGameOver(deps, tx, updated);
  }
  return { turn: game.turn };
}

/** The game master hears how the game ended (docs/gm-guide.md), unless he plays in it and has its last report. */
function tellGmOver(deps: AppDeps, tx: StoreTx, game: GameRow, players: readonly PlayerRow[]): void {
  const gm = gmAddress(deps, tx, game.id);
  if (!gm || players.some((p) => p.email === gm)) return;
  const base = publicUrlOf(deps);
  alertGm(deps, tx, game, `game ${game.id} is over`, [
    `Game ${game.id} (${game.name}) ended with turn ${lastResolvedTurn(tx, game)}. ${overText(tx, game)}`,
    ...(base ? [`Every turn of it is on the web: ${webUrl(base, paths.game(game.id))}`] : []),
    "Every player has the last report, with the stand-in's debrief where it flew.",
  ]);
}

/**
 * The stand-in's orders stored for every player it flies this turn and who has none in: a seat of
 * the computer's, a player on leave, and (with the game's `missed standin`, once the deadline
 * passed) a player who missed the turn. Whether any were stored.
 */
function flyStandins(
  deps: AppDeps,
  tx: StoreTx,
  gameId: string,
  state: GameState,
  playing: PlayerRow[],
  latest: ReadonlyMap<string, OrdersRow>,
  at: number,
  deadline: boolean,
): boolean {
  const { settings } = tx.control.get(gameId);
  const missed = settings.missed === 'standin' && deadline;
  let any = false;
  for (const p of playing) {
    if (latest.has(p.id)) continue;
    const reason: StandinMark['reason'] | null = standsIn(p, at) ?? (missed ? 'missed' : null);
    if (!reason) continue;
    const row = tx.dice.get(gameId, state.turn) ?? openTurnDice(deps, tx, gameId, state.turn);
    const s = standinOrders(state, gameId, p, row.serverSeed, reason, settings.standinLevel);
    if (!s) continue;
    tx.orders.insert({
      gameId,
      playerId: p.id,
      turn: state.turn,
      inboundId: null,
      submittedAt: at,
      accepted: true,
      canonical: s.canonical,
      orders: s.orders,
      problems: [],
      standin: s.standin,
    });
    any = true;
  }
  return any;
}

/** Resolves every running game whose turn is complete (after a restart, say). */
export function resolveAllReady(deps: AppDeps): { game: string; turn: number }[] {
  const ids = deps.store.tx((tx) =>
    tx.games
      .list()
      .filter((g) => g.status === 'running')
      .map((g) => g.id),
  );
  const out: { game: string; turn: number }[] = [];
  for (const id of ids) {
    const t = resolveReady(deps, id);
    if (t !== null) out.push({ game: id, turn: t });
  }
  return out;
}
