/**
 * The sequence of play of every impulse (seed 000 III): phases A to H in order. Phases this version
 * of the referee does not play yet are listed here, in one place, with what fills them.
 */
import type { Dice } from './dice.ts';
import type { GameEvent, Phase } from './events.ts';
import type { FireOrder } from '../orders/ast.ts';
import { flyImpulse } from './movement/fly.ts';
import type { FlightPlan } from './movement/plan.ts';
import type { GameState } from './state.ts';

export interface ImpulseContext {
  /** The working state of the turn (planes move in it). */
  state: GameState;
  turn: number;
  impulse: number;
  plans: Map<string, FlightPlan>;
  fire: FireOrder[];
  dice: Dice;
  events: GameEvent[];
}

export interface PhaseStep {
  phase: Phase;
  name: string;
  run(ctx: ImpulseContext): void;
}

const nothing = (): void => undefined;

export const PHASES: readonly PhaseStep[] = [
  // A: spotting and engine starts (impulse 7). Every plane is seen and airborne in Tallyho's
  // scenarios (docs/rules.md "Spotting"), so there is nothing to roll yet.
  { phase: 'A', name: 'spotting and starting', run: nothing },
  // B: trucks, tanks, ships, torpedoes: no such counters in the scenarios yet.
  { phase: 'B', name: 'non-plotted movement', run: nothing },
  {
    phase: 'C',
    name: 'plotted movement',
    run(ctx) {
      for (const plane of ctx.state.planes) {
        const plan = ctx.plans.get(plane.id);
        if (plan) flyImpulse(ctx.state, plane, plan, ctx.impulse, ctx.events);
      }
    },
  },
  // D: firing by standing fire orders (seed 000 VII): the combat issue fills this phase.
  { phase: 'D', name: 'firing', run: nothing },
  // E: bombs, rockets, torpedoes: dive bombing marks are recorded at the end of the turn
  // (seed 001 rule (21)); release and effects belong to the ordnance rules.
  { phase: 'E', name: 'bombs, rockets and torpedoes', run: nothing },
  // F: bail-out of planes shot down in an earlier impulse (seed 000 IX): filled with combat.
  { phase: 'F', name: 'bail out', run: nothing },
  // G, H: plotting. By mail the whole turn is plotted before it is resolved (rules-notes), so the
  // only plotting within the turn is the carry-over kept at the end of the turn.
  { phase: 'G', name: 'movement plotting', run: nothing },
  { phase: 'H', name: 'changes plotting', run: nothing },
];
