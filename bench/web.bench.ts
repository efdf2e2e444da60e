/**
 * `npm run bench:web [-- --games 10000 --turns 20 --seconds 10 --connections 10 --db PATH --turn-cache-mb 64]`:
 * the web archive under loopback load. Builds a SQLite store of `games` games of `turns` resolved
 * turns (bench/web-store.ts; with --db, an existing file is used as it is and a new one is kept),
 * starts the archive's real HTTP server on 127.0.0.1 in a process of its own (bench/web-server.ts),
 * then drives it with autocannon, one page kind after the other, each after a short warm-up:
 *
 * - list: a random page of the game list;
 * - game: the page of a random game;
 * - turn: a random resolved turn of a random game (over 200,000 turns: nearly every one a cache miss);
 * - turn, hot: the latest turn of 200 games, as players read their latest report (cache hits).
 *
 * Prints per kind requests/s, latency p50/p95/p99/max (ms, from every response, measured by the
 * client), the bytes on the wire per page (KB, compressed as a browser asks: gzip), errors and
 * non-200s, and the server's RSS (now and peak). Targets: p95 <= 30 ms for the game and turn pages
 * (issue 6); a turn page <= 40 KB on the wire (issue 12). Asserts nothing: benchmarks are not tests (docs/testing.md).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { buildArchiveStore, gameId } from './web-store.ts';
import { rng } from './random-plots.ts';

const argOf = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const num = (name: string, fallback: number): number => Number(argOf(name) ?? fallback);
const GAMES = Math.max(1, num('games', 10_000));
const TURNS = Math.max(1, num('turns', 20));
const SECONDS = Math.max(1, num('seconds', 10));
const CONNECTIONS = Math.max(1, num('connections', 10));
const WARMUP = 2;
const ROOT = resolve(import.meta.dirname, '..');
const TARGET_P95_MS = 30;

interface Kind {
  name: string;
  target: boolean;
  path: () => string;
}

function kinds(): Kind[] {
  const r = rng(20_260_110);
  const pick = (n: number) => 1 + Math.floor(r() * n);
  const pages = Math.ceil(GAMES / 50);
  const hot = Array.from({ length: Math.min(200, GAMES) }, () => gameId(pick(GAMES)));
  return [
    {
      name: 'list',
      target: false,
      path: () => {
        const p = pick(pages);
        return p === 1 ? '/games' : `/games?page=${p}`;
      },
    },
    { name: 'game', target: true, path: () => `/games/${gameId(pick(GAMES))}` },
    { name: 'turn', target: true, path: () => `/games/${gameId(pick(GAMES))}/turns/${pick(TURNS)}` },
    { name: 'turn, hot', target: true, path: () => `/games/${hot[pick(hot.length) - 1]}/turns/${TURNS}` },
  ];
}

interface Server {
  url: string;
  stop(): void;
}

async function startServer(db: string): Promise<Server> {
  const cache = argOf('turn-cache-mb');
  const child = spawn(
    process.execPath,
    [join(ROOT, 'bin/run-ts.js'), join(ROOT, 'bench/web-server.ts'), db, ...(cache ? ['--turn-cache-mb', cache] : [])],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const line = await new Promise<string>((ok, fail) => {
    createInterface({ input: child.stdout }).once('line', ok);
    child.once('exit', (code) => fail(new Error(`the server exited with ${code}`)));
  });
  const { port } = JSON.parse(line) as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => {
      child.stdin.end();
      child.kill('SIGTERM');
    },
  };
}

interface Figures {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  non200: number;
  mbps: number;
  kbPage: number;
}

const quantile = (sorted: number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

async function load(url: string, kind: Kind, seconds: number): Promise<Figures> {
  const latencies: number[] = [];
  let non200 = 0;
  let bytes = 0;
  const result = await new Promise<autocannon.Result>((ok, fail) => {
    const instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: seconds,
        timeout: 10,
        // As a browser asks: compressed when the server can.
        headers: { 'accept-encoding': 'gzip, deflate, br' },
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: kind.path() }) }],
      },
      (err, r) => (err ? fail(err as Error) : ok(r)),
    );
    instance.on('response', (_client, status, resBytes, responseMs) => {
      latencies.push(responseMs);
      bytes += resBytes;
      if (status !== 200) non200++;
    });
  });
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / result.duration,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    p99: quantile(latencies, 0.99),
    max: latencies.at(-1) ?? NaN,
    errors: result.errors + result.timeouts,
    non200,
    mbps: result.throughput.average / 1e6,
    kbPage: latencies.length ? bytes / latencies.length / 1024 : NaN,
  };
}

async function health(url: string): Promise<{
  rss: number;
  peakRss: number;
  turnPageCache: { entries: number; bytes: number; hits: number; misses: number };
}> {
  return (await (await fetch(`${url}/health`)).json()) as never;
}

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const ms = (v: number): string => v.toFixed(1).padStart(7);

async function main(): Promise<void> {
  const given = argOf('db');
  const dir = given ? null : mkdtempSync(join(tmpdir(), 'tallyho-bench-web-'));
  const db = given ?? join(dir as string, 'archive.sqlite');
  if (given && existsSync(given)) {
    console.log(`Using the store in ${given} as it is.`);
  } else {
    console.log(`Building a store of ${GAMES.toLocaleString('en-US')} games x ${TURNS} turns in ${db} ...`);
    const b = buildArchiveStore(db, { games: GAMES, turns: TURNS, templates: 4 }, (l) =>
      process.stderr.write(`${l}\n`),
    );
    console.log(
      `  ${b.resolvedTurns.toLocaleString('en-US')} resolved turns (${b.templates} games played, the rest copied) in ${b.seconds.toFixed(1)} s; ${b.megabytes.toFixed(0)} MB`,
    );
  }
  const server = await startServer(db);
  try {
    const before = await health(server.url);
    console.log(
      `Server ${server.url} (RSS ${mb(before.rss)}); autocannon, ${CONNECTIONS} connections, ${SECONDS} s a kind after ${WARMUP} s of warm-up.`,
    );
    const busy = loadavg()[0] ?? 0;
    console.log(
      `Machine: ${cpus().length} cores, load average ${busy.toFixed(1)} before the run${busy > 1.5 ? ' (other work is running: the figures are worse than on an idle machine)' : ''}.`,
    );
    console.log(
      `${'page'.padEnd(10)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'max ms'.padStart(7)} ${'MB/s'.padStart(6)} ${'KB/page'.padStart(7)} errors non-200  target`,
    );
    const missed: string[] = [];
    for (const kind of kinds()) {
      await load(server.url, kind, WARMUP);
      const f = await load(server.url, kind, SECONDS);
      const ok = f.p95 <= TARGET_P95_MS && f.errors === 0 && f.non200 === 0;
      if (kind.target && !ok) missed.push(kind.name);
      console.log(
        `${kind.name.padEnd(10)} ${f.rps.toFixed(0).padStart(7)} ${ms(f.p50)} ${ms(f.p95)} ${ms(f.p99)} ${ms(f.max)} ${f.mbps.toFixed(1).padStart(6)} ${f.kbPage.toFixed(1).padStart(7)} ${String(f.errors).padStart(6)} ${String(f.non200).padStart(7)}  ${kind.target ? (ok ? 'met' : 'NOT met') : '-'}`,
      );
    }
    const after = await health(server.url);
    const c = after.turnPageCache;
    console.log(
      `Server RSS ${mb(after.rss)} (peak ${mb(after.peakRss)}); turn-page cache: ${c.entries} pages, ${mb(c.bytes)}, ${c.hits} hits, ${c.misses} misses.`,
    );
    console.log(
      `Target p95 <= ${TARGET_P95_MS} ms for the game and turn pages: ${missed.length ? `NOT met (${missed.join(', ')})` : 'met'}.`,
    );
  } finally {
    server.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

await main();
