/**
 * Phase B, non-plotted movement (seed 000 V): the trucks, tanks and ships move in the impulses
 * their plans give (impulses 4 and 9 for trucks on roads, 7 for everything else), torpedoes run in
 * 7 and strike there (ordnance/torpedoes.ts), and at the end of the turn ships take up their new
 * speed.
 */
import type { GameEvent } from '../events.ts';
import { hexLabel } from '../hex/coords.ts';
import type { GameState } from '../state.ts';
import type { UnitTurnPlan } from './plan.ts';
import { applyStep, onMapHex, positionOf } from './walk.ts';
import { damagedMaxKnots } from './ships.ts';
import { runTorpedo, strikeTorpedoes, type TorpedoContext } from '../ordnance/torpedoes.ts';

export function moveUnits(
  state: GameState,
  plans: ReadonlyMap<string, UnitTurnPlan>,
  impulse: number,
  events: GameEvent[],
  run?: TorpedoContext,
): void {
  // First the torpedoes that hit in the impulse of their release (seed 000 VIII.5, V.D.5).
  if (impulse === 7 && run) strikeTorpedoes(run);
  for (const u of [...(state.units ?? [])]) {
    const plan = plans.get(u.id);
    if (!plan || u.status !== 'active') continue;
    if (u.kind === 'torpedo') {
      // A dry run (a forecast) throws no die: torpedoes already running wait for the real turn.
      if (impulse === 7 && run) runTorpedo(run, u, 'B');
      continue;
    }
    for (const a of plan.actions) {
      if (a.impulse !== impulse || u.status !== 'active') continue;
      const from = positionOf(u);
      const to = applyStep(from, a.step);
      if (a.step === 'F')
        events.push({
          impulse,
          phase: 'B' as const,
          plane: u.id,
          type: 'unit-move',
          from: hexLabel(from.hex),
          to: hexLabel(to.hex),
          facing: to.facing,
        });
      else
        events.push({ impulse, phase: 'B' as const, plane: u.id, type: 'unit-turn', from: from.facing, to: to.facing });
      u.hex = to.hex;
      u.facing = to.facing;
      u.nextRight = to.nextRight;
      if (!onMapHex(state, to)) {
        u.status = 'exited';
        events.push({ impulse, phase: 'B' as const, plane: u.id, type: 'unit-exit', hex: hexLabel(to.hex) });
      }
    }
    if (impulse === 7 && plan.aground)
      events.push({
        impulse,
        phase: 'B' as const,
        plane: u.id,
        type: 'unit-stop',
        hex: hexLabel(u.hex),
        ahead: plan.aground,
      });
  }
}

/** End of turn: each ship's way, and the speed it makes next turn. */
export function endUnitsTurn(state: GameState, plans: ReadonlyMap<string, UnitTurnPlan>, events: GameEvent[]): void {
  for (const u of state.units ?? []) {
    const plan = plans.get(u.id);
    if (!plan?.after || !u.ship || u.status !== 'active') continue;
    // Damage this turn lowers the top speed at once (units/damage.ts): the new speed stays under it.
    const max = damagedMaxKnots(state, u);
    const after = { ...plan.after, knots: Math.min(plan.after.knots, max), ordered: Math.min(plan.after.ordered, max) };
    if (after.knots !== u.ship.knots)
      events.push({
        impulse: 13,
        phase: 'H',
        plane: u.id,
        type: 'ship-speed',
        from: u.ship.knots,
        to: after.knots,
        ordered: after.ordered,
      });
    u.ship = after;
  }
}
