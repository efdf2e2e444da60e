/**
 * The labels of the SVG map clear of each other: the carrier strike (scenarios/carrier-strike.yaml)
 * has a carrier, a Zero on her deck and a Dauntless diving on her in one hex, and planes crowded
 * round her; at the start, after turn 1 and in every frame of the web replay no label's box covers
 * another's or a plane's disc, each stays inside the picture, and on the web no label covers the
 * number of a hex a plane is in. The boxes are measured with the font metrics the layout assumes
 * (report/label-layout.ts).
 */
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pictureSvg, reportPicture, situationPicture } from '../../src/app/views/pictures.ts';
import { createGame } from '../../src/core/scenario.ts';
import { sha256Hex } from '../../src/core/sha256.ts';
import type { GameState } from '../../src/core/state.ts';
import { resolveTurn } from '../../src/core/turn.ts';
import { replayFrames } from '../../src/report/frames.ts';
import { type Anchor, type Rect, textBox } from '../../src/report/label-layout.ts';
import { buildMapView } from '../../src/report/map-view.ts';
import { svgMap } from '../../src/report/svg-map.ts';
import { loadAircraftDir } from '../../src/shell/aircraft/catalog.ts';
import { collectOrders } from '../../src/shell/cli/resolve.ts';
import {
  loadBombingTable,
  loadFlakTable,
  loadRocketTable,
  loadSpottingTable,
  loadTorpedoTable,
} from '../../src/shell/ordnance/table.ts';
import { loadOrdersFiles, loadScenarioFile } from '../../src/shell/scenario-file.ts';
import { loadShipDir } from '../../src/shell/ships/catalog.ts';

/** A scenario's turn 1 resolved with its sample orders, as `tallyho resolve` does. */
function firstTurn(name: string): { before: GameState; after: GameState; events: Parameters<typeof reportPicture>[2] } {
  const catalog = loadAircraftDir();
  const ships = loadShipDir();
  const file = `scenarios/${name}.yaml`;
  const seed = sha256Hex(`tallyho:${basename(file)}`).slice(0, 32);
  const before = createGame(
    loadScenarioFile(file, catalog, ships),
    catalog,
    seed,
    ships,
    loadBombingTable(),
    loadTorpedoTable(),
    { flak: loadFlakTable(), spotting: loadSpottingTable(), rockets: loadRocketTable() },
  );
  const r = resolveTurn(before, collectOrders(loadOrdersFiles([`scenarios/${name}.orders.txt`]), before));
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return { before, after: r.value.state, events: r.value.events };
}

interface Label {
  text: string;
  box: Rect;
}

const unescape = (s: string) => s.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)));

/** Every marker label of an SVG (or of one frame of it), its box from where it is anchored. */
function labels(svg: string): Label[] {
  const re =
    /transform="translate\(([-\d.]+) ([-\d.]+)\)">(?:(?!<text class="label)[^])*?<text class="label(?: (start|end))?"(?: x="([-\d.]+)")? y="([-\d.]+)">([^<]*)<\/text>/g;
  return [...svg.matchAll(re)].map((m) => {
    const text = unescape(m[6]!);
    return {
      text,
      box: textBox(text, Number(m[1]) + Number(m[4] ?? 0), Number(m[2]) + Number(m[5]), (m[3] ?? 'middle') as Anchor),
    };
  });
}

/** The planes' discs: centre and radius (svg-markers.ts draws them R * 0.32). */
const discs = (svg: string) =>
  [...svg.matchAll(/<g class="plane[^"]*" data-plane="([^"]+)"[^>]*transform="translate\(([-\d.]+) ([-\d.]+)\)"/g)].map(
    (m) => ({ id: m[1]!, x: Number(m[2]), y: Number(m[3]), r: 6.4 }),
  );

/** The hex numbers drawn over a frame's markers. */
const hexMarks = (svg: string): Rect[] =>
  [
    ...(/<g class="hex-marks">(.*?)<\/g>/.exec(svg)?.[1] ?? '').matchAll(
      /<text x="([-\d.]+)" y="([-\d.]+)">(\d+)<\/text>/g,
    ),
  ].map((m) => textBox(m[3]!, Number(m[1]), Number(m[2]), 'middle', 5));

const meets = (a: Rect, b: Rect) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
const onDisc = (r: Rect, d: { x: number; y: number; r: number }) =>
  (Math.min(Math.max(d.x, r.x0), r.x1) - d.x) ** 2 + (Math.min(Math.max(d.y, r.y0), r.y1) - d.y) ** 2 < d.r * d.r;

/** What is wrong with a picture's labels, as readable lines (none when all is well). */
function clashes(svg: string, bounds?: Rect): string[] {
  const all = labels(svg);
  const found: string[] = [];
  all.forEach((a, i) =>
    all.slice(i + 1).forEach((b) => {
      if (meets(a.box, b.box)) found.push(`"${a.text}" on "${b.text}"`);
    }),
  );
  for (const a of all)
    for (const d of discs(svg))
      if (!a.text.startsWith(`${d.id} `) && a.text !== d.id && onDisc(a.box, d))
        found.push(`"${a.text}" on ${d.id}'s disc`);
  for (const a of all) for (const h of hexMarks(svg)) if (meets(a.box, h)) found.push(`"${a.text}" on a hex number`);
  if (bounds)
    for (const a of all)
      if (a.box.x0 < bounds.x0 || a.box.y0 < bounds.y0 || a.box.x1 > bounds.x1 || a.box.y1 > bounds.y1)
        found.push(`"${a.text}" off the picture`);
  return found;
}

const viewBox = (svg: string): Rect => {
  const [x, y, w, h] = (/viewBox="([^"]+)"/.exec(svg)?.[1] ?? '').split(' ').map(Number) as [
    number,
    number,
    number,
    number,
  ];
  return { x0: x, y0: y, x1: x + w, y1: y + h };
};

describe('the labels of the map', () => {
  const t = firstTurn('carrier-strike');

  it('in the mail picture of the carrier strike, at the start and after turn 1: none on another or on a plane', () => {
    const pictures: [string, string[]][] = [
      // Z3 on Hiryu's deck; after the turn D1 has dived into her hex too (and D2 into Kirishima's).
      [pictureSvg(situationPicture(t.before, [], 'Carrier strike')), ['CV1 28kt', 'Z3 0', 'D1 4,500']],
      [
        pictureSvg(reportPicture(t.before, t.after, t.events, 'Carrier strike')),
        ['CV1 30kt', 'Z3 100', 'D1 2,500', 'BB1 30kt', 'D2 2,500'],
      ],
    ];
    for (const [svg, crowded] of pictures) {
      expect(labels(svg).map((l) => l.text)).toEqual(expect.arrayContaining(crowded));
      expect(clashes(svg, viewBox(svg))).toEqual([]);
    }
  });

  it("in every frame of the web replay: none on another, on a plane or on the number of a plane's hex", () => {
    const frames = replayFrames(t.before, t.events);
    const svg = svgMap(buildMapView({ state: t.after, turn: { frames, events: t.events } }), { title: 'T', frames });
    const groups = svg.split('<g class="frame"').slice(1);
    expect(groups).toHaveLength(frames.length);
    groups.forEach((g, i) => {
      expect(hexMarks(g).length, `frame ${i}`).toBeGreaterThan(0);
      expect(clashes(g), `frame ${i}`).toEqual([]);
    });
  });

  it('places them the same way every time', () => {
    const a = pictureSvg(reportPicture(t.before, t.after, t.events, 'Carrier strike'));
    const b = pictureSvg(reportPicture(t.before, t.after, t.events, 'Carrier strike'));
    expect(a).toBe(b);
  });
});
