/**
 * A campaign file (docs/campaigns.md): scenarios played in order or by branches, by the same
 * players with the same rosters of pilots, scored in victory points. Validated with zod, every
 * problem at once, like a scenario (core/scenario.ts).
 */
import { z } from 'zod';
import { QUALITIES } from '../pilots/quality.ts';
import { DOC_REFS } from '../doc-refs.ts';
import { err, ok, type Problem, type Result, schemaProblems } from '../result.ts';

const ID = /^[a-z][a-z0-9_-]{0,31}$/;
const idText = '1 to 32 lower-case letters, digits, - or _, starting with a letter';

const pilotSchema = z.strictObject({
  name: z.string().min(1).max(40),
  quality: z.enum(QUALITIES).default('regular'),
  crackShot: z.boolean().optional(),
  keenEyes: z.boolean().optional(),
});

export const campaignSchema = z.strictObject({
  name: z.string().min(1).max(120),
  description: z.string().max(4000).optional(),
  /** When a game ends: start the next at once (auto), or when the game master says (gm, the default). */
  next: z.enum(['auto', 'gm']).default('gm'),
  /** Victory points (docs/campaigns.md "Victory points"). */
  victory: z
    .strictObject({
      plane: z.number().int().min(0).max(100).default(1),
      bomber: z.number().int().min(0).max(100).default(2),
      unit: z.number().int().min(0).max(100).default(3),
      win: z.number().int().min(0).max(100).default(2),
    })
    .default({ plane: 1, bomber: 2, unit: 3, win: 2 }),
  /** The sides' names for the standing; when left out, the first scenario's (copied in at creation). */
  sides: z.record(z.string(), z.string().min(1).max(60)).optional(),
  /** Player slots: the game master binds each to an address. */
  players: z.record(
    z.string().regex(ID, `player ids are ${idText}`),
    z.strictObject({
      side: z.string(),
      /** The nation whose names replacements get (data/pilots/names.yaml). */
      nation: z.string().max(40).optional(),
      pilots: z.array(pilotSchema).min(1).max(60),
      /** Names for the recruits who join, in order; when left out, the nation's (copied in at creation, so they never change under a campaign). */
      recruits: z.array(z.string().min(1).max(40)).max(500).optional(),
    }),
  ),
  scenarios: z
    .array(
      z.strictObject({
        id: z.string().regex(ID, `scenario ids are ${idText}`),
        /** A scenario of the installation (scenarios/<name>.yaml). */
        scenario: z.string().min(1).max(120),
        /** Which player flies which planes (and commands which trucks, tanks and ships); default: each side's dealt to its players in turn. */
        planes: z.record(z.string(), z.array(z.string()).min(1).max(60)).optional(),
        /** The next scenario by the game's winner (a side id), `draw` when nobody won; `end` ends the campaign. Default: the next in the list. */
        next: z.record(z.string(), z.string()).optional(),
      }),
    )
    .min(1)
    .max(100),
});

export type CampaignSpec = z.infer<typeof campaignSchema>;
export type CampaignScenario = CampaignSpec['scenarios'][number];

/** The word that ends a campaign in a `next`. */
export const END = 'end';

/**
 * Reads a campaign file. `sidesOf` gives a scenario's sides and planes (by the scenario's name) or
 * a problem text, so that the file is checked against the scenarios it names.
 */
export function parseCampaign(
  data: unknown,
  file: string,
  sidesOf: (scenario: string) => { sides: string[]; planes: { id: string; side: string }[] } | string,
): Result<CampaignSpec, Problem[]> {
  const r = campaignSchema.safeParse(data);
  if (!r.success) return err(schemaProblems('E_CAMPAIGN', file, r.error.issues));
  const c = r.data;
  const out: Problem[] = [];
  const P = (path: string, message: string) =>
    out.push({ code: 'E_CAMPAIGN', see: DOC_REFS.campaigns, message: `${file}: ${path}: ${message}` });
  const sides = new Set(Object.values(c.players).map((p) => p.side));
  const ids = new Set<string>();
  c.scenarios.forEach((s, i) => {
    const at = `scenarios[${i}]`;
    if (ids.has(s.id)) P(`${at}.id`, `'${s.id}' is used twice`);
    ids.add(s.id);
    const sc = sidesOf(s.scenario);
    if (typeof sc === 'string') {
      P(`${at}.scenario`, sc);
      return;
    }
    for (const side of sides)
      if (!sc.sides.includes(side))
        P(`${at}.scenario`, `scenario '${s.scenario}' has no side '${side}' (its sides: ${sc.sides.join(', ')})`);
    for (const side of sc.sides) {
      if (!sides.has(side))
        P(`${at}.scenario`, `scenario '${s.scenario}' has a side '${side}' that no player of the campaign plays`);
    }
    if (s.planes) {
      const given = new Map<string, string>();
      for (const [player, planes] of Object.entries(s.planes)) {
        const slot = c.players[player];
        if (!slot) {
          P(
            `${at}.planes.${player}`,
            `no player '${player}' in the campaign (players: ${Object.keys(c.players).join(', ')})`,
          );
          continue;
        }
        for (const id of planes) {
          const plane = sc.planes.find((p) => p.id === id);
          if (!plane) P(`${at}.planes.${player}`, `scenario '${s.scenario}' has no plane '${id}'`);
          else if (plane.side !== slot.side)
            P(
              `${at}.planes.${player}`,
              `${id} is a plane of side '${plane.side}', not of ${player}'s side '${slot.side}'`,
            );
          if (given.has(id)) P(`${at}.planes.${player}`, `${id} is given to ${given.get(id)} already`);
          given.set(id, player);
        }
      }
      for (const p of sc.planes)
        if (!given.has(p.id))
          P(`${at}.planes`, `${p.id} is given to no player: with planes:, every plane of the scenario is`);
    }
  });
  c.scenarios.forEach((s, i) => {
    for (const [key, to] of Object.entries(s.next ?? {})) {
      if (key !== 'draw' && !sides.has(key))
        P(`scenarios[${i}].next.${key}`, `'${key}' is not a side (sides: ${[...sides].join(', ')}) or draw`);
      if (to !== END && !ids.has(to))
        P(`scenarios[${i}].next.${key}`, `no scenario '${to}' in the campaign (or ${END})`);
    }
  });
  if (sides.size < 2) P('players', 'a campaign needs players on two sides or more');
  return out.length ? err(out) : ok(c);
}

/**
 * The scenario after `current` was won by `winner` (null: nobody): its `next` for the winner, or
 * for a draw, or else the next in the list; null when the campaign ends.
 */
export function nextScenario(c: CampaignSpec, current: string, winner: string | null): CampaignScenario | null {
  const i = c.scenarios.findIndex((s) => s.id === current);
  const s = c.scenarios[i];
  if (!s) return null;
  const branch = s.next?.[winner ?? 'draw'];
  if (branch === END) return null;
  if (branch) return c.scenarios.find((x) => x.id === branch) ?? null;
  return c.scenarios[i + 1] ?? null;
}

/**
 * Which player flies which planes of a scenario: the campaign's `planes`, or else each side's
 * planes (in the scenario's order) dealt to the side's players (in the file's order) in turn.
 */
export function planesOfPlayers(
  c: CampaignSpec,
  entry: CampaignScenario,
  planes: readonly { id: string; side: string }[],
): Map<string, string[]> {
  const out = new Map(Object.keys(c.players).map((p) => [p, [] as string[]]));
  if (entry.planes) {
    for (const [player, ids] of Object.entries(entry.planes)) out.set(player, [...ids]);
    return out;
  }
  const bySide = new Map<string, string[]>();
  for (const [id, slot] of Object.entries(c.players)) bySide.set(slot.side, [...(bySide.get(slot.side) ?? []), id]);
  const dealt = new Map<string, number>();
  for (const p of planes) {
    const players = bySide.get(p.side) ?? [];
    if (!players.length) continue;
    const n = dealt.get(p.side) ?? 0;
    dealt.set(p.side, n + 1);
    out.get(players[n % players.length] as string)?.push(p.id);
  }
  return out;
}
