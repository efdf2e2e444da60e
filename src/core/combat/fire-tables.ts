/**
 * The fire tables (seed 001 combat: fire tables). "Find the firing weapon mix among the 20 firing
 * charts, and get the column appropriate for the altitude adjusted range. 2D6 ... are thrown and
 * totaled to get the 2D6 row down that column." The seed names the charts but does not print
 * them; here they are derived from the firepower model of weapons.ts (docs/combat.md, "The
 * firepower model"), calibrated on the seed's worked example: 8x30M, range 3, raw 8 + 1 = row 9
 * gives 4 hits. data/combat/fire-tables.yaml holds the same charts for players to read.
 */
import type { WeaponType } from '../aircraft/types.ts';
import {
  type WeaponCount,
  firepower,
  firepowerByType,
  mixId,
  normalizeMix,
  parseMixId,
  patternShare,
  roundsPerSecond,
  weaponWeight,
} from './weapons.ts';

export interface FireChart {
  id: string;
  mix: { type: WeaponType; count: number }[];
  /** hits[column][row]: columns RANGE_COLUMNS, rows the modified 2D6 total 2..12. */
  hits: number[][];
}

/** Range columns of every chart (seed 001: "ranges 1-2 hexes, 3, 4, 5-6, and 7-8 hexes"). */
export const RANGE_COLUMNS = ['1-2', '3', '4', '5-6', '7-8'] as const;
export type RangeColumn = 0 | 1 | 2 | 3 | 4;
/** The modelled range of each column: its longest range (a shot in the column is never better). */
export const COLUMN_RANGE = [2, 3, 4, 6, 8] as const;
export const MIN_ROW = 2;
export const MAX_ROW = 12;
/** The only hit counts a chart may show (seed 001: 1-4 hits, then 6, 8, 10-16 in 4s and 2s). */
export const HIT_STEPS = [0, 1, 2, 3, 4, 6, 8, 10, 12, 14, 16] as const;

/** Seed 001's worked example, the calibration point of every chart. */
export const ANCHOR = { mix: '8x30M', column: 1, row: 9, hits: 4 } as const;
/** Hits grow as this power of the burst's effective firepower (docs/combat.md). */
export const FIREPOWER_EXPONENT = 0.75;

/** Column of an altitude-adjusted range: 0-2 → '1-2' (same hex counts as 1-2), ... 7-8 → '7-8'. */
export function rangeColumn(range: number): RangeColumn {
  if (!Number.isInteger(range) || range < 0) throw new RangeError(`bad range ${range}`);
  if (range <= 2) return 0;
  if (range === 3) return 1;
  if (range === 4) return 2;
  if (range <= 6) return 3;
  if (range <= 8) return 4;
  throw new RangeError(`range ${range} is beyond the 8-hex limit of all firing (seed 001 combat)`);
}

/** Probability that 2D6 totals exactly t. */
export const p2d6 = (t: number): number => (t < 2 || t > 12 ? 0 : (6 - Math.abs(t - 7)) / 36);

/** Mid-probability of a 2D6 row: P(total < t) + P(total = t) / 2. Row 7 is 0.5, row 12 is 71/72. */
export function rowQuantile(t: number): number {
  let below = 0;
  for (let s = 2; s < t; s++) below += p2d6(s);
  return below + p2d6(t) / 2;
}

/** ln Gamma(a) for a > 0 (Lanczos, g = 7, 9 terms). */
export function lnGamma(a: number): number {
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (a < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * a)) - lnGamma(1 - a);
  const x = a - 1;
  let s = c[0] as number;
  for (let i = 1; i < 9; i++) s += (c[i] as number) / (x + i);
  const t = x + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(s);
}

/** Regularised lower incomplete gamma P(a, x): the Gamma(a, 1) distribution function. */
export function gammaCdf(a: number, x: number): number {
  if (x <= 0) return 0;
  const front = Math.exp(-x + a * Math.log(x) - lnGamma(a));
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 500 && Math.abs(term) > Math.abs(sum) * 1e-16; n++) {
      term *= x / (a + n);
      sum += term;
    }
    return sum * front;
  }
  // Continued fraction for the upper tail (modified Lentz).
  let b = x + 1 - a;
  let c = 1e300;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 500; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < 1e-300) d = 1e-300;
    c = b + an / c;
    if (Math.abs(c) < 1e-300) c = 1e-300;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-16) break;
  }
  return 1 - front * h;
}

/** Quantile of the Gamma distribution of shape k and mean 1 (scale 1/k), by bisection. */
export function gammaQuantile(k: number, q: number): number {
  if (!(q > 0 && q < 1) || !(k > 0)) throw new RangeError(`bad gamma quantile k=${k} q=${q}`);
  let lo = 0;
  let hi = 1;
  while (gammaCdf(k, hi) < q) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-13 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (gammaCdf(k, mid) < q) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2 / k;
}

/**
 * The spread of a mix's bursts: the shape k of the Gamma distribution its hits follow. The
 * squared coefficient of variation of a burst is the aim's (AIM_VARIANCE, common to every burst)
 * plus 1 / the rounds expected on the target (counting noise): k = 1 / (AIM_VARIANCE + 1 / n),
 * n = rounds per second x BURST_SECONDS x ON_TARGET_SHARE. Eight rifle-calibre guns give a steady
 * result (k 2.2); two cannon or one 37 mm gun are feast or famine (k about 1.4).
 */
export const AIM_VARIANCE = 0.4;
export const BURST_SECONDS = 2;
export const ON_TARGET_SHARE = 1 / 16;
export function burstShape(mix: readonly WeaponCount[]): number {
  const n = roundsPerSecond(mix) * BURST_SECONDS * ON_TARGET_SHARE;
  return 1 / (AIM_VARIANCE + 1 / n);
}

/** Burst quality of a row for a mix: the mean-1 Gamma quantile at the row's mid-probability. */
export const rowFactor = (mix: readonly WeaponCount[], row: number): number =>
  gammaQuantile(burstShape(mix), rowQuantile(row));

/** Effective firepower of a mix at a column: each weapon's firepower times its pattern share there, relative to range 3. */
export function effectiveFirepower(mix: readonly WeaponCount[], column: RangeColumn): number {
  const r = COLUMN_RANGE[column];
  return mix.reduce(
    (s, w) => s + w.count * weaponWeight(w.type) * (patternShare(w.type, r) / patternShare(w.type, 3)),
    0,
  );
}

const anchorMix = (): WeaponCount[] => parseMixId(ANCHOR.mix) as WeaponCount[];

/**
 * Mean hits of a mix at a column: proportional to the effective firepower to the power
 * FIREPOWER_EXPONENT, scaled so that the anchor's cell (8x30M, range 3, row 9) is exactly 4.
 */
export function meanHits(mix: readonly WeaponCount[], column: RangeColumn): number {
  const a = anchorMix();
  const scale = ANCHOR.hits / (effectiveFirepower(a, ANCHOR.column) ** FIREPOWER_EXPONENT * rowFactor(a, ANCHOR.row));
  return scale * effectiveFirepower(mix, column) ** FIREPOWER_EXPONENT;
}

/** The model's hits before rounding to HIT_STEPS. */
export const rawHits = (mix: readonly WeaponCount[], column: RangeColumn, row: number): number =>
  meanHits(mix, column) * rowFactor(mix, row);

/** The nearest hit count a chart may show; halfway goes up. */
export function toHitStep(x: number): number {
  let best = 0;
  for (const h of HIT_STEPS) if (Math.abs(h - x) <= Math.abs(best - x)) best = h;
  return best;
}

/** Derives the chart of any weapon mix from the firepower model. */
export function deriveFireChart(mix: readonly WeaponCount[]): FireChart {
  const m = normalizeMix(mix);
  if (m.length === 0) throw new Error('a fire chart needs at least one weapon');
  const hits = RANGE_COLUMNS.map((_, c) => {
    const col: number[] = [];
    for (let row = MIN_ROW; row <= MAX_ROW; row++) col.push(toHitStep(rawHits(m, c as RangeColumn, row)));
    return col;
  });
  return { id: mixId(m), mix: m, hits };
}

/**
 * The 20 charts (seed 001 names 20 by weapon mix). Chosen to cover every gun group on the data
 * cards, every mix left after a gun side is lost, and the usual flexible positions; docs/combat.md
 * lists which types use which. Ordered by firepower.
 */
export const CHART_MIXES: readonly string[] = [
  '1x30M',
  '2x30M',
  '2x50M',
  '4x30M',
  '3x50M',
  '1x20C+2x30M',
  '2x20C',
  '8x30M',
  '4x50M',
  '1x20C+2x50M',
  '2x50M+4x30M',
  '1x37C+2x50M',
  '2x20C+2x30M',
  '6x50M',
  '2x20C+4x30M',
  '1x20C+4x50M',
  '8x50M',
  '4x20C',
  '4x20C+2x50M',
  '4x30C',
];

export const FIRE_CHARTS: readonly FireChart[] = CHART_MIXES.map((id) =>
  deriveFireChart(parseMixId(id) as WeaponCount[]),
);

export const chartById = (id: string): FireChart | undefined => FIRE_CHARTS.find((c) => c.id === id);

/**
 * How far a chart is from a mix: the difference in total firepower plus a quarter of the
 * difference type by type. Total firepower decides (it sets the hits); the type term prefers a
 * chart of the same weapons (same fall-off with range) among charts of about the same firepower.
 */
export function chartDistance(mix: readonly WeaponCount[], chartMix: readonly WeaponCount[]): number {
  const a = firepowerByType(mix);
  const b = firepowerByType(chartMix);
  let l1 = 0;
  for (const t of Object.keys(a) as WeaponType[]) l1 += Math.abs(a[t] - b[t]);
  return Math.abs(firepower(mix) - firepower(chartMix)) + l1 / 4;
}

const chosen = new Map<string, FireChart>();

/**
 * The chart a gun group fires on: its own mix if charted, else the nearest by chartDistance; ties
 * go to the chart of lower firepower, then to the earlier chart. Distances are multiples of 1/4,
 * so the comparison is exact.
 */
export function chartFor(guns: readonly { type: WeaponType; count: number }[]): FireChart {
  const mix = normalizeMix(guns);
  if (mix.length === 0) throw new Error('no guns to fire');
  const id = mixId(mix);
  const known = chosen.get(id);
  if (known) return known;
  let best = FIRE_CHARTS[0] as FireChart;
  let bestDistance = Infinity;
  for (const c of FIRE_CHARTS) {
    const d = chartDistance(mix, c.mix);
    if (d < bestDistance || (d === bestDistance && firepower(c.mix) < firepower(best.mix))) {
      best = c;
      bestDistance = d;
    }
  }
  chosen.set(id, best);
  return best;
}

/** Clamps a modified 2D6 total to the chart's rows 2..12. */
export const clampRow = (modifiedTotal: number): number =>
  Math.min(MAX_ROW, Math.max(MIN_ROW, Math.trunc(modifiedTotal)));

/** Hits of one burst: the chart's column for the (altitude-adjusted) range, row of the modified total. */
export function hitsFor(chart: FireChart, range: number, modifiedTotal: number): number {
  const col = chart.hits[rangeColumn(range)] as number[];
  return col[clampRow(modifiedTotal) - MIN_ROW] as number;
}

/**
 * The hits a burst scores on average (what the stand-in weighs, docs/standin.md "The exchange of
 * shots"): the chart's hits at the range, over the 2D6 totals with their chances, `drm` added.
 */
export function expectedHits(chart: FireChart, range: number, drm: number): number {
  let sum = 0;
  for (let t = MIN_ROW; t <= 12; t++) sum += p2d6(t) * hitsFor(chart, range, t + drm);
  return sum;
}

/** The most hits a column can give: decides whether 1 or 2 D10s are thrown with the 2D6 (seed 001). */
export const bestHits = (chart: FireChart, range: number): number =>
  Math.max(...(chart.hits[rangeColumn(range)] as number[]));

/** data/combat/fire-tables.yaml: the charts as readable YAML (written by hand, no YAML library in the core). */
export function fireTablesYaml(charts: readonly FireChart[] = FIRE_CHARTS): string {
  const lines = [
    '# Fire tables (seed 001 combat): hits scored by one burst, by weapon mix.',
    '# Derived from the firepower model of docs/combat.md by src/core/combat/fire-tables.ts; a test',
    '# checks this file against the derivation, so edit the model, not this file (docs/combat.md says',
    '# how to regenerate it). Each chart gives, per range column (hexes after the altitude',
    '# adjustment), the hits for the modified 2D6 total 2, 3, ..., 12: totals below 2 read 2, above 12',
    '# read 12.',
    `columns: [${RANGE_COLUMNS.map((c) => `'${c}'`).join(', ')}]`,
    `rows: [${Array.from({ length: MAX_ROW - MIN_ROW + 1 }, (_, i) => i + MIN_ROW).join(', ')}]`,
    'charts:',
  ];
  for (const c of charts) {
    lines.push(`  - id: '${c.id}'`);
    lines.push(`    mix: [${c.mix.map((w) => `{ type: '${w.type}', count: ${w.count} }`).join(', ')}]`);
    lines.push(`    firepower: ${firepower(c.mix)}`);
    lines.push('    hits:');
    c.hits.forEach((col, i) => lines.push(`      '${RANGE_COLUMNS[i]}': [${col.join(', ')}]`));
  }
  return `${lines.join('\n')}\n`;
}
