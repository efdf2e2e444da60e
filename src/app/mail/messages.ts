/**
 * The mails Tallyho writes: welcome, acknowledgement and notice (the turn's report: report.ts). Each
 * reads what its mail needs from the store, has the view model of its template made from it
 * (views/welcome.ts, views/ack.ts; templates/<name>.txt.hbs and .html.hbs) and queues the mail;
 * nextTurn is what every mail that carries a player's orders for the turn needs.
 */
import { calendarUrl } from '../calendar/feed.ts';
import { fogState, sideOfPlayer } from '../../core/spotting/fog.ts';
import type { GameState } from '../../core/state.ts';
import { deadlineLine } from '../game/deadlines.ts';
import { keptMenus, type MenuOf } from '../game/menus.ts';
import type { AppDeps } from '../ports/deps.ts';
import { commitmentBlock } from '../game/dice.ts';
import { queueMail } from './mailer.ts';
import type { GameRow, PlayerRow, StoreTx } from '../ports/store.ts';
import { situationPicture } from '../views/pictures.ts';
import { nextPlotNeeds } from '../views/sheet.ts';
import { flying, myPlanes, myUnits } from '../../core/outcome.ts';
import { NO_STANDING, ordersTemplate, type StandingOrders } from '../views/template.ts';
import { wrap } from '../words/text.ts';
import { campaignBlock } from '../views/campaign.ts';
import { quickNeeds } from '../views/quick.ts';
import { quickWaysSection } from '../views/quick-menu.ts';
import { playerMenus, waysSection } from '../views/menu.ts';
import { paths, webUrl } from '../words/urls.ts';
import { ackPicture, ackView, type AckInput } from '../views/ack.ts';
import { scenarioOf, welcomeView } from '../views/welcome.ts';

export type { AckInput };

/** The orders that stand for a player at the start of `turn` (views.ts StandingOrders). */
export function standingOrders(tx: StoreTx, gameId: string, playerId: string, turn: number): StandingOrders {
  const now = tx.orders.latestAccepted(gameId, turn).get(playerId);
  if (now)
    return {
      plots: now.orders.plots,
      fire: now.orders.fire,
      ...(now.orders.moves ? { moves: now.orders.moves } : {}),
      ...(now.orders.quick ? { quick: now.orders.quick } : {}),
      turn,
    };
  const before = turn > 1 ? tx.orders.latestAccepted(gameId, turn - 1).get(playerId) : undefined;
  return before
    ? { plots: {}, fire: before.orders.fire, turn: turn - 1, ...(before.standin ? { standin: true } : {}) }
    : NO_STANDING;
}

/** A player's ready-to-send orders for the turn of `state`: the orders that stand for it, else the defaults (views/template.ts). */
export const readyTemplate = (
  deps: Pick<AppDeps, 'keys'>,
  tx: StoreTx,
  game: GameRow,
  player: PlayerRow,
  state: GameState,
): string =>
  ordersTemplate(
    deps.keys,
    state,
    game.id,
    player.id,
    player.planes,
    standingOrders(tx, game.id, player.id, state.turn),
    sideMenus(tx, game, player, state).menuOf,
  );

/**
 * The turn as the player's side sees it (`fogged`: `state` is that already; else it may be either:
 * fogging twice changes nothing) and its menus, worked out once and kept (app/game/menus.ts): the menu a mail
 * shows, the TRAP comments of its template and the intake of a pick all read the same.
 */
function sideMenus(tx: StoreTx, game: GameRow, player: PlayerRow, state: GameState, fogged = false) {
  const seen = fogged ? state : fogState(state, sideOfPlayer(state, player.planes));
  return { seen, menuOf: keptMenus(tx, game.id, seen) };
}

/** What the template does when sent back unchanged, for the words above it. */
function templateKeeps(standing: StandingOrders, turn: number, quick: boolean): string {
  if (standing.turn === turn)
    return `these are your orders that stand for turn ${turn}: the ${quick ? 'moves' : 'plots'} and fire orders you sent`;
  if (quick)
    return standing.fire.some((f) => !f.hold)
      ? `these orders fly every aircraft straight on at its SPEED and keep the targets ${standing.standin ? 'the stand-in pilot named' : 'you named'} for turn ${standing.turn}`
      : 'these orders fly every aircraft straight on at its SPEED, its weapons firing at the nearest enemy in their arcs';
  if (standing.fire.some((f) => !f.hold))
    return `these orders fly every plane forwards and keep the fire orders ${standing.standin ? 'the stand-in pilot gave' : 'you gave'} for turn ${standing.turn}`;
  return 'these orders fly every plane forwards with fire held';
}

/** Two-phase games (seed 003): the side's standing choice on winning a tie of speed, and how to change it. */
function initiativeNeeds(state: GameState, planeIds: readonly string[]): string {
  const side = sideOfPlayer(state, planeIds);
  const choice = (side && state.initiative?.[side]) ?? 'first';
  return wrap(
    `Initiative: when your side wins the d6 for a tie of speed, its planes move ${choice} (INITIATIVE ${choice.toUpperCase()}${state.initiative?.[side ?? ''] ? '' : ', the default'}); write INITIATIVE ${choice === 'first' ? 'LAST' : 'FIRST'} in your orders to change it for this turn and the ones after.`,
    4,
  );
}

/** The link to a plane's plotter on the web (web/plotter.ts) with the player's turn token; none without PUBLIC_URL. */
function plotterLink(deps: AppDeps, game: GameRow, player: PlayerRow): ((planeId: string) => string) | undefined {
  const base = deps.referee.publicUrl;
  if (!base) return undefined;
  const token = deps.keys.turnToken(game.id, player.id, game.turn);
  return (planeId) => webUrl(base, paths.plotter(game.id, player.id, planeId, token));
}

/**
 * The menus of plans (views/menu.ts) for this turn, of what the player's side has identified
 * (`seen`): the text with the plotter's links, the HTML part's without them (they follow as links).
 */
function waysView(
  deps: AppDeps,
  game: GameRow,
  player: PlayerRow,
  seen: GameState,
  menuOf: MenuOf,
): { ways: string; waysHtml: string; plotterLinks: { plane: string; url: string }[] } {
  // The quick game's menu of moves: no plotter (docs/quick.md).
  if (seen.quick) {
    const q = quickWaysSection(seen, player.planes);
    return { ways: q, waysHtml: q, plotterLinks: [] };
  }
  const menus = playerMenus(seen, player.planes, menuOf);
  const link = plotterLink(deps, game, player);
  const plotterLinks = link
    ? [...menus.entries()].filter(([, m]) => m.length).map(([plane]) => ({ plane, url: link(plane) }))
    : [];
  return {
    ways: waysSection(seen, player.planes, menus, link),
    waysHtml: waysSection(seen, player.planes, menus),
    plotterLinks,
  };
}

/**
 * What the player needs for the next turn: plot sizes and the ready-to-send template; with `ways`,
 * the menu of plans of each of his planes (the welcome, the report and the reminder), of what his
 * side has identified (`fogged`: the state given is that already).
 */
export function nextTurn(
  deps: AppDeps,
  tx: StoreTx,
  game: GameRow,
  player: PlayerRow,
  state: GameState,
  opts: { ways?: boolean; fogged?: boolean } = {},
) {
  const planes = flying(myPlanes(state, player.planes));
  const units = myUnits(state, player.planes);
  const { seen, menuOf } = sideMenus(tx, game, player, state, !!opts.fogged);
  const standing = standingOrders(tx, game.id, player.id, state.turn);
  const grounded = planes.filter((p) => p.ground).map((p) => p.id);
  const twoPhase = state.options.sequence === 'two-phase';
  const keeps =
    templateKeeps(standing, state.turn, !!state.quick) +
    (grounded.length && standing.turn !== state.turn
      ? `, and give ${grounded.join(', ')} on the ground the MOVE line shown`
      : '');
  return {
    nextTurn: state.turn,
    orderDeadline: game.turn === state.turn ? deadlineLine(tx, game, player) : '',
    needs: [
      ...planes.map((p) => (state.quick ? quickNeeds(state, p) : nextPlotNeeds(p, twoPhase))),
      ...units.map((u) =>
        wrap(`${u.id}: a MOVE line, or none (the comment on ${u.id} in the orders below says what it may do).`, 4),
      ),
      ...(twoPhase && planes.length ? [initiativeNeeds(state, player.planes)] : []),
    ],
    keeps,
    keepsText: wrap(
      `Sent back unchanged, ${keeps}; edit them to fly your own. Keep the envelope's first line as it is: its token stands in for your secret and is valid for turn ${state.turn} only, so keep this mail to yourself.`,
      0,
    ),
    template:
      planes.length || units.length
        ? ordersTemplate(deps.keys, state, game.id, player.id, player.planes, standing, menuOf)
        : '',
    // The menu of plans of each plane (views/menu.ts), for this turn only: what a letter stands for
    // is read from the same kept menu when it comes back.
    ...(opts.ways && state.turn === game.turn
      ? waysView(deps, game, player, seen, menuOf)
      : { ways: '', waysHtml: '', plotterLinks: [] }),
  };
}

/** The welcome; with `takeover`, the briefing of a replacement player (REPLACE) on the current situation. */
export function queueWelcome(
  deps: AppDeps,
  tx: StoreTx,
  game: GameRow,
  player: PlayerRow,
  whole: GameState,
  takeover = '',
): void {
  if (!player.email) return; // the computer's seat (app/game/standin.ts)
  // What the player's side has identified, and nothing else (docs/spotting.md).
  const state = fogState(whole, sideOfPlayer(whole, player.planes));
  const next = nextTurn(deps, tx, game, player, state, { ways: true, fogged: true });
  const view = welcomeView(game, player, state, takeover, {
    referee: deps.referee.address,
    publicUrl: deps.referee.publicUrl ?? null,
    next,
    computerSeats: tx.players.list(game.id).filter((p) => p.pilot === 'computer' && p.id !== player.id),
    campaign: campaignBlock(tx, game.id, player.id, 'welcome'),
    commitment: commitmentBlock(tx, game.id, state.turn),
    // The player's private calendar of his deadlines (app/calendar/feed.ts), when there is a web address.
    calendarUrl: calendarUrl(deps, tx, player.email),
  });
  const { messageId } = queueMail(deps, tx, {
    kind: 'welcome',
    template: 'welcome',
    view,
    subject: `[${game.id}] Welcome to ${scenarioOf(game).name}: orders for turn ${state.turn}`,
    to: player.email,
    gameId: game.id,
    player,
    turn: state.turn,
    picture: situationPicture(state, player.planes, game.name),
  });
  if (messageId) tx.players.setThreadRoot(game.id, player.id, messageId);
}

/** The acknowledgement of an envelope of orders (views/ack.ts), queued. */
export function queueAck(deps: AppDeps, tx: StoreTx, a: AckInput): void {
  queueMail(deps, tx, {
    kind: 'ack',
    template: 'ack',
    view: ackView(deps.referee.address, a),
    subject: `[${a.game.id}] Turn ${a.turn} orders ${a.accepted ? 'accepted' : 'NOT accepted'}`,
    to: a.player.email,
    gameId: a.game.id,
    player: a.player,
    turn: a.turn,
    inboundId: a.inboundId,
    replyTo: a.replyTo,
    picture: ackPicture(a),
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

/** Returns the notice's Message-ID. */
export function queueNotice(deps: AppDeps, tx: StoreTx, n: NoticeInput): string {
  const view = {
    game: n.game?.id ?? '',
    player: n.player?.id ?? '',
    referee: deps.referee.address,
    title: `${n.title.charAt(0).toUpperCase()}${n.title.slice(1)}`,
    paragraphs: n.paragraphs.map((p) => wrap(p, 0)),
  };
  return queueMail(deps, tx, {
    kind: 'notice',
    template: 'notice',
    view,
    subject: n.game ? `[${n.game.id}] ${view.title}` : `Tallyho: ${view.title}`,
    to: n.to,
    gameId: n.game?.id ?? null,
    player: n.player,
    turn: n.turn ?? null,
    inboundId: n.inboundId,
    replyTo: n.replyTo,
  }).messageId;
}
