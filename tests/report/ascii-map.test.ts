import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createGame } from '../../src/core/scenario.ts';
import { previewPath } from '../../src/core/movement/preview.ts';
import { renderMap, MAP_WIDTH } from '../../src/report/ascii-map.ts';
import { loadAircraftDir } from '../../src/shell/aircraft/catalog.ts';
import { loadScenarioFile } from '../../src/shell/scenario-file.ts';
import { parseOrders } from '../../src/orders/index.ts';

const catalog = loadAircraftDir();
const golden = (name: string, text: string) => {
  const f = `tests/golden/report/${name}`;
  if (process.env.UPDATE_GOLDEN === '1' || !existsSync(f)) writeFileSync(f, text);
  expect(text).toBe(readFileSync(f, 'utf8'));
};

describe('the ASCII map', () => {
  it('draws every plane with id, facing and altitude, and a legend, within 78 columns', () => {
    const state = createGame(loadScenarioFile('scenarios/two-v-two.yaml', catalog), catalog, 'x');
    const map = renderMap(state);
    for (const l of map.split('\n')) expect(l.length).toBeLessThanOrEqual(MAP_WIDTH);
    for (const p of state.planes) {
      expect(map).toContain(p.id);
      expect(map).toMatch(new RegExp(`${p.id} .* ${p.altitude} `));
    }
    expect(map).toContain('12:140');
    golden('map-two-v-two.txt', map);
  });

  it('draws a plotted path with the impulse of each hex', () => {
    const state = createGame(loadScenarioFile('scenarios/duel.yaml', catalog), catalog, 'x');
    const env = parseOrders('#TALLYHO duel raf x\nR1: RB S TR S TR 1\n#END\n').envelopes[0]!;
    const path = previewPath(state, 'R1', env.plots[0]!);
    expect(path.ok).toBe(true);
    if (!path.ok) return;
    expect(path.value.map((s) => s.impulse)).toEqual([3, 5, 6, 9, 10, 12]);
    const map = renderMap(state, { path: path.value, focus: ['R1'] });
    for (const l of map.split('\n')) expect(l.length).toBeLessThanOrEqual(MAP_WIDTH);
    expect(map).toContain('+3');
    expect(map).toContain('+12');
    golden('map-duel-path.txt', map);
  });

  it('keeps the reader\'s planes in the window when the planes are far apart, and says who is off it', () => {
    const state = createGame(loadScenarioFile('scenarios/duel.yaml', catalog), catalog, 'x');
    state.planes[1]!.hex = { q: 29, r: -13 };
    const map = renderMap(state, { focus: ['R1'] });
    expect(map).toContain(' R1 ');
    expect(map).toMatch(/G1 .*\(not shown above\)/);
  });
});
