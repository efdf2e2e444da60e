import { describe, expect, it } from 'vitest';
import { createGame } from '../../src/core/scenario.ts';
import { fromColRow } from '../../src/core/hex/coords.ts';
import type { GameEvent, ShotEvent } from '../../src/core/events.ts';
import type { Frame, PlaneFrame } from '../../src/report/frames.ts';
import { buildMapView } from '../../src/report/map-view.ts';
import { actionBox, centreOf, svgMap } from '../../src/report/svg-map.ts';
import { loadAircraftDir } from '../../src/shell/aircraft/catalog.ts';
import { loadScenarioFile } from '../../src/shell/scenario-file.ts';

const catalog = loadAircraftDir();
const duel = () => createGame(loadScenarioFile('scenarios/duel.yaml', catalog), catalog, 'x');
const plane = (id: string, hex: string, facing = 0, extra: Partial<PlaneFrame> = {}): PlaneFrame => ({
  id,
  hex,
  facing,
  altitude: 10000,
  bank: 'N',
  status: 'flying',
  ...extra,
});

const planeGroups = (svg: string) =>
  [
    ...svg.matchAll(
      /<g class="plane[^"]*" data-plane="([^"]+)" data-hex="([^"]+)" data-facing="([^"]+)"[^>]*transform="translate\(([-\d.]+) ([-\d.]+)\)"/g,
    ),
  ].map((m) => ({ id: m[1] as string, hex: m[2] as string, facing: m[3] as string, x: Number(m[4]), y: Number(m[5]) }));

const shot = (impulse: number, firer: string, target: string, hits: number): GameEvent =>
  ({
    type: 'shot',
    impulse,
    plane: firer,
    firer,
    target,
    guns: [],
    mix: '',
    chart: '',
    hexes: 2,
    range: 2,
    altitudeDiff: 0,
    clock: 12,
    deflection: { category: 'head-on', drm: 0 },
    dice: { white: 3, red: 3, d10: [] },
    total: 6,
    row: 6,
    hits,
    locations: [],
    critical: null,
    effects: [],
    model: 'standard',
  }) as unknown as ShotEvent as unknown as GameEvent;

describe('the SVG map', () => {
  it('puts hex centres on flat-topped columns, odd columns half a hex lower', () => {
    const a = centreOf(2, 5);
    const b = centreOf(3, 5);
    const c = centreOf(2, 6);
    expect(b.x - a.x).toBeCloseTo(30);
    expect(b.y - a.y).toBeCloseTo(Math.sqrt(3) * 10);
    expect(c.x).toBeCloseTo(a.x);
    expect(c.y - a.y).toBeCloseTo(Math.sqrt(3) * 20);
  });

  it('draws every plane of every frame at its hex with its facing as the mails write it, frame 0 shown and the others hidden', () => {
    const state = duel();
    const frames: Frame[] = [
      [plane('R1', '1216', 0), plane('G1', '1408', 6)],
      [plane('R1', '1215', 1), plane('G1', '1409', 6)],
      [plane('R1', '1315', 2, { status: 'shot-down' }), plane('G1', '1409', 7)],
    ];
    const view = buildMapView({ state, turn: { frames, events: [shot(2, 'G1', 'R1', 3), shot(1, 'R1', 'G1', 0)] } });
    const svg = svgMap(view, { title: 'T', frames });
    const groups = svg.split('<g class="frame"').slice(1);
    expect(groups.map((g) => g.slice(0, g.indexOf('>')))).toEqual([
      ' data-frame="0"',
      ' data-frame="1" display="none"',
      ' data-frame="2" display="none"',
    ]);
    groups.forEach((g, i) => {
      const planes = planeGroups(g);
      expect(planes.map((p) => [p.id, p.hex])).toEqual(frames[i]!.map((f) => [f.id, f.hex]));
      for (const p of planes) {
        const [col, row] = [Number(p.hex.slice(0, 2)), Number(p.hex.slice(2))];
        expect(p.x).toBeCloseTo(centreOf(col, row).x, 0);
        expect(p.y).toBeCloseTo(centreOf(col, row).y, 0);
      }
    });
    expect(planeGroups(groups[0]!).map((p) => p.facing)).toEqual(['12 (N)', '6 (S)']);
    expect(groups[2]).toContain('rotate(60)');
    expect(groups[2]).toContain('rotate(210)');
    expect(groups[2]).toContain('status-shot-down');
    expect(svg).toContain('<g class="track side-0" data-plane="R1"><polyline points="');
    expect(svg).toContain('>R1 10,000</text>');
    // The shots: a line each, from firer to target, a burst on a hit.
    expect(svg.match(/<line class="shot hit"/g)).toHaveLength(1);
    expect(svg.match(/<line class="shot miss"/g)).toHaveLength(1);
    expect(svg).toContain('<title>impulse 2: G1 fires at R1, 3 hits</title>');
    expect(svg.match(/<polygon class="burst"/g)).toHaveLength(1);
    // A small map is drawn whole, shown zoomed to the action.
    expect(svg).toContain('data-cols="1-30" data-rows="1-24"');
    const [vx, vy, vw, vh] = (/viewBox="([^"]+)"/.exec(svg)![1] as string).split(' ').map(Number);
    expect(svg).toContain(`data-action="${vx} ${vy} ${vw} ${vh}"`);
    expect(vw).toBeLessThan(Number((/data-whole="[-\d.]+ [-\d.]+ ([\d.]+)/.exec(svg) as RegExpExecArray)[1]));
  });

  it('zooms to the planes, tracks, paths and shots with a margin, at least 12 columns by 8 rows, inside the map', () => {
    const state = duel();
    expect(actionBox(buildMapView({ state }))).toEqual({ c0: 8, c1: 19, r0: 4, r1: 22 });
    state.planes[0]!.hex = fromColRow(1, 1);
    state.planes[1]!.hex = fromColRow(2, 1);
    expect(actionBox(buildMapView({ state }))).toEqual({ c0: 1, c1: 12, r0: 1, r1: 8 });
  });

  it('draws the map edge where the window reaches it, and the picture with its own style and coordinates', () => {
    const state = duel();
    state.planes[0]!.hex = fromColRow(1, 1);
    const svg = svgMap(buildMapView({ state }), { title: 'T', standalone: true });
    expect(svg).toMatch(/<path class="edge" d="M/);
    expect(svg).toContain('<style>');
    expect(svg).toContain('<g class="coords">');
    expect(svg).not.toContain('<g class="hex-labels"');
    const inner = svgMap(buildMapView({ state: duel() }), { title: 'T', standalone: true });
    expect(inner).not.toContain('class="edge"');
  });

  it('escapes every text it writes', () => {
    const state = duel();
    state.planes[0]!.id = '<b>';
    const svg = svgMap(buildMapView({ state }), { title: '<script>"x"&\'y\'</script>' });
    expect(svg).toContain('<title>&#60;script&#62;&#34;x&#34;&#38;&#39;y&#39;&#60;/script&#62;</title>');
    expect(svg).toContain('data-plane="&#60;b&#62;"');
    expect(svg).not.toMatch(/<script|<b>/);
  });
});

describe('trucks, tanks and ships on the SVG map', () => {
  it('draws each unit of each replay frame where the turn moved it, under the planes, and none that left the map', async () => {
    const { loadShipDir } = await import('../../src/shell/ships/catalog.ts');
    const { resolveTurn } = await import('../../src/core/turn.ts');
    const { replayFrames } = await import('../../src/report/frames.ts');
    const ships = loadShipDir();
    const state = createGame(loadScenarioFile('scenarios/road-convoy.yaml', catalog, ships), catalog, 'x', ships);
    const r = resolveTurn(state, {
      plots: {},
      fire: [],
      moves: [
        { unit: 'T1', steps: ['F', 'F'] },
        { unit: 'K1', steps: ['F'] },
      ],
    });
    if (!r.ok) throw new Error(r.error.map((p) => p.message).join('; '));
    const frames = replayFrames(state, r.value.events);
    const view = buildMapView({ state, turn: { frames, events: r.value.events } });
    const svg = svgMap(view, { title: 'T', frames });
    const unitsIn = (frame: number) => {
      const g = svg.split('<g class="frame"')[frame + 1]!;
      return [...g.matchAll(/<g class="unit[^"]*" data-unit="([^"]+)" data-kind="([^"]+)" data-hex="([^"]+)"/g)].map(
        (m) => `${m[1]}:${m[2]}:${m[3]}`,
      );
    };
    expect(unitsIn(0)).toContain('T1:truck:1518');
    expect(unitsIn(4)).toContain('T1:truck:1517');
    expect(unitsIn(7)).toContain('K1:tank:1522');
    expect(unitsIn(9)).toContain('T1:truck:1516');
    // Units come before the planes in a frame, so a plane is drawn over them.
    const f0 = svg.split('<g class="frame"')[1]!;
    expect(f0.indexOf('class="unit')).toBeLessThan(f0.indexOf('class="plane'));
    // The convoy's track is drawn as a plane's is.
    expect(svg).toContain('data-plane="T1"');
  });

  it('draws a ship with its speed in knots, and the mail picture (no frames) draws the units too', async () => {
    const { loadShipDir } = await import('../../src/shell/ships/catalog.ts');
    const ships = loadShipDir();
    const state = createGame(loadScenarioFile('scenarios/carrier-strike.yaml', catalog, ships), catalog, 'x', ships);
    const svg = svgMap(buildMapView({ state }), { title: 'T', standalone: true });
    expect(svg).toMatch(/<g class="unit side-1[^"]*" data-unit="CV1" data-kind="ship" data-hex="2412"/);
    expect(svg).toContain('CV1 (IJN Hiryu): hex 2412, facing 3 (E), 28 knots');
    expect(svg).toContain('>CV1 28kt</text>');
  });
});
