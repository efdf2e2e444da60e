/**
 * What damage does to a plane's figures in the odds model (seed 002 5.1; 7.1.4 for rockets): the
 * altitude band of a damaged plane, turn modes worse (two steps for an agile type), speeds one lower. Movement reads them
 * (movement/performance.ts effectiveBand); combat decides when a plane is damaged (combat/odds.ts).
 */
import type { AltitudeBand, TurnModes } from '../aircraft/types.ts';

/**
 * Seed 002 5.1 translated for a damaged fighter or light bomber: Horsepower -1 → power factors -1
 * (not below 1); Agility "by 2 if more than 4, otherwise by 1" (5.1.2) → every turn mode `steps`
 * worse, 2 for an agile type and 1 for the rest, as the same words of 9.2.1 read for a loaded plane
 * (pilots/quality.ts isAgile); Speed -1 → the top of each speed range -1 (not below the lowest
 * speed). A damaged plane has jettisoned its bombs (9.2.4), so its loaded figures go.
 */
export function damagedBand(band: AltitudeBand, steps = 1): AltitudeBand {
  const { loaded: _loaded, ...rest } = slowerBand(band);
  return Object.assign({}, rest, {
    power: band.power > 1 ? band.power - 1 : band.power,
    turnModes: worseTurnModes(band.turnModes, steps),
  });
}

/** Every turn mode `steps` worse (Agility -1 a step). */
export function worseTurnModes(m: AltitudeBand['turnModes'], steps = 1): AltitudeBand['turnModes'] {
  const worse = (t: TurnModes): TurnModes => ({
    turn: t.turn + steps,
    slip: t.slip + steps,
    halfRoll: t.halfRoll + steps,
    bank: t.bank + steps,
    halfLoop: t.halfLoop + steps,
  });
  return { maneuver: worse(m.maneuver), level: worse(m.level), dive: worse(m.dive) };
}

/** The top of each speed range one lower, not below the lowest speed (Speed -1). */
export function slowerBand(band: AltitudeBand): AltitudeBand {
  const slower = (v: number): number => Math.max(band.minSpeed, v - 1);
  return Object.assign({}, band, {
    maneuverMax: slower(band.maneuverMax),
    levelMax: slower(band.levelMax),
    diveMax: slower(band.diveMax),
  });
}
