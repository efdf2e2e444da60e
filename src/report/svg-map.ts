/**
 * The map as SVG, drawn from the map view (map-view.ts): the web archive's map and, rendered to a
 * PNG by the shell, the picture in every mail that carries a map. Flat-topped hexes in columns, odd
 * columns half a hex lower, as on the printed map; the map's edge drawn as a heavier line; each
 * plane a disc with a nose along its facing (0 = map top, +30 degrees clockwise per facing) and a
 * label with its id and altitude, placed clear of the others (svg-markers.ts); each plane's track through a resolved turn; the shots of the
 * turn as lines from firer to target (solid with a burst at the target for a hit, dashed for a
 * miss); a plotted path as a dotted line with the impulse of each hex.
 *
 * Two forms: `standalone` (the mail picture) carries its own style and background and is cut to
 * the action; the web form is styled by /static/map.css (MAP_CSS, the same rules) and has one
 * group of plane markers per replay frame (frame 0 = the start of the turn, frame i = the end of
 * impulse i, all but frame 0 hidden until the replay script shows them), and the whole map's
 * box beside the action's for the page's zoom.
 *
 * The result goes into a page unescaped, so every text and attribute written here goes through
 * `esc`, numbers included, and nothing from the store is written anywhere else.
 */
import type { Frame } from './frames.ts';
import { type Terrain, terrainAt } from '../core/terrain.ts';
import { rememberedIn } from '../core/kept.ts';
import { type At, type Box, inMap, type MapView, onMap } from './map-view.ts';
import {
  centreOf,
  esc,
  frameGroups,
  HEX_NUMBER_RISE,
  hexNumber,
  markers,
  num,
  R,
  side,
  unitMarkers,
} from './svg-markers.ts';

export { centreOf, esc };
/** Whole maps up to this many hexes are drawn on the web; larger ones only around the action. */
const MAX_WHOLE_MAP = 1600;
/** Hexes of margin around the action. */
const MARGIN = 2;
/** The action box is at least this many columns and rows (so that a lone plane is not drawn huge). */
const MIN_COLS = 12;
const MIN_ROWS = 8;

/** The map's style: served as /static/map.css for the web, carried inside the mail picture. */
export const MAP_CSS = `
svg.hexmap { font-family: 'DejaVu Sans', Verdana, sans-serif; }
svg.hexmap .bg { fill: #ffffff; }
svg.hexmap .grid { fill: #fbfaf5; stroke: #c9c2ae; stroke-width: 0.8; }
svg.hexmap .grid-fill { fill: url(#hexes); stroke: none; }
svg.hexmap.terrain-on .grid { fill: none; }
svg.hexmap .t-sea { fill: #d6e6f2; }
svg.hexmap .t-land { fill: #eef0db; }
svg.hexmap .t-road { fill: #e3d3ae; }
svg.hexmap .t-airfield { fill: #cfcfc9; }
svg.hexmap .edge { fill: none; stroke: #6b6250; stroke-width: 2.5; }
svg.hexmap .hex-labels text { font-size: 5px; fill: #a59d88; text-anchor: middle; }
svg.hexmap .coords text { font-size: 7px; fill: #8a8170; text-anchor: middle; }
svg.hexmap .coords text.row { text-anchor: end; }
svg.hexmap .track polyline { fill: none; stroke-width: 1.6; stroke-dasharray: 3 2; opacity: 0.75; }
svg.hexmap .track circle { opacity: 0.75; }
svg.hexmap .path polyline { fill: none; stroke-width: 1.6; stroke-dasharray: 1.5 2.5; }
svg.hexmap .path text { font-size: 7px; font-weight: bold; text-anchor: middle; fill: #222; paint-order: stroke; stroke: #fff; stroke-width: 2.5px; }
svg.hexmap .shot { stroke-width: 1.6; }
svg.hexmap .shot.miss { stroke: #777; stroke-dasharray: 4 3; }
svg.hexmap .shot.hit { stroke: #d60; }
svg.hexmap .burst { fill: #fc3; stroke: #d60; stroke-width: 1; }
svg.hexmap .arrow-miss { fill: #777; }
svg.hexmap .arrow-hit { fill: #d60; }
svg.hexmap .plane .label { font-size: 8px; font-weight: bold; text-anchor: middle; fill: #111; paint-order: stroke; stroke: #fff; stroke-width: 2.5px; }
svg.hexmap .hex-marks text { font-size: 5px; fill: #6b6250; text-anchor: middle; paint-order: stroke; stroke: #fff; stroke-width: 1.6px; stroke-linejoin: round; }
svg.hexmap .plane .nose { stroke: #111; stroke-width: 0.8; }
svg.hexmap .plane circle { stroke: #111; stroke-width: 0.8; }
svg.hexmap .plane.own circle { stroke-width: 2; }
svg.hexmap .plane.status-shot-down circle, svg.hexmap .plane.status-crashed circle { fill: #444; }
svg.hexmap .unit .hull { stroke: #111; stroke-width: 0.8; }
svg.hexmap .unit.own .hull { stroke-width: 2; }
svg.hexmap .unit .gun { stroke: #111; stroke-width: 2; }
svg.hexmap .unit .label { font-size: 8px; font-weight: bold; text-anchor: middle; fill: #111; paint-order: stroke; stroke: #fff; stroke-width: 2.5px; }
svg.hexmap .side-0 polyline { stroke: #b22; } svg.hexmap .side-0 circle, svg.hexmap .side-0 .nose, svg.hexmap .side-0 .hull { fill: #d33; }
svg.hexmap .side-1 polyline { stroke: #24b; } svg.hexmap .side-1 circle, svg.hexmap .side-1 .nose, svg.hexmap .side-1 .hull { fill: #36d; }
svg.hexmap .side-2 polyline { stroke: #282; } svg.hexmap .side-2 circle, svg.hexmap .side-2 .nose, svg.hexmap .side-2 .hull { fill: #3a3; }
svg.hexmap .side-3 polyline { stroke: #b70; } svg.hexmap .side-3 circle, svg.hexmap .side-3 .nose, svg.hexmap .side-3 .hull { fill: #e90; }
svg.hexmap .side-4 polyline { stroke: #829; } svg.hexmap .side-4 circle, svg.hexmap .side-4 .nose, svg.hexmap .side-4 .hull { fill: #a3b; }
svg.hexmap .side-5 polyline { stroke: #377; } svg.hexmap .side-5 circle, svg.hexmap .side-5 .nose, svg.hexmap .side-5 .hull { fill: #4aa; }
/* After the labels' own rules: a label beside its marker starts or ends there. */
svg.hexmap .label.start { text-anchor: start; }
svg.hexmap .label.end { text-anchor: end; }
`.trim();

export interface SvgMapOptions {
  title: string;
  /** The mail picture: its own style and background, cut to the action. */
  standalone?: boolean;
  /** Replay frames (web): one group of markers per frame. Without them, the view's planes. */
  frames?: Frame[];
  /** The web form: draw the action only, not the whole map (data-whole is then the action's box). */
  actionOnly?: boolean;
  /** More hexes the action takes in (the plotter's reachable ends). */
  include?: At[];
}

/** Everything the action takes in: planes flying, tracks, paths, shots, and the hexes asked for. */
function actionPoints(view: MapView, frames: Frame[] | undefined, include: readonly At[] = []): At[] {
  const pts: At[] = [...onMap(view), ...view.units.filter((u) => u.status === 'active'), ...include];
  for (const t of view.tracks) pts.push(...t.points);
  for (const p of view.paths) pts.push(...p.marks);
  for (const s of view.shots) pts.push(s.from, s.to);
  if (frames) for (const p of view.planes) if (p.status !== 'flying') pts.push(p);
  return pts.filter((p) => inMap(p, view.size));
}

/** The action with a margin, at least MIN_COLS x MIN_ROWS where the map allows, inside the map. */
export function actionBox(view: MapView, frames?: Frame[], include?: readonly At[]): Box {
  const pts = actionPoints(view, frames, include);
  const { width, height } = view.size;
  if (!pts.length) return { c0: 1, c1: width, r0: 1, r1: height };
  const grow = (lo: number, hi: number, min: number, size: number): [number, number] => {
    let a = Math.max(1, lo - MARGIN);
    let b = Math.min(size, hi + MARGIN);
    while (b - a + 1 < min && (a > 1 || b < size)) {
      if (a > 1) a--;
      if (b - a + 1 < min && b < size) b++;
    }
    return [Math.max(1, a), Math.min(size, b)];
  };
  const cols = pts.map((p) => p.col);
  const rows = pts.map((p) => p.row);
  const [c0, c1] = grow(Math.min(...cols), Math.max(...cols), MIN_COLS, width);
  const [r0, r1] = grow(Math.min(...rows), Math.max(...rows), MIN_ROWS, height);
  return { c0, c1, r0, r1 };
}

/** The SVG user-space rectangle of a box of hexes: from the highest hex top to the lowest bottom. */
export function boxRect(b: Box): { x: number; y: number; width: number; height: number } {
  const h = R * Math.sin(Math.PI / 3);
  const cols = b.c1 > b.c0 ? [b.c0, b.c0 + 1] : [b.c0];
  const top = Math.min(...cols.map((c) => centreOf(c, b.r0).y)) - h;
  const bottom = Math.max(...cols.map((c) => centreOf(c, b.r1).y)) + h;
  const left = centreOf(b.c0, b.r0).x - R;
  const right = centreOf(b.c1, b.r0).x + R;
  const m = 3;
  return { x: left - m, y: top - m, width: right - left + 2 * m, height: bottom - top + 2 * m };
}

const rectText = (r: { x: number; y: number; width: number; height: number }): string =>
  `${num(r.x)} ${num(r.y)} ${num(r.width)} ${num(r.height)}`;

/** Half a hex's height: the rise of its slanted sides. */
const H = num(R * Math.sin(Math.PI / 3));

/** A hex's outline from its right corner, round by relative steps (short: a map has a thousand). */
const outline = (x: number, y: number): string =>
  `M${num(x + R)},${num(y)}l${-R / 2},${H}h${-R}l${-R / 2},-${H}l${R / 2},-${H}h${R}z`;

const pad2 = (n: number): string => (n >= 0 && n < 10 ? `0${n}` : String(n));

/** Pieces drawn lately (grids, edges), kept by key, the least recently used going first. */
const kept = new Map<string, string>();
const KEPT = 64;

const remembered = (key: string, draw: () => string): string => rememberedIn(kept, key, KEPT, draw);

/**
 * The hex grid of a box (memoised: drawing it is most of the map's cost), with each hex's label on
 * the web; in the mail picture the column numbers along the top and the row numbers down the left
 * instead (a renderer lays out every text, and a label per hex was most of a picture's cost).
 */
function grid(b: Box, margins: boolean): string {
  return remembered(`grid:${b.c0},${b.c1},${b.r0},${b.r1},${margins}`, () =>
    margins ? drawGridMargins(b) : drawGrid(b),
  );
}

/**
 * The web's grid: the hexes of the box's edge drawn one by one, and inside them a rectangle filled
 * with a pattern of the same lattice (a tile of two columns by one row), which cuts only through
 * hexes of the box; a tenth of the bytes of a path per hex, for a page drawn on every cache miss.
 */
function drawGrid(b: Box): string {
  const cells: string[] = [];
  const labels: string[] = [];
  for (let col = b.c0; col <= b.c1; col++) {
    for (let row = b.r0; row <= b.r1; row++) {
      const { x, y } = centreOf(col, row);
      if (col === b.c0 || col === b.c1 || row === b.r0 || row === b.r1) cells.push(outline(x, y));
      labels.push(`<text x="${num(x)}" y="${num(y - HEX_NUMBER_RISE)}">${esc(hexNumber(col, row))}</text>`);
    }
  }
  const h = R * Math.sin(Math.PI / 3);
  // An even column's hex at (R, h) of the tile; the odd columns' half a hex lower, at 2.5R.
  const even = b.c0 % 2 === 0 ? b.c0 : b.c0 + 1;
  const ref = centreOf(even, b.r0);
  const tile = [
    [R, h],
    [-0.5 * R, 0],
    [-0.5 * R, 2 * h],
    [2.5 * R, 0],
    [2.5 * R, 2 * h],
    [4 * R, h],
  ]
    .map(([x, y]) => outline(x as number, y as number))
    .join('');
  const cols = b.c1 > b.c0 ? [b.c0, b.c0 + 1] : [b.c0];
  const top = Math.max(...cols.map((c) => centreOf(c, b.r0).y));
  const bottom = Math.min(...cols.map((c) => centreOf(c, b.r1).y));
  const left = centreOf(b.c0, b.r0).x;
  const right = centreOf(b.c1, b.r0).x;
  const inner =
    right > left && bottom > top
      ? `<pattern id="hexes" patternUnits="userSpaceOnUse" x="${num(ref.x - R)}" y="${num(ref.y - h)}" width="${num(3 * R)}" height="${num(2 * h)}">` +
        `<path class="grid" d="${esc(tile)}"/></pattern><rect class="grid-fill" x="${num(left)}" y="${num(top)}" width="${num(right - left)}" height="${num(bottom - top)}"/>`
      : '';
  return `<path class="grid" d="${esc(cells.join(''))}"/>${inner}\n<g class="hex-labels">${labels.join('')}</g>`;
}

function drawGridMargins(b: Box): string {
  const cells: string[] = [];
  const labels: string[] = [];
  for (let col = b.c0; col <= b.c1; col++) {
    for (let row = b.r0; row <= b.r1; row++) {
      const { x, y } = centreOf(col, row);
      cells.push(outline(x, y));
    }
    const top = centreOf(col, b.r0);
    const high = Math.min(top.y, centreOf(col + 1, b.r0).y, centreOf(col - 1, b.r0).y);
    labels.push(`<text x="${num(top.x)}" y="${num(high - R * 0.87 - 4)}">${esc(pad2(col))}</text>`);
  }
  for (let row = b.r0; row <= b.r1; row++) {
    const { x, y } = centreOf(b.c0, row);
    labels.push(`<text class="row" x="${num(x - R - 3)}" y="${num(y + 2.5)}">${esc(pad2(row))}</text>`);
  }
  return `<path class="grid" shape-rendering="crispEdges" d="${esc(cells.join(''))}"/>\n<g class="coords">${labels.join('')}</g>`;
}

/**
 * The terrain under the grid: the box in the base's colour, then the hexes of each other terrain
 * (core/terrain.ts), one path a terrain.
 */
function terrainLayer(view: MapView, b: Box): string {
  const spec = view.terrain;
  if (!spec) return '';
  const cells = new Map<Terrain, string[]>();
  for (let col = b.c0; col <= b.c1; col++) {
    for (let row = b.r0; row <= b.r1; row++) {
      const t = terrainAt(spec, col, row);
      if (!t || t === spec.base) continue;
      const { x, y } = centreOf(col, row);
      cells.set(t, [...(cells.get(t) ?? []), outline(x, y)]);
    }
  }
  const paths = [...cells].map(([t, d]) => `<path class="t-${esc(t)}" d="${esc(d.join(''))}"/>`).join('');
  // The base's colour over the box's hexes only: nothing beyond the map's edge.
  return `<g class="terrain"><path class="t-${esc(spec.base)}" d="${esc(boxOutline(b))}"/>${paths}</g>\n`;
}

/**
 * The outline of a box of hexes, once round: along the tops of its first row, down the right side
 * of its last column, back along the bottoms of its last row and up the left side of its first
 * column (neighbouring columns meet at a shared corner or along a hex side).
 */
function boxOutline(b: Box): string {
  const h = R * Math.sin(Math.PI / 3);
  const pts: [number, number][] = [];
  const at = (col: number, row: number) => centreOf(col, row);
  pts.push([at(b.c0, b.r0).x - R, at(b.c0, b.r0).y]);
  for (let c = b.c0; c <= b.c1; c++) {
    const { x, y } = at(c, b.r0);
    pts.push([x - R / 2, y - h], [x + R / 2, y - h]);
  }
  for (let r = b.r0; r <= b.r1; r++) {
    const { x, y } = at(b.c1, r);
    pts.push([x + R, y], [x + R / 2, y + h]);
  }
  for (let c = b.c1; c >= b.c0; c--) {
    const { x, y } = at(c, b.r1);
    pts.push([x + R / 2, y + h], [x - R / 2, y + h]);
  }
  for (let r = b.r1; r >= b.r0; r--) {
    const { x, y } = at(b.c0, r);
    pts.push([x - R, y], [x - R / 2, y - h]);
  }
  return `M${pts.map(([x, y]) => `${num(x)},${num(y)}`).join('L')}Z`;
}

/** The map's edge, where it falls inside the drawn box: the outer sides of the edge hexes. */
function edge(view: MapView, b: Box): string {
  return remembered(`edge:${view.size.width}x${view.size.height}:${b.c0},${b.c1},${b.r0},${b.r1}`, () =>
    drawEdge(view, b),
  );
}

function drawEdge(view: MapView, b: Box): string {
  const { width, height } = view.size;
  const d: string[] = [];
  const h = R * Math.sin(Math.PI / 3);
  for (let col = b.c0; col <= b.c1; col++) {
    const top = centreOf(col, 1);
    const bottom = centreOf(col, height);
    if (b.r0 === 1) d.push(`M${num(top.x - R)},${num(top.y)}l${R / 2},${num(-h)}h${R}l${R / 2},${num(h)}`);
    if (b.r1 === height) d.push(`M${num(bottom.x - R)},${num(bottom.y)}l${R / 2},${num(h)}h${R}l${R / 2},${num(-h)}`);
  }
  for (let row = b.r0; row <= b.r1; row++) {
    const left = centreOf(1, row);
    const right = centreOf(width, row);
    if (b.c0 === 1) d.push(`M${num(left.x - R / 2)},${num(left.y - h)}l${-R / 2},${num(h)}l${R / 2},${num(h)}`);
    if (b.c1 === width) d.push(`M${num(right.x + R / 2)},${num(right.y - h)}l${R / 2},${num(h)}l${-R / 2},${num(h)}`);
  }
  return d.length ? `<path class="edge" d="${esc(d.join(''))}"/>` : '';
}

const pt = (p: At): string => {
  const c = centreOf(p.col, p.row);
  return `${num(c.x)},${num(c.y)}`;
};

function tracks(view: MapView): string {
  return view.tracks
    .filter((t) => t.points.length > 1)
    .map((t) => {
      const dots = t.points.map((p) => {
        const c = centreOf(p.col, p.row);
        return `<circle cx="${num(c.x)}" cy="${num(c.y)}" r="2.5" data-impulse="${esc(p.impulse)}"/>`;
      });
      return `<g class="track ${side(t.sideIndex)}" data-plane="${esc(t.plane)}"><polyline points="${esc(t.points.map(pt).join(' '))}"/>${dots.join('')}</g>`;
    })
    .join('\n');
}

function paths(view: MapView): string {
  return view.paths
    .filter((p) => p.marks.length)
    .map((p) => {
      const plane = view.planes.find((x) => x.id === p.plane);
      const start = plane ? [pt(plane)] : [];
      const marks = p.marks
        .filter((m) => inMap(m, view.size))
        .map((m) => {
          const c = centreOf(m.col, m.row);
          return `<text x="${num(c.x)}" y="${num(c.y + 2.5)}">${esc(m.impulse)}</text>`;
        });
      return `<g class="path ${side(plane?.sideIndex ?? 0)}" data-plane="${esc(p.plane)}"><polyline points="${esc([...start, ...p.marks.map(pt)].join(' '))}"/>${marks.join('')}</g>`;
    })
    .join('\n');
}

/** The arrowheads of the shot lines: a shot points from the firer to the target. */
const ARROWS =
  '<defs>' +
  ['miss', 'hit']
    .map(
      (k) =>
        `<marker id="shot-${k}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse">` +
        `<path class="arrow-${k}" d="M0,0 L10,5 L0,10 z"/></marker>`,
    )
    .join('') +
  '</defs>';

/** A burst: an eight-pointed star at a hit's target. */
const burst = (x: number, y: number): string => {
  const pts: string[] = [];
  for (let i = 0; i < 16; i++) {
    const r = i % 2 === 0 ? 7 : 3;
    const a = (Math.PI / 8) * i;
    pts.push(`${num(x + r * Math.sin(a))},${num(y - r * Math.cos(a))}`);
  }
  return `<polygon class="burst" points="${esc(pts.join(' '))}"/>`;
};

function shots(view: MapView): string {
  return view.shots
    .map((s) => {
      const a = centreOf(s.from.col, s.from.row);
      const b = centreOf(s.to.col, s.to.row);
      // Stopped short of the target's disc, so the line does not hide it.
      const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
      const k = Math.max(0, (len - R * 0.45) / len);
      const end = { x: a.x + (b.x - a.x) * k, y: a.y + (b.y - a.y) * k };
      const title = `impulse ${s.impulse}: ${s.firer} fires at ${s.target}, ${s.hit ? `${s.hits} hit${s.hits === 1 ? '' : 's'}` : 'missed'}`;
      return (
        `<g class="shot-group" data-impulse="${esc(s.impulse)}"><title>${esc(title)}</title>` +
        `<line class="shot ${s.hit ? 'hit' : 'miss'}" marker-end="url(#shot-${s.hit ? 'hit' : 'miss'})" x1="${num(a.x)}" y1="${num(a.y)}" x2="${num(end.x)}" y2="${num(end.y)}"/>${s.hit ? burst(end.x, end.y) : ''}</g>`
      );
    })
    .join('\n');
}

export function svgMap(view: MapView, opts: SvgMapOptions): string {
  const action = actionBox(view, opts.frames, opts.include);
  const wholeBox = { c0: 1, c1: view.size.width, r0: 1, r1: view.size.height };
  const whole = !opts.standalone && !opts.actionOnly && view.size.width * view.size.height <= MAX_WHOLE_MAP;
  const drawn = opts.standalone || !whole ? action : wholeBox;
  // The picture has room for its column and row numbers.
  const pad = (r: ReturnType<typeof boxRect>) =>
    opts.standalone ? { x: r.x - 12, y: r.y - 10, width: r.width + 12, height: r.height + 10 } : r;
  const actionRect = pad(boxRect(action));
  const drawnRect = pad(boxRect(drawn));
  // The labels stay inside the picture (the mail's, or the whole map drawn on the web) and off the
  // numbers of a plotted path; on the web a plane does not hide its hex's number.
  const bounds = {
    x0: drawnRect.x,
    y0: drawnRect.y,
    x1: drawnRect.x + drawnRect.width,
    y1: drawnRect.y + drawnRect.height,
  };
  const marks = view.paths.flatMap((p) =>
    p.marks.filter((m) => inMap(m, view.size)).map((m) => centreOf(m.col, m.row)),
  );
  const mo = { bounds, marks, ...(opts.standalone ? {} : { hexNumbers: view.size }) };
  const planes = opts.frames
    ? frameGroups(view, opts.frames, mo)
    : `<g class="frame" data-frame="0">${markers([...unitMarkers(view), ...view.planes.filter((p) => p.status === 'flying' && inMap(p, view.size)).map((p) => (view.quick ? { ...p, quick: true } : p))], mo)}</g>`;
  const style = opts.standalone
    ? `<style>${MAP_CSS}</style>\n<rect class="bg" x="${num(drawnRect.x)}" y="${num(drawnRect.y)}" width="${num(drawnRect.width)}" height="${num(drawnRect.height)}"/>\n`
    : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" class="hexmap${view.terrain ? ' terrain-on' : ''}" role="img" viewBox="${rectText(actionRect)}" ` +
    `width="${num(actionRect.width)}" height="${num(actionRect.height)}" data-action="${rectText(actionRect)}" data-whole="${rectText(drawnRect)}" ` +
    `data-cols="${esc(`${drawn.c0}-${drawn.c1}`)}" data-rows="${esc(`${drawn.r0}-${drawn.r1}`)}">\n` +
    `<title>${esc(opts.title)}</title>\n${style}${ARROWS}\n${terrainLayer(view, drawn)}${grid(drawn, !!opts.standalone)}\n${edge(view, drawn)}\n${tracks(view)}\n${paths(view)}\n` +
    `<g class="shots">${shots(view)}</g>\n${planes}\n</svg>`
  );
}
