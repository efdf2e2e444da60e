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
import { gunneryModifier } from '../../pilots/quality.ts';
import { aceCardPlayer, playAceCard } from '../../pilots/ace-card.ts';

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

/** The 2D6 of a shot as thrown, with the pilots' part in it (core/pilots). */
export interface Burst {
  white: number;
  red: number;
  /** The firer's gunnery modifier and its reasons (seed 002 9.1.1, 9.1.9, 9.1.10). */
  pilot: { drm: number; why: string[] };
  /** The ACE PILOT card played on this shot: whose, and the throw it replaced. */
  ace?: { plane: string; was: [number, number] };
}

/**
 * Throws a shot's 2D6: the firer's gunnery modifier, then an ace's once-a-game card (seed 002
 * 9.1.8, pilots/ace-card.ts) when the throw misses a fair chance for an ace firing, or hits an ace. A rated
 * pilot who fires has shown himself in combat (9.1.11).
 */
export function throwBurst(
  s: ShotPlan,
  ctx: ThrowContext,
  roll: (sides: number, what: string) => number,
  hitsAt: (total: number) => number,
): Burst {
  const pilot = gunneryModifier(s.firer.pilot, ctx.turn);
  let white = roll(6, 'white');
  let red = roll(6, 'red');
  const hits = hitsAt(white + red + s.deflection.drm + pilot.drm);
  const player = aceCardPlayer(s.firer, s.target, hits, hitsAt(7 + s.deflection.drm + pilot.drm) > 0);
  let ace: Burst['ace'];
  if (player) {
    ace = { plane: player.id, was: [white, red] };
    playAceCard(player);
    white = roll(6, 'white.ace');
    red = roll(6, 'red.ace');
  }
  if (s.firer.pilot) s.firer.pilot.shown = true;
  return { white, red, pilot, ...(ace ? { ace } : {}) };
}

/** The parts of the shot event both models share. */
export function baseEvent(
  s: ShotPlan,
  ctx: ThrowContext,
  chart: string,
  burst: Burst,
  model: 'standard' | 'odds',
): ShotRecord {
  const { white, red } = burst;
  const total = white + red + s.deflection.drm + burst.pilot.drm;
  return {
    impulse: ctx.impulse,
    phase: 'D',
    plane: s.firer.id,
    type: 'shot',
    model,
    firer: s.firer.id,
    target: s.target.id,
    guns: s.groups.map((g) => g.id),
    mix: s.mix.map((w) => `${w.count}x${w.type}`).join('+'),
    chart,
    hexes: s.bearing.hexes,
    range: s.bearing.range,
    altitudeDiff: s.bearing.dz,
    clock: s.cls === 'fixed' ? s.bearing.clockFromTarget : s.bearing.clockFromFirer,
    deflection: { category: s.deflection.category, drm: s.deflection.drm },
    dice: { white, red, d10: [] },
    total,
    row: 0,
    hits: 0,
    locations: [],
    critical: null,
    effects: [],
    ...(burst.pilot.why.length ? { pilot: burst.pilot } : {}),
    ...(burst.ace ? { ace: burst.ace } : {}),
  };
}
