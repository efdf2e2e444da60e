/**
 * The ASCII map of a mail, drawn from the map view (map-view.ts), at most 78 columns so mail
 * clients do not wrap it, ASCII only.
 *
 * - Hexes are 4-character slots; odd columns sit half a hex (one text line) lower, as on the printed
 *   map, so a row of hexes takes two lines. An empty hex is a dot.
 * - The map's edge is a border (| and -, + at the corners) and nothing is drawn beyond it; a side
 *   of the window that is not the map's edge has no border, and the first line says where the
 *   window lies in the map.
 * - A plane is its id with a nose: ^ or v before it for 12 and 6 o'clock, a mark after it for
 *   1-5 (' / > \ ,), before it for 7-11 (, / < \ '), so "R1>" flies to 3 o'clock and "/G1" to 8.
 *   Its altitude in hundreds of feet is written under it when there is room. A label that would
 *   touch another becomes a key letter (a, b, ...), and several planes in one hex one letter for
 *   them all; the legend says who each letter is.
 * - "+n" marks a hex of a plotted path entered in impulse n.
 * - Rows without a plane or a path, far from them, are left out: one line says which.
 * - On a map with terrain an empty hex shows it: ~ sea, . land, = road, # airfield.
 * - Trucks, tanks and ships are drawn as planes are, id and nose, with no altitude; the legend
 *   lists them apart.
 * The legend under the map repeats every fact in words, so the map reads in a proportional font.
 */
import type { Hex } from '../core/hex/coords.ts';
import { clockHour, facingText } from '../core/hex/facing.ts';
import { bankWords } from '../core/bank.ts';
import { type GameState, speedText } from '../core/state.ts';
import { type Terrain, terrainAt, TERRAINS } from '../core/terrain.ts';
import {
  type At,
  type Box,
  buildMapView,
  inMap,
  type MapView,
  type Piece,
  piecesOnMap,
  type ViewPlane,
} from './map-view.ts';

export const MAP_WIDTH = 78;
const SLOT = 4;
/** The row number and the left border. */
const LEFT = 4;
/** Columns of hexes a map of MAP_WIDTH holds (with the right border). */
export const MAP_COLS = Math.floor((MAP_WIDTH - LEFT - 1) / SLOT);
/** Hex rows of a report's map, and of an acknowledgement's preview. */
export const REPORT_ROWS = 12;
export const PREVIEW_ROWS = 8;

export interface PathMark {
  hex: Hex;
  /** Impulse in which the hex is entered. */
  impulse: number;
}

export interface MapOptions {
  /** The reader's planes: the window is chosen around them when not everything fits. */
  focus?: string[];
  /** A plotted path to draw (hexes marked +impulse), of the first plane in `focus`. */
  path?: PathMark[];
  /** Several planes' plotted paths on one map (instead of `path`). */
  paths?: { plane: string; marks: PathMark[] }[];
  maxCols?: number;
  /** Hex rows drawn at most (left-out empty rows not counted). */
  maxRows?: number;
  /**
   * The planes the window must hold (with the path); default every plane flying. Other planes are
   * drawn when they fall inside it, and the legend marks those that do not.
   */
  frame?: string[];
}

const NOSE_AFTER = ['', "'", '/', '>', '\\', ','];
const NOSE_BEFORE = ['^', "'", '\\', '<', '/', ',', 'v'];

/** A plane's label: its id (or key) with the nose on the side it flies to. */
export function noseLabel(id: string, facing: number): string {
  const f = ((facing % 12) + 12) % 12;
  if (f >= 1 && f <= 5) return `${id}${NOSE_AFTER[f]}`;
  // 0 -> ^, 11 -> ', 10 -> \, 9 -> <, 8 -> /, 7 -> ,, 6 -> v
  return `${NOSE_BEFORE[f === 0 ? 0 : 12 - f]}${id}`;
}

/** Where on its line a label starts: a nose before the id sits left of the hex's dot. */
const labelStart = (dot: number, facing: number): number => {
  const f = ((facing % 12) + 12) % 12;
  return f >= 1 && f <= 5 ? dot : dot - 1;
};

const noses = (fs: number[]) => fs.map((f) => `${noseLabel('R', f)} ${clockHour(f)}`).join('  ');
/** What the noses mean, in two lines. */
export const FACING_KEY = `Nose (clock hour; 12 = map top): ${noses([0, 1, 2, 3, 4, 5])}\n${' '.repeat(33)}${noses([6, 7, 8, 9, 10, 11])}`;

/** The state's map around the reader's planes (and a plotted path), with the legend. */
export function renderMap(state: GameState, opts: MapOptions = {}): string {
  return renderAsciiMap(mapView(state, opts), opts);
}

const mapView = (state: GameState, opts: MapOptions): MapView =>
  buildMapView({
    state,
    own: opts.focus ?? [],
    paths: opts.paths ?? (opts.path && opts.focus?.[0] ? [{ plane: opts.focus[0], marks: opts.path }] : []),
  });

/**
 * The map as renderMap draws it, or null when its window cannot hold every one of the reader's
 * planes and every hex of the paths: several planes' paths go on one map only when all of each
 * can be followed there.
 */
export function renderWholeMap(state: GameState, opts: MapOptions): string | null {
  const view = mapView(state, opts);
  const { box, rows } = layout(view, opts);
  const inside = (p: At): boolean =>
    !inMap(p, view.size) || (p.col >= box.c0 && p.col <= box.c1 && rows.includes(p.row));
  const marks = view.paths.flatMap((p) => p.marks);
  const own = piecesOnMap(view).filter((p) => p.own);
  return marks.every(inside) && own.every(inside) ? renderAsciiMap(view, opts) : null;
}

interface Layout {
  box: Box;
  /** Rows drawn (in order); a gap between two of them is a left-out stretch. */
  rows: number[];
  shown: Set<string>;
}

/** The window: around the framed planes and paths if they fit, else around the reader's. */
function layout(view: MapView, opts: MapOptions): Layout {
  const maxCols = opts.maxCols ?? MAP_COLS;
  const maxRows = opts.maxRows ?? REPORT_ROWS;
  const flying = piecesOnMap(view).filter((p) => inMap(p, view.size));
  const marks = view.paths.flatMap((p) => p.marks).filter((m) => inMap(m, view.size));
  const own = flying.filter((p) => opts.focus?.includes(p.id));
  const framed = opts.frame ? flying.filter((p) => opts.frame?.includes(p.id) || p.own) : flying;
  const must: At[] = [...own, ...marks];
  // The others, nearest to the reader's first: each is kept if the window still fits.
  const centre = must.length ? must : framed;
  const dist = (p: At) => Math.min(...centre.map((c) => Math.abs(c.col - p.col) + Math.abs(c.row - p.row)));
  const others = framed.filter((p) => !p.own).sort((a, b) => dist(a) - dist(b) || a.id.localeCompare(b.id));
  // Without a plane of the reader's flying, the window starts from the first of the others.
  const pts: At[] = must.length ? [...must] : others.slice(0, 1);
  let attempt = fit(pts, view, maxCols, maxRows);
  for (const p of must.length ? others : others.slice(1)) {
    const next = fit([...pts, p], view, maxCols, maxRows);
    if (next) {
      pts.push(p);
      attempt = next;
    }
  }
  attempt ??= fit(pts, view, maxCols, maxRows, true);
  const l = attempt as Omit<Layout, 'shown'>;
  const shown = new Set(
    flying.filter((p) => p.col >= l.box.c0 && p.col <= l.box.c1 && l.rows.includes(p.row)).map((p) => p.id),
  );
  return { ...l, shown };
}

/**
 * The box and rows holding `pts` with a hex of margin (the map's edge shown when it is that near),
 * empty stretches left out; null when it is wider than maxCols or has more than maxRows rows,
 * unless `force` (then cut around the points' middle).
 */
function fit(pts: At[], view: MapView, maxCols: number, maxRows: number, force = false): Omit<Layout, 'shown'> | null {
  const { width, height } = view.size;
  const use = pts.length ? pts : [{ col: Math.ceil(width / 2), row: Math.ceil(height / 2) }];
  const cols = use.map((p) => p.col);
  const rows = use.map((p) => p.row);
  const edge = (lo: number, hi: number, size: number): [number, number] => [
    lo - 2 <= 1 ? 1 : lo - 1,
    hi + 2 >= size ? size : hi + 1,
  ];
  let [c0, c1] = widen(...edge(Math.min(...cols), Math.max(...cols), width), MIN_COLS, width);
  if (c1 - c0 + 1 > maxCols) {
    if (!force) return null;
    const mid = Math.round((Math.min(...cols) + Math.max(...cols)) / 2);
    c0 = Math.max(1, Math.min(mid - Math.floor(maxCols / 2), width - maxCols + 1));
    c1 = Math.min(width, c0 + maxCols - 1);
  }
  const [r0, r1] = widen(...edge(Math.min(...rows), Math.max(...rows), height), MIN_ROWS, height);
  // Rows within one of a point (or of an odd-column point's altitude, a row lower) are drawn;
  // a stretch of two or more others is left out.
  const near = new Set<number>();
  for (const p of use) for (let r = p.row - 1; r <= p.row + 1 + (p.col % 2); r++) near.add(r);
  const drawn: number[] = [];
  for (let r = r0; r <= r1; r++) {
    if (near.has(r) || r === r0 || r === r1) {
      drawn.push(r);
      continue;
    }
    let end = r;
    while (end + 1 <= r1 && !near.has(end + 1) && end + 1 !== r1) end++;
    if (end === r) drawn.push(r);
    r = end;
  }
  if (drawn.length > maxRows) {
    if (!force) return null;
    const mid = Math.round((Math.min(...rows) + Math.max(...rows)) / 2);
    const lo = Math.max(1, Math.min(mid - Math.floor(maxRows / 2), height - maxRows + 1));
    return {
      box: { c0, c1, r0: lo, r1: Math.min(height, lo + maxRows - 1) },
      rows: range(lo, Math.min(height, lo + maxRows - 1)),
    };
  }
  return { box: { c0, c1, r0, r1 }, rows: drawn };
}

/** A window is at least this many columns and rows where the map allows: a lone plane with room. */
const MIN_COLS = 7;
const MIN_ROWS = 5;

/** [lo, hi] grown a column or row at a time on each side until `min` long, inside [1, size]. */
function widen(lo: number, hi: number, min: number, size: number): [number, number] {
  let [a, b] = [lo, hi];
  while (b - a + 1 < Math.min(min, size)) {
    if (a > 1) a--;
    if (b - a + 1 < min && b < size) b++;
  }
  return [a, b];
}

const range = (a: number, b: number): number[] => Array.from({ length: Math.max(0, b - a + 1) }, (_, i) => a + i);
const pad2 = (n: number): string => String(n).padStart(2, '0');

/** An empty hex, by its terrain (a map without terrain: a dot). */
const GLYPH: Record<Terrain, string> = { sea: '~', land: '.', road: '=', airfield: '#' };
const EMPTY = new Set(['.', ...Object.values(GLYPH)]);
export const TERRAIN_KEY = `Terrain: ${TERRAINS.map((t) => `${GLYPH[t]} ${t}`).join('  ')}`;

/** A line of text being drawn: what each column holds, and which columns are taken. */
class Line {
  readonly chars: string[];
  readonly taken: boolean[];
  constructor(width: number) {
    this.chars = Array.from({ length: width }, () => ' ');
    this.taken = Array.from({ length: width }, () => false);
  }
  /**
   * Whether `text` fits at `start` inside the borders, covering nothing but the column `own` (its
   * hex's dot), with `margin` blanks on each side: a border counts as blank, a dot does beyond
   * the first.
   */
  free(start: number, text: string, own: number | null, margin = 1): boolean {
    if (start < LEFT || start + text.length > this.chars.length - 1) return false;
    for (let x = start - margin; x < start + text.length + margin; x++) {
      if (x < 0 || x >= this.chars.length || x === own || !this.taken[x]) continue;
      const ch = this.chars[x] as string;
      const mark = EMPTY.has(ch) || ch === '|';
      const inside = x >= start && x < start + text.length;
      if (inside || !mark || (EMPTY.has(ch) && (x === start - 1 || x === start + text.length))) return false;
    }
    return true;
  }
  put(start: number, text: string): void {
    for (let i = 0; i < text.length; i++) {
      this.chars[start + i] = text[i] as string;
      this.taken[start + i] = true;
    }
  }
  toString(): string {
    return this.chars.join('').trimEnd();
  }
}

/** A drawn line of the map: one parity of a row's hexes, or a left-out stretch of rows. */
type Slot =
  | { kind: 'hexes'; row: number; parity: number; line: Line }
  | { kind: 'gap'; from: number; to: number; line: Line };

/** The planes and units on the map's lines, each by its nose label or, where none fits, a key letter. */
function placePieces(
  view: MapView,
  shown: Set<string>,
  lineAt: (p: At) => Line | undefined,
  dotX: (col: number) => number,
): { byHex: Map<string, Piece[]>; keys: { key: string; text: string }[]; labelled: ViewPlane[] } {
  const flying = piecesOnMap(view).filter((p) => shown.has(p.id));
  const byHex = new Map<string, Piece[]>();
  for (const p of flying) byHex.set(p.hex, [...(byHex.get(p.hex) ?? []), p]);
  const keys: { key: string; text: string }[] = [];
  const nextKey = () => String.fromCharCode(97 + keys.length);
  const order = [...byHex.values()].sort(
    (a, b) =>
      Number(b.some((p) => p.own)) - Number(a.some((p) => p.own)) ||
      (a[0] as Piece).id.localeCompare((b[0] as Piece).id),
  );
  const labelled: ViewPlane[] = [];
  for (const group of order) {
    const p = group[0] as Piece;
    const line = lineAt(p) as Line;
    const dot = dotX(p.col);
    const label = noseLabel(p.id, p.facing);
    if (group.length === 1 && line.free(labelStart(dot, p.facing), label, dot)) {
      line.put(labelStart(dot, p.facing), label);
      if (!p.unit) labelled.push(p);
      continue;
    }
    const key = nextKey();
    if (group.length > 1) {
      line.put(dot, key);
      keys.push({ key, text: `${group.map((g) => `${g.id} (${clockHour(g.facing)})`).join(', ')} in ${p.hex}` });
      continue;
    }
    // The letter with its nose where it fits, else the letter alone on the hex's dot.
    const short = noseLabel(key, p.facing);
    const start = labelStart(dot, p.facing);
    if (line.free(start, short, dot)) line.put(start, short);
    else line.put(dot, key);
    keys.push({ key, text: `${p.id} (${clockHour(p.facing)})` });
    if (!p.unit) labelled.push(p);
  }
  return { byHex, keys, labelled };
}

/** The frame around the drawn lines: where the window is, the column numbers on top, row numbers, borders; then the legend. */
function frame(
  view: MapView,
  shown: Set<string>,
  keys: { key: string; text: string }[],
  g: { box: Box; slots: Slot[]; tail: Line; lineWidth: number; atLeft: boolean; atRight: boolean },
): string {
  const { box, slots, tail, lineWidth, atLeft, atRight } = g;
  const { width, height } = view.size;
  const out: string[] = [];
  const where = `Map ${width} x ${height} hexes; shown: columns ${pad2(box.c0)}-${pad2(box.c1)}, rows ${pad2(box.r0)}-${pad2(box.r1)}`;
  out.push(where);
  let head = ' '.repeat(LEFT);
  for (let c = box.c0; c <= box.c1; c++) head += ` ${pad2(c)} `.slice(0, SLOT);
  out.push(head.trimEnd());
  const rule = (corner: string) =>
    `${' '.repeat(LEFT - 1)}${atLeft ? corner : '-'}${'-'.repeat(lineWidth - LEFT - 1)}${atRight ? corner : '-'}`;
  if (box.r0 === 1) out.push(rule('+'));
  for (const s of slots) {
    if (s.kind === 'gap') {
      const text = `${s.from === s.to ? `row ${pad2(s.from)}` : `rows ${pad2(s.from)}-${pad2(s.to)}`} left out: ${gapContents(view, box, s.from, s.to)}`;
      s.line.put(LEFT + 1, `... ${text} ...`);
      out.push(s.line.toString());
      continue;
    }
    if (s.parity === 0) s.line.put(0, pad2(s.row).padStart(LEFT - 2));
    out.push(s.line.toString());
  }
  if (tail.toString().replace(/\|/g, '').trim()) out.push(tail.toString());
  if (box.r1 === height) out.push(rule('+'));
  return `${out.join('\n')}\n${legend(view, shown, keys)}`;
}

export function renderAsciiMap(view: MapView, opts: MapOptions = {}): string {
  const { box, rows, shown } = layout(view, opts);
  const { width } = view.size;
  const atLeft = box.c0 === 1;
  const atRight = box.c1 === width;
  const lineWidth = LEFT + (box.c1 - box.c0 + 1) * SLOT + 1;
  const dotX = (col: number) => LEFT + (col - box.c0) * SLOT + 1;
  // Two lines per drawn row (even columns, then odd ones), and one more for the altitudes under
  // the last row's odd columns; a left-out stretch is one line.
  const slots: Slot[] = [];
  const lineOf = new Map<string, Line>();
  rows.forEach((r, i) => {
    if (i > 0 && r > (rows[i - 1] as number) + 1)
      slots.push({ kind: 'gap', from: (rows[i - 1] as number) + 1, to: r - 1, line: new Line(lineWidth) });
    for (const parity of [0, 1]) {
      const line = new Line(lineWidth);
      slots.push({ kind: 'hexes', row: r, parity, line });
      lineOf.set(`${r}:${parity}`, line);
    }
  });
  const tail = new Line(lineWidth);
  // The line under a hex: the odd line of its row for an even column, the even line of the next
  // row (or the tail) for an odd one.
  const under = (p: At): Line | undefined => {
    if (p.col % 2 === 0) return lineOf.get(`${p.row}:1`);
    const next = rows.indexOf(p.row) + 1;
    if (next === rows.length) return tail;
    return rows[next] === p.row + 1 ? lineOf.get(`${p.row + 1}:0`) : undefined;
  };
  const lineAt = (p: At) => lineOf.get(`${p.row}:${((p.col % 2) + 2) % 2}`);
  const inWindow = (p: At) => p.col >= box.c0 && p.col <= box.c1 && rows.includes(p.row) && inMap(p, view.size);
  const edges = (line: Line) => {
    if (atLeft) line.put(LEFT - 1, '|');
    if (atRight) line.put(lineWidth - 1, '|');
  };
  // The borders and the dots of the hexes, taken so that no label covers another hex's.
  for (const s of [...slots.map((x) => x.line), tail]) edges(s);
  for (const s of slots) {
    if (s.kind !== 'hexes') continue;
    for (let c = box.c0; c <= box.c1; c++) {
      if (((c % 2) + 2) % 2 !== s.parity) continue;
      const t = terrainAt(view.terrain, c, s.row);
      s.line.put(dotX(c), t ? GLYPH[t] : '.');
    }
  }
  // Planes first (the reader's, then the others), then the path, then the altitudes.
  const { byHex, keys, labelled } = placePieces(view, shown, lineAt, dotX);
  for (const path of view.paths) {
    for (const m of path.marks) {
      if (!inWindow(m) || byHex.has(m.hex)) continue;
      const line = lineAt(m) as Line;
      const dot = dotX(m.col);
      const text = `+${m.impulse}`;
      if (line.free(dot, text, dot)) line.put(dot, text);
      else line.put(dot, '+');
    }
  }
  for (const p of view.quick ? [] : labelled) {
    const line = under(p);
    const text = String(Math.round(p.altitude / 100));
    const dot = dotX(p.col);
    // Two blanks from any other label, so that it cannot be taken for another plane's.
    if (line?.free(dot, text, null, 2)) line.put(dot, text);
  }
  return frame(view, shown, keys, { box, slots, tail, lineWidth, atLeft, atRight });
}

/**
 * What a left-out stretch of rows holds inside the window's columns: "no plane there" (or
 * "nothing there" on a map with units; "... that you can see" on a player's map under fog of war)
 * only when that is true; otherwise the pieces are named, as
 * the legend lists them (a plane left out of the window, a reader's own unit that did not fit).
 */
function gapContents(view: MapView, box: Box, from: number, to: number): string {
  const there = piecesOnMap(view)
    .filter((p) => inMap(p, view.size) && p.row >= from && p.row <= to && p.col >= box.c0 && p.col <= box.c1)
    .map((p) => p.id);
  // Under fog of war the reader's map holds only what his side has seen.
  if (!there.length)
    return `${view.units.length ? 'nothing there' : 'no plane there'}${view.fogged ? ' that you can see' : ''}`;
  return `${there.join(', ')} ${there.length === 1 ? 'is' : 'are'} there (listed below)`;
}

/** Every fact of the map in words, one plane a line, and what the letters stand for. */
export function legend(view: MapView, shown: Set<string>, keys: { key: string; text: string }[] = []): string {
  const rows = [FACING_KEY, ...(view.quick ? [] : ['Under a plane: its altitude in 100s of ft.'])];
  if (view.terrain) rows.push(TERRAIN_KEY);
  if (view.paths.some((p) => p.marks.length))
    rows.push(
      view.quick
        ? '+n: the nth hex of the move.'
        : view.twoPhase
          ? "+n: the plotted path's nth hex this turn."
          : '+n: the hex the plotted path enters in impulse n.',
    );
  for (const k of keys) rows.push(`${k.key} = ${k.text}`);
  rows.push(
    view.quick ? 'plane  side      hex    facing     SPEED' : 'plane  side      hex    facing      alt ft  speed  bank',
  );
  for (const p of view.planes) {
    const off = p.status === 'flying' && !shown.has(p.id) ? ' (not shown)' : '';
    const status =
      p.status === 'flying' ? '' : ` ${view.quick && p.status === 'shot-down' ? 'DESTROYED' : p.status.toUpperCase()}`;
    const facing = facingText(p.facing);
    if (view.quick)
      rows.push(
        `${p.id.slice(0, 6).padEnd(6)} ${p.side.slice(0, 9).padEnd(9)} ${p.hex.padEnd(6)} ${facing.padEnd(9)} ${String(Math.round(p.speed / 10)).padStart(6)}${status}${off}`,
      );
    else
      rows.push(
        `${p.id.slice(0, 6).padEnd(6)} ${p.side.slice(0, 9).padEnd(9)} ${p.hex.padEnd(6)} ${facing.padEnd(9)} ${String(p.altitude).padStart(7)}  ${speedOf(p)}  ${bankOf(p)}${status}${off}`,
      );
  }
  rows.push(...unitRows(view, shown));
  return rows.join('\n');
}

/** The trucks, tanks and ships, one a line. */
function unitRows(view: MapView, shown: Set<string>): string[] {
  // A torpedo that has run its course is of no more interest: only running ones are listed.
  const listed = view.units.filter((u) => u.kind !== 'torpedo' || u.status === 'active');
  if (!listed.length) return [];
  const rows = ['unit   side      hex    facing     what                        speed'];
  for (const u of listed) {
    const off = u.status === 'active' && !shown.has(u.id) ? ' (not shown)' : '';
    const status = u.status === 'active' ? '' : ` ${u.status.toUpperCase()}`;
    const facing = facingText(u.facing);
    const what =
      u.kind === 'ship'
        ? `ship: ${u.name}`
        : u.kind === 'torpedo'
          ? `torpedo: ${u.name}`
          : u.flak
            ? `${u.kind} with flak`
            : u.kind;
    const speed = u.knots !== undefined ? `${u.knots} kt` : '';
    rows.push(
      `${u.id.slice(0, 6).padEnd(6)} ${u.side.slice(0, 9).padEnd(9)} ${u.hex.padEnd(6)} ${facing.padEnd(10)} ${what.slice(0, 27).padEnd(27)} ${speed}${status}${off}`.trimEnd(),
    );
  }
  return rows;
}

const speedOf = (p: ViewPlane): string => speedText(p.speed).padStart(5);
const bankOf = (p: ViewPlane): string => bankWords(p.bank);
