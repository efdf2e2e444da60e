/**
 * The standard combat model (seed 001 combat): 2D6 of two colours plus the deflection DRM on the
 * weapon mix's fire chart give the hits; D10s thrown with them place the hits; the red die adds
 * critical hits to one C, L or E system of a starred entry, chosen for the firer as the most
 * damaging (hit-location.ts applyCritical).
 */
import { addHits, keyFor } from '../apply.ts';
import { capacityOf, emptyDamage } from '../../damage/state.ts';
import { bestHits, chartFor, clampRow, hitsFor } from '../fire-tables.ts';
import { applyCritical, d10sNeeded, d10sWithShot, locate, type Located, type SystemHit } from '../hit-location.ts';
import type { ShotPlan } from '../shots.ts';
import { baseEvent, type CombatModel, shotLabel, type ThrowContext, type ThrownShot, throwBurst } from './model.ts';
import type { PlaneState } from '../../state.ts';
import type { AircraftCard } from '../../aircraft/types.ts';

/** The keys a shot's hits would strike, in order, taking each hit as it lands (null: wreckage). */
function projectKeys(card: AircraftCard, target: PlaneState, hits: readonly SystemHit[]): (string | null)[] {
  const ghost: PlaneState = Object.assign({}, target, { damage: structuredCloneDamage(target) });
  const d = ghost.damage as NonNullable<PlaneState['damage']>;
  return hits.map((h) => {
    const key = keyFor(card, ghost, h);
    if (key === null) return null;
    d.taken[key] = (d.taken[key] ?? 0) + 1;
    if (d.taken[key] >= capacityOf(card, key) && !d.destroyed.includes(key)) d.destroyed.push(key);
    return key;
  });
}

const structuredCloneDamage = (p: PlaneState): NonNullable<PlaneState['damage']> => {
  const d = p.damage ?? emptyDamage();
  return Object.assign({}, d, { taken: { ...d.taken }, destroyed: [...d.destroyed] });
};

export const standardModel: CombatModel = {
  id: 'standard',
  throwShot(s: ShotPlan, ctx: ThrowContext): ThrownShot {
    const label = shotLabel(s);
    const roll = (sides: number, what: string) =>
      ctx.dice.roll(sides, { turn: ctx.turn, impulse: ctx.impulse, label: `${label}:${what}` });
    const chart = chartFor(s.mix);
    const burst = throwBurst(s, ctx, roll, (total) => hitsFor(chart, s.bearing.range, total));
    const { red } = burst;
    const d10: number[] = [];
    const withShot = d10sWithShot(bestHits(chart, s.bearing.range));
    for (let i = 0; i < withShot; i++) d10.push(roll(10, `d10.${i + 1}`));
    const event = baseEvent(s, ctx, chart.id, burst, 'standard');
    event.row = clampRow(event.total);
    event.hits = hitsFor(chart, s.bearing.range, event.total);
    // Results of 10-16 hits need one or two more D10s, thrown afterwards (seed 001).
    while (d10.length < d10sNeeded(event.hits)) d10.push(roll(10, `d10.${d10.length + 1}`));
    event.dice.d10 = d10;
    const targetCard = ctx.card(s.target);
    const located: Located | null = event.hits > 0 ? locate(event.hits, d10, targetCard.engines > 1) : null;
    if (located) event.locations = located.rolls.map((r) => `D10 ${r.d10}: ${r.entry} (${r.side})`);
    return {
      event,
      apply(actx) {
        if (!located) {
          event.effects.push('no hits');
          return;
        }
        const target = s.target;
        const card = actx.card(target);
        const keys = projectKeys(card, target, located.systemHits);
        const shotOn = new Map<string, number>();
        for (const k of keys) if (k) shotOn.set(k, (shotOn.get(k) ?? 0) + 1);
        const crit = applyCritical(located, red, (h) => {
          const k = keys[located.systemHits.indexOf(h)];
          if (!k) return Infinity;
          return capacityOf(card, k) - (target.damage?.taken[k] ?? 0) - (shotOn.get(k) ?? 0);
        });
        const critKey = crit ? (keys[located.systemHits.indexOf(crit.hit)] ?? null) : null;
        if (crit && critKey) {
          event.critical = { system: critKey, extra: crit.extra };
          shotOn.set(critKey, (shotOn.get(critKey) ?? 0) + crit.extra);
        }
        const wreck = keys.filter((k) => k === null).length;
        for (const [key, n] of shotOn) addHits(actx, target, key, n, event);
        if (wreck) event.effects.push(`${wreck} hit${wreck === 1 ? '' : 's'} on wreckage`);
      },
    };
  },
};
