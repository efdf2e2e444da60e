/**
 * The acknowledgement's path maps (app/views/sheet.ts pathMaps): one map with every plane's path when
 * each can be followed there whole, so a flight of eight is one map and not eight; one map a
 * plane when they lie too far apart for one window.
 */
import { describe, expect, it } from 'vitest';
import { fromColRow } from '../../../src/core/hex/coords.ts';
import { createGame } from '../../../src/core/scenario.ts';
import { pathMaps, previews } from '../../../src/app/views/sheet.ts';
import { loadAircraftDir } from '../../../src/shell/aircraft/catalog.ts';
import { loadScenarioFile } from '../../../src/shell/scenario-file.ts';

const catalog = loadAircraftDir();
const game = (name: string) => createGame(loadScenarioFile(`scenarios/${name}.yaml`, catalog), catalog, 'x');

describe('the path maps of an acknowledgement', () => {
  it('draw a flight of eight on one map, with where each plane ends under it', () => {
    const state = game('carrier-strike');
    const mine = state.planes.filter((p) => p.side === 'usn').map((p) => p.id);
    const shown = previews(state, {}, mine);
    expect(shown.length).toBe(mine.length);
    const maps = pathMaps(state, shown);
    expect(maps).toHaveLength(1);
    expect(maps[0]!.several).toBe(true);
    expect(maps[0]!.planes).toBe(`${mine.slice(0, -1).join(', ')} and ${mine.at(-1)}`);
    for (const p of shown) expect(maps[0]!.map).toContain(p.summary);
    // Every plane of the flight is drawn on it, none left out of the window.
    for (const id of mine) expect(maps[0]!.map).not.toMatch(new RegExp(`\\n${id} .*\\(not shown\\)`));
    // Far shorter than a map a plane.
    expect(maps[0]!.map.split('\n').length).toBeLessThan(
      shown.map((p) => p.map.split('\n').length).reduce((a, b) => a + b) / 3,
    );
  });

  it('fall back to a map a plane when the paths lie too far apart for one window', () => {
    const state = game('two-v-two');
    state.planes.find((p) => p.id === 'W2')!.hex = fromColRow(34, 4);
    const shown = previews(state, {}, ['W1', 'W2']);
    const maps = pathMaps(state, shown);
    expect(maps.map((m) => [m.planes, m.several])).toEqual([
      ['W1', false],
      ['W2', false],
    ]);
    expect(maps.map((m) => m.map)).toEqual(shown.map((p) => p.map));
  });

  it("keep one plane's map as it was", () => {
    const state = game('two-v-two');
    const shown = previews(state, {}, ['W1']);
    expect(pathMaps(state, shown)).toEqual([{ planes: 'W1', several: false, map: shown[0]!.map }]);
  });
});
