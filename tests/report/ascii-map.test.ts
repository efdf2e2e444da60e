import { describe, expect, it } from 'vitest';
import { createGame } from '../../src/core/scenario.ts';
import { previewPath } from '../../src/core/movement/preview.ts';
import { fromColRow } from '../../src/core/hex/coords.ts';
import { MAP_WIDTH, noseLabel, PREVIEW_ROWS, renderMap, REPORT_ROWS } from '../../src/report/ascii-map.ts';
import { loadAircraftDir } from '../../src/shell/aircraft/catalog.ts';
import { loadScenarioFile } from '../../src/shell/scenario-file.ts';
import { parseOrders } from '../../src/orders/index.ts';
import { fogState } from '../../src/core/spotting/fog.ts';
import { expectGolden } from '../support/golden-file.ts';

const catalog = loadAircraftDir();
const golden = (name: string, text: string) => expectGolden(`tests/golden/report/${name}`, text);
const game = (name: string) => createGame(loadScenarioFile(`scenarios/${name}.yaml`, catalog), catalog, 'x');
/** The drawing: the lines above the legend. */
const drawing = (map: string) => map.slice(0, map.indexOf('\nNose')).split('\n');
const fitsWidth = (map: string) => {
  for (const l of map.split('\n')) expect(l.length).toBeLessThanOrEqual(MAP_WIDTH);
};

describe('the ASCII map', () => {
  it('draws every plane with its nose and altitude, says where the window lies, and leaves out empty rows', () => {
    const state = game('two-v-two');
    const map = renderMap(state, { focus: ['W1'], maxRows: REPORT_ROWS });
    fitsWidth(map);
    expect(map).toMatch(/^Map 36 x 28 hexes; shown: columns \d\d-\d\d, rows \d\d-\d\d\n/);
    for (const p of state.planes) {
      expect(map).toContain(noseLabel(p.id, p.facing));
      expect(map).toMatch(new RegExp(`\\n${p.id} .* ${p.altitude} `));
    }
    expect(map).toMatch(/\.\.\. rows \d\d-\d\d left out: no plane there \.\.\./);
    // The scenario's terrain: Ironbottom Sound to the north, land to the south.
    expect(map).toMatch(/^07 +~ +~/m);
    expect(map).toMatch(/^19 +\. +\./m);
    expect(map).toContain('Terrain: ~ sea  . land  = road  # airfield');
    expect(drawing(map).length).toBeLessThanOrEqual(30);
    golden('map-two-v-two.txt', map);
  });

  it('gives each of the 12 facings its own nose, in ASCII', () => {
    const labels = Array.from({ length: 12 }, (_, f) => noseLabel('R1', f));
    expect(new Set(labels).size).toBe(12);
    expect(labels).toEqual(['^R1', "R1'", 'R1/', 'R1>', 'R1\\', 'R1,', 'vR1', ',R1', '/R1', '<R1', '\\R1', "'R1"]);
    for (const l of labels) expect(l).toMatch(/^[\x20-\x7e]+$/);
  });

  it('draws the map edge as a border and nothing beyond it', () => {
    const state = game('two-v-two');
    const [a, b, c, d] = state.planes;
    a!.hex = fromColRow(36, 28);
    a!.facing = 3;
    b!.hex = fromColRow(34, 27);
    c!.hex = fromColRow(1, 1);
    d!.hex = fromColRow(2, 1);
    const corner = renderMap(state, { focus: [a!.id, b!.id], maxRows: REPORT_ROWS });
    fitsWidth(corner);
    const lines = drawing(corner);
    // The bottom-right corner: a right border on every line, the bottom rule last.
    expect(lines.at(-1)).toMatch(/^ {3}-+\+$/);
    expect(lines.slice(2, -1).every((l) => l.endsWith('|'))).toBe(true);
    expect(corner).toContain('columns 30-36, rows 24-28');
    expect(corner).toMatch(/W1>\|/);
    // No column beyond the map is drawn.
    expect(lines[1]).not.toMatch(/37/);
    golden('map-edge.txt', corner);
    const other = renderMap(state, { focus: [c!.id], maxRows: REPORT_ROWS });
    expect(drawing(other)[2]).toMatch(/^ {3}\+-+$/);
    expect(
      drawing(other)
        .slice(3)
        .every((l) => l.startsWith('   |') || /^\d\d \|/.test(l)),
    ).toBe(true);
  });

  it('turns crowded labels and planes sharing a hex into letters the legend explains', () => {
    const state = game('two-v-two');
    const [a, b, c, d] = state.planes;
    a!.hex = fromColRow(11, 12);
    a!.facing = 3;
    b!.hex = fromColRow(12, 12);
    b!.facing = 9;
    b!.id = 'HURR1A';
    c!.hex = fromColRow(13, 12);
    c!.facing = 5;
    d!.hex = fromColRow(13, 12);
    d!.facing = 7;
    const map = renderMap(state, { focus: [a!.id], maxRows: REPORT_ROWS });
    fitsWidth(map);
    expect(map).toContain('a = Z1 (5), Z2 (7) in 1312');
    expect(map).toContain('<HURR1A');
    // No altitude stands next to another plane's label.
    for (const l of drawing(map)) expect(l).not.toMatch(/[A-Z0-9>'\\/,<^v] ?\d{2,3}\b(?! )/);
    golden('map-crowded.txt', map);
  });

  it('draws a plotted path with the impulse of each hex, in an acknowledgement-sized window', () => {
    const state = game('duel');
    const env = parseOrders('#TALLYHO duel raf x\nR1: RB S TR S TR 1\n#END\n').envelopes[0]!;
    const path = previewPath(state, 'R1', env.plots[0]!);
    expect(path.ok).toBe(true);
    if (!path.ok) return;
    expect(path.value.map((s) => s.impulse)).toEqual([3, 5, 6, 9, 10, 12]);
    const map = renderMap(state, { path: path.value, focus: ['R1'], maxRows: PREVIEW_ROWS, frame: ['R1', 'G1'] });
    fitsWidth(map);
    expect(map).toContain('+3');
    expect(map).toContain('+12');
    expect(drawing(map).length).toBeLessThanOrEqual(20);
    expect(map).toMatch(/G1 .*\(not shown\)/);
    golden('map-duel-path.txt', map);
  });

  it("keeps the reader's planes in the window when the planes are far apart, and says who is off it", () => {
    const state = game('duel');
    state.planes[1]!.hex = fromColRow(29, 1);
    const map = renderMap(state, { focus: ['R1'] });
    expect(map).toContain('^R1');
    expect(map).toMatch(/G1 .*\(not shown\)/);
  });

  it("frames the planes still flying together when none of the reader's is", () => {
    const state = game('two-v-two');
    for (const p of state.planes.filter((x) => x.side === 'usmc')) p.status = 'shot-down';
    const map = renderMap(state, { focus: ['W1', 'W2'], maxRows: REPORT_ROWS });
    expect(map).toContain('vZ1');
    expect(map).toContain(',Z2');
    expect(map).not.toContain('(not shown)');
  });
});

describe('a left-out stretch of rows', () => {
  it('says "no plane there" only when none is: a piece outside the frame in those rows is named', () => {
    const state = game('two-v-two');
    const [a, b, c, d] = state.planes;
    a!.hex = fromColRow(10, 4);
    b!.hex = fromColRow(10, 20);
    c!.hex = fromColRow(11, 12);
    d!.hex = fromColRow(30, 27);
    // The window frames W1 and its wingman only: the enemy in row 12 lies in the stretch left out.
    const map = renderMap(state, { focus: [a!.id], frame: [b!.id], maxRows: REPORT_ROWS });
    expect(map).toContain(`left out: ${c!.id} is there (listed below)`);
    expect(map).not.toMatch(/left out: no plane there/);
    expect(map).toMatch(new RegExp(`\\n${c!.id} .*\\(not shown\\)`));
    // Without it, the stretch is empty and says so.
    c!.hex = fromColRow(11, 3);
    expect(renderMap(state, { focus: [a!.id], frame: [b!.id], maxRows: REPORT_ROWS })).toMatch(
      /rows \d\d-\d\d left out: no plane there \.\.\./,
    );
  });

  it('says "that you can see" on a player\'s map under fog of war, where unseen enemies are left out', () => {
    const state = game('two-v-two');
    const [a, b, c, d] = state.planes;
    a!.hex = fromColRow(10, 4);
    b!.hex = fromColRow(10, 20);
    c!.hex = fromColRow(11, 12);
    d!.hex = fromColRow(30, 27);
    // The enemy in row 12 is unseen: the side's view leaves it out (core/spotting/fog.ts).
    const fog = { spotted: {}, reveal: 'over', table: {} } as unknown as NonNullable<typeof state.fog>;
    const fogged = fogState({ ...state, fog: { ...fog, spotted: { [a!.side]: [] } } }, a!.side);
    expect(fogged.planes.map((p) => p.id)).not.toContain(c!.id);
    expect(renderMap(fogged, { focus: [a!.id], frame: [b!.id], maxRows: REPORT_ROWS })).toMatch(
      /rows \d\d-\d\d left out: no plane there that you can see \.\.\./,
    );
    // The referee's map of the same game, and a map with no reader, say no more than is true.
    expect(renderMap({ ...state, fog }, { focus: [], frame: [a!.id, b!.id], maxRows: REPORT_ROWS })).not.toContain(
      'that you can see',
    );
  });
});
