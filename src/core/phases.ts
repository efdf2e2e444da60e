/**
 * The sequence of play of every impulse (seed 000 III): phases A to H in order. Phases this version
 * of the referee does not play yet are listed here, in one place, with what fills them.
 */
import type { Dice } from './dice.ts';
import type { GameEvent, Phase } from './events.ts';
import type { FireOrder } from '../orders/ast.ts';
import { runBailOutPhase } from './combat/bailout.ts';
import { type FireMemo, runFirePhase, type SightedShot } from './combat/fire-phase.ts';
import { runFlakPhase } from './flak/fire.ts';
import { revealAttackers, runSpottingPhase } from './spotting/spot.ts';
import type { GroundPlan } from './ground/plan.ts';
import { moveGround, runEngineStarts } from './ground/phase.ts';
import { runLandings } from './ground/land.ts';
import { runRocketPhase } from './ordnance/rockets.ts';
import type { NoShotTracker } from './combat/no-shot.ts';
import { flyImpulse } from './movement/fly.ts';
import type { FlightPlan } from './movement/plan.ts';
import type { GameState } from './state.ts';
import { moveUnits } from './units/phase.ts';
import { runBombPhase } from './ordnance/bombs.ts';
import type { UnitTurnPlan } from './units/plan.ts';

export interface ImpulseContext {
  /** The working state of the turn (planes move in it). */
  state: GameState;
  turn: number;
  impulse: number;
  plans: Map<string, FlightPlan>;
  /** The trucks', tanks' and ships' plans of the turn (core/units). */
  units: Map<string, UnitTurnPlan>;
  /** The plans of the planes on the ground (core/ground). */
  ground: Map<string, GroundPlan>;
  /** The state at the turn's start. */
  before: GameState;
  fire: FireOrder[];
  /** The FIRE orders by plane and the groups held, worked out once a turn (combat/fire-phase.ts). */
  fireMemo: FireMemo;
  dice: Dice;
  events: GameEvent[];
  /** Altitudes before this impulse's movement (nose attitude for firing, seed 000 VII.3). */
  startAltitude: Map<string, number>;
  /** Gun groups fired this turn, by plane (each fires once a turn, seed 000 VII.2 and 4). */
  fired: Map<string, Set<string>>;
  /** Planes each plane's flexible guns have fired at this turn (seed 001 "Flex gun limitations"). */
  flexTargets: Map<string, Set<string>>;
  /** The FIRE orders not fired yet, for the turn's `no-shot` events (combat/no-shot.ts). */
  noShot?: NoShotTracker;
  /** A dry run: shots are listed here, not thrown (combat/fire-phase.ts). */
  sighted?: SightedShot[];
  /** Whether this is a dry run (`sighted` is given): no die is thrown, nothing is released. */
  dry: boolean;
  /** A torpedo hit's damage at once, as turns resolved before seed 000 VIII.5 was followed (ordnance/torpedoes.ts). */
  torpedoAtRelease?: boolean;
}

export interface PhaseStep {
  phase: Phase;
  name: string;
  run(ctx: ImpulseContext): void;
}

const nothing = (): void => undefined;

export const PHASES: readonly PhaseStep[] = [
  // A: spotting (seed 000 IV.1) in a game with fog of war: sight within two hexes every impulse,
  // each plane's attempt in impulse 7 (spotting/spot.ts, docs/spotting.md). Every plane starts
  // airborne (engine starts, IV.2-8, are not played yet).
  {
    phase: 'A',
    name: 'spotting and starting',
    run: (ctx) => {
      runSpottingPhase(ctx);
      runEngineStarts(ctx);
    },
  },
  // B: trucks in impulses 4 and 9 on roads, 7 off road; tanks and ships in 7 (seed 000 V), core/units.
  // Then the planes on the ground: decks follow their ships, turns and launches in 7, the roll
  // ahead in the impulses of their speed (core/ground, seed 000 IV.5-8).
  {
    phase: 'B',
    name: 'non-plotted movement',
    run: (ctx) => {
      moveUnits(ctx.state, ctx.units, ctx.impulse, ctx.events, ctx.sighted ? undefined : ctx);
      moveGround(ctx);
    },
  },
  {
    phase: 'C',
    name: 'plotted movement',
    run(ctx) {
      for (const plane of ctx.state.planes) {
        ctx.startAltitude.set(plane.id, plane.altitude);
        const plan = ctx.plans.get(plane.id);
        if (plan) flyImpulse(ctx.state, plane, plan, ctx.impulse, ctx.events);
      }
    },
  },
  // D: firing by standing fire orders (seed 000 VII; seed 001 combat), combat/fire-phase.ts; then
  // flak in impulses 4, 8 and 12 (docs/flak.md), flak/fire.ts. A dry run fires no flak.
  {
    phase: 'D',
    name: 'firing',
    run: (ctx) => {
      runFirePhase(ctx);
      if (!ctx.sighted) runFlakPhase(ctx);
    },
  },
  // E: bombs released in the plane's last active impulse, jettisons in its first (seed 000 VIII;
  // seed 001 rule (21)), ordnance/bombs.ts. Air-to-air rockets fire with the guns in D.
  // Then air-to-ground rockets (ordnance/rockets.ts) and landings, in the plane's last active
  // impulse (core/ground/land.ts).
  {
    phase: 'E',
    name: 'bombs, rockets and torpedoes',
    run: (ctx) => {
      runBombPhase(ctx);
      runRocketPhase(ctx);
      runLandings(ctx);
    },
  },
  // F: bail-out of planes shot down in an earlier impulse (seed 000 IX), combat/bailout.ts. A dry
  // run (a forecast) throws no die: the bail-outs wait for the real turn.
  // Then whoever attacked a side's counter in this impulse is seen by that side (spotting/spot.ts).
  {
    phase: 'F',
    name: 'bail out',
    run: (ctx) => {
      if (!ctx.sighted) {
        runBailOutPhase(ctx.state, ctx.turn, ctx.impulse, ctx.dice, ctx.events);
        revealAttackers(ctx.state, ctx.events, ctx.impulse);
      }
    },
  },
  // G, H: plotting. By mail the whole turn is plotted before it is resolved (rules-notes), so the
  // only plotting within the turn is the carry-over kept at the end of the turn.
  { phase: 'G', name: 'movement plotting', run: nothing },
  { phase: 'H', name: 'changes plotting', run: nothing },
];
