import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fixedDice } from '../../src/core/dice.ts';
import { resolveTurn } from '../../src/core/turn.ts';
import { loadAircraftDir } from '../../src/shell/aircraft/catalog.ts';
import {
  buildState, checkAfter, compactEvent, problemLines, goldenOrders, diceTable, loadTestCards, missingInOrder, readGoldenFile,
} from '../support/golden-movement.ts';

const DIR = 'tests/golden/combat';
const cards = new Map([...loadAircraftDir(), ...loadTestCards('tests/golden/movement/aircraft.yaml')]);
const all = readdirSync(DIR).filter((f) => f.endsWith('.txt')).sort().flatMap((f) => readGoldenFile(join(DIR, f)));


describe('golden combat cases', () => {
  it('there are at least 30, with unique ids', () => {
    expect(all.length).toBeGreaterThanOrEqual(30);
    expect(new Set(all.map((c) => c.id)).size).toBe(all.length);
  });
  for (const c of all) {
    it(`${c.id} ${c.title} (${c.rule})`, () => {
      let state = buildState(c, cards);
      const dice = c.dice.length ? fixedDice(diceTable(c)) : undefined;
      const events: string[] = [];
      let errors: string[] = [];
      for (const lines of c.turns) {
        const r = resolveTurn(state, goldenOrders(lines), dice);
        if (!r.ok) { errors = problemLines(r.error, c.errors); break; }
        events.push(...r.value.events.map((e) => compactEvent(state.turn, e)));
        state = r.value.state;
      }
      expect([...errors].sort()).toEqual([...c.errors].sort());
      expect(c.after.flatMap((l) => checkAfter(l, state))).toEqual([]);
      const miss = missingInOrder(c.events, events);
      expect(miss, `event not found in order: ${miss}\nall events:\n${events.join('\n')}`).toBeUndefined();
      // `exact: shot damage` — the listed kinds of event appear exactly as the case lists them.
      for (const kind of c.exact) {
        const pick = (l: string[]) => l.filter((e) => e.split(' ')[2] === kind);
        expect(pick(events), `every '${kind}' event`).toEqual(pick(c.events));
      }
    });
  }
});
