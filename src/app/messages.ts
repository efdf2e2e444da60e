/**
 * The mails Tallyho writes: welcome, acknowledgement, turn report and notice. Each builder makes
 * the view model of its template (templates/<name>.txt.hbs and .html.hbs) and queues the mail.
 */
import type { GameEvent } from '../core/events.ts';
import type { GameState } from '../core/state.ts';
import { turnLog } from '../report/turn-log.ts';
import { casualties } from '../report/combat-log.ts';
import { noShotLines } from '../report/no-shot.ts';
import { deadlineLine } from './deadlines.ts';
import type { AppDeps } from './deps.ts';
import { commitmentBlock, revealBlock } from './dice.ts';
import { queueMail } from './mailer.ts';
import type { GameRow, PlayerRow, StoreTx } from './ports.ts';
import { flying, logSheet, myPlanes, nextPlotNeeds, ordersTemplate, situationMap, wrap } from './views.ts';

export const when = (ms: number): string => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

function scenarioOf(game: GameRow): { name: string; description: string } {
  try {
    const s = JSON.parse(game.scenario) as { name?: string; description?: string };
    return { name: s.name ?? game.name, description: s.description ? wrap(s.description.trim(), 0) : '' };
  } catch {
    return { name: game.name, description: '' };
  }
}

/** The view parts every game mail shares. */
function common(deps: AppDeps, game: GameRow, player: PlayerRow) {
  return { game: game.id, gameName: game.name, player: player.id, referee: deps.referee.address };
}

/** What the player needs for the next turn: plot sizes and the ready-to-send template. */
export function nextTurn(deps: AppDeps, tx: StoreTx, game: GameRow, player: PlayerRow, state: GameState) {
  const planes = flying(myPlanes(state, player.planes));
  return {
    nextTurn: state.turn,
    orderDeadline: game.turn === state.turn ? deadlineLine(tx, game, player) : '',
    needs: planes.map(nextPlotNeeds),
    template: planes.length ? ordersTemplate(deps.keys, state, game.id, player.id, player.planes) : '',
  };
}

/** The welcome; with `takeover`, the briefing of a replacement player (REPLACE) on the current situation. */
export function queueWelcome(deps: AppDeps, tx: StoreTx, game: GameRow, player: PlayerRow, state: GameState, takeover = ''): void {
  const sc = scenarioOf(game);
  const view = {
    ...common(deps, game, player),
    takeover: takeover ? wrap(takeover, 0) : '',
    description: sc.description,
    planes: myPlanes(state, player.planes).map((p) => logSheet(state, p)),
    map: situationMap(state, player.planes),
    fairDice: commitmentBlock(tx, game.id, state.turn),
    ...nextTurn(deps, tx, game, player, state),
  };
  const { messageId } = queueMail(deps, tx, {
    kind: 'welcome', template: 'welcome', view, subject: `[${game.id}] Welcome to ${sc.name}: orders for turn ${state.turn}`,
    to: player.email, gameId: game.id, player, turn: state.turn,
  });
  tx.players.setThreadRoot(game.id, player.id, messageId);
}

export interface AckInput {
  game: GameRow;
  player: PlayerRow;
  turn: number;
  accepted: boolean;
  /** Accepted: the earlier orders these replace. Refused: the earlier orders that still stand. */
  earlier: { submittedAt: number } | null;
  canonical: string;
  problems: string[];
  previews: { plane: string; map: string }[];
  /** Accepted orders with FIRE lines: the forecast's text (app/forecast.ts); '' for none. */
  forecast?: string;
  /** The player's flying planes without a plot (they fly the default). */
  defaulted: string[];
  /** Players whose orders for the turn are still missing. */
  waiting: string[];
  notes: string[];
  inboundId: number;
  replyTo: string;
  sender: string;
}

export function queueAck(deps: AppDeps, tx: StoreTx, a: AckInput): void {
  const view = {
    ...common(deps, a.game, a.player),
    turn: a.turn,
    accepted: a.accepted,
    earlierAt: a.earlier ? when(a.earlier.submittedAt) : '',
    canonical: wrap(a.canonical.trimEnd().split('\n').map((l) => `  | ${l}`).join('\n'), 6),
    problems: a.problems.map((p) => wrap(`- ${p}`, 2)),
    previews: a.previews,
    forecast: a.forecast ?? '',
    defaulted: a.defaulted.length ? wrap(`${a.defaulted.join(', ')}: no plot given; ${a.defaulted.length === 1 ? 'it flies' : 'they fly'} the manoeuvre carried over, then forwards manoeuvres; fire orders, if any, still count.`, 2) : '',
    waiting: a.waiting.join(', '),
    notes: a.notes.map((n) => wrap(`- ${n}`, 2)),
    sender: a.sender,
  };
  const subject = `[${a.game.id}] Turn ${a.turn} orders ${a.accepted ? 'accepted' : 'NOT accepted'}`;
  queueMail(deps, tx, {
    kind: 'ack', template: 'ack', view, subject, to: a.player.email, gameId: a.game.id, player: a.player, turn: a.turn,
    inboundId: a.inboundId, replyTo: a.replyTo,
  });
}

export interface ReportInput {
  game: GameRow;
  player: PlayerRow;
  resolved: number;
  events: GameEvent[];
  state: GameState;
  over: boolean;
}

export function queueReport(deps: AppDeps, tx: StoreTx, r: ReportInput): void {
  // A turn the game master rolled back and that was resolved again (src/app/rollback.ts).
  const rerun = (tx.control.clock(r.game.id, r.resolved)?.reruns ?? 0) > 0;
  const view = {
    ...common(deps, r.game, r.player),
    turn: r.resolved,
    rerun,
    map: situationMap(r.state, r.player.planes),
    impulses: turnLog(r.events),
    // Why the reader's own fire orders did not fire: never another player's (they tell his orders).
    noShots: wrap(noShotLines(r.events, r.player.planes, (id) => r.state.planes.find((p) => p.id === id)?.status).map((l) => `- ${l}`).join('\n'), 2),
    combat: wrap(casualties(r.events).join('\n'), 4),
    sheets: myPlanes(r.state, r.player.planes).map((p) => logSheet(r.state, p)),
    over: r.over,
    fairDice: revealBlock(tx, r.game.id, r.player.id, r.resolved, r.over ? null : r.state.turn),
    ...(r.over ? { nextTurn: null, needs: [], template: '' } : nextTurn(deps, tx, r.game, r.player, r.state)),
  };
  queueMail(deps, tx, {
    kind: 'report', template: 'report', view, subject: `[${r.game.id}] Turn ${r.resolved} report${rerun ? ' (RERUN)' : ''}`, to: r.player.email,
    gameId: r.game.id, player: r.player, turn: r.resolved,
  });
}

export interface NoticeInput {
  to: string;
  game: GameRow | null;
  player: PlayerRow | null;
  title: string;
  paragraphs: string[];
  inboundId: number;
  replyTo: string;
  turn?: number | null;
}

export function queueNotice(deps: AppDeps, tx: StoreTx, n: NoticeInput): void {
  const view = {
    game: n.game?.id ?? '', player: n.player?.id ?? '', referee: deps.referee.address,
    title: `${n.title.charAt(0).toUpperCase()}${n.title.slice(1)}`,
    paragraphs: n.paragraphs.map((p) => wrap(p, 0)),
  };
  queueMail(deps, tx, {
    kind: 'notice', template: 'notice', view, subject: n.game ? `[${n.game.id}] ${view.title}` : `Tallyho: ${view.title}`,
    to: n.to, gameId: n.game?.id ?? null, player: n.player, turn: n.turn ?? null, inboundId: n.inboundId, replyTo: n.replyTo,
  });
}
