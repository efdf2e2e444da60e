/**
 * The markers of the SVG map (svg-map.ts): each plane a disc with a nose along its facing (0 = map
 * top, +30 degrees clockwise per facing), each truck, tank or ship its outline, and each a label
 * with its id and altitude (or speed), placed by label-layout.ts clear of the other labels and
 * markers. On the web a frame also draws again, over its markers, the number of every hex a marker
 * is in, so that a plane does not hide where it is. Also the map's units shared with svg-map.ts.
 *
 * Every text and attribute written here goes through `esc`, numbers included (see svg-map.ts).
 */
import { fromColRow, hexCentre } from '../core/hex/coords.ts';
import { facingText } from '../core/hex/facing.ts';
import type { UnitKind } from '../core/units/types.ts';
import type { Frame, PlaneFrame } from './frames.ts';
import { type Blot, type LabelItem, type Rect, placeLabels, textBox } from './label-layout.ts';
import { escapeHtml } from './escape.ts';
import { inMap, type MapView } from './map-view.ts';

/** Hex outer radius in SVG units. */
export const R = 20;

export const esc = escapeHtml;

export const num = (n: number): string => esc(Math.round(n * 10) / 10);
const feet = (n: number): string => n.toLocaleString('en-US');
export const side = (i: number): string => `side-${esc(i % 6)}`;

/** Centre of the hex at column, row in SVG units. */
export function centreOf(col: number, row: number): { x: number; y: number } {
  const c = hexCentre(fromColRow(col, row));
  return { x: c.x * R, y: c.y * R };
}

/** A hex's number on the web map: centred this far above the hex's centre, this size (MAP_CSS). */
export const HEX_NUMBER_RISE = R * 0.55;
const HEX_NUMBER_SIZE = 5;
export const hexNumber = (col: number, row: number): string =>
  `${String(col).padStart(2, '0')}${String(row).padStart(2, '0')}`;

export interface Marker {
  id: string;
  hex: string;
  col: number;
  row: number;
  facing: number;
  altitude: number;
  status: string;
  sideIndex: number;
  own: boolean;
  /** A truck, tank or ship: its kind, its name and (ships) its speed in knots. */
  kind?: UnitKind;
  /** The quick game (seed 004): no altitude to show. */
  quick?: boolean;
  name?: string;
  knots?: number;
}

/** A truck's, tank's or ship's outline, pointing to map top (turned by its facing). */
const HULLS: Record<UnitKind, string> = {
  ship: `<path class="hull" d="M0,${num(-R * 0.9)} L${num(R * 0.22)},${num(-R * 0.35)} L${num(R * 0.22)},${num(R * 0.7)} L${num(-R * 0.22)},${num(R * 0.7)} L${num(-R * 0.22)},${num(-R * 0.35)} Z"/>`,
  truck: `<path class="hull" d="M0,${num(-R * 0.6)} L${num(R * 0.2)},${num(-R * 0.35)} V${num(R * 0.4)} H${num(-R * 0.2)} V${num(-R * 0.35)} Z"/>`,
  torpedo: `<path class="hull" d="M0,${num(-R * 0.5)} L${num(R * 0.06)},${num(-R * 0.4)} V${num(R * 0.4)} H${num(-R * 0.06)} V${num(-R * 0.4)} Z"/>`,
  tank: `<path class="hull" d="M${num(-R * 0.3)},${num(-R * 0.3)} h${num(R * 0.6)} v${num(R * 0.6)} h${num(-R * 0.6)} Z"/><line class="gun" x1="0" y1="0" x2="0" y2="${num(-R * 0.7)}"/>`,
};

/**
 * The shapes of a marker as circles along its axis (distance ahead of the centre, radius), for the
 * labels to keep clear of: a hull or disc is its body, a nose or gun only its pointer.
 */
const SHAPES: Record<UnitKind | 'plane', [number, number, boolean][]> = {
  plane: [
    [0, R * 0.32, true],
    [8, 4.5, false],
    [12.5, 2.8, false],
    [16, 1.2, false],
  ],
  ship: [-16, -11, -6, -1, 4, 9, 13].map((t) => [-t, R * 0.23, true]),
  truck: [-10, -5, 0, 5].map((t) => [-t, R * 0.21, true]),
  torpedo: [[0, R * 0.1, true]],
  tank: [
    [0, R * 0.42, true],
    [11, 2, false],
  ],
};

function blots(m: Marker, x: number, y: number): Blot[] {
  const a = (m.facing * Math.PI) / 6;
  return SHAPES[m.kind ?? 'plane'].map(([t, r, body]) => ({ x: x + t * Math.sin(a), y: y - t * Math.cos(a), r, body }));
}

const labelText = (m: Marker): string => {
  if (m.kind) return `${m.id}${m.knots !== undefined ? ` ${m.knots}kt` : ''}`;
  const flyingNow = m.status === 'flying';
  return `${m.id}${flyingNow && m.quick ? '' : ` ${flyingNow ? feet(m.altitude) : m.status}`}`;
};

const labelTag = (text: string, p: { dx: number; dy: number; anchor: string }): string =>
  `<text class="label${p.anchor === 'middle' ? '' : ` ${esc(p.anchor)}`}"${p.dx ? ` x="${num(p.dx)}"` : ''} y="${num(p.dy)}">${esc(text)}</text>`;

function unitMarker(m: Marker & { kind: UnitKind }, label: string): string {
  const { x, y } = centreOf(m.col, m.row);
  const gone = m.status !== 'active';
  const speed = m.knots !== undefined ? `, ${m.knots} knots` : '';
  return (
    `<g class="unit ${side(m.sideIndex)}${m.own ? ' own' : ''} status-${esc(m.status)}" data-unit="${esc(m.id)}" data-kind="${esc(m.kind)}" data-hex="${esc(m.hex)}" ` +
    `data-facing="${esc(facingText(m.facing))}" data-status="${esc(m.status)}" transform="translate(${num(x)} ${num(y)})">` +
    `<title>${esc(`${m.id} (${m.name ?? m.kind}): hex ${m.hex}, facing ${facingText(m.facing)}${speed}${gone ? `, ${m.status}` : ''}`)}</title>` +
    `<g transform="rotate(${esc(m.facing * 30)})">${HULLS[m.kind]}</g>${label}</g>`
  );
}

function marker(m: Marker, label: string): string {
  if (m.kind) return unitMarker(m as Marker & { kind: UnitKind }, label);
  const { x, y } = centreOf(m.col, m.row);
  const alt = m.status !== 'flying' ? m.status.toUpperCase() : m.quick ? 'flying' : `${feet(m.altitude)} ft`;
  return (
    `<g class="plane ${side(m.sideIndex)}${m.own ? ' own' : ''} status-${esc(m.status)}" data-plane="${esc(m.id)}" data-hex="${esc(m.hex)}" ` +
    `data-facing="${esc(facingText(m.facing))}" data-altitude="${esc(m.altitude)}" data-status="${esc(m.status)}" transform="translate(${num(x)} ${num(y)})">` +
    `<title>${esc(`${m.id}: hex ${m.hex}, facing ${facingText(m.facing)}, ${alt}`)}</title>` +
    `<path class="nose" d="M0,${num(-R * 0.85)} L${num(R * 0.3)},${num(-R * 0.2)} L${num(-R * 0.3)},${num(-R * 0.2)} Z" transform="rotate(${esc(m.facing * 30)})"/>` +
    `<circle r="${num(R * 0.32)}"/>${label}</g>`
  );
}

export interface MarkerOptions {
  /** The picture's edges, for the labels to stay inside. */
  bounds?: Rect;
  /** Other small things a label had better not cover (the impulse numbers of a plotted path). */
  marks?: { x: number; y: number }[];
  /**
   * The web, whose grid numbers its hexes: the map's size, to draw again over the markers the
   * number of every hex of the map a marker is in.
   */
  hexNumbers?: { width: number; height: number };
}

/** The markers in the order given (a later one drawn over an earlier), each label clear of the rest. */
export function markers(list: Marker[], opts: MarkerOptions = {}): string {
  const items: LabelItem[] = list.map((m) => {
    const { x, y } = centreOf(m.col, m.row);
    return { x, y, text: labelText(m), facing: m.facing, blots: blots(m, x, y) };
  });
  const hexes = new Map(list.map((m) => [`${m.col},${m.row}`, m]));
  const size = opts.hexNumbers;
  const numbers = size
    ? [...hexes.values()]
        .filter((m) => inMap(m, size))
        .map((m) => {
          const { x, y } = centreOf(m.col, m.row);
          const text = hexNumber(m.col, m.row);
          return {
            x,
            y: y - HEX_NUMBER_RISE,
            text,
            box: textBox(text, x, y - HEX_NUMBER_RISE, 'middle', HEX_NUMBER_SIZE, 1),
          };
        })
    : [];
  const loose = (opts.marks ?? []).map((p) => ({ ...p, r: 4, body: false }));
  const places = placeLabels(items, {
    reserved: numbers.map((n) => n.box),
    loose,
    ...(opts.bounds ? { bounds: opts.bounds } : {}),
  });
  const drawn = list.map((m, i) => marker(m, labelTag(items[i]!.text, places[i]!))).join('');
  if (!numbers.length) return drawn;
  return `${drawn}<g class="hex-marks">${numbers.map((n) => `<text x="${num(n.x)}" y="${num(n.y)}">${esc(n.text)}</text>`).join('')}</g>`;
}

/** The markers of the view's units still in the game (as drawn without frames). */
export const unitMarkers = (view: MapView): Marker[] =>
  view.units
    .filter((u) => u.status === 'active' && inMap(u, view.size))
    .map((u) => ({
      id: u.id,
      hex: u.hex,
      col: u.col,
      row: u.row,
      facing: u.facing,
      altitude: 0,
      status: u.status,
      sideIndex: u.sideIndex,
      own: u.own,
      kind: u.kind,
      name: u.name,
      ...(u.knots !== undefined ? { knots: u.knots } : {}),
    }));

export function frameGroups(view: MapView, frames: Frame[], opts: MarkerOptions): string {
  const info = new Map(view.planes.map((p) => [p.id, p]));
  const units = new Map(view.units.map((u) => [u.id, u]));
  const toMarker = (f: PlaneFrame): Marker | null => {
    const m = /^(\d{2})(\d{2})$/.exec(f.hex) ?? /^(-?\d+)\.(-?\d+)$/.exec(f.hex);
    const u = f.kind ? units.get(f.id) : undefined;
    if (u && m) {
      if (f.status !== 'active') return null;
      return {
        id: f.id,
        hex: f.hex,
        col: Number(m[1]),
        row: Number(m[2]),
        facing: f.facing,
        altitude: 0,
        status: f.status,
        sideIndex: u.sideIndex,
        own: u.own,
        kind: u.kind,
        name: u.name,
      };
    }
    const p = info.get(f.id);
    if (!p || !m) return null;
    return {
      id: f.id,
      hex: f.hex,
      col: Number(m[1]),
      row: Number(m[2]),
      facing: f.facing,
      altitude: f.altitude,
      status: f.status,
      sideIndex: p.sideIndex,
      own: p.own,
      ...(view.quick ? { quick: true } : {}),
    };
  };
  // Units under the planes.
  const ordered = (frame: Frame) => [...frame.filter((f) => f.kind), ...frame.filter((f) => !f.kind)];
  return frames
    .map(
      (frame, i) =>
        `<g class="frame" data-frame="${esc(i)}"${i === 0 ? '' : ' display="none"'}>${markers(
          ordered(frame)
            .map(toMarker)
            .filter((m) => m !== null),
          opts,
        )}</g>`,
    )
    .join('\n');
}
