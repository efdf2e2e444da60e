/**
 * The ASCII map of a mail report: the window of the hex grid around the planes, at most 78 columns
 * so mail clients do not wrap it. Hexes are 6-character cells; odd columns sit half a hex (one text
 * line) lower, as on the printed map. A plane shows its id in its hex and, on the line below, its
 * facing as a clock hour (12 = map top, 3 = right) and its altitude in hundreds of feet
 * ("3:120" = facing right at 12,000 ft). The legend under the map repeats every fact in words, so
 * the map can be read in a proportional font too.
 */
import type { Hex } from '../core/hex/coords.ts';
import { fromColRow, hexLabel, toColRow } from '../core/hex/coords.ts';
import { facingCompass } from '../core/hex/facing.ts';
import { bankWords } from '../core/bank.ts';
import { type GameState, type PlaneState, speedText } from '../core/state.ts';

export const MAP_WIDTH = 78;
const CELL = 6;
const LEFT = 4;
/** Columns of hexes a map of MAP_WIDTH holds. */
export const MAP_COLS = Math.floor((MAP_WIDTH - LEFT) / CELL);

export interface PathMark {
  hex: Hex;
  /** Impulse in which the hex is entered. */
  impulse: number;
}

export interface MapOptions {
  /** Planes to centre the window on when not everything fits (e.g. the reader's own). */
  focus?: string[];
  /** A plotted path to draw (hexes marked +impulse). */
  path?: PathMark[];
  maxCols?: number;
  maxRows?: number;
  /**
   * The planes the window must hold (with the path); default every plane flying. Other planes are
   * drawn when they fall inside it, and the legend marks those that do not.
   */
  frame?: string[];
}

const clockOf = (f: number): number => (f === 0 ? 12 : f);
const altHundreds = (ft: number): string => String(Math.round(ft / 100));

export function planeTag(p: PlaneState): string {
  return `${clockOf(p.facing)}:${altHundreds(p.altitude)}`;
}

function window(points: { col: number; row: number }[], focus: { col: number; row: number }[], maxCols: number, maxRows: number) {
  const use = points.length ? points : [{ col: 1, row: 1 }];
  let c0 = Math.min(...use.map((p) => p.col)) - 1;
  let c1 = Math.max(...use.map((p) => p.col)) + 1;
  let r0 = Math.min(...use.map((p) => p.row)) - 1;
  let r1 = Math.max(...use.map((p) => p.row)) + 1;
  const fit = (lo: number, hi: number, max: number, centre: number[]): [number, number] => {
    if (hi - lo + 1 <= max) {
      const pad = Math.floor((max - (hi - lo + 1)) / 2);
      return [lo - Math.min(pad, 2), hi + Math.min(max - (hi - lo + 1) - Math.min(pad, 2), 2)];
    }
    const mid = Math.round(centre.reduce((s, x) => s + x, 0) / centre.length);
    const start = mid - Math.floor(max / 2);
    return [start, start + max - 1];
  };
  const f = focus.length ? focus : use;
  [c0, c1] = fit(c0, c1, maxCols, f.map((p) => p.col));
  [r0, r1] = fit(r0, r1, maxRows, f.map((p) => p.row));
  if (c0 % 2 !== 0) { c0 -= 1; if (c1 - c0 + 1 > maxCols) c1 -= 1; }
  return { c0, c1, r0, r1 };
}

/** Slides a window [lo, hi] inside [1, size] when it fits there. */
function clampTo(lo: number, hi: number, size: number): [number, number] {
  const len = hi - lo + 1;
  if (len >= size) return [Math.min(lo, 1), Math.max(hi, size)].map((x, i) => (i === 0 ? Math.max(x, 1) : Math.min(x, size))) as [number, number];
  if (lo < 1) return [1, len];
  if (hi > size) return [size - len + 1, size];
  return [lo, hi];
}

export function renderMap(state: GameState, opts: MapOptions = {}): string {
  const maxCols = opts.maxCols ?? MAP_COLS;
  const maxRows = opts.maxRows ?? 15;
  const planes = state.planes.filter((p) => p.status === 'flying');
  const framed = opts.frame ? planes.filter((p) => opts.frame?.includes(p.id)) : planes;
  const pts = [...framed.map((p) => toColRow(p.hex)), ...(opts.path ?? []).map((m) => toColRow(m.hex))];
  const focus = [
    ...planes.filter((p) => opts.focus?.includes(p.id)).map((p) => toColRow(p.hex)),
    ...(opts.path ?? []).map((m) => toColRow(m.hex)),
  ];
  const w = window(pts, focus, maxCols, maxRows);
  const inside = pts.every((p) => p.col >= 1 && p.row >= 1 && p.col <= state.map.width && p.row <= state.map.height);
  let [c0, c1] = inside ? clampTo(w.c0, w.c1, state.map.width) : [w.c0, w.c1];
  const [r0, r1] = inside ? clampTo(w.r0, w.r1, state.map.height) : [w.r0, w.r1];
  if (c0 % 2 !== 0 && c0 > 1) { c0 -= 1; c1 -= 1; }

  const byHex = new Map<string, PlaneState[]>();
  for (const p of planes) byHex.set(hexLabel(p.hex), [...(byHex.get(hexLabel(p.hex)) ?? []), p]);
  const pathAt = new Map<string, number>();
  for (const m of opts.path ?? []) pathAt.set(hexLabel(m.hex), m.impulse);

  const cell = (s: string) => s.slice(0, CELL).padEnd(CELL);
  const centre = (s: string) => cell(' '.repeat(Math.max(0, Math.floor((CELL - s.length) / 2))) + s);
  const lines: string[] = [];
  let head = ' '.repeat(LEFT);
  for (let c = c0; c <= c1; c++) head += centre(String(c).padStart(2, '0'));
  lines.push(head.trimEnd());
  for (let r = r0; r <= r1; r++) {
    for (const parity of [0, 1]) {
      // Line of the hexes of this parity in row r, and the tag line of the other parity above it.
      let text = parity === 0 ? String(r).padStart(2, '0').padStart(LEFT - 1).padEnd(LEFT) : ' '.repeat(LEFT);
      for (let c = c0; c <= c1; c++) {
        const isOwn = ((c % 2) + 2) % 2 === parity;
        if (isOwn) {
          const label = hexLabel(fromColRow(c, r));
          const here = byHex.get(label);
          if (here && here.length > 1) text += centre(`*${here.length}`);
          else if (here) text += centre((here[0] as PlaneState).id.slice(0, 4));
          else if (pathAt.has(label)) text += centre(`+${pathAt.get(label)}`);
          else text += centre('.');
        } else {
          // Below a plane of the other parity (one line up): its facing and altitude.
          const rowAbove = parity === 1 ? r : r - 1;
          const above = byHex.get(hexLabel(fromColRow(c, rowAbove)));
          text += above && above.length === 1 ? centre(planeTag(above[0] as PlaneState)) : ' '.repeat(CELL);
        }
      }
      lines.push(text.trimEnd());
    }
  }
  // The tag line of the last row's odd... even hexes is the first line of the next row; add it.
  let tail = ' '.repeat(LEFT);
  for (let c = c0; c <= c1; c++) {
    const above = ((c % 2) + 2) % 2 === 1 ? byHex.get(hexLabel(fromColRow(c, r1))) : undefined;
    tail += above && above.length === 1 ? centre(planeTag(above[0] as PlaneState)) : ' '.repeat(CELL);
  }
  if (tail.trim()) lines.push(tail.trimEnd());
  return `${lines.join('\n')}\n${legend(state, c0, c1, r0, r1)}`;
}

export function legend(state: GameState, c0 = -1e9, c1 = 1e9, r0 = -1e9, r1 = 1e9): string {
  const rows = [
    'Under each plane: facing (clock hour, 12 = map top) : altitude (100s of ft)',
    'plane  side      hex    facing      alt ft  speed  bank',
  ];
  for (const p of state.planes) {
    const { col, row } = toColRow(p.hex);
    const off = p.status === 'flying' && (col < c0 || col > c1 || row < r0 || row > r1) ? ' (not shown above)' : '';
    const status = p.status === 'flying' ? '' : ` ${p.status.toUpperCase()}`;
    const facing = `${clockOf(p.facing)} (${facingCompass(p.facing)})`;
    rows.push(`${p.id.slice(0, 6).padEnd(6)} ${p.side.slice(0, 9).padEnd(9)} ${hexLabel(p.hex).padEnd(6)} ${facing.padEnd(9)} ${String(p.altitude).padStart(7)}  ${speedText(p.speed).padStart(5)}  ${bankWords(p.bank)}${status}${off}`);
  }
  return rows.join('\n');
}
