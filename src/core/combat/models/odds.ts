/**
 * The odds combat model, a game option (seed 002 sections 3-7): the same shots, the same 2D6 and
 * deflection DRM, but the hits come from the reference chart (combat/odds.ts oddsHits) and are
 * weighed by the firer's hit value (HV) against the target's defence. Fighters and light bombers
 * roll on the odds (D6 or D12) for damaged or shot down, a second damage downing them (5.4);
 * medium and heavy bombers collect damage points, 1 per 8 HV (4.1). A damaged plane jettisons its
 * bombs (9.2.4) and flies with the worse figures of 5.1 from its next plot on.
 */
import { shootDown } from '../apply.ts';
import { emptyDamage } from '../../damage/state.ts';
import { clampRow } from '../fire-tables.ts';
import {
  bomberDamage,
  bomberStatus,
  combineOutcomes,
  defence,
  GUNNER_HIT_VALUE,
  hitValue,
  leftoverThreshold,
  ODDS_REFERENCE_CHART,
  oddsHits,
  oddsResult,
  usesDamagePoints,
} from '../odds.ts';
import type { ShotPlan } from '../shots.ts';
import { ammunitionCheck, subjectToAmmunition, withoutCannon } from './ammunition.ts';
import { baseEvent, type CombatModel, shotLabel, type ThrowContext, type ThrownShot, throwBurst } from './model.ts';

export const oddsModel: CombatModel = {
  id: 'odds',
  throwShot(s: ShotPlan, ctx: ThrowContext): ThrownShot {
    const label = shotLabel(s);
    const die = ctx.state.options.oddsDie ?? 6;
    const roll = (sides: number, what: string) =>
      ctx.dice.roll(sides, { turn: ctx.turn, impulse: ctx.impulse, label: `${label}:${what}` });
    const burst = throwBurst(s, ctx, roll, (total) => oddsHits(s.bearing.range, total));
    const event = baseEvent(s, ctx, ODDS_REFERENCE_CHART, burst, 'odds');
    event.row = clampRow(event.total);
    event.hits = oddsHits(s.bearing.range, event.total);
    // Seed 002 3.3: gunners and turrets hit at HV 8; fixed guns at their mix's HV, without the
    // cannon once the ammunition rule has emptied them (10.15, ammunition.ts).
    const depleted = !!s.firer.damage?.ammoOut;
    const hv = s.cls === 'flex' ? GUNNER_HIT_VALUE : hitValue(depleted ? withoutCannon(s.mix) : s.mix);
    const card = ctx.card(s.target);
    const def = defence(card);
    let n = 0;
    const next = () => roll(die, `odds.${++n}`);
    if (usesDamagePoints(card.class)) {
      const attack = event.hits * hv;
      const needsRoll = leftoverThreshold(attack % 8, die) > 0 && event.hits > 0;
      // 4.1.10: with the ammunition rule the die is thrown for every attack that hits.
      const ammoRule =
        !!ctx.state.options.ammunition &&
        s.cls === 'fixed' &&
        !depleted &&
        subjectToAmmunition(s.mix) &&
        !s.firer.pilot?.crackShot &&
        event.hits > 0;
      const first = needsRoll || ammoRule ? next() : undefined;
      const dmg = bomberDamage(attack, die, needsRoll ? first : undefined);
      event.odds = {
        hv,
        defence: def,
        label: `${attack} HV`,
        rolls: first !== undefined ? [first] : [],
        outcome: `${dmg.total} damage point${dmg.total === 1 ? '' : 's'}`,
        points: dmg.total,
      };
      const ammo = ammunitionCheck(s, ctx, first !== undefined ? [first] : [], depleted);
      return {
        event,
        apply(actx) {
          spendAmmo(ammo, s, event);
          const d = (s.target.damage ??= emptyDamage());
          const before = bomberStatus(d.points ?? 0, def);
          d.points = (d.points ?? 0) + dmg.total;
          const now = bomberStatus(d.points, def);
          event.effects.push(`${s.target.id} ${d.points}/${def} damage points`);
          if (now === 'down')
            shootDown(actx, s.target, [s.firer.id], `${d.points} damage points, defence ${def}`, event);
          else if (now === 'damaged' && before === 'none') markDamaged(actx, s.target, s.firer.id, event);
        },
      };
    }
    const r = oddsResult(event.hits, hv, def, die, next);
    event.odds = { hv, defence: def, label: r.label, rolls: r.rolls, outcome: r.outcome };
    const ammo = ammunitionCheck(s, ctx, r.rolls, depleted);
    return {
      event,
      apply(actx) {
        spendAmmo(ammo, s, event);
        const was = s.target.damage?.oddsDamaged ? 'damaged' : 'none';
        const now = combineOutcomes(was, r.outcome);
        if (r.outcome === 'none') event.effects.push('no effect');
        if (now === 'down')
          shootDown(
            actx,
            s.target,
            [s.firer.id],
            was === 'damaged' && r.outcome === 'damaged' ? 'damaged a second time' : `${r.label}: shot down`,
            event,
          );
        else if (now === 'damaged' && was === 'none') markDamaged(actx, s.target, s.firer.id, event);
      },
    };
  },
};

function spendAmmo(ammo: { roll: number; out: boolean } | null, s: ShotPlan, event: ThrownShot['event']): void {
  if (!ammo) return;
  event.odds = { ...(event.odds as NonNullable<typeof event.odds>), ammo: ammo.roll };
  if (!ammo.out) return;
  (s.firer.damage ??= emptyDamage()).ammoOut = true;
  event.effects.push(`${s.firer.id} has fired its cannon dry: HV ${hitValue(withoutCannon(s.mix))} from now on`);
}

function markDamaged(
  actx: Parameters<ThrownShot['apply']>[0],
  p: ShotPlan['target'],
  by: string,
  event: ThrownShot['event'],
): void {
  if (p.status !== 'flying') return;
  const d = (p.damage ??= emptyDamage());
  d.oddsDamaged = true;
  if (p.loaded) d.jettisoned = true;
  actx.events.push({ impulse: actx.impulse, phase: 'D', plane: p.id, type: 'odds-damaged', by });
  event.effects.push(`${p.id} DAMAGED${p.loaded ? ', bombs jettisoned' : ''}`);
}
