/**
 * The map of a resolved turn as inline SVG, for the web archive: the hex grid (flat-topped hexes in
 * columns, odd columns half a hex lower, as on the printed map), each plane's track through the
 * impulses, and one group of plane markers per replay frame (frame 0 = the start of the turn, frame
 * i = the end of impulse i; all but frame 0 hidden until the replay script shows them). A marker is
 * a disc with a nose pointing along its facing (0 = map top, +30 degrees clockwise per facing) and a
 * label with its id and altitude.
 *
 * The result goes into the page unescaped, so every text and attribute written here goes through
 * `esc`, numbers included, and nothing from the store is written anywhere else.
 */
import { fromColRow, hexCentre, parseHexLabel, toColRow } from '../core/hex/coords.ts';
import type { Frame, PlaneFrame } from './frames.ts';

/** Hex outer radius in SVG units. */
const R = 20;
/** Whole maps up to this many hexes are drawn; larger ones only around the planes. */
const MAX_WHOLE_MAP = 1600;
/** Hexes of margin around the planes when only a window is drawn. */
const MARGIN = 3;

export const esc = (v: string | number): string =>
  String(v).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const num = (n: number): string => esc(Math.round(n * 10) / 10);

export interface SvgMapInput {
  map: { width: number; height: number };
  frames: Frame[];
  /** Side of each plane, for its colour: index into the game's sides. */
  sideOf: Record<string, number>;
  title: string;
}

interface Window { c0: number; c1: number; r0: number; r1: number }

const colRowOf = (label: string): { col: number; row: number } | undefined => {
  const h = parseHexLabel(label);
  return h ? toColRow(h) : undefined;
};

/** The columns and rows drawn: the whole map when small enough, else the planes' area; always every plane. */
export function mapWindow(map: SvgMapInput['map'], frames: Frame[]): Window {
  const at = frames.flat().map((f) => colRowOf(f.hex)).filter((p) => p !== undefined);
  const cols = at.map((p) => p.col);
  const rows = at.map((p) => p.row);
  const whole = map.width * map.height <= MAX_WHOLE_MAP || !at.length;
  const lo = (xs: number[], edge: number) => Math.min(whole ? edge : Math.max(edge, Math.min(...xs) - MARGIN), ...xs);
  const hi = (xs: number[], edge: number) => Math.max(whole ? edge : Math.min(edge, Math.max(...xs) + MARGIN), ...xs);
  return { c0: lo(cols, 1), c1: hi(cols, map.width), r0: lo(rows, 1), r1: hi(rows, map.height) };
}

/** Centre of the hex at column, row in SVG units. */
export function centreOf(col: number, row: number): { x: number; y: number } {
  const c = hexCentre(fromColRow(col, row));
  return { x: c.x * R, y: c.y * R };
}

/** Half a hex's height: the rise of its slanted sides. */
const H = num(R * Math.sin(Math.PI / 3));

/** A hex's outline from its right corner, round by relative steps (short: a map has a thousand). */
const outline = (x: number, y: number): string => `M${num(x + R)},${num(y)}l${-R / 2},${H}h${-R}l${-R / 2},-${H}l${R / 2},-${H}h${R}z`;

const pad2 = (n: number): string => (n >= 0 && n < 10 ? `0${n}` : String(n));

/** Grids drawn lately, by window: every game on a map of one size shares its grid. */
const grids = new Map<string, string>();
const GRIDS_KEPT = 32;

/** The hex grid of a window (memoised: drawing it is most of the map's cost). */
function grid(w: Window): string {
  const key = `${w.c0},${w.c1},${w.r0},${w.r1}`;
  let g = grids.get(key);
  if (g === undefined) {
    g = drawGrid(w);
    if (grids.size >= GRIDS_KEPT) grids.delete(grids.keys().next().value as string);
  } else {
    grids.delete(key);
  }
  grids.set(key, g);
  return g;
}

function drawGrid(w: Window): string {
  const cells: string[] = [];
  const labels: string[] = [];
  for (let col = w.c0; col <= w.c1; col++) {
    for (let row = w.r0; row <= w.r1; row++) {
      const { x, y } = centreOf(col, row);
      cells.push(outline(x, y));
      labels.push(`<text x="${num(x)}" y="${num(y - R * 0.55)}">${esc(`${pad2(col)}${pad2(row)}`)}</text>`);
    }
  }
  return `<path class="grid" d="${esc(cells.join(''))}"/>\n<g class="hex-labels">${labels.join('')}</g>`;
}

const sideClass = (input: SvgMapInput, id: string): string => `side-${esc((input.sideOf[id] ?? 0) % 6)}`;

function tracks(input: SvgMapInput): string {
  const ids = input.frames[0]?.map((f) => f.id) ?? [];
  return ids.map((id) => {
    const points: string[] = [];
    const dots: string[] = [];
    let last = '';
    input.frames.forEach((frame, i) => {
      const f = frame.find((p) => p.id === id);
      const cr = f && colRowOf(f.hex);
      if (!f || !cr || f.hex === last) return;
      last = f.hex;
      const { x, y } = centreOf(cr.col, cr.row);
      points.push(`${num(x)},${num(y)}`);
      dots.push(`<circle cx="${num(x)}" cy="${num(y)}" r="2.5" data-impulse="${esc(i)}"/>`);
    });
    return `<g class="track ${sideClass(input, id)}" data-plane="${esc(id)}"><polyline points="${esc(points.join(' '))}"/>${dots.join('')}</g>`;
  }).join('\n');
}

function marker(input: SvgMapInput, f: PlaneFrame, stack: number): string {
  const cr = colRowOf(f.hex);
  if (!cr) return '';
  const { x, y } = centreOf(cr.col, cr.row);
  const alt = f.status === 'flying' ? `${f.altitude} ft` : f.status.toUpperCase();
  const dy = R * 0.55 + stack * 11;
  return `<g class="plane ${sideClass(input, f.id)} status-${esc(f.status)}" data-plane="${esc(f.id)}" data-hex="${esc(f.hex)}" ` +
    `data-facing="${esc(f.facing)}" data-altitude="${esc(f.altitude)}" data-status="${esc(f.status)}" transform="translate(${num(x)} ${num(y)})">` +
    `<title>${esc(`${f.id}: hex ${f.hex}, facing ${f.facing}, ${alt}`)}</title>` +
    `<path class="nose" d="M0,${num(-R * 0.85)} L${num(R * 0.3)},${num(-R * 0.2)} L${num(-R * 0.3)},${num(-R * 0.2)} Z" transform="rotate(${esc(f.facing * 30)})"/>` +
    `<circle r="${num(R * 0.32)}"/>` +
    `<text class="label" y="${num(dy)}">${esc(f.id)} ${esc(f.status === 'flying' ? String(f.altitude) : f.status)}</text></g>`;
}

function frameGroup(input: SvgMapInput, frame: Frame, i: number): string {
  const perHex = new Map<string, number>();
  const markers = frame.map((f) => {
    const n = perHex.get(f.hex) ?? 0;
    perHex.set(f.hex, n + 1);
    return marker(input, f, n);
  });
  return `<g class="frame" data-frame="${esc(i)}"${i === 0 ? '' : ' display="none"'}>${markers.join('')}</g>`;
}

export function svgMap(input: SvgMapInput): string {
  const w = mapWindow(input.map, input.frames);
  const a = centreOf(w.c0, w.r0);
  const b = centreOf(w.c1, w.r1);
  const x0 = a.x - R * 1.2;
  const y0 = a.y - R * 1.2;
  const width = b.x - a.x + R * 2.4;
  const height = b.y - a.y + R * 2.6;
  return `<svg xmlns="http://www.w3.org/2000/svg" class="hexmap" role="img" viewBox="${num(x0)} ${num(y0)} ${num(width)} ${num(height)}" ` +
    `width="${num(width)}" height="${num(height)}" data-cols="${esc(`${w.c0}-${w.c1}`)}" data-rows="${esc(`${w.r0}-${w.r1}`)}">\n` +
    `<title>${esc(input.title)}</title>\n${grid(w)}\n${tracks(input)}\n` +
    `${input.frames.map((f, i) => frameGroup(input, f, i)).join('\n')}\n</svg>`;
}
