/**
 * A fighter that sees no enemy plane patrols (docs/standin.md "The scenario's purpose",
 * core/standin/purpose.ts): toward the middle of the map, or over its side's truck, tank or ship.
 */
import { describe, expect, it } from 'vitest';
import { distance, fromColRow } from '../../../src/core/hex/coords.ts';
import { standIn } from '../../../src/core/standin/pilot.ts';
import { purposeOf } from '../../../src/core/standin/purpose.ts';
import type { GameState } from '../../../src/core/state.ts';
import { duelGame, duelStart } from '../../../bench/duels.ts';
import { parseHexLabel } from '../../../src/core/hex/coords.ts';
import { resolveTurn } from '../../../src/core/turn.ts';

/** The duel's plane of side a alone, at column `col` row 50 of the 99 x 99 map, facing `facing`. */
function alone(facing: number, col = 10): GameState {
  const s = duelGame(duelStart(1));
  const a = s.planes.find((p) => p.side === 'a')!;
  return { ...s, planes: [{ ...a, hex: fromColRow(col, 50), facing }] };
}

describe('a fighter that sees no enemy', () => {
  it('patrols toward the middle of the map, and says so', () => {
    const s = alone(0);
    const a = s.planes[0]!;
    const middle = fromColRow(50, 50);
    expect(purposeOf(s, a).patrol).toEqual({ hex: middle, words: 'searching toward the middle of the map' });
    for (const facing of [0, 6, 9]) {
      const st = alone(facing);
      const r = standIn(st, 'a', 'seed');
      expect(r.choices[0]!.why).toContain('no enemy in sight: searching toward the middle of the map');
    }
    // 20 hexes west of the middle, facing north (facing 0) with room all round: flying on would take
    // it 30 hexes from the middle in four turns; it turns toward it instead.
    let st = alone(0, 30);
    const start = distance(st.planes[0]!.hex, middle);
    for (let t = 0; t < 4; t++) {
      const o = standIn(st, 'a', `seed-${t}`).orders;
      const r = resolveTurn(st, o);
      if (!r.ok) throw new Error(JSON.stringify(r.error));
      st = r.value.state;
    }
    expect(distance(st.planes[0]!.hex, middle)).toBeLessThan(start);
  });

  it("covers its side's truck, tank or ship where it has one", () => {
    const s = alone(0);
    const truck = { id: 'T1', side: 'a', kind: 'truck', hex: parseHexLabel('2060')!, facing: 0, status: 'active' };
    const st = { ...s, units: [truck] } as unknown as GameState;
    expect(purposeOf(st, st.planes[0]!).patrol).toEqual({ hex: truck.hex, words: 'covering T1' });
  });
});
