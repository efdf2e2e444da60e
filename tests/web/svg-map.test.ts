import { describe, expect, it } from 'vitest';
import type { Frame, PlaneFrame } from '../../src/report/frames.ts';
import { centreOf, mapWindow, svgMap } from '../../src/report/svg-map.ts';

const plane = (id: string, hex: string, facing = 0, extra: Partial<PlaneFrame> = {}): PlaneFrame =>
  ({ id, hex, facing, altitude: 10000, bank: 'N', status: 'flying', ...extra });

const planeGroups = (svg: string) => [...svg.matchAll(/<g class="plane[^"]*" data-plane="([^"]+)" data-hex="([^"]+)" data-facing="(\d+)"[^>]*transform="translate\(([-\d.]+) ([-\d.]+)\)"/g)]
  .map((m) => ({ id: m[1] as string, hex: m[2] as string, facing: Number(m[3]), x: Number(m[4]), y: Number(m[5]) }));

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

  it('draws every plane of every frame at its hex with its facing, frame 0 shown and the others hidden', () => {
    const frames: Frame[] = [
      [plane('R1', '1216', 0), plane('B1', '1408', 6)],
      [plane('R1', '1215', 1), plane('B1', '1409', 6)],
      [plane('R1', '1315', 2, { status: 'shot-down' }), plane('B1', '1409', 7)],
    ];
    const svg = svgMap({ map: { width: 30, height: 24 }, frames, sideOf: { R1: 0, B1: 1 }, title: 'T' });
    const groups = svg.split('<g class="frame"').slice(1);
    expect(groups.map((g) => g.slice(0, g.indexOf('>')))).toEqual([' data-frame="0"', ' data-frame="1" display="none"', ' data-frame="2" display="none"']);
    groups.forEach((g, i) => {
      const planes = planeGroups(g);
      expect(planes.map((p) => [p.id, p.hex, p.facing])).toEqual(frames[i]!.map((f) => [f.id, f.hex, f.facing]));
      for (const p of planes) {
        const [col, row] = [Number(p.hex.slice(0, 2)), Number(p.hex.slice(2))];
        expect(p.x).toBeCloseTo(centreOf(col, row).x, 0);
        expect(p.y).toBeCloseTo(centreOf(col, row).y, 0);
      }
    });
    expect(groups[2]).toContain('rotate(60)');
    expect(groups[2]).toContain('rotate(210)');
    expect(groups[2]).toContain('status-shot-down');
    expect(svg).toContain('<g class="track side-0" data-plane="R1"><polyline points="');
    expect(svg).toContain('<text class="label" y="11">R1 10000</text>');
    expect(svg).toContain('data-cols="1-30" data-rows="1-24"');
  });

  it('draws a small map whole and a large one around the planes, always with every plane', () => {
    expect(mapWindow({ width: 30, height: 24 }, [[plane('A', '0505')]])).toEqual({ c0: 1, c1: 30, r0: 1, r1: 24 });
    expect(mapWindow({ width: 99, height: 99 }, [[plane('A', '5050'), plane('B', '5560')]])).toEqual({ c0: 47, c1: 58, r0: 47, r1: 63 });
    expect(mapWindow({ width: 99, height: 99 }, [[plane('A', '0101'), plane('B', '-2.03')]])).toEqual({ c0: -2, c1: 4, r0: 1, r1: 6 });
  });

  it('escapes every text it writes', () => {
    const svg = svgMap({ map: { width: 5, height: 5 }, frames: [[plane('<b>', '0202')]], sideOf: {}, title: '<script>"x"&\'y\'</script>' });
    expect(svg).toContain('<title>&#60;script&#62;&#34;x&#34;&#38;&#39;y&#39;&#60;/script&#62;</title>');
    expect(svg).toContain('data-plane="&#60;b&#62;"');
    expect(svg).not.toMatch(/<script|<b>/);
  });
});
