/**
 * The one view model of a map, whatever draws it: the ASCII map of a mail (ascii-map.ts), the
 * SVG of the web archive and the picture in a mail (svg-map.ts). It says what a reader sees:
 * the map's size, every plane with its place, facing and altitude, the plotted paths of a preview,
 * each plane's track through a resolved turn, and the shots fired in it.
 *
 * `viewer` is whose view it is: a side's id, or null for the referee's view (the GM, the public
 * archive). Today every side sees every plane; the spotting rules (seed 000 IV.1) will leave out
 * here, and only here, what a side has not spotted.
 */
import type { Bank } from '../core/bank.ts';
import type { GameEvent } from '../core/events.ts';
import { type Hex, hexLabel, parseHexLabel, toColRow } from '../core/hex/coords.ts';
import type { GameState, PlaneStatus } from '../core/state.ts';
import type { TerrainSpec } from '../core/terrain.ts';
import type { UnitKind, UnitStatus } from '../core/units/types.ts';
import type { Frame } from './frames.ts';

export interface At {
  col: number;
  row: number;
}

export interface ViewPlane extends At {
  id: string;
  side: string;
  /** The side's place among the game's sides (0, 1, ...): its colour. */
  sideIndex: number;
  sideName: string;
  hex: string;
  /** 0-11, 0 = map top, clockwise by 30 degrees (clock hour 12, 1, ... 11). */
  facing: number;
  altitude: number;
  /** Speed in tenths of a hex, and the bank, for the legend. */
  speed: number;
  bank: Bank;
  status: PlaneStatus | 'shot-down';
  /** One of the reader's planes. */
  own: boolean;
}

/** A truck, tank or ship (seed 000 V) as a reader sees it. */
export interface ViewUnit extends At {
  id: string;
  side: string;
  sideIndex: number;
  sideName: string;
  kind: UnitKind;
  /** The ship's class name, or "truck" / "tank". */
  name: string;
  hex: string;
  facing: number;
  /** Ships: the speed it makes, knots. */
  knots?: number;
  /** A truck or tank with anti-aircraft guns (docs/flak.md). */
  flak?: boolean;
  status: UnitStatus;
  own: boolean;
}

export interface PathMarkView extends At {
  hex: string;
  /** The impulse in which the hex is entered. */
  impulse: number;
}

export interface TrackView {
  plane: string;
  sideIndex: number;
  /** The hexes the plane was in, in order, each once (the turn's start first). */
  points: (At & { hex: string; impulse: number })[];
}

export interface ShotView {
  impulse: number;
  firer: string;
  target: string;
  from: At;
  to: At;
  /** At least one hit (or a rocket that hit). */
  hit: boolean;
  /** Hits scored (0 for a miss). */
  hits: number;
}

export interface MapView {
  size: { width: number; height: number };
  /** The map's terrain, when the scenario gives one (core/terrain.ts). */
  terrain?: TerrainSpec;
  viewer: string | null;
  /**
   * A player's map in a game with fog of war: enemy planes his side has not seen are left out of
   * it (core/spotting/fog.ts), so an empty stretch of sky is empty only of what he can see.
   */
  fogged?: boolean;
  planes: ViewPlane[];
  /** Trucks, tanks and ships (none on most maps). */
  units: ViewUnit[];
  paths: { plane: string; marks: PathMarkView[] }[];
  /** The two-phase sequence (seed 003): a path's +n is the plane's nth hex, not an impulse. */
  twoPhase?: boolean;
  /** The quick game (seed 004): no altitudes, SPEED in whole points, no bank. */
  quick?: boolean;
  tracks: TrackView[];
  shots: ShotView[];
}

export interface MapViewInput {
  state: GameState;
  /** Whose view: a side id, or null for the referee's. */
  viewer?: string | null;
  /** The reader's planes (drawn as "own", and the window is chosen around them). */
  own?: readonly string[];
  /** Plotted paths to preview, by plane. */
  paths?: { plane: string; marks: { hex: Hex; impulse: number }[] }[];
  /** A resolved turn: its frames (replayFrames) and events, for tracks and shots. */
  turn?: { frames: Frame[]; events: readonly GameEvent[] };
}

const at = (h: Hex): At => toColRow(h);
const atLabel = (label: string): At | undefined => {
  const h = parseHexLabel(label);
  return h ? at(h) : undefined;
};

export function buildMapView(input: MapViewInput): MapView {
  const { state } = input;
  const sides = Object.keys(state.sides);
  const sideIndex = (side: string) => Math.max(0, sides.indexOf(side));
  const own = new Set(input.own ?? []);
  const planes: ViewPlane[] = state.planes.map((p) => ({
    id: p.id,
    side: p.side,
    sideIndex: sideIndex(p.side),
    sideName: state.sides[p.side]?.name ?? p.side,
    hex: hexLabel(p.hex),
    ...at(p.hex),
    facing: p.facing,
    altitude: p.altitude,
    speed: p.speed,
    bank: p.bank,
    status: p.status,
    own: own.has(p.id),
  }));
  const units: ViewUnit[] = (state.units ?? []).map((u) => ({
    id: u.id,
    side: u.side,
    sideIndex: sideIndex(u.side),
    sideName: state.sides[u.side]?.name ?? u.side,
    kind: u.kind,
    name:
      u.kind === 'ship'
        ? (state.ships?.[u.type]?.name ?? u.type)
        : u.kind === 'torpedo'
          ? (state.torpedoes?.types[u.type]?.name ?? 'torpedo')
          : u.kind,
    hex: hexLabel(u.hex),
    ...at(u.hex),
    facing: u.facing,
    ...(u.ship ? { knots: u.ship.knots } : {}),
    ...(u.kind !== 'ship' && u.flak?.length ? { flak: true } : {}),
    status: u.status,
    own: own.has(u.id),
  }));
  const paths = (input.paths ?? []).map((p) => ({
    plane: p.plane,
    marks: p.marks.map((m) => ({ hex: hexLabel(m.hex), ...at(m.hex), impulse: m.impulse })),
  }));
  const tracks: TrackView[] = [];
  const shots: ShotView[] = [];
  if (input.turn) {
    const { frames, events } = input.turn;
    for (const id of (frames[0] ?? []).map((f) => f.id)) {
      const points: TrackView['points'] = [];
      frames.forEach((frame, impulse) => {
        const f = frame.find((x) => x.id === id);
        const cr = f && atLabel(f.hex);
        if (!f || !cr || points.at(-1)?.hex === f.hex) return;
        points.push({ ...cr, hex: f.hex, impulse });
      });
      const side = state.planes.find((p) => p.id === id)?.side ?? state.units?.find((u) => u.id === id)?.side ?? '';
      tracks.push({ plane: id, sideIndex: sideIndex(side), points });
    }
    // A shot is drawn between where the firer and the target were at the end of its impulse's
    // movement: the frame of that impulse (frames[i] = the end of impulse i).
    const placeAt = (id: string, impulse: number): At | undefined => {
      const f = frames[impulse]?.find((x) => x.id === id) ?? frames[0]?.find((x) => x.id === id);
      return f ? atLabel(f.hex) : undefined;
    };
    for (const e of events) {
      if (e.type !== 'shot' && e.type !== 'rocket') continue;
      const firer = e.plane;
      const target = e.target;
      const from = placeAt(firer, e.impulse);
      const to = placeAt(target, e.impulse);
      if (!from || !to) continue;
      const hits = e.type === 'shot' ? e.hits : e.hit ? 1 : 0;
      shots.push({ impulse: e.impulse, firer, target, from, to, hit: hits > 0, hits });
    }
  }
  const { width, height, terrain } = state.map;
  const twoPhase = input.state.options.sequence === 'two-phase';
  const quick = !!input.state.quick;
  return {
    size: { width, height },
    ...(terrain ? { terrain } : {}),
    viewer: input.viewer ?? null,
    ...(state.fog && own.size ? { fogged: true } : {}),
    planes,
    units,
    paths,
    ...(twoPhase ? { twoPhase } : {}),
    ...(quick ? { quick } : {}),
    tracks,
    shots,
  };
}

/** The planes still on the map (the others are listed, not drawn). */
export const onMap = (v: MapView): ViewPlane[] => v.planes.filter((p) => p.status === 'flying');

/** What is drawn on a map: every plane flying and every unit still in the game. */
export type Piece = (ViewPlane & { unit?: undefined }) | (ViewUnit & { unit: true });

export const piecesOnMap = (v: MapView): Piece[] => [
  ...onMap(v),
  ...v.units.filter((u) => u.status === 'active').map((u) => ({ ...u, unit: true as const })),
];

/** Columns and rows of a rectangle of the map (inclusive). */
export interface Box {
  c0: number;
  c1: number;
  r0: number;
  r1: number;
}

/** The smallest box holding `points`, grown by `margin` hexes, kept inside the map where it can be. */
export function boxAround(points: readonly At[], margin: number, size: MapView['size']): Box {
  if (!points.length) return { c0: 1, c1: size.width, r0: 1, r1: size.height };
  const cols = points.map((p) => p.col);
  const rows = points.map((p) => p.row);
  return {
    c0: Math.max(1, Math.min(...cols) - margin),
    c1: Math.min(size.width, Math.max(...cols) + margin),
    r0: Math.max(1, Math.min(...rows) - margin),
    r1: Math.min(size.height, Math.max(...rows) + margin),
  };
}

/** Whether a point lies on the map. */
export const inMap = (p: At, size: MapView['size']): boolean =>
  p.col >= 1 && p.row >= 1 && p.col <= size.width && p.row <= size.height;
