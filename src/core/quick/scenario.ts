/**
 * A quick-game scenario (seed 004 "Setup"; docs/quick.md): `ruleset: quick`, a map, the sides, and
 * each aircraft with its card (data/quick/aircraft.yaml), hex, facing and SPEED.
 */
import { z } from 'zod';
import { parseHexLabel, toColRow } from '../hex/coords.ts';
import { err, ok, type Problem, type Result, schemaProblems } from '../result.ts';
import type { QuickCard, QuickState } from './types.ts';

const schema = z.strictObject({
  name: z.string().min(1).max(120),
  description: z.string().max(4000).optional(),
  ruleset: z.literal('quick'),
  map: z.strictObject({ width: z.number().int().min(5).max(99), height: z.number().int().min(5).max(99) }),
  sides: z.record(z.string().regex(/^[a-z][a-z0-9_-]{0,15}$/), z.strictObject({ name: z.string().min(1).max(60) })),
  planes: z
    .array(
      z.strictObject({
        id: z.string().regex(/^[A-Z][A-Z0-9_-]{0,5}$/, 'ids are 1-6 capitals, digits, - or _, starting with a letter'),
        side: z.string(),
        card: z.string(),
        hex: z.string(),
        facing: z.number().int().min(0).max(11),
        speed: z.number().int().min(1).max(5),
      }),
    )
    .min(1)
    .max(100),
});

export type QuickScenario = z.infer<typeof schema>;

export function parseQuickScenario(
  data: unknown,
  file: string,
  cards: readonly QuickCard[],
  seed: string,
): Result<{ scenario: QuickScenario; state: QuickState }, Problem[]> {
  const r = schema.safeParse(data);
  if (!r.success) return err(schemaProblems('E_SCENARIO', file, r.error.issues));
  const s = r.data;
  const problems: Problem[] = [];
  const P = (at: string, message: string): void => {
    problems.push({ code: 'E_SCENARIO', message: `${file}: ${at}: ${message}` });
  };
  const byId = new Map(cards.map((c) => [c.id, c]));
  const ids = new Set<string>();
  s.planes.forEach((p, i) => {
    const at = `planes[${i}] (${p.id})`;
    if (ids.has(p.id)) P(`${at}.id`, `id ${p.id} is used twice`);
    ids.add(p.id);
    if (!(p.side in s.sides)) P(`${at}.side`, `no side '${p.side}' (sides: ${Object.keys(s.sides).join(', ')})`);
    const card = byId.get(p.card);
    if (!card)
      P(`${at}.card`, `no quick aircraft '${p.card}' (data/quick/aircraft.yaml: ${[...byId.keys()].join(', ')})`);
    else if (p.speed > card.engine)
      P(`${at}.speed`, `SPEED ${p.speed} is more than the ${card.name}'s ENGINE ${card.engine}`);
    const h = parseHexLabel(p.hex);
    if (!h) P(`${at}.hex`, `'${p.hex}' is not a hex label like 0712`);
    else {
      const { col, row } = toColRow(h);
      if (col < 1 || row < 1 || col > s.map.width || row > s.map.height)
        P(`${at}.hex`, `${p.hex} is off the ${s.map.width}x${s.map.height} map`);
    }
  });
  if (problems.length) return err(problems);
  const state: QuickState = {
    turn: 1,
    map: { ...s.map },
    cards: Object.fromEntries(s.planes.map((p) => [p.card, byId.get(p.card) as QuickCard])),
    planes: s.planes.map((p) => {
      const card = byId.get(p.card) as QuickCard;
      return {
        id: p.id,
        side: p.side,
        card: p.card,
        hex: parseHexLabel(p.hex) as { q: number; r: number },
        facing: p.facing,
        nextRight: true,
        speed: p.speed,
        engine: card.engine,
        fuselage: card.fuselage,
        lost: [],
        status: 'flying' as const,
      };
    }),
    dice: { seed },
  };
  return ok({ scenario: s, state });
}
