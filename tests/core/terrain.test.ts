/**
 * Terrain on the map (core/terrain.ts, docs/scenarios.md "Terrain"): areas as hexes and rectangles,
 * laid in order (land, sea, roads, airfields over the base), every bad area named by its field, and
 * the terrain drawn on the ASCII map and the SVG.
 */
import { describe, expect, it } from 'vitest';
import { createGame, parseScenario } from '../../src/core/scenario.ts';
import { parseArea, terrainAt, type TerrainSpec } from '../../src/core/terrain.ts';
import { buildMapView } from '../../src/report/map-view.ts';
import { svgMap } from '../../src/report/svg-map.ts';
import { renderMap } from '../../src/report/ascii-map.ts';
import { loadAircraftDir } from '../../src/shell/aircraft/catalog.ts';
import { loadScenarioFile } from '../../src/shell/scenario-file.ts';

const catalog = loadAircraftDir();
const plane = { id: 'A1', side: 'a', type: 'f4f-4', hex: '0505', facing: 0, altitude: 10000, speed: 5 };
const scenario = (terrain: unknown) => ({
  name: 'T',
  map: { width: 12, height: 10, terrain },
  sides: { a: { name: 'A' } },
  planes: [plane],
});

describe('terrain', () => {
  it('reads a hex or a rectangle of columns and rows, and says why anything else is not one', () => {
    expect(parseArea('0712')).toEqual({ c0: 7, c1: 7, r0: 12, r1: 12 });
    expect(parseArea('0101-1224')).toEqual({ c0: 1, c1: 12, r0: 1, r1: 24 });
    expect(parseArea('0712-0510')).toMatch(/runs from its top-left hex to its bottom-right one/);
    expect(parseArea('712')).toMatch(/is not a hex like 0712 or a rectangle like 0101-1224/);
  });

  it('lays land, then sea, then roads and airfields over the base', () => {
    const spec: TerrainSpec = {
      base: 'sea',
      land: ['0101-0610'],
      sea: ['0303'],
      road: ['0105-0605'],
      airfield: ['0505'],
    };
    expect(terrainAt(spec, 9, 9)).toBe('sea');
    expect(terrainAt(spec, 2, 2)).toBe('land');
    expect(terrainAt(spec, 3, 3)).toBe('sea');
    expect(terrainAt(spec, 3, 5)).toBe('road');
    expect(terrainAt(spec, 5, 5)).toBe('airfield');
    expect(terrainAt(undefined, 5, 5)).toBeUndefined();
  });

  it('is checked in the scenario: every area must be one and lie on the map', () => {
    const r = parseScenario(
      scenario({ base: 'land', sea: ['0101-0310', '0909-1311'], road: ['12'], airfield: ['0202-0101'] }),
      's.yaml',
      catalog,
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.map((p) => p.message)).toEqual([
      's.yaml: map.terrain.sea[1]: 0909-1311 is off the 12x10 map',
      "s.yaml: map.terrain.road[0]: '12' is not a hex like 0712 or a rectangle like 0101-1224",
      "s.yaml: map.terrain.airfield[0]: '0202-0101': a rectangle runs from its top-left hex to its bottom-right one",
    ]);
    const bad = parseScenario(scenario({ base: 'swamp' }), 's.yaml', catalog);
    expect(bad.ok).toBe(false);
    const fine = parseScenario(scenario({ base: 'sea', land: ['0101-0610'] }), 's.yaml', catalog);
    expect(fine.ok).toBe(true);
    if (fine.ok) expect(createGame(fine.value, catalog, 'x').map.terrain).toEqual({ base: 'sea', land: ['0101-0610'] });
  });

  it('shows on the ASCII map and colours the hexes of the SVG; a map without terrain stays as it was', () => {
    const state = createGame(loadScenarioFile('scenarios/two-v-two.yaml', catalog), catalog, 'x');
    const svg = svgMap(buildMapView({ state }), { title: 'T', standalone: true });
    expect(svg).toMatch(/<svg [^>]*class="hexmap terrain-on"/);
    expect(svg).toContain('<g class="terrain"><path class="t-sea" d="M');
    for (const t of ['land', 'road', 'airfield']) expect(svg).toContain(`<path class="t-${t}" d="M`);
    const map = renderMap(state, { focus: ['W1'] });
    expect(map).toContain('Terrain: ~ sea  . land  = road  # airfield');
    const duel = createGame(loadScenarioFile('scenarios/duel.yaml', catalog), catalog, 'x');
    expect(svgMap(buildMapView({ state: duel }), { title: 'T' })).not.toContain('terrain');
    expect(renderMap(duel, { focus: ['R1'] })).not.toMatch(/Terrain|~/);
  });
});
