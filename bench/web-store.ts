/**
 * A big store for the web archive's benchmark (bench/web.bench.ts): `games` games of `turns`
 * resolved turns each. A few template games are played for real through the referee's own use
 * cases (createGame, addPlayer, startGame, accepted orders, resolveReady: states, events, dice,
 * clocks and report mails as the referee writes them), two players a game flying random legal plots
 * with their guns free; then every other game is copied from a template with SQL, ids, names,
 * addresses and times shifted, so that 200,000 turns take seconds, not hours.
 */
import { statSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { silentLog, type AppDeps } from '../src/app/ports/deps.ts';
import { addPlayer, createGame, startGame } from '../src/app/setup/games.ts';
import { resolveReady } from '../src/app/turn/resolve.ts';
import type { AircraftCard } from '../src/core/aircraft/types.ts';
import { movementPoints } from '../src/core/impulse/schedule.ts';
import { planTurn } from '../src/core/movement/plan.ts';
import { parseScenario, type Scenario } from '../src/core/scenario.ts';
import type { GameState, PlaneState } from '../src/core/state.ts';
import type { Box, FireOrder, Plot } from '../src/orders/ast.ts';
import { formatOrders } from '../src/orders/index.ts';
import { loadAircraftDir } from '../src/shell/aircraft/catalog.ts';
import { SqliteStore } from '../src/shell/db/store.ts';
import { createKeys } from '../src/shell/keys.ts';
import { createRenderer } from '../src/shell/render/handlebars.ts';
import { randomPlot, rng } from './random-plots.ts';

const START = Date.UTC(2025, 0, 6, 18, 0);
const DAY = 86_400_000;

export interface BuildOptions {
  games: number;
  turns: number;
  /** Games played for real; the others are copies of them. */
  templates: number;
}

export interface BuiltStore {
  games: number;
  resolvedTurns: number;
  templates: number;
  seconds: number;
  megabytes: number;
}

export const gameId = (n: number): string => `g${String(n).padStart(5, '0')}`;

/**
 * A furball over a 36 x 28 map: four fighters banked right, each circling its own patch of sky in
 * the middle of the map (so that they stay on it for 20 turns and more), close enough to shoot.
 */
const PLANES = [
  { id: 'W1', side: 'usmc', type: 'f4f-4', hex: '1210' },
  { id: 'W2', side: 'usmc', type: 'f4f-4', hex: '2016' },
  { id: 'Z1', side: 'ijn', type: 'a6m2', hex: '1216' },
  { id: 'Z2', side: 'ijn', type: 'a6m2', hex: '2010' },
] as const;

function furball(catalog: ReadonlyMap<string, AircraftCard>): Scenario {
  const s = parseScenario(
    {
      name: 'Cactus furball',
      description: 'Two Wildcats and two Zeros circle over Guadalcanal, guns free.',
      map: { width: 36, height: 28 },
      options: { combat: 'standard', sequence: 'impulse12' },
      sides: { usmc: { name: 'US Marine Corps' }, ijn: { name: 'Imperial Japanese Navy' } },
      planes: PLANES.map((p) => ({ ...p, facing: 0, altitude: 12000, speed: 5, bank: 'RB' })),
    },
    'bench',
    catalog,
  );
  if (!s.ok) throw new Error(s.error.map((p) => p.message).join('\n'));
  return s.value;
}

/** A sustained right turn (S S S TR over and over), power in the first box when slow. */
function orbit(plane: PlaneState): Plot {
  const need = Math.max(0, movementPoints(plane.speed).length - (plane.carry?.boxes.length ?? 0));
  const boxes: Box[] = [];
  while (boxes.length < need || boxes.length % 4 !== 0)
    boxes.push({ man: boxes.length % 4 === 3 ? 'TR' : 'S', alt: 0, power: 0, brake: 0 });
  if (boxes[0] && plane.speed < 50) boxes[0] = { ...boxes[0], power: 1 };
  return { plane: plane.id, bomb: false, boxes };
}

/** Mostly the orbit, now and then a random legal plot. */
function plotFor(state: GameState, plane: PlaneState, r: () => number): Plot {
  const o = orbit(plane);
  return r() < 0.9 && planTurn(state, plane, o).ok ? o : randomPlot(state, plane, r);
}

/** Plays one template game, `turns` turns if it lasts; returns the turns resolved. */
function playTemplate(store: SqliteStore, id: string, turns: number, seed: number): number {
  let now = START;
  const keys = createKeys({ tokenKey: 'bench-token-key', domain: 'example.test', scryptCost: 1024 });
  const deps: AppDeps = {
    store,
    keys,
    renderer: createRenderer(),
    clock: { now: () => now },
    log: silentLog,
    referee: { address: 'referee@example.test', rateLimitPerHour: 60 },
  };
  const catalog = loadAircraftDir();
  createGame(deps, { id, scenario: furball(catalog), catalog });
  addPlayer(deps, { gameId: id, playerId: 'usmc', email: 'usmc@example.test', planes: ['W1', 'W2'] });
  addPlayer(deps, { gameId: id, playerId: 'ijn', email: 'ijn@example.test', planes: ['Z1', 'Z2'] });
  startGame(deps, id);
  const r = rng(seed);
  let done = 0;
  for (let turn = 1; turn <= turns; turn++) {
    now += 2 * DAY;
    const resolved = store.tx((tx) => {
      const game = tx.games.get(id);
      if (game?.status !== 'running') return false;
      const state = (tx.turns.get(id, game.turn) as { state: GameState }).state;
      for (const player of tx.players.list(id)) {
        const mine = state.planes.filter((p) => player.planes.includes(p.id) && p.status === 'flying');
        const plots = mine.map((p) => plotFor(state, p, r));
        const fire: FireOrder[] = mine.map((p) => ({ plane: p.id, guns: 'ALL', hold: false, target: 'ANY' }));
        const env = {
          game: id,
          player: player.id,
          secret: '(secret)',
          turn: game.turn,
          plots,
          fire,
          commands: [],
          line: 1,
        };
        tx.orders.insert({
          gameId: id,
          playerId: player.id,
          turn: game.turn,
          inboundId: null,
          submittedAt: now - DAY,
          accepted: true,
          canonical: formatOrders([env]),
          orders: { plots: Object.fromEntries(plots.map((p) => [p.plane, p])), fire },
          problems: [],
        });
      }
      return resolveReady(deps, id, { withDefaults: true }) !== null;
    });
    if (!resolved) break;
    done = turn;
  }
  return done;
}

/** Columns of a table, in order. */
const columns = (store: SqliteStore, table: string): string[] =>
  (store.db.prepare(`SELECT name FROM pragma_table_info('${table}')`).all() as { name: string }[]).map((c) => c.name);

/**
 * Copies game `from`+`to` from their templates: every column as it is, but the game id (`game_id`,
 * `id` of games), the game's name, the players' addresses, and every time (shifted per game so the
 * games do not all share one moment).
 */
function copyGames(store: SqliteStore, from: number, to: number, templates: number, spread: number): void {
  const times = /_at$/;
  const seq = `WITH RECURSIVE seq(n) AS (SELECT ${from} UNION ALL SELECT n + 1 FROM seq WHERE n < ${to}),
    src AS (SELECT n, printf('g%05d', n) AS id, printf('g%05d', (n - 1) % ${templates} + 1) AS tpl,
      ((n * 7919) % ${spread}) * 900000 AS shift FROM seq)`;
  const copy = (table: string, key: string, rewrite: Record<string, string> = {}) => {
    const cols = columns(store, table).filter(
      (c) => !(table === 'orders' && c === 'id') && !(table === 'games' && c === 'activity_at'),
    );
    const values = cols.map(
      (c) => rewrite[c] ?? (c === key ? 'src.id' : times.test(c) ? `t.${c} + src.shift` : `t.${c}`),
    );
    store.db.exec(
      `${seq} INSERT INTO ${table} (${cols.join(', ')}) SELECT ${values.join(', ')} FROM src JOIN ${table} t ON t.${key} = src.tpl`,
    );
  };
  copy('games', 'id', { name: "t.name || ' ' || src.n" });
  copy('players', 'game_id', { email: "replace(t.email, '@', '+' || src.n || '@')" });
  copy('planes', 'game_id');
  copy('turns', 'game_id');
  copy('events', 'game_id');
  copy('turn_dice', 'game_id');
  copy('orders', 'game_id', { inbound_id: 'NULL' });
  copy('game_control', 'game_id');
  copy('turn_clock', 'game_id');
}

export function buildArchiveStore(
  path: string,
  o: BuildOptions,
  progress: (line: string) => void = () => {},
): BuiltStore {
  const started = performance.now();
  const store = SqliteStore.open(path);
  try {
    store.db.pragma('synchronous = OFF');
    const templates = Math.min(o.templates, o.games);
    let resolvedTurns = 0;
    for (let t = 1; t <= templates; t++) {
      let played = 0;
      for (let attempt = 0; played < o.turns && attempt < 20; attempt++) {
        if (attempt)
          store.tx(() => {
            deleteGame(store, gameId(t));
          });
        played = playTemplate(store, gameId(t), o.turns, t * 1000 + attempt);
      }
      resolvedTurns += played;
      progress(`  template ${gameId(t)}: ${played} turns played`);
    }
    const perTemplate = resolvedTurns / Math.max(1, templates);
    const batch = 1000;
    for (let from = templates + 1; from <= o.games; from += batch) {
      const to = Math.min(o.games, from + batch - 1);
      store.tx(() => copyGames(store, from, to, templates, o.games));
      progress(`  copied up to ${gameId(to)}`);
    }
    resolvedTurns += (o.games - templates) * perTemplate;
    store.db.pragma('wal_checkpoint(TRUNCATE)');
    store.db.exec('ANALYZE');
    return {
      games: o.games,
      resolvedTurns,
      templates,
      seconds: (performance.now() - started) / 1000,
      megabytes: statSync(path).size / 1e6,
    };
  } finally {
    store.close();
  }
}

/** Removes a template game that ended too early, to play it again with other dice. */
function deleteGame(store: SqliteStore, id: string): void {
  for (const table of [
    'turn_clock',
    'game_control',
    'misses',
    'orders',
    'turn_dice',
    'events',
    'turns',
    'planes',
    'players',
    'outbox',
    'games',
  ]) {
    store.db.prepare(`DELETE FROM ${table} WHERE ${table === 'games' ? 'id' : 'game_id'} = ?`).run(id);
  }
}
