import { describe, expect, it } from 'vitest';
import { NO_SHOT_REASONS } from '../../src/core/events.ts';
import { fixedDice } from '../../src/core/dice.ts';
import type { GameEvent } from '../../src/core/events.ts';
import { resolveTurn } from '../../src/core/turn.ts';
import { noShotLine, noShotLines } from '../../src/report/no-shot.ts';
import { wrapText } from '../../src/report/wrap.ts';
import { loadAircraftDir } from '../../src/shell/aircraft/catalog.ts';
import { buildState, diceTable, goldenOrders, loadTestCards, readGoldenFile } from '../support/golden-movement.ts';

type NoShot = Extract<GameEvent, { type: 'no-shot' }>;

/** The no-shot events of every golden case of tests/golden/combat/10-no-shot.txt, with the state after. */
function goldenNoShots(): { id: string; e: NoShot; status: (id: string) => ReturnType<typeof statusIn> }[] {
  const cards = new Map([...loadAircraftDir(), ...loadTestCards('tests/golden/movement/aircraft.yaml')]);
  const out: { id: string; e: NoShot; status: (id: string) => ReturnType<typeof statusIn> }[] = [];
  for (const c of readGoldenFile('tests/golden/combat/10-no-shot.txt')) {
    const state = buildState(c, cards);
    const r = resolveTurn(state, goldenOrders(c.turns[0]!), c.dice.length ? fixedDice(diceTable(c)) : undefined);
    if (!r.ok) throw new Error(`${c.id}: ${r.error[0]?.message}`);
    const after = r.value.state;
    for (const e of r.value.events)
      if (e.type === 'no-shot') out.push({ id: c.id, e, status: (id) => statusIn(after.planes, id) });
  }
  return out;
}

const statusIn = (planes: readonly { id: string; status: string }[], id: string) =>
  planes.find((p) => p.id === id)?.status as 'flying' | 'shot-down' | 'bailed-out' | 'crashed' | 'exited' | undefined;

describe('no-shot lines', () => {
  const all = goldenNoShots();

  it('word every reason code of the golden cases, with nothing left unknown', () => {
    const seen = new Set(all.flatMap((x) => x.e.reasons));
    expect([...seen].sort()).toEqual([...NO_SHOT_REASONS].sort());
    for (const { id, e, status } of all) {
      const line = noShotLine(e, status);
      expect(line, id).toMatch(/^FIRE [A-Z0-9]+ [A-Z0-9]+ AT [A-Z0-9]+( FROM \d+)?( WITHIN \d)?: no shot - /);
      expect(line, id).not.toMatch(/undefined|\?|NaN/);
      for (const l of wrapText(`- ${line}`, 78, 2).split('\n')) expect(l.length, id).toBeLessThanOrEqual(78);
    }
  });

  it('name the closest chance and what stopped it', () => {
    const line = (id: string) => noShotLine(all.find((x) => x.id === id)!.e, all.find((x) => x.id === id)!.status);
    expect(line('NS.2')).toBe(
      "FIRE A1 FF AT B1: no shot - closest chance in impulse 3, range 3, B1 at A1's 2 o'clock: outside the cone by 2 hexes",
    );
    expect(line('NS.11')).toBe(
      "FIRE A1 FF AT B1: no shot - closest chance in impulse 3, range 3 (2 hexes, 700 ft apart), B1 at A1's 12 o'clock: over 300 ft of height a hex with the nose level",
    );
    expect(line('NS.18')).toBe(
      "FIRE A1 ROCKETS AT B1: no shot - closest chance in impulse 3, range 4, B1 at A1's 6 o'clock: not behind B1 (rockets from its 4 to 8 o'clock); B1 not ahead (rockets fire forward)",
    );
    expect(line('NS.19')).toBe('FIRE A1 FF AT B1: no shot - closest chance in impulse 3, range 0: B1 in the same hex');
    expect(line('NS.21')).toBe('FIRE A1 FF AT B1: no shot - B1 was shot down');
    expect(line('NS.22')).toBe('FIRE A1 FF AT B1: no shot - A1 was shot down');
    expect(line('NS.26')).toBe(
      "FIRE A1 FF AT B1 WITHIN 3: no shot - closest chance in impulse 3, range 17 (same hex, 8,700 ft apart): B1 in the same hex; beyond the guns' range; beyond WITHIN 3",
    );
    expect(line('NS.27')).toBe(
      "FIRE A1 FF AT B1: no shot - closest chance in impulse 3, range 10, B1 at A1's 6 o'clock: beyond the guns' range; B1 not ahead (fixed guns fire forward)",
    );
    expect(line('NS.25')).toBe(
      "FIRE A1 FF AT ANY WITHIN 4: no shot - closest chance in impulse 3, range 5, B1 at A1's 12 o'clock: beyond WITHIN 4",
    );
  });

  it("are the reader's own planes' only", () => {
    const events = all.map((x) => x.e);
    expect(noShotLines(events, ['B1']).every((l) => l.startsWith('FIRE B1 '))).toBe(true);
    expect(noShotLines(events, ['B1']).length).toBe(events.filter((e) => e.plane === 'B1').length);
    expect(noShotLines(events, ['Z9'])).toEqual([]);
  });
});
