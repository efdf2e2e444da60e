/**
 * Properties of the `no-shot` events (src/core/combat/no-shot.ts) over the random encounters of
 * the combat properties, where every plane has one order, `FIRE <plane> ALL AT ANY`:
 *
 * - a plane that fired has no no-shot event; one that did not has exactly one, naming a reason;
 * - its closest chance is found again here by brute force from the positions flown again from
 *   the plans: every impulse, every enemy, each gun class, the failed conditions counted straight
 *   from cone.ts and the card, the least (count, range, impulse, fixed before flexible, enemy
 *   order) taken; impulse, target, range, clock and reasons agree;
 * - a dry run (resolveTurn's forecast mode) finds the same shots as the real turn, up to the end
 *   of the first impulse in which one is thrown (after that, damage changes the turn).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { GunGroup } from '../../../src/core/aircraft/types.ts';
import {
  adjustedRange,
  type Attitude,
  inCone,
  MAX_RANGE,
  SHORT_MAX_RANGE,
  targetArea,
  verticalOk,
} from '../../../src/core/combat/cone.ts';
import { workingGuns } from '../../../src/core/damage/state.ts';
import { NO_SHOT_REASONS } from '../../../src/core/events.ts';
import { positionOf } from '../../../src/core/combat/targets.ts';
import type { GameEvent } from '../../../src/core/events.ts';
import { clockPosition } from '../../../src/core/hex/facing.ts';
import { distance } from '../../../src/core/hex/coords.ts';
import type { GameOptions, PlaneState } from '../../../src/core/state.ts';
import { resolveTurn } from '../../../src/core/turn.ts';
import { play, positionsByImpulse, type Turn } from '../../support/combat-encounters.ts';
import { readGoldenFile } from '../../support/golden-movement.ts';

const encounters = fc.record({
  seed: fc.integer({ min: 1, max: 1_000_000 }),
  n: fc.integer({ min: 2, max: 10 }),
  combat: fc.constantFrom<GameOptions['combat']>('standard', 'odds'),
});

type NoShot = Extract<GameEvent, { type: 'no-shot' }>;

interface Candidate {
  count: number;
  range: number;
  impulse: number;
  cls: number;
  order: number;
  target: string;
  reasons: string[];
  clock: number;
}

const reachOf = (g: GunGroup): number => (g.shortRange ? SHORT_MAX_RANGE : MAX_RANGE);

/** The failed conditions of one chance, straight from the rules as docs/cli.md states them. */
function failures(
  cls: 'fixed' | 'flex',
  guns: GunGroup[],
  firer: PlaneState,
  t: PlaneState,
  active: boolean,
  bomb: boolean,
  attitude: Attitude,
): string[] {
  const out: string[] = [];
  if (cls === 'fixed' && !active) out.push('not-active');
  if (cls === 'fixed' && bomb) out.push('ordnance');
  const hexes = distance(firer.hex, t.hex);
  const dz = t.altitude - firer.altitude;
  const range = adjustedRange(hexes, dz);
  const reached = guns.some((g) => range <= reachOf(g));
  // The same hex: no bearing, only the range is measured besides.
  if (hexes === 0) return [...out, 'same-hex', ...(reached ? [] : ['beyond-range'])];
  if (cls === 'fixed') {
    if (!reached) out.push('beyond-range');
    if (!verticalOk(attitude, dz, hexes))
      out.push(
        (dz < 0 && attitude === 'up') || (dz > 0 && attitude === 'down') ? 'nose-attitude' : 'altitude-separation',
      );
    // Beyond 8 hexes only "ahead at all" is measured (clock 10 to 2); within, the cone itself.
    const area = targetArea(positionOf(t), hexes);
    const ahead = (h: (typeof area)[number]) => {
      const c = clockPosition(firer.hex, firer.facing, h)!;
      return c <= 2 || c >= 10;
    };
    if (hexes > MAX_RANGE ? !area.some(ahead) : !area.some((h) => inCone(positionOf(firer), h))) out.push('cone');
  } else {
    const clock = clockPosition(firer.hex, firer.facing, t.hex)!;
    const inArc = guns.filter((g) => g.arc?.includes(clock));
    if (!(inArc.length ? inArc : guns).some((g) => range <= reachOf(g))) out.push('beyond-range');
    if (!inArc.length) out.push('outside-arc');
  }
  return out;
}

const key = (x: Candidate): number[] => [x.count, x.range, x.impulse, x.cls, x.order];
const less = (a: readonly number[], b: readonly number[]): boolean => {
  for (let j = 0; j < a.length; j++) if (a[j] !== b[j]) return (a[j] as number) < (b[j] as number);
  return false;
};

function closest(t: Turn, plane: string): Candidate | undefined {
  const at = positionsByImpulse(t.before, t.plans, t.events);
  const plan = t.plans[plane]!;
  let best: Candidate | undefined;
  let before = t.before.planes.find((p) => p.id === plane)!.altitude;
  for (let i = 1; i <= 12; i++) {
    const where = at.get(i)!;
    const firer = where.get(plane)!;
    // Forced 100-ft losses (banked forwards, maximum-performance turns and slips) do not change
    // the nose attitude (seed 000 X.E.1.f, X.E.2.a, X.E.3.a).
    const change =
      firer.altitude - before + plan.steps.reduce((sum, st) => sum + (st.impulse === i ? st.box.forced : 0), 0);
    const attitude: Attitude = change < 0 ? 'down' : change > 0 ? 'up' : 'level';
    before = firer.altitude;
    if (firer.status !== 'flying') continue;
    const card = t.before.aircraft[firer.type]!;
    const guns = workingGuns(card, firer);
    const active = plan.steps.some((s) => s.impulse === i);
    const enemies = [...where.values()].filter((p) => p.side !== firer.side && p.status === 'flying');
    (['fixed', 'flex'] as const).forEach((cls, c) => {
      const mine = guns.filter((g) => (cls === 'fixed' ? g.mount !== 'F' : g.mount === 'F'));
      if (!mine.length) return;
      for (const e of enemies) {
        const reasons = failures(cls, mine, firer, e, active, !!plan.bomb, attitude);
        const cand = {
          count: reasons.length,
          range: adjustedRange(distance(firer.hex, e.hex), e.altitude - firer.altitude),
          impulse: i,
          cls: c,
          order: t.before.planes.findIndex((p) => p.id === e.id),
          target: e.id,
          reasons,
          clock: clockPosition(firer.hex, firer.facing, e.hex) ?? 12,
        };
        if (!best || less(key(cand), key(best))) best = cand;
      }
    });
  }
  return best;
}

describe('no-shot properties', () => {
  it('every reason code has a golden case (tests/golden/combat/10-no-shot.txt)', () => {
    const cases = readGoldenFile('tests/golden/combat/10-no-shot.txt');
    const seen = new Set(
      cases.flatMap((c) =>
        c.events.flatMap((e) => (e.split(' ')[2] === 'no-shot' ? (e.split(' ')[4] ?? '').split(',') : [])),
      ),
    );
    for (const r of NO_SHOT_REASONS) expect(seen, r).toContain(r);
  });

  it('a plane that fired has no no-shot event; one that did not has one, and it is its closest chance', () => {
    let checked = 0;
    fc.assert(
      fc.property(encounters, ({ seed, n, combat }) => {
        for (const t of play(seed, n, combat)) {
          const noShots = t.events.filter((e): e is NoShot => e.type === 'no-shot');
          for (const o of t.orders.fire) {
            const fired = t.events.some((e) => e.type === 'shot' && e.firer === o.plane);
            const mine = noShots.filter((e) => e.plane === o.plane);
            expect(mine.length, `${o.plane} in turn ${t.before.turn}`).toBe(fired ? 0 : 1);
            const e = mine[0];
            if (!e) continue;
            expect(e.reasons.length).toBeGreaterThan(0);
            expect(e.reason).toBe(e.reasons[0]);
            // Guns lost during the turn change the working guns between impulses: not flown again here.
            if (t.events.some((x) => x.type === 'guns-lost' && x.plane === o.plane)) continue;
            const want = closest(t, o.plane);
            const what = `${o.plane} in turn ${t.before.turn}: ${JSON.stringify(e)}`;
            if (!want) {
              expect(e.impulse, what).toBe(13);
              continue;
            }
            expect({ impulse: e.impulse, target: e.target, range: e.range, clock: e.clock }, what).toEqual({
              impulse: want.impulse,
              target: want.target,
              range: want.range,
              clock: want.clock,
            });
            expect(
              e.reasons.map((r) => (r === 'not-ahead' || r === 'outside-cone' ? 'cone' : r)),
              what,
            ).toEqual(want.reasons);
            checked++;
          }
        }
      }),
      { numRuns: 60 },
    );
    expect(checked).toBeGreaterThan(20);
  });

  it('a dry run finds the shots the real turn throws, up to the first impulse with a shot', () => {
    fc.assert(
      fc.property(encounters, ({ seed, n, combat }) => {
        for (const t of play(seed, n, combat)) {
          const dry = resolveTurn(t.before, t.orders, undefined, { dry: true });
          expect(dry.ok).toBe(true);
          if (!dry.ok) return;
          const shots = t.events.filter((e) => e.type === 'shot');
          const first = shots[0]?.impulse ?? 12;
          const real = shots
            .filter((e) => e.impulse <= first)
            .map((e) => `${e.impulse} ${e.firer}>${e.target} ${e.guns.join('+')} ${e.range}`);
          const found = (dry.value.sighted ?? [])
            .filter((s) => s.impulse <= first)
            .map((s) => `${s.impulse} ${s.plane}>${s.target} ${s.guns.join('+')} ${s.range}`);
          expect(found).toEqual(real);
          expect(dry.value.events.some((e) => e.type === 'shot' || e.type === 'damage' || e.type === 'bail-out')).toBe(
            false,
          );
        }
      }),
      { numRuns: 40 },
    );
  });
});
