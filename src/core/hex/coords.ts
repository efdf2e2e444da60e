/**
 * Hex coordinates. The map is a grid of flat-topped hexes in columns, labelled the board-game way:
 * column then row, two digits each ("0712" = column 7, row 12). Odd columns sit half a hex lower
 * than even ones. Internally positions are axial (q, r); cube s = -q - r.
 */

export interface Hex {
  q: number;
  r: number;
}

export const hex = (q: number, r: number): Hex => ({ q, r });

export const hexEquals = (a: Hex, b: Hex): boolean => a.q === b.q && a.r === b.r;

export const hexAdd = (a: Hex, b: Hex): Hex => ({ q: a.q + b.q, r: a.r + b.r });

export const hexSub = (a: Hex, b: Hex): Hex => ({ q: a.q - b.q, r: a.r - b.r });

export const hexScale = (a: Hex, k: number): Hex => ({ q: a.q * k, r: a.r * k });

/** Hexes between two hexes (cube distance). */
export function distance(a: Hex, b: Hex): number {
  const dq = a.q - b.q;
  const dr = a.r - b.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

/** Column and row of a hex (odd columns shifted down half a hex). */
export function toColRow(h: Hex): { col: number; row: number } {
  const col = h.q;
  const row = h.r + (h.q - (h.q & 1)) / 2;
  return { col, row };
}

export function fromColRow(col: number, row: number): Hex {
  return { q: col, r: row - (col - (col & 1)) / 2 };
}

const pad2 = (n: number): string => (n >= 0 && n < 10 ? `0${n}` : String(n));

/**
 * The player's label of a hex: "CCRR" while both numbers are 0-99, otherwise "C.R" (a plane can
 * leave the printed map; its position must still be written down).
 */
export function hexLabel(h: Hex): string {
  const { col, row } = toColRow(h);
  if (col >= 0 && col <= 99 && row >= 0 && row <= 99) return `${pad2(col)}${pad2(row)}`;
  return `${pad2(col)}.${pad2(row)}`;
}

/** Parses a hex label ("0712", "712" is not accepted, "104.07" and "-1.05" are). */
export function parseHexLabel(label: string): Hex | undefined {
  const text = label.trim();
  let m = /^(\d{2})(\d{2})$/.exec(text);
  if (m) return fromColRow(Number(m[1]), Number(m[2]));
  m = /^(-?\d+)\.(-?\d+)$/.exec(text);
  if (m) return fromColRow(Number(m[1]), Number(m[2]));
  return undefined;
}

/** Centre of a hex in units of the hex's outer radius; x to the east, y to the south. */
export function hexCentre(h: Hex): { x: number; y: number } {
  return { x: 1.5 * h.q, y: Math.sqrt(3) * (h.r + h.q / 2) };
}
