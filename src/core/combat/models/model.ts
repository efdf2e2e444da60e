/**
 * One interface for the combat models a game may use (GameOptions.combat): each throws the dice of
 * a shot when the firing phase finds it, and applies what the shot did at the end of that phase,
 * when every shot of the impulse has been thrown (rules-notes "Playing by mail").
 */
import type { AircraftCard } from '../../aircraft/types.ts';
import type { Dice } from '../../dice.ts';
import type { ShotEvent } from '../../events.ts';
import type { GameState, PlaneState } from '../../state.ts';
import type { ApplyContext } from '../apply.ts';
import type { ShotPlan } from '../shots.ts';

export interface ThrowContext {
  state: GameState;
  turn: number;
  impulse: number;
  dice: Dice;
  card(p: PlaneState): AircraftCard;
}

export type ShotRecord = ShotEvent & { impulse: number; phase: 'D'; plane: string };

export interface ThrownShot {
  event: ShotRecord;
  /** Applies the shot's damage and effects (end of the firing phase), filling event.effects. */
  apply(ctx: ApplyContext): void;
}

export interface CombatModel {
  id: 'standard' | 'odds';
  throwShot(shot: ShotPlan, ctx: ThrowContext): ThrownShot;
}

/** The dice label of a shot: unique within its impulse (firer, target and the guns that fire). */
export const shotLabel = (s: ShotPlan): string => `${s.firer.id}>${s.target.id}:${s.groups.map((g) => g.id).join('+')}`;

/** The parts of the shot event both models share. */
export function baseEvent(s: ShotPlan, ctx: ThrowContext, chart: string, white: number, red: number, model: 'standard' | 'odds'): ShotRecord {
  const total = white + red + s.deflection.drm;
  return {
    impulse: ctx.impulse, phase: 'D', plane: s.firer.id, type: 'shot', model,
    firer: s.firer.id, target: s.target.id, guns: s.groups.map((g) => g.id),
    mix: s.mix.map((w) => `${w.count}x${w.type}`).join('+'), chart,
    hexes: s.bearing.hexes, range: s.bearing.range, altitudeDiff: s.bearing.dz,
    clock: s.cls === 'fixed' ? s.bearing.clockFromTarget : s.bearing.clockFromFirer,
    deflection: { category: s.deflection.category, drm: s.deflection.drm },
    dice: { white, red, d10: [] }, total, row: 0, hits: 0, locations: [], critical: null, effects: [],
  };
}
