/**
 * The mails Tallyho writes: welcome, acknowledgement, turn report and notice. Each builder makes
 * the view model of its template (templates/<name>.txt.hbs and .html.hbs) and queues the mail.
 */
import { calendarUrl } from '../calendar/feed.ts';
import { groundTemplateMove } from '../views/ground.ts';
import { formatMoveOrder } from '../../orders/move.ts';
import { fogState, sideOfPlayer } from '../../core/spotting/fog.ts';
import type { GameState, PlaneState } from '../../core/state.ts';
import { carriesBombs } from '../../core/damage/state.ts';
import { deadlineLine } from '../game/deadlines.ts';
import type { AppDeps } from '../ports/deps.ts';
import { planeCards } from '../views/cards.ts';
import { commitmentBlock } from '../game/dice.ts';
import { queueMail } from './mailer.ts';
import type { GameRow, PlayerRow, StoreTx } from '../ports/store.ts';
import { situationPicture } from '../views/pictures.ts';
import { logSheet, pilotBlock, nextPlotNeeds, situationMap } from '../views/sheet.ts';
import { flying, myPlanes, myUnits } from '../../core/outcome.ts';
import { examplePlot, markedExample, NO_STANDING, ordersTemplate, type StandingOrders } from '../views/template.ts';
import { wrap } from '../words/text.ts';
import { unitSheets } from '../views/units.ts';
import { campaignBlock } from '../views/campaign.ts';
import { quickCards, quickNeeds, quickSheet } from '../views/quick.ts';
import { quickWaysSection } from '../views/quick-menu.ts';
import { docUrl } from '../words/doc-links.ts';
import { firstSteps } from '../views/first-steps.ts';
import { playerMenus, waysSection } from '../views/menu.ts';
import { paths, webUrl } from '../words/urls.ts';
import { ackPicture, ackView, type AckInput } from '../views/ack.ts';
import { campaignWords, commonParts } from '../views/parts.ts';

export type { AckInput };

function scenarioOf(game: GameRow): { name: string; description: string } {
  try {
    const s = JSON.parse(game.scenario) as { name?: string; description?: string };
    return { name: s.name ?? game.name, description: s.description ? wrap(s.description.trim(), 0) : '' };
  } catch {
    return { name: game.name, description: '' };
  }
}

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
  );

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
 * The menus of plans (views/menu.ts) for this turn, of what the player's side has identified (the
 * state given may be the whole): the text with the plotter's links, the HTML part's without them
 * (they follow as links).
 */
function waysView(
  deps: AppDeps,
  game: GameRow,
  player: PlayerRow,
  state: GameState,
  wanted: boolean,
  fogged: boolean,
): { ways: string; waysHtml: string; plotterLinks: { plane: string; url: string }[] } {
  if (!wanted || state.turn !== game.turn) return { ways: '', waysHtml: '', plotterLinks: [] };
  const seen = fogged ? state : fogState(state, sideOfPlayer(state, player.planes));
  // The quick game's menu of moves: no plotter (docs/quick.md).
  if (seen.quick) {
    const q = quickWaysSection(seen, player.planes);
    return { ways: q, waysHtml: q, plotterLinks: [] };
  }
  const menus = playerMenus(seen, player.planes);
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
        ? ordersTemplate(deps.keys, state, game.id, player.id, player.planes, standing)
        : '',
    // The menu of plans of each plane (views/menu.ts), for this turn only: what a letter stands for
    // is worked out again from the turn's state when it comes back.
    ...waysView(deps, game, player, state, !!opts.ways, !!opts.fogged),
  };
}

/** The how-to's examples: a plot the player's first plane can fly now, fire at an enemy plane, a unit's MOVE line. */
function exampleIds(
  state: GameState,
  player: PlayerRow,
): {
  examplePlane: string;
  exampleTarget: string;
  examplePlot: string;
  unitExample: string;
  groundExample: string;
  twoPhase: boolean;
  quick: boolean;
  quickWeapon: string;
  marks?: MarkHelp[];
} {
  const own = flying(myPlanes(state, player.planes)).filter((p) => !p.ground)[0];
  const enemy = state.planes.find((p) => own && p.side !== own.side && p.status === 'flying');
  if (state.quick) {
    const weapon = own ? (state.quick.cards[own.type]?.weapons[0] ?? 'F') : 'F';
    return {
      examplePlane: own?.id ?? 'A1',
      exampleTarget: enemy?.id ?? 'B1',
      examplePlot: `${own?.id ?? 'A1'}: 2R1`,
      unitExample: '',
      groundExample: '',
      twoPhase: false,
      quick: true,
      quickWeapon: weapon,
    };
  }
  const unit = myUnits(state, player.planes)[0];
  const unitExample = !unit
    ? ''
    : unit.kind === 'ship'
      ? `MOVE ${unit.id} TR ${unit.ship?.knots ?? 20}KT`
      : unit.kind === 'truck'
        ? `MOVE ${unit.id} F F`
        : `MOVE ${unit.id} L F`;
  const grounded = flying(myPlanes(state, player.planes)).find((p) => p.ground);
  const groundLine = grounded ? groundTemplateMove(grounded) : undefined;
  return {
    examplePlane: own?.id ?? 'A1',
    exampleTarget: enemy?.id ?? 'B1',
    examplePlot: own ? examplePlot(state, own) : 'A1: RB S S TR N 1+100P',
    unitExample,
    groundExample: groundLine ? formatMoveOrder(groundLine) : '',
    twoPhase: state.options.sequence === 'two-phase',
    quick: false,
    quickWeapon: '',
    marks: marksHelp(state, player),
  };
}

/**
 * The marks written before a plot's boxes that the reader's planes may use (docs/orders.md, the
 * marks of a plot): the steep and vertical modes for every plane, BOMB and JETTISON for a plane
 * with bombs aboard, TORPEDO for one with a torpedo, ROCKETS for one with air-to-ground rockets.
 * Each with an example written for one of his planes.
 */
function marksHelp(state: GameState, player: PlayerRow): MarkHelp[] {
  const mine = flying(myPlanes(state, player.planes)).filter((p) => !p.ground);
  const first = mine[0];
  if (!first) return [];
  const mark = (words: string, p: PlaneState, m: string): MarkHelp => {
    const example = markedExample(state, p, m);
    return { words, example: example ?? '', wrapped: wrap(`- ${example ? `${words}, e.g. ${example}` : words}`, 2) };
  };
  const out = [
    mark(
      'SC, SD or VD first: the whole turn a steep climb, a steep dive or a vertical dive (the log sheet says when the plane may dive vertically; leave the altitudes out and the referee works them out)',
      first,
      'SD',
    ),
  ];
  const bomber = mine.find((p) => carriesBombs(p) && !p.torpedo);
  if (bomber)
    out.push(
      mark(
        "BOMB drops the bombs in the plane's last active impulse on the hex it is in then (dive bombing from a vertical dive ending at 3,000 ft or lower, level bombing for a bomber that does not dive, glide bombing otherwise); JETTISON drops them unaimed in its first",
        bomber,
        'BOMB',
      ),
    );
  const torpedo = mine.find((p) => p.torpedo && carriesBombs(p));
  if (torpedo)
    out.push(
      mark(
        "TORPEDO drops the torpedo in the plane's last active impulse, at 100 ft or lower and no faster than the torpedo's release speed; it runs a hex ahead at once, then a hex a turn",
        torpedo,
        'TORPEDO',
      ),
    );
  const rockets = mine.find((p) => p.rocketLoad);
  if (rockets)
    out.push(
      mark(
        "ROCKETS fires the plane's air-to-ground rockets in its last active impulse at the first enemy truck, tank or ship straight ahead within 4 hexes, from 3,000 ft or lower",
        rockets,
        'ROCKETS',
      ),
    );
  return out;
}

/** One mark of the how-to: its words, an example plot, and both as a wrapped text line. */
interface MarkHelp {
  words: string;
  example: string;
  wrapped: string;
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
  const sc = scenarioOf(game);
  const next = nextTurn(deps, tx, game, player, state, { ways: true, fogged: true });
  const view = {
    ...commonParts(deps.referee.address, game, player),
    takeover: takeover ? wrap(takeover, 0) : '',
    // The seats the stand-in pilot flies (docs/standin.md): who the player flies against or with.
    computer: computerWords(tx, game, player),
    description: sc.description,
    planes: myPlanes(state, player.planes).map((p) => (state.quick ? quickSheet(state, p) : logSheet(state, p))),
    units: unitSheets(state, player.planes),
    cards: state.quick ? quickCards(state, player.planes) : planeCards(state, player.planes).map((c) => c.text),
    map: situationMap(state, player.planes),
    pilots: pilotBlock(state, { side: sideOfPlayer(state, player.planes) ?? '' }),
    ...campaignWords(campaignBlock(tx, game.id, player.id, 'welcome'), 0),
    fairDice: commitmentBlock(tx, game.id, state.turn),
    // The whole guide (the quick game's rules) on the web archive, when the GM published it (PUBLIC_URL).
    guideUrl: deps.referee.publicUrl ? docUrl(deps.referee.publicUrl, { doc: state.quick ? 'quick' : 'players' }) : '',
    // The player's private calendar of his deadlines (app/calendar/feed.ts), when there is a web address.
    calendarUrl: calendarUrl(deps, tx, player.email),
    ...exampleIds(state, player),
    ...next,
    // What to do first, before the briefing (docs/first-turn.md); the quick game's rules are its
    // own, and a replacement's briefing starts from the situation.
    firstSteps:
      state.quick || takeover || !next.template
        ? null
        : firstSteps({
            plane: myPlanes(state, player.planes)[0]?.id ?? player.planes[0] ?? 'A1',
            turn: state.turn,
            ways: !!next.ways,
            deadline: !!next.orderDeadline,
            url: deps.referee.publicUrl ? docUrl(deps.referee.publicUrl, { doc: 'first-turn' }) : '',
          }),
  };
  const { messageId } = queueMail(deps, tx, {
    kind: 'welcome',
    template: 'welcome',
    view,
    subject: `[${game.id}] Welcome to ${sc.name}: orders for turn ${state.turn}`,
    to: player.email,
    gameId: game.id,
    player,
    turn: state.turn,
    picture: situationPicture(state, player.planes, game.name),
  });
  if (messageId) tx.players.setThreadRoot(game.id, player.id, messageId);
}

/** The welcome's words on the seats of the computer's in the game, or ''. */
function computerWords(tx: StoreTx, game: GameRow, reader: PlayerRow): string {
  const seats = tx.players.list(game.id).filter((p) => p.pilot === 'computer' && p.id !== reader.id);
  if (!seats.length) return '';
  const planes = seats.flatMap((p) => p.planes);
  return wrap(
    `The stand-in pilot, the referee's computer pilot, flies ${planes.join(', ')} (player${seats.length === 1 ? '' : 's'} ${seats.map((p) => p.id).join(', ')}). It knows only what its side sees, never anyone's orders, and each turn is resolved as soon as the players' orders are in.`,
    0,
  );
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
