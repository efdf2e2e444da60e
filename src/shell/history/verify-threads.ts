/**
 * `tallyho verify` on several threads: a game's resolved turns are cut into as many stretches as
 * threads, each re-resolved on a worker thread with its own connection to the database
 * (verify-worker.ts), and the findings put back in turn order. Every turn is re-resolved from the
 * state stored before it, so a stretch needs nothing from the one before (app/history/verify.ts
 * verifyTurns): the findings are the ones one thread would make. A short game, or an in-memory
 * database, is verified on the calling thread.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { resolvedTurns, verifyTurns, type VerifyResult } from '../../app/history/verify.ts';
import type { Store } from '../../app/ports/store.ts';

/** What a worker is given. */
export interface VerifyJob {
  dbPath: string;
  gameId: string;
  from: number;
  to: number;
}

export type VerifyMessage =
  | { type: 'progress'; done: number }
  | { type: 'done'; result: VerifyResult }
  | { type: 'failed'; message: string };

/** Fewer turns than this a thread, and a thread is not worth its start (about 50 ms). */
const TURNS_PER_THREAD = 250;

/** The threads `tallyho verify` uses when not told: one a core, at most 4. */
export const defaultThreads = (): number => Math.max(1, Math.min(4, availableParallelism()));

export interface ThreadedOptions {
  threads: number;
  /** Turns a thread needs at least (default TURNS_PER_THREAD). */
  perThread?: number;
  progress?: (done: number, total: number) => void;
}

export async function verifyGameThreaded(store: Store, dbPath: string, gameId: string, opts: ThreadedOptions): Promise<VerifyResult & { threads: number }> {
  const total = resolvedTurns(store, gameId);
  const threads = dbPath === ':memory:' ? 1 : Math.max(1, Math.min(opts.threads, Math.floor(total / (opts.perThread ?? TURNS_PER_THREAD))));
  if (threads === 1) {
    return { ...verifyTurns(store, gameId, 1, total, (done) => opts.progress?.(done, total)), turns: total, threads };
  }
  const stretches = Array.from({ length: threads }, (_, i) => ({ from: Math.floor((i * total) / threads) + 1, to: Math.floor(((i + 1) * total) / threads) }));
  const done = stretches.map(() => 0);
  const results = await Promise.all(stretches.map((s, i) => runWorker({ dbPath, gameId, ...s }, (n) => {
    done[i] = n;
    opts.progress?.(done.reduce((a, b) => a + b, 0), total);
  })));
  const byTurn = (a: { turn: number }, b: { turn: number }) => a.turn - b.turn;
  return {
    game: gameId,
    turns: total,
    legacyTurns: results.reduce((s, r) => s + r.legacyTurns, 0),
    differences: results.flatMap((r) => r.differences).sort(byTurn),
    explanations: results.flatMap((r) => r.explanations).sort(byTurn),
    threads,
  };
}

function runWorker(job: VerifyJob, progress: (done: number) => void): Promise<VerifyResult> {
  // The compiled worker beside this file in dist/, or, from the sources, verify-worker-boot.mjs,
  // which loads verify-worker.ts through tsx (as the SMTP thread does, shell/mail/transport.ts).
  const entry = import.meta.url.endsWith('.js') ? './verify-worker.js' : './verify-worker-boot.mjs';
  const worker = new Worker(new URL(entry, import.meta.url), { workerData: job });
  return new Promise((resolve, reject) => {
    let settled = false;
    worker.on('message', (m: VerifyMessage) => {
      if (m.type === 'progress') progress(m.done);
      else if (m.type === 'done') { settled = true; progress(m.result.turns); resolve(m.result); }
      else { settled = true; reject(new Error(m.message)); }
    });
    worker.on('error', (e) => { settled = true; reject(e); });
    worker.on('exit', (code) => { if (!settled) reject(new Error(`a verify thread stopped (exit ${code}) before it was done`)); });
  });
}
