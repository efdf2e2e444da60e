/**
 * The plan checker's word on a marking without the flight plan (core/movement/plan-heights.ts, read
 * by core/plans/variants.ts for every height of every way), held to the full checker
 * (movement/plan.ts planMarkings): over every plane of the sample scenarios' first turns, a
 * sequence the search keeps of each altitude signature and count of manoeuvres and every marking of
 * it, the same problems in the same order, or the same climb, dive and mode.
 */
import { describe, expect, it } from 'vitest';
import { firstTurns } from '../../support/first-turns.ts';
import { planMarkings } from '../../../src/core/movement/plan.ts';
import { planHeights } from '../../../src/core/movement/plan-heights.ts';
import { markedPlot, markings, signature } from '../../../src/core/plans/marks.ts';
import { searchWays } from '../../../src/core/plans/ways.ts';

describe('a marking checked for its heights alone', () => {
  it('gets the full checker’s answer: the same problems, or the same climb, dive and mode', () => {
    let accepted = 0;
    let refused = 0;
    for (const { name, state } of firstTurns('heights')) {
      for (const plane of state.planes.filter((p) => p.status === 'flying' && !p.ground)) {
        const seen = new Set<string>();
        for (const sk of searchWays(state, plane).sequences.flat()) {
          // The heights are asked of one sequence of each altitude signature and count of manoeuvres.
          const key = `${signature(sk)}|${sk.counted}`;
          if (seen.has(key)) continue;
          seen.add(key);
          let full: ReturnType<typeof planMarkings> | undefined;
          let light: ReturnType<typeof planHeights> | undefined;
          for (const alts of markings(state, plane, sk)) {
            full ??= planMarkings(state, plane, markedPlot(plane, sk, alts));
            light ??= planHeights(state, plane, markedPlot(plane, sk, alts));
            const a = full(alts);
            const b = light(alts);
            const want = a.ok
              ? { ok: true, value: { climbed: a.value.climbed, dived: a.value.dived, mode: a.value.mode } }
              : a;
            if (a.ok) accepted++;
            else refused++;
            // Compared as text (a deep comparison of each would take most of the test's time), in full when they differ.
            if (JSON.stringify(b) !== JSON.stringify(want))
              expect(b, `${name} ${plane.id} ${sk.mode} ${sk.boxes.join(' ')} ${JSON.stringify(alts)}`).toEqual(want);
          }
        }
      }
    }
    expect(accepted).toBeGreaterThan(1000);
    expect(refused).toBeGreaterThan(100);
  }, 300_000);
});
