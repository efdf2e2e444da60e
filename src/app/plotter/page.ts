/**
 * The plotter on the web (docs/plans.md "The plotter on the web"): a page per plane and turn,
 * opened by the link in the player's mail, which carries his turn token (nobody else can open it).
 * It shows the map around the plane as his side sees it (fog of war) and every way the plane can
 * fly this turn (core/plans/ways.ts); for the way picked, asked one at a time: its path impulse by
 * impulse, every height and speed of it with a plot that flies each (core/plans/variants.ts),
 * whether it leads into a trap, and the forecast's shots (a dry run, core/plans/menu.ts dryShots);
 * and his orders ready to send: the envelope of his mail's template with the plane's plot put in.
 *
 * The ways are those of core/plans/variants.ts, which keeps the ways of the planes last asked for:
 * the page, and each way asked for after it, look them up rather than work them out again.
 */
import { toColRow, hexLabel } from '../../core/hex/coords.ts';
import { facingText } from '../../core/hex/facing.ts';
import { dryShots } from '../../core/plans/menu.ts';
import { pathOf } from '../../core/plans/path.ts';
import { waysWithVariants } from '../../core/plans/variants.ts';
import { type TrapKind, trapAfter } from '../../core/plans/trap.ts';
import { planTurn } from '../../core/movement/plan.ts';
import { fogState, sideOfPlayer } from '../../core/spotting/fog.ts';
import type { GameState, PlaneState } from '../../core/state.ts';
import type { Plot } from '../../orders/ast.ts';
import { buildMapView } from '../../report/map-view.ts';
import { centreOf } from '../../report/svg-markers.ts';
import { svgMap } from '../../report/svg-map.ts';
import { readyTemplate } from '../mail/messages.ts';
import type { AppDeps } from '../ports/deps.ts';
import { TURN_TOKEN_RE } from '../ports/ids.ts';
import type { GameRow, PlayerRow } from '../ports/store.ts';
import { plotText } from '../views/menu.ts';

type Deps = Pick<AppDeps, 'store' | 'keys' | 'referee'>;

/** What a page cannot show, and why: the status and the words of the error page. */
export interface PlotterRefusal {
  ok: false;
  status: number;
  title: string;
  message: string;
}

/** The manoeuvre families a way can be filtered by (docs/plans.md). */
export const FAMILIES = ['turn', 'slip', 'skid', 'half-roll', 'loop', 'steep', 'vertical', 'off-map'] as const;
export type Family = (typeof FAMILIES)[number];

const FAMILY_OF: Record<string, Family> = {
  TL: 'turn',
  TR: 'turn',
  SL: 'slip',
  SR: 'slip',
  SLTR: 'skid',
  SRTL: 'skid',
  HRL: 'half-roll',
  HRR: 'half-roll',
  V: 'loop',
  VLL: 'loop',
  VRR: 'loop',
};

/** The families a plot uses. */
function familiesOf(plot: Plot, exited: boolean): Family[] {
  const out = new Set<Family>();
  for (const b of plot.boxes) {
    const f = FAMILY_OF[b.man];
    if (f) out.add(f);
  }
  if (plot.mode === 'SC' || plot.mode === 'SD') out.add('steep');
  if (plot.mode === 'VD') out.add('vertical');
  if (exited) out.add('off-map');
  return FAMILIES.filter((f) => out.has(f));
}

export interface PlotterStep {
  impulse: number;
  hex: string;
  facing: number;
  altitude: number;
  x: number;
  y: number;
}

/**
 * A way as the page lists it, one array a way (the page's data stays small: a plane may have 800
 * ways): its plot as written, end hex, facing, height, next speed, bank, carried boxes, the
 * families it uses (space-separated; 'off-map' when it leaves the map) and its end's centre on the
 * map. Its path, variants, trap and shots are asked for when it is picked.
 */
export type PlotterWay = [
  plot: string,
  hex: string,
  facing: number,
  altitude: number,
  speed: number,
  bank: string,
  carry: string,
  families: string,
  x: number,
  y: number,
];

export interface PlotterView {
  game: { id: string; name: string };
  player: string;
  turn: number;
  plane: {
    id: string;
    type: string;
    hex: string;
    facing: number;
    facingText: string;
    altitude: number;
    altitudeText: string;
    speed: number;
    bank: string;
    x: number;
    y: number;
  };
  twoPhase: boolean;
  map: string;
  ways: PlotterWay[];
  /** The player's ready-to-send orders for the turn (his mail's template), the plane's lines to be replaced. */
  template: string;
  referee: string;
  subject: string;
}

interface Opened {
  game: GameRow;
  player: PlayerRow;
  plane: PlaneState;
  seen: GameState;
}

/** The game, player and plane of a plotter link, its token checked; or why the page cannot be shown. */
function open(deps: Deps, gameId: string, playerId: string, planeId: string, token: string): Opened | PlotterRefusal {
  const refuse = (status: number, title: string, message: string): PlotterRefusal => ({
    ok: false,
    status,
    title,
    message,
  });
  const bad = refuse(
    404,
    'No such plotter',
    'This link opens no plotter. Use the link in your latest mail from the referee: it is for your plane and this turn only.',
  );
  const m = TURN_TOKEN_RE.exec(token);
  if (!m) return bad;
  return deps.store.tx((tx) => {
    const game = tx.games.get(gameId);
    const player = game ? tx.players.get(game.id, playerId) : undefined;
    if (!game || !player || !deps.keys.verifyTurnToken(token, game.id, player.id, Number(m[1]))) return bad;
    if (player.status === 'replaced')
      return refuse(
        403,
        'You no longer play in this game',
        `The game master handed your planes in game ${game.id} to another player.`,
      );
    if (game.status !== 'running')
      return refuse(
        410,
        'The game is not running',
        game.status === 'setup' ? `Game ${game.id} has not started yet.` : `Game ${game.id} is over.`,
      );
    const tokenTurn = Number(m[1]);
    if (tokenTurn !== game.turn)
      return refuse(
        410,
        `This link was for turn ${tokenTurn}`,
        `Game ${game.id} is at turn ${game.turn} now: the plotter of turn ${game.turn} is linked from the latest report.`,
      );
    const state = tx.turns.get(game.id, game.turn)?.state;
    if (!state) return bad;
    const id = planeId.toUpperCase();
    if (!player.planes.includes(id))
      return refuse(404, 'Not your plane', `${id} is not one of your planes (${player.planes.join(', ')}).`);
    const seen = fogState(state, sideOfPlayer(state, player.planes));
    const plane = seen.planes.find((p) => p.id === id);
    if (!plane || plane.status !== 'flying')
      return refuse(410, `${id} is out of the fight`, `${id} flies no more in game ${game.id}.`);
    if (plane.ground)
      return refuse(
        409,
        `${id} is on the ground`,
        `${id} takes a MOVE line this turn, not a plot: its log sheet in your mail says which.`,
      );
    if (seen.quick)
      return refuse(
        409,
        'A quick game',
        'The quick game has no plotter: a move is written as SPEED and turns (S1: 2L1).',
      );
    return { game, player, plane, seen };
  });
}

const step = (impulse: number, hex: PlaneState['hex'], facing: number, altitude: number): PlotterStep => {
  const cr = toColRow(hex);
  const c = centreOf(cr.col, cr.row);
  return { impulse, hex: hexLabel(hex), facing, altitude, x: Math.round(c.x * 10) / 10, y: Math.round(c.y * 10) / 10 };
};

/** The plotter page of a plane for this turn, or why it cannot be shown. */
export function plotterPage(
  deps: Deps,
  gameId: string,
  playerId: string,
  planeId: string,
  token: string,
): { ok: true; view: PlotterView } | PlotterRefusal {
  const o = open(deps, gameId, playerId, planeId, token);
  if ('ok' in o) return o;
  const { game, player, plane, seen } = o;
  const ways: PlotterWay[] = [];
  const ends: { col: number; row: number }[] = [];
  for (const w of waysWithVariants(seen, plane)) {
    const end = step(12, w.end.hex, w.end.facing, w.end.altitude);
    ends.push(toColRow(w.end.hex));
    ways.push([
      plotText(w.plot),
      end.hex,
      w.end.facing,
      w.end.altitude,
      w.end.speed / 10,
      w.end.bank,
      w.end.carry.join(' '),
      familiesOf(w.plot, w.end.status === 'exited').join(' '),
      end.x,
      end.y,
    ]);
  }
  const start = step(0, plane.hex, plane.facing, plane.altitude);
  const view = buildMapView({ state: seen, viewer: plane.side, own: player.planes });
  const map = svgMap(view, {
    title: `${plane.id} and every hex it can end this turn in`,
    actionOnly: true,
    include: ends,
  });
  const template = deps.store.tx((tx) => readyTemplate(deps, tx, game, player, seen));
  return {
    ok: true,
    view: {
      game: { id: game.id, name: game.name },
      player: player.id,
      turn: game.turn,
      plane: {
        id: plane.id,
        type: seen.aircraft[plane.type]?.name ?? plane.type,
        hex: start.hex,
        facing: plane.facing,
        facingText: facingText(plane.facing),
        altitude: plane.altitude,
        altitudeText: plane.altitude.toLocaleString('en-US'),
        speed: plane.speed / 10,
        bank: plane.bank,
        x: start.x,
        y: start.y,
      },
      twoPhase: seen.options.sequence === 'two-phase',
      map,
      ways,
      template,
      referee: deps.referee.address,
      subject: `[${game.id}] orders for turn ${game.turn}`,
    },
  };
}

/** The forecast's shots of one of the plane's ways (its index in the page's list), if the enemies fly on. */
export function plotterShots(
  deps: Deps,
  gameId: string,
  playerId: string,
  planeId: string,
  token: string,
  index: number,
): { ok: true; lines: string[] } | PlotterRefusal {
  const o = open(deps, gameId, playerId, planeId, token);
  if ('ok' in o) return o;
  const way = waysWithVariants(o.seen, o.plane)[index];
  if (!way) return noWay(o.plane, index);
  const r = dryShots(o.seen, o.plane, way.plot);
  if (!r) return { ok: true, lines: [] };
  // A two-phase turn numbers its impulses by the initiative roll, not known before it (seed 003).
  const when = (impulse: number): string => (o.seen.options.sequence === 'two-phase' ? '' : ` in impulse ${impulse}`);
  return {
    ok: true,
    lines: r.sighted.map((s) => `${s.plane} would fire at ${s.target}${when(s.impulse)}, range ${s.range}`),
  };
}

const noWay = (plane: PlaneState, index: number): PlotterRefusal => ({
  ok: false,
  status: 404,
  title: 'No such way',
  message: `${plane.id} has no way ${index} this turn.`,
});

/** One height and speed of a way, as the plotter offers it: the plot that flies it, as written. */
export interface PlotterVariant {
  altitude: number;
  speed: number;
  plot: string;
}

/** One of the plane's ways, picked: its path, its heights and speeds, and whether it is a trap. */
export interface PlotterWayDetail {
  ok: true;
  /** Where the way's own plot leaves the plane after each impulse it moves or changes in. */
  path: PlotterStep[];
  variants: PlotterVariant[];
  trap: TrapKind | null;
}

/**
 * One of the plane's ways (its index in the page's list, the same ways in the same order:
 * core/plans/variants.ts): its path impulse by impulse (core/plans/path.ts), every height and
 * speed it can end at, and whether its own plot leads into a trap (core/plans/trap.ts,
 * docs/plans.md "Traps").
 */
export function plotterWay(
  deps: Deps,
  gameId: string,
  playerId: string,
  planeId: string,
  token: string,
  index: number,
): PlotterWayDetail | PlotterRefusal {
  const o = open(deps, gameId, playerId, planeId, token);
  if ('ok' in o) return o;
  const way = waysWithVariants(o.seen, o.plane)[index];
  if (!way) return noWay(o.plane, index);
  const plan = planTurn(o.seen, o.plane, way.plot);
  const path = plan.ok
    ? pathOf(o.seen, o.plane, plan.value).map((s) => step(s.impulse, s.hex, s.facing, s.altitude))
    : [];
  const trap = way.end.status === 'flying' ? trapAfter(o.seen, o.plane, way.plot) : null;
  return {
    ok: true,
    path,
    trap,
    variants: way.variants.map((v) => ({ altitude: v.altitude, speed: v.speed / 10, plot: plotText(v.plot) })),
  };
}
