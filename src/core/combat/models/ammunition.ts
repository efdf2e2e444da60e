/**
 * Seed 002's optional ammunition rule (10.15), for the odds model. A card's second, lower hit
 * value is the plane's HV once some weapons are out of rounds. Tallyho's cards have no second
 * value; we take the weapons that ran dry first in the war, the cannon of a mixed armament (60 to
 * 150 rounds a gun against 300 to 1,000 for machine guns), so the lower HV is the fixed guns' HV
 * without their cannon. A plane armed with cannon only, or with no cannon, is not subject to it.
 *
 * When the odds die of an attack with the full HV shows a 1, a second die is thrown: the cannon
 * are empty on a D6 roll at most the bursts of the attack (one burst a shot in this game), or on a
 * D12 roll of 1 or 2 with the D12 system. A crack shot is never subject to it (seed 002 9.1.9).
 */
import type { ShotPlan } from '../shots.ts';
import type { WeaponCount } from '../weapons.ts';
import type { ThrowContext } from './model.ts';

const CANNON = new Set(['20C', '30C', '37C']);

export const withoutCannon = (mix: readonly WeaponCount[]): WeaponCount[] => mix.filter((w) => !CANNON.has(w.type));

/** Whether a fixed mix can run its cannon dry: it has cannon and machine guns. */
export const subjectToAmmunition = (mix: readonly WeaponCount[]): boolean =>
  mix.some((w) => CANNON.has(w.type)) && mix.some((w) => !CANNON.has(w.type));

export function ammunitionCheck(
  s: ShotPlan,
  ctx: ThrowContext,
  oddsRolls: readonly number[],
  depleted: boolean,
): { roll: number; out: boolean } | null {
  if (
    !ctx.state.options.ammunition ||
    s.cls !== 'fixed' ||
    depleted ||
    !subjectToAmmunition(s.mix) ||
    s.firer.pilot?.crackShot
  )
    return null;
  if (oddsRolls[0] !== 1) return null;
  const die = ctx.state.options.oddsDie ?? 6;
  const roll = ctx.dice.roll(die, {
    turn: ctx.turn,
    impulse: ctx.impulse,
    label: `${s.firer.id}>${s.target.id}:${s.groups.map((g) => g.id).join('+')}:ammo`,
  });
  return { roll, out: die === 6 ? roll <= 1 : roll <= 2 };
}
