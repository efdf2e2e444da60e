/**
 * The flak table (data/flak/guns.yaml, docs/flak.md): anti-aircraft guns, what a round of each is
 * worth, and the fits behind it. The seeds give flak "as per the regular game"; this is the design.
 *
 * - A turn is 10 seconds (docs/ships.md "The scale"). Flak fires three volleys a turn, in the firing
 *   phase of impulses 4, 8 and 12; a volley is the rounds of 3 1/3 seconds: barrels x rpm / 18.
 * - One round's chance to bring a plane down at slant range r metres is k / r^2: the scatter of a
 *   gun's rounds grows with the range, so the share of them that reaches a plane falls with its
 *   square. Inside the tracking limit the chance stops rising: a hand-laid gun cannot follow a
 *   plane crossing that close (data file, trackingLimitM).
 * - k for the heavy guns comes from the heavy-flak rounds per kill at the anchor's slant range;
 *   k for the light guns is fitted (by bisection) so that a reference attack through a ship's
 *   fire loses what it lost in history (`anchors.light`). The loader refits both and refuses a
 *   file whose k does not follow from its anchors.
 */
import { z } from 'zod';
import { err, ok, type Problem, type Result, schemaProblems } from '../result.ts';

const positive = z.number().positive();
const text = z.string().trim().min(1);
const gunId = z.string().regex(/^[a-z0-9-]{1,24}$/, 'gun ids are lower-case letters, digits and -');

export const flakMountSchema = z.strictObject({ gun: gunId, barrels: z.number().int().min(1).max(200) });
export type FlakMount = z.infer<typeof flakMountSchema>;

export const flakGunSchema = z.strictObject({
  name: text,
  nation: text,
  band: z.enum(['light', 'heavy']),
  /** Practical rounds a minute per barrel. */
  rpm: positive,
  /** Effective slant reach, metres. */
  reachM: positive,
  sources: z.array(text).min(1),
  notes: text.optional(),
});
export type FlakGun = z.infer<typeof flakGunSchema>;

export const flakTableSchema = z.strictObject({
  trackingLimitM: positive,
  /** The share of a ship's barrels that bear on one plane (the rest are on the other beam). */
  shipBearing: z.number().gt(0).max(1),
  kM2: z.strictObject({ light: positive, heavy: positive }),
  anchors: z.strictObject({
    heavy: z.strictObject({
      what: text,
      gun: gunId,
      roundsPerKill: positive,
      slantM: positive,
      sources: z.array(text).min(1),
    }),
    light: z.strictObject({
      what: text,
      attacks: z.number().int().positive(),
      shotDown: z.number().int().min(0),
      /** The ship's guns that fired. */
      mounts: z.array(flakMountSchema).min(1),
      /** The attacker's slant range from the ship at each volley of its run in and out, metres. */
      volleysM: z.array(positive).min(1),
      sources: z.array(text).min(1),
    }),
  }),
  guns: z.record(gunId, flakGunSchema),
  sources: z.array(text).min(1),
});
export type FlakTable = z.infer<typeof flakTableSchema>;

/** Volleys a turn fire in these impulses; each is a third of the turn's 10 seconds. */
export const FLAK_IMPULSES: readonly number[] = [4, 8, 12];
const VOLLEY_S = 10 / 3;

/** Rounds one barrel fires in a volley. */
export const roundsPerVolley = (g: FlakGun): number => (g.rpm * VOLLEY_S) / 60;

/** One round's chance of a kill at `slantM`. */
export function roundChance(k: number, slantM: number, trackingLimitM: number): number {
  const r = Math.max(slantM, trackingLimitM);
  return Math.min(1, k / (r * r));
}

/**
 * A volley's chance of a kill: every barrel in reach, each mount's rounds split among the planes in
 * its reach (`targets`, one by default).
 */
export function volleyChance(
  t: Pick<FlakTable, 'guns' | 'trackingLimitM'>,
  k: FlakTable['kM2'],
  mounts: readonly FlakMount[],
  slantM: number,
  bearing: number,
  targets: (m: FlakMount) => number = () => 1,
): number {
  let miss = 1;
  for (const m of mounts) {
    const g = t.guns[m.gun];
    if (!g || slantM > g.reachM) continue;
    const rounds = (m.barrels * bearing * roundsPerVolley(g)) / Math.max(1, targets(m));
    miss *= (1 - roundChance(k[g.band], slantM, t.trackingLimitM)) ** rounds;
  }
  return 1 - miss;
}

/** k for the heavy guns: the anchor's slant range squared over its rounds per kill. */
export const heavyK = (t: Pick<FlakTable, 'anchors'>): number =>
  t.anchors.heavy.slantM ** 2 / t.anchors.heavy.roundsPerKill;

/** The reference attack's loss with a given light k. */
export function referenceLoss(t: Omit<FlakTable, 'kM2'>, light: number): number {
  const a = t.anchors.light;
  const k = { light, heavy: heavyK(t) };
  let survive = 1;
  for (const r of a.volleysM) survive *= 1 - volleyChance(t, k, a.mounts, r, t.shipBearing);
  return 1 - survive;
}

/** k for the light guns, fitted so the reference attack loses shotDown / attacks. */
export function fitLightK(t: Omit<FlakTable, 'kM2'>): number {
  const want = t.anchors.light.shotDown / t.anchors.light.attacks;
  let lo = 0;
  let hi = 1e6;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (referenceLoss(t, mid) < want) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** The chance in tenths of a percent, 0 to 999. */
export const flakPermille = (p: number): number => Math.max(0, Math.min(999, Math.floor(p * 1000 + 0.5)));

export function parseFlakTable(data: unknown, file: string): Result<FlakTable, Problem[]> {
  const r = flakTableSchema.safeParse(data);
  if (!r.success) return err(schemaProblems('E_FLAK_DATA', file, r.error.issues));
  const t = r.data;
  const problems: Problem[] = [];
  const P = (message: string): void => {
    problems.push({ code: 'E_FLAK_DATA', message: `${file}: ${message}` });
  };
  const mounts = [...t.anchors.light.mounts, { gun: t.anchors.heavy.gun, barrels: 1 }];
  for (const m of mounts) if (!t.guns[m.gun]) P(`anchors: no gun '${m.gun}' in guns`);
  if (t.anchors.light.shotDown >= t.anchors.light.attacks) P('anchors.light: shotDown must be fewer than attacks');
  if (problems.length) return err(problems);
  const heavy = Math.round(heavyK(t));
  const light = Math.round(fitLightK(t));
  if (t.kM2.heavy !== heavy) P(`kM2.heavy is ${t.kM2.heavy}; the heavy anchor gives ${heavy}`);
  if (t.kM2.light !== light) P(`kM2.light is ${t.kM2.light}; the light anchor refits to ${light}`);
  return problems.length ? err(problems) : ok(t);
}
