/**
 * "Clock" said one way in every mail and page: always which plane is where on whose clock ("R1 at
 * G1's 7 o'clock"), never a bare number a reader must guess the viewpoint of. A plane's clock is
 * its own heading's: 12 ahead, 6 behind (seed 001 combat). The shot events keep the clock the fire
 * table used (combat/deflection.ts): of the firer seen from the target for fixed guns and rockets,
 * of the target seen from the firer for flexible guns; the words below say which.
 */
import type { GameEvent, ShotEvent } from '../core/events.ts';
import type { GameState } from '../core/state.ts';

/** "G1 at R1's 2 o'clock": where `what` is on `whose` clock. */
export const clockWords = (what: string, whose: string, clock: number): string =>
  `${what} at ${whose}'s ${clock} o'clock`;

/** Whether a shot was fired by flexible guns: its groups' mount on the firer's card. */
export type FlexibleShot = (e: ShotEvent) => boolean;

/** The lookup of a game's cards (any state of the game: the cards never change in a game). */
export function flexibleShots(state: Pick<GameState, 'planes' | 'aircraft'>): FlexibleShot {
  const typeOf = new Map(state.planes.map((p) => [p.id, p.type]));
  return (e) => {
    const card = state.aircraft[typeOf.get(e.firer) ?? ''];
    const groups = card?.guns.filter((g) => e.guns.includes(g.id)) ?? [];
    return groups.length > 0 && groups.every((g) => g.mount === 'F');
  };
}

/** A shot's clock in words: the firer on the target's clock (fixed guns), or the target on the firer's (flexible). */
export const shotClock = (e: ShotEvent, flexible: boolean): string =>
  flexible ? clockWords(e.target, e.firer, e.clock) : clockWords(e.firer, e.target, e.clock);

/** A rocket's clock: the firer on the target's clock (core/combat/rockets.ts). */
export const rocketClock = (e: Extract<GameEvent, { type: 'rocket' }>): string =>
  clockWords(e.plane, e.target, e.clock);
