/**
 * `npm run bench:verify [-- --turns N]`: a long game (default 2,000 turns; four real fighters, two
 * players, each plane circling its own patch of sky, guns held) is played through the referee's own
 * turn use case into a SQLite file, orders, events, dice and reports and all.
 * Then `tallyho verify` re-resolves it: in process (verifyGame in a process of its own, as the
 * command runs it, bench/verify-run.ts: the first, cold run, then again until three runs agree, the
 * figure judged; and in the building process), and as the command itself (node bin/tallyho.js
 * verify, process start-up included). Prints turns per second; target: >= 10,000
 * turns/s in process, warm. Asserts nothing about time. KEEP=1 keeps the database.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { silentLog, type AppDeps } from '../src/app/ports/deps.ts';
import { addPlayer, createGame, startGame } from '../src/app/setup/games.ts';
import { resolveReady } from '../src/app/turn/resolve.ts';
import { verifyGame } from '../src/app/history/verify.ts';
import Database from 'better-sqlite3';
import { movementPoints } from '../src/core/impulse/schedule.ts';
import { parseScenario } from '../src/core/scenario.ts';
import type { GameState, PlaneState } from '../src/core/state.ts';
import type { Box } from '../src/orders/ast.ts';
import { formatOrders, type Plot } from '../src/orders/index.ts';
import { loadAircraftDir } from '../src/shell/aircraft/catalog.ts';
import { SqliteStore } from '../src/shell/db/store.ts';
import { createKeys } from '../src/shell/keys.ts';
import { createRenderer } from '../src/shell/render/handlebars.ts';

const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const TURNS = Math.max(1, arg('turns', 2000));
const ROOT = resolve(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'tallyho-bench-verify-'));
const dbPath = join(dir, 'bench.sqlite');

const PLANES = [
  { id: 'A1', side: 'a', type: 'spitfire-1a', at: [25, 30] },
  { id: 'A2', side: 'a', type: 'hurricane-1', at: [25, 70] },
  { id: 'B1', side: 'b', type: 'bf-109e', at: [75, 30] },
  { id: 'B2', side: 'b', type: 'bf-109e', at: [75, 70] },
] as const;

function deps(store: SqliteStore): AppDeps {
  const keys = createKeys({ tokenKey: 'bench-token-key', domain: 'example.test', scryptCost: 1024 });
  return {
    store,
    keys,
    renderer: createRenderer(),
    clock: { now: () => Date.now() },
    log: silentLog,
    referee: { address: 'referee@example.test', rateLimitPerHour: 60 },
  };
}

/**
 * A sustained right turn (S S S TR, over and over, the manoeuvre running on into the next turn),
 * power in the first box when the plane is slower than 5: it circles its patch of sky for ever at
 * the same height.
 */
function orbit(plane: PlaneState): Plot {
  const need = Math.max(0, movementPoints(plane.speed).length - (plane.carry?.boxes.length ?? 0));
  const boxes: Box[] = [];
  while (boxes.length < need || boxes.length % 4 !== 0)
    boxes.push({ man: boxes.length % 4 === 3 ? 'TR' : 'S', alt: 0, power: 0, brake: 0 });
  if (boxes[0] && plane.speed < 50) boxes[0] = { ...boxes[0], power: 1 };
  return { plane: plane.id, bomb: false, boxes };
}

function build(): { turns: number; seconds: number } {
  const catalog = loadAircraftDir();
  const s = parseScenario(
    {
      name: 'Verify bench',
      description: 'Four fighters, each circling its own patch of sky.',
      map: { width: 99, height: 99 },
      options: { combat: 'standard', sequence: 'impulse12' },
      sides: { a: { name: 'A' }, b: { name: 'B' } },
      planes: PLANES.map((p) => ({
        id: p.id,
        side: p.side,
        type: p.type,
        hex: `${String(p.at[0]).padStart(2, '0')}${String(p.at[1]).padStart(2, '0')}`,
        facing: 0,
        altitude: 12000,
        speed: 5,
        bank: 'RB',
      })),
    },
    'bench',
    catalog,
  );
  if (!s.ok) throw new Error(s.error.map((p) => p.message).join('\n'));
  const store = SqliteStore.open(dbPath);
  const d = deps(store);
  const started = performance.now();
  createGame(d, { id: 'long', scenario: s.value, catalog });
  addPlayer(d, { gameId: 'long', playerId: 'a', email: 'a@example.test', planes: ['A1', 'A2'] });
  addPlayer(d, { gameId: 'long', playerId: 'b', email: 'b@example.test', planes: ['B1', 'B2'] });
  startGame(d, 'long');
  let turns = 0;
  for (let turn = 1; turn <= TURNS; turn++) {
    const ok = store.tx((tx) => {
      const game = tx.games.get('long');
      if (game?.status !== 'running') return false;
      const state = (tx.turns.get('long', game.turn) as { state: GameState }).state;
      for (const player of tx.players.list('long')) {
        const mine = state.planes.filter((p) => player.planes.includes(p.id) && p.status === 'flying');
        const plots = mine.map(orbit);
        const env = {
          game: 'long',
          player: player.id,
          secret: '(secret)',
          turn: game.turn,
          plots,
          fire: mine.map((p) => ({ plane: p.id, guns: 'ALL', hold: true, target: 'ANY' })),
          commands: [],
          line: 1,
        };
        tx.orders.insert({
          gameId: 'long',
          playerId: player.id,
          turn: game.turn,
          inboundId: null,
          submittedAt: Date.now(),
          accepted: true,
          canonical: formatOrders([env]),
          orders: { plots: Object.fromEntries(plots.map((p) => [p.plane, p])), fire: env.fire },
          problems: [],
        });
      }
      return resolveReady(d, 'long') !== null;
    });
    if (!ok) break;
    turns = turn;
    if (turn % 250 === 0) process.stderr.write(`  built ${turn} turns\n`);
  }
  store.close();
  return { turns, seconds: (performance.now() - started) / 1000 };
}

function main(): void {
  console.log(`Building a game of ${TURNS} turns (four fighters, two players) in ${dbPath} ...`);
  const built = build();
  console.log(
    `  ${built.turns} turns resolved and reported in ${built.seconds.toFixed(1)} s; database ${(statSync(dbPath).size / 1e6).toFixed(1)} MB`,
  );
  // What a turn costs on disk: the database file over the turns (the game's creation and welcome
  // mails spread over them), and by table (SQLite's dbstat), so the largest is seen at once.
  const perTurn = statSync(dbPath).size / 1024 / built.turns;
  const sizes = new Database(dbPath, { readonly: true });
  const tables = (
    sizes.prepare('SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC LIMIT 4').all() as {
      name: string;
      bytes: number;
    }[]
  )
    .map((r) => `${r.name} ${(r.bytes / 1024 / built.turns).toFixed(1)}`)
    .join(', ');
  sizes.close();
  console.log(
    `stored per resolved turn: ${perTurn.toFixed(1)} KB (database file / turns; by table, KB per turn: ${tables}); target <= 24 KB -> ${perTurn <= 24 ? 'met' : 'NOT met'}`,
  );
  if (built.turns < TURNS) console.log(`  (the game ended after turn ${built.turns})`);

  // verifyGame in process, as `tallyho verify` runs it: in a process of its own (bench/verify-run.ts),
  // cold and then warm (until three runs agree), the warm figure judged. Then once in this process,
  // which has just flown the game's turns through the whole referee (mails, reports, forecasts):
  // V8's compiled core is shaped by all that work here, and the figure shows what it costs.
  const child = spawnSync('node', [join(ROOT, 'bin/run-ts.js'), join(ROOT, 'bench/verify-run.ts'), dbPath], {
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(`bench/verify-run.ts failed: ${child.stderr}`);
  const own = JSON.parse(child.stdout.trim().split('\n').pop() as string) as {
    turns: number;
    differences: number;
    settled: boolean;
    runs: { wall: number; cpu: number }[];
  };
  const rate = (s: number) => Math.round(built.turns / s).toLocaleString('en-US');
  const warm = own.runs.slice(-3);
  const best = Math.min(...warm.map((r) => r.wall));
  console.log(
    `verifyGame (in a process of its own, warm): ${own.turns} turns in ${best.toFixed(3)} s (best of the last 3 of ${own.runs.length} runs${own.settled ? ', within 10% of each other' : ', NOT settled within 20 runs'}) = ${rate(best)} turns/s; ${own.differences} differences`,
  );
  console.log(`  cold (its first run): ${rate(own.runs[0]!.wall)} turns/s`);
  console.log(
    `  turns/s of each run, by wall time / by CPU time (the machine's load average is ${loadavg()[0]?.toFixed(1)} on ${cpus().length} CPUs): ` +
      own.runs.map((r) => `${rate(r.wall)} / ${rate(r.cpu)}`).join(', '),
  );
  const store = SqliteStore.open(dbPath);
  const here: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    verifyGame(deps(store), 'long');
    here.push((performance.now() - t0) / 1000);
  }
  store.close();
  console.log(
    `verifyGame in this process, after building the game through the whole referee: ${here.map(rate).join(', ')} turns/s (3 runs)`,
  );

  const t0 = performance.now();
  const cli = spawnSync('node', [join(ROOT, 'bin/tallyho.js'), 'verify', 'long'], {
    encoding: 'utf8',
    env: { ...process.env, DATABASE_PATH: dbPath },
  });
  const wall = (performance.now() - t0) / 1000;
  console.log(
    `tallyho verify long (the command, start-up included): exit ${cli.status} in ${wall.toFixed(2)} s = ${Math.round(built.turns / wall).toLocaleString('en-US')} turns/s`,
  );
  console.log(
    `  it printed: ${(cli.status === 0 ? cli.stdout : cli.stderr).trim().split('\n').slice(0, 3).join(' | ')}`,
  );
  const bestCpu = Math.min(...warm.map((r) => r.cpu));
  console.log(
    `target: >= 10,000 turns/s -> ${built.turns / best >= 10000 ? 'met' : 'NOT met'} in process, warm (best of the last 3 runs by wall time); ${built.turns / bestCpu >= 10000 ? 'met' : 'NOT met'} per CPU second (the same runs)`,
  );
  if (!process.env.KEEP) rmSync(dir, { recursive: true, force: true });
}

main();
