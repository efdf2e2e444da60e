/**
 * Where the map's marker labels go ("D1 2,500" beside its plane): each label tries positions round
 * its marker, in an order of preference, and takes the first that covers no other label, no
 * marker's body and nothing reserved (a hex number shown on the map), nor runs off the picture;
 * where none is free, the one that covers least. Deterministic: the same markers give the same
 * places, so a picture and its golden stay put.
 *
 * The sizes are those of DejaVu Sans Bold, the font the mail picture is rendered with and the web
 * map asks for first; the web's fallback fonts (Verdana) are at most a few per cent wider, which
 * the label's padding takes up.
 */

/** DejaVu Sans Bold's advance widths in ems, characters 32 (space) to 126 (~), from its hmtx table. */
const BOLD_EM = [
  0.348, 0.456, 0.521, 0.838, 0.696, 1.002, 0.872, 0.306, 0.457, 0.457, 0.523, 0.838, 0.38, 0.415, 0.38, 0.365, 0.696,
  0.696, 0.696, 0.696, 0.696, 0.696, 0.696, 0.696, 0.696, 0.696, 0.4, 0.4, 0.838, 0.838, 0.838, 0.58, 1.0, 0.774, 0.762,
  0.734, 0.83, 0.683, 0.683, 0.821, 0.837, 0.372, 0.372, 0.775, 0.637, 0.995, 0.837, 0.85, 0.733, 0.85, 0.77, 0.72,
  0.682, 0.812, 0.774, 1.103, 0.771, 0.724, 0.725, 0.457, 0.365, 0.457, 0.838, 0.5, 0.5, 0.675, 0.716, 0.593, 0.716,
  0.678, 0.435, 0.716, 0.712, 0.343, 0.343, 0.665, 0.343, 1.042, 0.712, 0.687, 0.716, 0.716, 0.493, 0.595, 0.478, 0.712,
  0.652, 0.924, 0.645, 0.652, 0.582, 0.712, 0.365, 0.712, 0.838,
];
/** A character outside the table counts as wide as the widest common one. */
const WIDE_EM = 1.0;
/** Above the baseline: the capitals' and digits' height; below it: a comma's tail (ems). */
const ASCENT_EM = 0.73;
const DESCENT_EM = 0.15;

/** The labels' font size in SVG units (MAP_CSS `.plane .label`, `.unit .label`). */
export const LABEL_SIZE = 8;

export const textWidth = (text: string, size: number): number =>
  [...text].reduce((w, c) => w + (BOLD_EM[(c.codePointAt(0) ?? 0) - 32] ?? WIDE_EM), 0) * size;

export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export type Anchor = 'start' | 'middle' | 'end';

/** A label's place: its anchor point relative to the marker's centre, and the text's anchor. */
export interface LabelPlace {
  dx: number;
  dy: number;
  anchor: Anchor;
}

/** The box of a text anchored at (x, y) on its baseline, grown by `pad` all round. */
export function textBox(text: string, x: number, y: number, anchor: Anchor, size = LABEL_SIZE, pad = 0): Rect {
  const w = textWidth(text, size);
  const left = anchor === 'start' ? x : anchor === 'end' ? x - w : x - w / 2;
  return { x0: left - pad, y0: y - ASCENT_EM * size - pad, x1: left + w + pad, y1: y + DESCENT_EM * size + pad };
}

/** A round part of a marker (its disc, a piece of its nose or hull) that a label should leave clear. */
export interface Blot {
  x: number;
  y: number;
  r: number;
  /** The body (disc, hull) rather than a nose. */ body: boolean;
}

export interface LabelItem {
  x: number;
  y: number;
  text: string;
  /** 0-11, 0 = map top: the label goes first on the side away from the nose. */
  facing: number;
  /** The marker's own shapes: its label may not sit on another's, and not on its own. */
  blots: Blot[];
}

const overlap = (a: Rect, b: Rect): number =>
  Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0)) * Math.max(0, Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0));

const covers = (r: Rect, b: Blot): boolean => {
  const nx = Math.min(Math.max(b.x, r.x0), r.x1);
  const ny = Math.min(Math.max(b.y, r.y0), r.y1);
  return (nx - b.x) ** 2 + (ny - b.y) ** 2 < b.r * b.r;
};

/**
 * The places a label may take, best first: below the marker (above one flying down the map, whose
 * nose is below), then the corners on that side, then beside it, then the other side, then the same
 * again a line further out (for a hex with several markers in it). Left before right when the nose
 * points right, and the other way round.
 */
function places(facing: number): LabelPlace[] {
  const down = facing >= 4 && facing <= 8;
  const noseRight = facing >= 1 && facing <= 5;
  const sides = (near: LabelPlace, far: LabelPlace) => (noseRight ? [near, far] : [far, near]);
  const ring = (k: number): LabelPlace[] => {
    const below: LabelPlace[] = [
      { dx: 0, dy: 15 + 10 * k, anchor: 'middle' },
      ...sides({ dx: -5 - 7 * k, dy: 14 + 8 * k, anchor: 'end' }, { dx: 5 + 7 * k, dy: 14 + 8 * k, anchor: 'start' }),
    ];
    const above: LabelPlace[] = [
      { dx: 0, dy: -10 - 10 * k, anchor: 'middle' },
      ...sides({ dx: -5 - 7 * k, dy: -8 - 8 * k, anchor: 'end' }, { dx: 5 + 7 * k, dy: -8 - 8 * k, anchor: 'start' }),
    ];
    const beside = sides({ dx: -9 - 10 * k, dy: 3, anchor: 'end' }, { dx: 9 + 10 * k, dy: 3, anchor: 'start' });
    return down
      ? [...above, ...beside, ...below.slice(1), below[0]!]
      : [...below, ...beside, ...above.slice(1), above[0]!];
  };
  return [...ring(0), ...ring(1)];
}

/** Room left round a label's text (its white halo is 1.25 units wide). */
const PAD = 1.5;
/** And between two labels side by side, so that they do not read as one ("T1 100 DD1 28kt"). */
const GAP = 2.5;

export interface Surroundings {
  /** Boxes no label may cover (hex numbers drawn over the markers). */
  reserved?: readonly Rect[];
  /** Things a label had better leave clear, as a marker's nose. */
  loose?: readonly Blot[];
  /** The picture's edges. */
  bounds?: Rect;
}

/**
 * Each item's label place. The most crowded markers choose first, then every label that still
 * covers something chooses again once the others are in place.
 */
export function placeLabels(items: readonly LabelItem[], around: Surroundings = {}): LabelPlace[] {
  const { reserved = [], loose = [], bounds } = around;
  const options = items.map((it) => places(it.facing));
  const boxes = items.map((it, i) =>
    options[i]!.map((p) => textBox(it.text, it.x + p.dx, it.y + p.dy, p.anchor, LABEL_SIZE, PAD)),
  );
  // A label reaches at most some 60 units from its marker: only markers this close can meet.
  const close = (a: { x: number; y: number }, b: { x: number; y: number }) =>
    Math.abs(a.x - b.x) < 140 && Math.abs(a.y - b.y) < 80;
  const near = items.map((a) => items.map((b, j) => (close(a, b) ? j : -1)).filter((j) => j >= 0));
  const nearReserved = items.map((a) =>
    reserved.filter((r) => close(a, { x: (r.x0 + r.x1) / 2, y: (r.y0 + r.y1) / 2 })),
  );
  const chosen: (number | undefined)[] = items.map(() => undefined);
  // The cost of label i at place k: anything over another label, a reserved box or off the picture
  // outweighs any marker's body, which outweighs a nose, which outweighs preference.
  const cost = (i: number, k: number): number => {
    const b = boxes[i]![k]!;
    const wide = { ...b, x0: b.x0 - GAP, x1: b.x1 + GAP };
    let c = k * 0.01;
    for (const j of near[i]!) {
      const kj = chosen[j];
      if (j !== i && kj !== undefined) {
        const o = overlap(wide, boxes[j]![kj]!);
        if (o > 0) c += 1000 + o;
      }
      for (const blot of items[j]!.blots) if (covers(b, blot)) c += blot.body ? 100 : 10;
    }
    for (const blot of loose) if (covers(b, blot)) c += 10;
    for (const r of nearReserved[i]!) {
      const o = overlap(b, r);
      if (o > 0) c += 1000 + o;
    }
    if (bounds && (b.x0 < bounds.x0 || b.y0 < bounds.y0 || b.x1 > bounds.x1 || b.y1 > bounds.y1)) c += 500;
    return c;
  };
  const choose = (i: number) => {
    let best = 0;
    let bestCost = Infinity;
    options[i]!.forEach((_, k) => {
      const c = cost(i, k);
      if (c < bestCost) {
        best = k;
        bestCost = c;
      }
    });
    chosen[i] = best;
  };
  const crowd = near.map(
    (js, i) => js.filter((j) => Math.hypot(items[j]!.x - items[i]!.x, items[j]!.y - items[i]!.y) < 60).length,
  );
  const order = items.map((_, i) => i).sort((a, b) => crowd[b]! - crowd[a]! || a - b);
  for (const i of order) choose(i);
  for (let pass = 0; pass < 2; pass++) for (const i of order) if (cost(i, chosen[i]!) >= 1) choose(i);
  return chosen.map((k, i) => options[i]![k!]!);
}
