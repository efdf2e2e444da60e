/**
 * Running a game: create it from a scenario, add players with their planes (each gets a secret,
 * shown once), start it (every player is mailed a welcome), and its status.
 */
import { turnReadiness } from '../game/deadlines.ts';
import { lastResolvedTurn } from '../archive/games.ts';
import { standsIn } from '../game/standin.ts';
import type { ShipCard } from '../../core/units/types.ts';
import type { BombingTable } from '../../core/ordnance/bombing-table.ts';
import type { TorpedoTable } from '../../core/ordnance/torpedo-table.ts';
import type { FlakTable } from '../../core/flak/table.ts';
import type { SpottingTable } from '../../core/spotting/table.ts';
import type { RocketTable } from '../../core/ordnance/rocket-table.ts';
import type { AircraftCard } from '../../core/aircraft/types.ts';
import type { GameState } from '../../core/state.ts';
import { createGame as createState, type Scenario } from '../../core/scenario.ts';
import { commitmentOf } from '../../core/fair-dice.ts';
import { parseQuickScenario } from '../../core/quick/scenario.ts';
import { quickGameState } from '../../core/quick/game.ts';
import type { QuickCard } from '../../core/quick/types.ts';
import type { PilotState } from '../../core/pilots/quality.ts';
import { AppError, type AppDeps } from '../ports/deps.ts';
import { openTurnDice } from '../game/dice.ts';
import { queueWelcome } from '../mail/messages.ts';
import { hooksGameStarted } from '../hooks/events.ts';
import { maskedAddress } from '../hooks/address.ts';
import { canonicalZone } from '../game/zones.ts';
import type { GameRow, OutboxRow, PlayerRow, StoreTx } from '../ports/store.ts';
import { inPlay } from '../../core/outcome.ts';
import { EMAIL_RE, GM_ID, ID_RE } from '../ports/ids.ts';

/** Whether a game plays the quick game (seed 004): its scenario says `ruleset: quick`. */
export function isQuickGame(tx: StoreTx, id: string): boolean {
  const g = tx.games.get(id.toLowerCase());
  if (!g) return false;
  try {
    return (JSON.parse(g.scenario) as { ruleset?: unknown }).ruleset === 'quick';
  } catch {
    return false;
  }
}

/**
 * Creates a quick game (seed 004, docs/quick.md) from its scenario's data and the quick aircraft:
 * the same game row, turn 1 state and committed dice as any game.
 */
export function createQuickGame(
  deps: AppDeps,
  input: { id: string; data: unknown; file: string; cards: readonly QuickCard[] },
): GameRow {
  if (!ID_RE.test(input.id))
    throw new AppError('E_USAGE', `'${input.id}' is not a game id: 1 to 32 lower-case letters, digits, '-' or '_'`);
  const parsed = parseQuickScenario(input.data, input.file, input.cards, '');
  if (!parsed.ok)
    throw new AppError(
      'E_USAGE',
      `${input.file} is not a valid quick-game scenario`,
      parsed.error.map((p) => p.message),
    );
  const { scenario, state: qs } = parsed.value;
  const serverSeed = deps.keys.newSeed();
  const state = quickGameState(qs, scenario.sides);
  const now = deps.clock.now();
  return deps.store.tx((tx) => {
    if (tx.games.get(input.id)) throw new AppError('E_STATE', `a game '${input.id}' exists already`);
    tx.games.insert({
      id: input.id,
      name: scenario.name,
      scenario: JSON.stringify(scenario),
      status: 'setup',
      turn: 1,
      seed: commitmentOf(serverSeed),
      createdAt: now,
    });
    tx.turns.insert(input.id, 1, state, now);
    openTurnDice(deps, tx, input.id, 1, serverSeed);
    return requireGame(tx, input.id);
  });
}

export function requireGame(tx: StoreTx, id: string): GameRow {
  const g = tx.games.get(id);
  if (!g) throw new AppError('E_NOT_FOUND', `there is no game '${id}' (tallyho game create makes one)`);
  return g;
}

export function createGame(
  deps: AppDeps,
  input: {
    id: string;
    scenario: Scenario;
    catalog: ReadonlyMap<string, AircraftCard>;
    ships?: ReadonlyMap<string, ShipCard>;
    bombing?: BombingTable;
    torpedoes?: TorpedoTable;
    flak?: FlakTable;
    spotting?: SpottingTable;
    rockets?: RocketTable;
    pilots?: ReadonlyMap<string, PilotState>;
  },
): GameRow {
  if (!ID_RE.test(input.id))
    throw new AppError('E_USAGE', `'${input.id}' is not a game id: 1 to 32 lower-case letters, digits, '-' or '_'`);
  // The seed of turn 1's dice stays secret until turn 1 is resolved: the state and the game row
  // hold none of it (docs/fair-dice.md); games.seed keeps the public commitment.
  const serverSeed = deps.keys.newSeed();
  const made = createState(input.scenario, input.catalog, '', input.ships, input.bombing, input.torpedoes, {
    ...(input.flak ? { flak: input.flak } : {}),
    ...(input.spotting ? { spotting: input.spotting } : {}),
    ...(input.rockets ? { rockets: input.rockets } : {}),
  });
  // A campaign's game: its roster's pilots fly the planes (docs/campaigns.md), every one rated.
  const pilots = input.pilots;
  const state = pilots
    ? {
        ...made,
        options: { ...made.options, pilots: true },
        planes: made.planes.map((p) => ({
          ...p,
          pilot: pilots.get(p.id) ?? p.pilot ?? { quality: 'regular' as const },
        })),
      }
    : made;
  const now = deps.clock.now();
  return deps.store.tx((tx) => {
    if (tx.games.get(input.id)) throw new AppError('E_STATE', `a game '${input.id}' exists already`);
    const row = {
      id: input.id,
      name: input.scenario.name,
      scenario: JSON.stringify(input.scenario),
      status: 'setup' as const,
      turn: 1,
      seed: commitmentOf(serverSeed),
      createdAt: now,
    };
    tx.games.insert(row);
    tx.turns.insert(input.id, 1, state, now);
    openTurnDice(deps, tx, input.id, 1, serverSeed);
    return requireGame(tx, input.id);
  });
}

export interface AddPlayerInput {
  gameId: string;
  playerId: string;
  email: string;
  planes: string[];
  /** The player's time zone (IANA) for deadlines in mail; the game's when not given. */
  zone?: string | null;
}

/** Adds a player; returns the secret, which is not stored and cannot be shown again. */
export function addPlayer(deps: AppDeps, input: AddPlayerInput): { player: PlayerRow; secret: string } {
  const playerId = input.playerId.toLowerCase();
  const email = input.email.trim().toLowerCase();
  if (!ID_RE.test(playerId))
    throw new AppError('E_USAGE', `'${input.playerId}' is not a player id: 1 to 32 letters, digits, '-' or '_'`);
  if (playerId === GM_ID)
    throw new AppError('E_USAGE', `'${GM_ID}' is the game master's id in envelopes; choose another player id`);
  if (!EMAIL_RE.test(email)) throw new AppError('E_USAGE', `'${input.email}' is not a mail address`);
  if (email === deps.referee.address) throw new AppError('E_USAGE', `${email} is the referee's own address`);
  const planes = [...new Set(input.planes.map((p) => p.trim().toUpperCase()).filter(Boolean))];
  if (!planes.length) throw new AppError('E_USAGE', 'give the player at least one plane: --planes R1,R2');
  const zone = input.zone ? canonicalZone(input.zone) : null;
  if (input.zone && !zone)
    throw new AppError(
      'E_USAGE',
      `'${input.zone}' is not a time zone name (for example Europe/Berlin, America/New_York)`,
    );
  const secret = deps.keys.newSecret();
  const secretHash = deps.keys.hashSecret(secret);
  const player = deps.store.tx((tx) => {
    const game = requireGame(tx, input.gameId);
    if (game.status !== 'setup')
      throw new AppError('E_STATE', `game '${game.id}' has started; players join before tallyho game start`);
    if (tx.players.get(game.id, playerId))
      throw new AppError('E_STATE', `game '${game.id}' has a player '${playerId}' already`);
    const state = tx.turns.get(game.id, game.turn)?.state;
    const taken = new Map(tx.players.list(game.id).flatMap((p) => p.planes.map((id) => [id, p.id] as const)));
    const problems: string[] = [];
    for (const id of planes) {
      const units = state?.units ?? [];
      if (!state?.planes.some((p) => p.id === id) && !units.some((u) => u.id === id)) {
        problems.push(
          `there is no plane ${id} in this game (planes: ${state?.planes.map((p) => p.id).join(', ')}${units.length ? `; trucks, tanks and ships: ${units.map((u) => u.id).join(', ')}` : ''})`,
        );
      } else if (taken.has(id)) problems.push(`${id} belongs to player '${taken.get(id)}' already`);
    }
    if (problems.length) throw new AppError('E_USAGE', `cannot add player '${playerId}'`, problems);
    tx.players.insert({ gameId: game.id, id: playerId, email, secretHash, createdAt: deps.clock.now(), planes, zone });
    return tx.players.get(game.id, playerId) as PlayerRow;
  });
  return { player, secret };
}

/** A muster before turn 1 as it stands (muster.ts): its limit, who is ready and who is still to answer. */
export interface MusterState {
  gameId: string;
  openedAt: number;
  until: number;
  /** When the players not ready were reminded (once a muster), or null. */
  remindedAt: number | null;
  /** When the game master was told who is missing at the limit, or null. */
  toldAt: number | null;
  /** The seats ready: the players who answered READY (`at`), and the computer's seats (`at` null), which need not. */
  ready: { player: PlayerRow; at: number | null }[];
  /** The players who have not answered READY yet. */
  missing: PlayerRow[];
}

/** The game's open muster, or null. */
export function musterState(tx: StoreTx, gameId: string): MusterState | null {
  const m = tx.club.muster(gameId);
  if (!m) return null;
  const said = tx.club.ready(gameId);
  const ready: MusterState['ready'] = [];
  const missing: PlayerRow[] = [];
  for (const p of tx.players.list(gameId)) {
    if (p.pilot === 'computer' || !p.email) ready.push({ player: p, at: null });
    else if (said.has(p.id)) ready.push({ player: p, at: said.get(p.id) as number });
    else missing.push(p);
  }
  return { ...m, ready, missing };
}

/**
 * Whether the game may start: in setup, with players, every plane owned. The same checks for START
 * and for a muster (muster.ts); throws an AppError saying what is missing.
 */
export function checkStart(tx: StoreTx, gameId: string): { game: GameRow; players: PlayerRow[]; state: GameState } {
  const game = requireGame(tx, gameId);
  if (game.status !== 'setup') throw new AppError('E_STATE', `game '${game.id}' has started already`);
  const players = tx.players.list(game.id);
  const state = tx.turns.get(game.id, game.turn)?.state;
  if (!state) throw new AppError('E_STATE', `game '${game.id}' has no state for turn ${game.turn}`);
  const owned = new Set(players.flatMap((p) => p.planes));
  const free = state.planes.filter((p) => !owned.has(p.id)).map((p) => p.id);
  if (!players.length) throw new AppError('E_STATE', `game '${game.id}' has no players (tallyho player add)`);
  if (free.length)
    throw new AppError('E_STATE', `every plane needs a player before the game starts; nobody flies ${free.join(', ')}`);
  return { game, players, state };
}

/**
 * Starts the game: checks every plane has a player, mails every player the welcome. A muster still
 * open (muster.ts) is closed: `notReady` names its players who had not answered READY.
 */
export function startGame(deps: AppDeps, gameId: string): { game: GameRow; welcomes: number; notReady: string[] } {
  return deps.store.tx((tx) => {
    const { game, players, state } = checkStart(tx, gameId);
    const muster = musterState(tx, game.id);
    const notReady = muster ? muster.missing.map((p) => p.id) : [];
    if (muster) tx.club.closeMuster(game.id);
    tx.games.update(game.id, { status: 'running', startedAt: deps.clock.now() });
    const running = requireGame(tx, game.id);
    for (const p of players) queueWelcome(deps, tx, running, p, state);
    hooksGameStarted(deps, tx, running);
    return { game: running, welcomes: players.filter((p) => p.email).length, notReady };
  });
}

/** START during a muster: the line about the players who had not answered READY. */
export const startedWithout = (notReady: readonly string[]): string[] =>
  notReady.length
    ? [
        `The muster is closed without the READY of ${notReady.join(', ')}: their turns go by the game's missed setting when their orders are not in.`,
      ]
    : [];

export interface PlayerStatus {
  id: string;
  email: string;
  planes: string[];
  /** Whether orders for the current turn are in (always true for a player with nothing flying). */
  ordersIn: boolean;
  submittedAt: number | null;
  flying: number;
  /** 'computer' or 'leave': the stand-in flies the player's planes (app/game/standin.ts), the turn does not wait for him. */
  standin: 'computer' | 'leave' | null;
}

export interface GameStatusView {
  game: GameRow;
  /** The last turn resolved (0: none). */
  lastTurn: number;
  /** Every seat of the running turn flown by the stand-in: it waits for its deadline or PROCESS. */
  standinOnly: boolean;
  players: PlayerStatus[];
  outbox: Record<'pending' | 'sent' | 'dead', number>;
  deadLetters: OutboxRow[];
  /** The notifications beside the mail (docs/notifications.md): their deliveries, and the hooks in use or given up. */
  notifications: {
    pending: number;
    sent: number;
    dead: number;
    hooks: { owner: string; format: string; address: string; status: string; reason: string | null }[];
  };
  /** The muster before turn 1, while one is open: its limit, who said READY when (null: the computer's seat), who has not. */
  muster: {
    until: number;
    toldAt: number | null;
    ready: { id: string; at: number | null }[];
    missing: string[];
  } | null;
}

export function gameStatus(deps: AppDeps, gameId: string): GameStatusView {
  return deps.store.tx((tx) => {
    const game = requireGame(tx, gameId);
    const state = tx.turns.get(game.id, game.turn)?.state;
    const latest = tx.orders.latestAccepted(game.id, game.turn);
    const players = tx.players.list(game.id).map((p) => {
      const n = state ? inPlay(state, p.planes) : 0;
      const o = latest.get(p.id);
      return {
        id: p.id,
        email: p.email,
        planes: p.planes,
        ordersIn: n === 0 || !!o,
        submittedAt: o?.submittedAt ?? null,
        flying: n,
        standin: standsIn(p, deps.clock.now()),
      };
    });
    const m = musterState(tx, game.id);
    const muster = m && {
      until: m.until,
      toldAt: m.toldAt,
      ready: m.ready.map((r) => ({ id: r.player.id, at: r.at })),
      missing: m.missing.map((p) => p.id),
    };
    // Every seat flown by the stand-in (the computer's, or on leave): the turn waits for its deadline or PROCESS (deadlines.ts turnReadiness).
    const standinOnly = game.status === 'running' && turnReadiness(tx, game, deps.clock.now()).standinOnly;
    return {
      game,
      lastTurn: lastResolvedTurn(tx, game),
      standinOnly,
      players,
      outbox: tx.outbox.counts(game.id),
      deadLetters: tx.outbox.list({ gameId: game.id, status: 'dead' }),
      notifications: notificationsOf(tx, game.id),
      muster,
    };
  });
}

/** A game's notifications for its game master: the deliveries counted, and every hook in use or given up, masked. */
export function notificationsOf(tx: StoreTx, gameId: string): GameStatusView['notifications'] {
  const hooks = tx.club
    .hooks(gameId)
    .filter((h) => h.status !== 'off')
    .map((h) => ({
      owner: h.playerId ?? '(the game)',
      format: h.format,
      address: maskedAddress(h.url),
      status: h.status === 'dead' ? 'given up' : 'active',
      reason: h.deadReason,
    }));
  return { ...tx.club.deliveryCounts(gameId), hooks };
}

/** The notifications as lines of text (tallyho game status, the game master's STATUS); none when there are none. */
export function notificationLines(n: GameStatusView['notifications']): string[] {
  if (!n.hooks.length && !n.sent && !n.pending && !n.dead) return [];
  return [
    `Notifications (docs/notifications.md): ${n.sent} delivered, ${n.pending} waiting, ${n.dead} not delivered`,
    ...n.hooks.map(
      (h) =>
        `  ${h.owner.padEnd(12)} ${h.format.padEnd(10)} ${h.address} ${h.status}${h.reason ? `: ${h.reason}` : ''}`,
    ),
  ];
}
