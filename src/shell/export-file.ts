/**
 * Reading a game export (docs/cli.md, "tallyho export"): the format and version first, then the
 * shape with zod, then that its parts fit together (turns 1..n, each state of its turn, only the
 * last turn open, orders and misses of known players). Every problem is an E_EXPORT_FORMAT error naming where.
 * The states themselves are checked by re-resolving them: `tallyho verify` after an import.
 */
import { z } from 'zod';
import { EXPORT_FORMAT, EXPORT_VERSION, type GameExport } from '../app/history/export.ts';
import { TallyhoError } from './errors.ts';
import {
  CAMPAIGN_EXPORT_FORMAT,
  CAMPAIGN_EXPORT_VERSION,
  type CampaignExport,
  campaignExportProblems,
} from '../app/history/campaign.ts';
import { campaignSchema } from '../core/campaign/spec.ts';
import { STANDIN_LEVELS } from '../core/standin/levels.ts';

const int = z.number().int();
const ms = int.min(0);
const hex64 = z.string().regex(/^[0-9a-f]{64}$/, '64 lower-case hex digits');
const id = z.string().regex(/^[a-z0-9_-]{1,32}$/, 'an id: 1 to 32 lower-case letters, digits, - or _');

const ordersSchema = z.strictObject({
  player: id,
  submittedAt: ms,
  accepted: z.boolean(),
  flown: z.boolean(),
  canonical: z.string(),
  orders: z.strictObject({
    plots: z.record(z.string(), z.looseObject({ plane: z.string() })),
    fire: z.array(z.looseObject({ plane: z.string() })),
    moves: z.array(z.looseObject({ unit: z.string() })).optional(),
    // The two-phase sequence's INITIATIVE choices (seed 003) and the quick game's moves (seed 004).
    initiative: z.record(z.string(), z.enum(['first', 'last'])).optional(),
    quick: z.record(z.string(), z.array(z.looseObject({ kind: z.enum(['F', 'L', 'R']) }))).optional(),
  }),
  problems: z.array(z.string()),
  // Orders the stand-in pilot gave (app/game/standin.ts): why, its version, the planes, its choices.
  standin: z
    .strictObject({
      reason: z.enum(['missed', 'leave', 'computer']),
      version: int.min(1),
      level: z.enum(STANDIN_LEVELS).optional(),
      planes: z.array(z.string()),
      choices: z.array(z.strictObject({ plane: z.string(), text: z.string(), why: z.string() })),
    })
    .optional(),
});

const diceSchema = z.strictObject({
  serverSeed: z.string().regex(/^[0-9a-f]{1,128}$/, 'hex digits'),
  commitment: hex64,
  drawnAt: ms,
  ordersDigest: hex64.nullable(),
  effectiveSeed: hex64.nullable(),
  resolvedAt: ms.nullable(),
});

const stateSchema = z.looseObject({
  version: z.literal(1),
  turn: int.min(1),
  map: z.looseObject({ width: int, height: int }),
  planes: z.array(z.looseObject({ id: z.string(), type: z.string(), status: z.string() })),
  aircraft: z.record(z.string(), z.looseObject({})),
  dice: z.looseObject({ seed: z.string() }),
});

const clockSchema = z.strictObject({
  anchorAt: ms,
  extensions: int.min(0),
  extendedMs: int.min(0),
  pausedMs: int.min(0),
  remindedAt: ms.nullable(),
  lateAt: ms.nullable(),
  hold: z.boolean(),
  reruns: int.min(0),
});

const turnSchema = z.strictObject({
  turn: int.min(1),
  openedAt: ms,
  resolvedAt: ms.nullable(),
  state: stateSchema,
  dice: diceSchema.nullable(),
  orders: z.array(ordersSchema),
  events: z.array(z.looseObject({ impulse: int, phase: z.string(), plane: z.string(), type: z.string() })),
  deadlineAt: ms.nullable(),
  clock: clockSchema.nullable(),
});

const controlSchema = z.strictObject({
  settings: z.looseObject({ zone: z.string(), schedule: z.looseObject({ kind: z.string() }) }),
  gm: z.strictObject({ email: z.string().nullable(), secret: z.boolean() }),
  pausedAt: ms.nullable(),
  pauseReason: z.string().nullable(),
  extensions: int.min(0),
  terminatedAt: ms.nullable(),
  terminateReason: z.string().nullable(),
});

const exportSchema = z.strictObject({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exportedAt: ms,
  game: z.strictObject({
    id,
    name: z.string(),
    status: z.enum(['setup', 'running', 'over']),
    turn: int.min(1),
    seed: z.string(),
    createdAt: ms,
    startedAt: ms.nullable(),
    endedAt: ms.nullable(),
    scenario: z.unknown(),
  }),
  control: controlSchema,
  players: z.array(
    z
      .strictObject({
        id,
        email: z.string(),
        planes: z.array(z.string()),
        createdAt: ms,
        threadRoot: z.string().nullable(),
        zone: z.string().nullable(),
        status: z.enum(['active', 'replaced']),
        waitTurn: int.nullable(),
        // The stand-in (docs/standin.md): who flies the seat, and the player's leave.
        pilot: z.enum(['human', 'computer']).optional(),
        leaveUntil: ms.nullable().optional(),
        leaveUsed: int.min(0).optional(),
      })
      .refine((p) => p.pilot === 'computer' || p.email.length >= 3, {
        message: "a player's address is missing (only the computer's seat has none)",
      }),
  ),
  turns: z.array(turnSchema).min(1),
  misses: z.array(z.strictObject({ turn: int.min(1), player: id, at: ms })),
  joinRequests: z.array(z.strictObject({ player: id, email: z.string(), note: z.string(), requestedAt: ms })),
});

const bad = (name: string, message: string, details: string[] = []): TallyhoError =>
  new TallyhoError('E_EXPORT_FORMAT', `${name}: ${message}; nothing was imported`, details);

/** The parts of a well-shaped export that do not fit together. */
export function exportProblems(data: GameExport): string[] {
  const problems: string[] = [];
  const players = new Set<string>();
  const planes = new Set<string>();
  for (const p of data.players) {
    if (players.has(p.id)) problems.push(`players: '${p.id}' appears twice`);
    players.add(p.id);
    for (const pl of p.planes) {
      if (planes.has(pl)) problems.push(`players: plane ${pl} belongs to two players`);
      planes.add(pl);
    }
  }
  if (data.turns.length !== data.game.turn)
    problems.push(`turns: the game is at turn ${data.game.turn} but the export holds ${data.turns.length} turns`);
  data.turns.forEach((t, i) => {
    const at = `turns[${i}]`;
    if (t.turn !== i + 1) problems.push(`${at}: turn ${t.turn} where turn ${i + 1} belongs (turns run 1, 2, 3 ...)`);
    if (t.state.turn !== t.turn) problems.push(`${at}: its state is of turn ${t.state.turn}`);
    const last = i === data.turns.length - 1;
    if (last && t.resolvedAt !== null)
      problems.push(`${at}: the last turn is resolved, so the state after it is missing`);
    if (!last && t.resolvedAt === null) problems.push(`${at}: turn ${t.turn} is not resolved but later turns follow`);
    if (t.resolvedAt === null && t.events.length) problems.push(`${at}: a turn not resolved has no events`);
    for (const o of t.orders)
      if (!players.has(o.player)) problems.push(`${at}: orders of '${o.player}', who is not a player of the game`);
  });
  for (const m of data.misses) {
    if (!players.has(m.player)) problems.push(`misses: a miss of '${m.player}', who is not a player of the game`);
    if (m.turn > data.turns.length) problems.push(`misses: a miss at turn ${m.turn}, after the last turn`);
  }
  return problems;
}

/** An export's JSON text read, or E_EXPORT_FORMAT. */
function readJson(text: string, name: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw bad(name, `not JSON (${(e as Error).message})`);
  }
}

/** Reads an export from its JSON text; `name` names the file in errors. */
export function parseExport(text: string, name: string): GameExport {
  return checkExport(readJson(text, name), name);
}

/** Checks a game export already read from JSON (a file's, or one game of a campaign export). */
export function checkExport(data: unknown, name: string): GameExport {
  const head = (data ?? {}) as { format?: unknown; version?: unknown };
  if (typeof data !== 'object' || head.format !== EXPORT_FORMAT)
    throw bad(name, `not a Tallyho game export (it has no "format": "${EXPORT_FORMAT}")`);
  if (head.version !== EXPORT_VERSION)
    throw bad(
      name,
      `an export of format version ${JSON.stringify(head.version)}; this Tallyho reads version ${EXPORT_VERSION}`,
    );
  const r = exportSchema.safeParse(data);
  if (!r.success) {
    const details = r.error.issues.slice(0, 20).map((i) => `${i.path.join('.') || '(top)'}: ${i.message}`);
    throw bad(
      name,
      `not a valid game export (${r.error.issues.length} problem${r.error.issues.length === 1 ? '' : 's'})`,
      details,
    );
  }
  const parsed = data as GameExport; // as written: zod's copy would reorder the states' keys
  const problems = exportProblems(parsed);
  if (problems.length) throw bad(name, 'the parts of the export do not fit together', problems.slice(0, 20));
  return parsed;
}

const campaignRowSchema = z.looseObject({
  id,
  name: z.string().min(1).max(120),
  spec: campaignSchema,
  source: z.string().max(120),
  status: z.enum(['running', 'over']),
  assign: z.record(z.string(), z.string()),
  gmEmail: z.string().nullable(),
  createdAt: ms,
  endedAt: ms.nullable(),
  players: z.array(z.strictObject({ id, email: z.string().min(3).max(320) })),
  games: z.array(z.strictObject({ seq: int.min(1), entry: z.string(), gameId: id })),
});

/** Reads a campaign export (docs/cli.md): its campaign part, then each game as a game export. */
export function checkCampaignExport(data: unknown, name: string): CampaignExport {
  const head = (data ?? {}) as { version?: unknown; campaign?: unknown; games?: unknown };
  if (head.version !== CAMPAIGN_EXPORT_VERSION)
    throw bad(
      name,
      `a campaign export of format version ${JSON.stringify(head.version)}; this Tallyho reads version ${CAMPAIGN_EXPORT_VERSION}`,
    );
  const r = campaignRowSchema.safeParse(head.campaign);
  if (!r.success)
    throw bad(
      name,
      'not a valid campaign export',
      r.error.issues.slice(0, 20).map((i) => `campaign.${i.path.join('.')}: ${i.message}`),
    );
  if (!Array.isArray(head.games)) throw bad(name, 'not a valid campaign export: "games" is not a list of game exports');
  const games = head.games.map((g, i) => checkExport(g, `${name} (game ${i + 1})`));
  const parsed = { ...(data as CampaignExport), games };
  const problems = campaignExportProblems(parsed);
  if (problems.length) throw bad(name, 'the parts of the campaign export do not fit together', problems.slice(0, 20));
  return parsed;
}

/** A game's or a campaign's export, by its format. */
export function parseAnyExport(
  text: string,
  name: string,
): { kind: 'game'; data: GameExport } | { kind: 'campaign'; data: CampaignExport } {
  const data = readJson(text, name);
  if ((data as { format?: unknown } | null)?.format === CAMPAIGN_EXPORT_FORMAT)
    return { kind: 'campaign', data: checkCampaignExport(data, name) };
  return { kind: 'game', data: checkExport(data, name) };
}
