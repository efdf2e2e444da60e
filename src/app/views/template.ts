/**
 * The ready-to-send orders template (as Atlantis sends one: the envelope with a turn token in place
 * of the secret, a legal default plot for each plane, fire held), the orders that stand in it, the
 * how-to's example plot, and an envelope handed back ready to send.
 */
import { groundTemplateMove } from './ground.ts';
import { movementPoints } from '../../core/impulse/schedule.ts';
import { missedOrders } from '../../core/movement/missed-orders.ts';
import { quickTemplateMove } from './quick.ts';
import type { GameState, PlaneState } from '../../core/state.ts';
import { planAll } from '../../core/turn.ts';
import type { QuickStep } from '../../orders/ast.ts';
import { formatFireOrder, formatOrders, formatPlot, parsePlot } from '../../orders/index.ts';
import type { Envelope, FireOrder, FormatOptions, MoveOrder, Plot } from '../../orders/index.ts';
import { wrapText } from '../../report/wrap.ts';
import type { Keys } from '../ports/store.ts';
import type { MenuOf } from '../game/menus.ts';
import { unitNeeds } from './units.ts';
import { firesAtPlaneGone, obligationComments, previewWarnings } from './sheet.ts';
import { flying, myPlanes, myUnits } from '../../core/outcome.ts';
import { WIDTH } from '../words/text.ts';

/**
 * Orders that stand for a player when a template is written: the accepted orders of the turn itself
 * (after a rollback, or a template sent again during the turn), else the fire orders of the turn
 * before, which a template carries forward so that one sent back unchanged keeps them.
 */
export interface StandingOrders {
  plots: Record<string, Plot>;
  fire: FireOrder[];
  /** The turn's own MOVE orders (only those of the turn itself stand: a unit's steps are a turn's). */
  moves?: MoveOrder[];
  /** The quick game: the turn's own moves (seed 004). */
  quick?: Record<string, QuickStep[]>;
  /** Which turn's orders these are; null when there are none. */
  turn: number | null;
  /** The fire orders are the stand-in pilot's of that turn (app/game/standin.ts), not the player's. */
  standin?: boolean;
}

export const NO_STANDING: StandingOrders = { plots: {}, fire: [], turn: null };

/** Shapes of the how-to's example plot, richest first: rolls, a turn, a climb with power. */
const EXAMPLE_SHAPES = [
  ['RB', 'S', 'S', 'TR', 'N', '1+100P'],
  ['RB', 'S', 'TR', 'N', '1+100P'],
  ['RB', 'S', 'S', 'TR'],
  ['LB', 'S', 'S', 'TL'],
  ['1+100P'],
];

/**
 * A plot for the welcome's how-to that the plane can fly this turn: the first of EXAMPLE_SHAPES
 * the plan checker accepts, filled with forwards boxes to the boxes it needs; else its default plot.
 */
export function examplePlot(state: GameState, p: PlaneState): string {
  const need = boxesNeeded(p);
  for (const shape of EXAMPLE_SHAPES) {
    if (shape.length > need) continue;
    const text = `${p.id}: ${[...shape, ...Array<string>(need - shape.length).fill('1')].join(' ')}`;
    if (flies(state, p, text)) return text;
  }
  return formatPlot(missedOrders(state, p).plot);
}

/**
 * The how-to's example with a mark (SD, BOMB, TORPEDO, ...) written before its boxes, one the plane
 * can fly now: the example as it is, or without its altitude and power marks (a steep mode sets
 * its own), or straight on; undefined when the mark cannot be flown this turn.
 */
export function markedExample(state: GameState, p: PlaneState, mark: string): string | undefined {
  const plot = examplePlot(state, p);
  return [
    plot,
    plot.replace(/[+-]\d+|[PK]+(?=\s|$)/g, ''),
    `${p.id}: ${Array<string>(boxesNeeded(p)).fill('1').join(' ')}`,
  ]
    .map((t) => t.replace(': ', `: ${mark} `))
    .find((t) => flies(state, p, t));
}

/** The boxes a plane's plot needs this turn: its movement points less the boxes carried over. */
const boxesNeeded = (p: PlaneState): number =>
  Math.max(0, movementPoints(p.speed).length - (p.carry?.boxes.length ?? 0));

/** Whether a plot line is one the plane can fly now, by the plan checker. */
function flies(state: GameState, p: PlaneState, text: string): boolean {
  const plot = parsePlot(text).value;
  return !!plot && planAll({ ...state, planes: [p] }, { plots: { [p.id]: plot }, fire: [] }).ok;
}

/**
 * An envelope of a player's with the game's current turn token in place of its secret: his own
 * orders handed back ready to send (a refusal's, the "(secret)" placeholder's, the lines put in
 * from outside the envelope).
 */
export function readyEnvelope(
  keys: Keys,
  game: { id: string; turn: number },
  player: string,
  env: Envelope,
  options: FormatOptions = {},
): string {
  return formatOrders(
    [{ ...env, secret: keys.turnToken(game.id, player, game.turn), turn: game.turn, line: 1 }],
    options,
  ).trimEnd();
}

/** The quick game (seed 004): a move line for each aircraft, the turn's own or straight on, and the FIRE lines kept. */
function quickTemplate(
  keys: Keys,
  state: GameState,
  game: string,
  player: string,
  all: PlaneState[],
  standing: StandingOrders,
): string {
  const quick = all.map((p) => ({
    plane: p.id,
    steps: (standing.turn === state.turn ? standing.quick?.[p.id] : undefined) ?? quickTemplateMove(state, p),
  }));
  const fire = standing.fire.filter(
    (f) => all.some((p) => p.id === f.plane.toUpperCase()) && !f.hold && !firesAtPlaneGone(state, f),
  );
  return formatOrders([
    {
      game,
      player,
      secret: keys.turnToken(game, player, state.turn),
      turn: state.turn,
      plots: [],
      quick,
      fire,
      commands: [],
      line: 1,
    },
  ]).trimEnd();
}

/**
 * The ready-to-send orders: envelope with the turn token, plots and fire orders (see StandingOrders);
 * `menuOf` reads a plane's menu of the turn (app/game/menus.ts), whose plans a TRAP comment names.
 */
export function ordersTemplate(
  keys: Keys,
  state: GameState,
  game: string,
  player: string,
  planeIds: readonly string[],
  standing: StandingOrders = NO_STANDING,
  menuOf?: MenuOf,
): string {
  const all = flying(myPlanes(state, planeIds));
  if (state.quick) return quickTemplate(keys, state, game, player, all, standing);
  // Planes on the ground take a MOVE line (docs/ground.md), not a plot.
  const planes = all.filter((p) => !p.ground);
  const grounded = all.filter((p) => p.ground);
  const plots: Plot[] = [];
  const full: string[] = [];
  const dropped: string[] = [];
  const fire: FireOrder[] = [];
  for (const p of planes) {
    const own = standing.plots[p.id];
    const plot = own && own.boxes.length ? own : missedOrders(state, p).plot;
    if (plot.boxes.length) plots.push(plot);
    else full.push(p.id);
    const orders = standing.fire.filter((f) => f.plane.toUpperCase() === p.id.toUpperCase());
    // A fire order at a plane no longer flying is left out, and said so (seed 000 VII: targets in view).
    const kept = orders.filter((f) => !firesAtPlaneGone(state, f));
    for (const f of orders)
      if (!kept.includes(f)) dropped.push(`# ${formatFireOrder(f)}: left out, ${f.target} is no longer flying`);
    fire.push(...(kept.length ? kept : [{ plane: p.id, guns: 'ALL', hold: true, target: 'ANY' }]));
  }
  // Trucks and tanks without a MOVE line stay, ships steam on: the template repeats the moves of
  // the turn itself (after a rollback or a resend), else a ship's speed (a line that changes nothing).
  const units = myUnits(state, planeIds);
  const moves: MoveOrder[] = units.flatMap((u) => {
    const own = (standing.turn === state.turn ? (standing.moves ?? []) : []).find((m) => m.unit.toUpperCase() === u.id);
    if (own) return [own];
    return u.ship ? [{ unit: u.id, steps: [], knots: u.ship.ordered }] : [];
  });
  for (const p of grounded) {
    const own = (standing.turn === state.turn ? (standing.moves ?? []) : []).find((m) => m.unit.toUpperCase() === p.id);
    const line = own ?? groundTemplateMove(p);
    if (line) moves.push(line);
  }
  const env: Envelope = {
    game,
    player,
    secret: keys.turnToken(game, player, state.turn),
    turn: state.turn,
    plots,
    fire,
    ...(moves.length ? { moves } : {}),
    commands: [],
    line: 1,
  };
  const body = formatOrders([env]).trimEnd().split('\n');
  // Planes whose carried-over manoeuvre fills the whole turn take no plot line: say so inside.
  const notes = full.map((id) => `# ${id}: the manoeuvre carried over fills this turn; no plot`);
  // What the last turn obliges each plane to, as on its log sheet (core/movement/limits.ts).
  notes.push(...all.flatMap((p) => obligationComments(state, p)));
  // A plot of the template that, flown as written, takes its plane off the map, into the ground or
  // below its minimum speed, or into a trap: said before it is sent, not only in the acknowledgement after.
  const warned = previewWarnings(
    state,
    Object.fromEntries(plots.map((pl) => [pl.plane, pl])),
    planes.map((p) => p.id),
    menuOf,
  );
  notes.push(
    ...warned.flatMap((w) =>
      wrapText(
        `${w.replace(/^WARNING: /, 'WARNING, this plot flown as written: ').replace(/^TRAP: /, 'TRAP, this plot flown as written: ')}`,
        WIDTH - 2,
        4,
      )
        .split('\n')
        .map((l) => `# ${l}`),
    ),
  );
  // What each truck, tank and ship may do this turn (core/units), as comment lines.
  notes.push(
    ...units.flatMap((u) =>
      wrapText(unitNeeds(state, u), WIDTH - 2, 4)
        .split('\n')
        .map((l) => `# ${l}`),
    ),
  );
  const lines = [body[0] as string, ...notes, ...dropped, ...body.slice(1)];
  return lines.join('\n');
}
