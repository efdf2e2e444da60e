/**
 * Terrain on the map (seed 000 V, the ground the trucks, tanks and ships of issue 13 move over):
 * each hex is sea, land, road or airfield. A scenario gives the terrain as areas
 * (docs/scenarios.md "Terrain"): a base for every hex not listed, then land and sea areas in that
 * order, then roads and airfields (which are land). An area is a hex ("0712") or a rectangle of
 * columns and rows ("0101-1224": columns 01-12, rows 01-24). The state keeps the areas as given;
 * `terrainAt` reads them.
 */
import { parseHexLabel, toColRow } from './hex/coords.ts';

export const TERRAINS = ['sea', 'land', 'road', 'airfield'] as const;
export type Terrain = (typeof TERRAINS)[number];

export interface TerrainSpec {
  /** Every hex not in an area. */
  base: 'sea' | 'land';
  land?: string[];
  sea?: string[];
  road?: string[];
  airfield?: string[];
}

export interface Area {
  c0: number;
  c1: number;
  r0: number;
  r1: number;
}

/** An area's columns and rows, or a reason it is not one. */
export function parseArea(text: string): Area | string {
  const m = /^(\S+?)(?:-(\S+))?$/.exec(text.trim());
  const a = m && parseHexLabel(m[1] as string);
  const b = m && (m[2] === undefined ? a : parseHexLabel(m[2]));
  if (!a || !b) return `'${text}' is not a hex like 0712 or a rectangle like 0101-1224`;
  const p = toColRow(a);
  const q = toColRow(b);
  if (q.col < p.col || q.row < p.row)
    return `'${text}': a rectangle runs from its top-left hex to its bottom-right one`;
  return { c0: p.col, c1: q.col, r0: p.row, r1: q.row };
}

/** The order areas are laid: later ones cover earlier ones. */
const LAYERS = ['land', 'sea', 'road', 'airfield'] as const;

const expanded = new WeakMap<TerrainSpec, Map<string, Terrain>>();

/** The terrain of every hex an area names, by "col,row" (made once per spec). */
function hexesOf(spec: TerrainSpec): Map<string, Terrain> {
  let m = expanded.get(spec);
  if (m) return m;
  m = new Map();
  for (const layer of LAYERS) {
    for (const text of spec[layer] ?? []) {
      const a = parseArea(text);
      if (typeof a === 'string') continue;
      for (let c = a.c0; c <= a.c1; c++) for (let r = a.r0; r <= a.r1; r++) m.set(`${c},${r}`, layer);
    }
  }
  expanded.set(spec, m);
  return m;
}

/** The terrain of the hex at column, row; undefined on a map without terrain. */
export function terrainAt(spec: TerrainSpec | undefined, col: number, row: number): Terrain | undefined {
  if (!spec) return undefined;
  return hexesOf(spec).get(`${col},${row}`) ?? spec.base;
}
