/**
 * One thread of `tallyho verify` (verify-threads.ts): re-resolves the turns `from` to `to` of a game
 * on its own connection to the database and posts what it found, and its progress on the way.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { verifyTurns } from '../../app/history/verify.ts';
import { SqliteStore } from '../db/store.ts';
import type { VerifyJob, VerifyMessage } from './verify-threads.ts';

const job = workerData as VerifyJob;
const post = (m: VerifyMessage): void => parentPort?.postMessage(m);
const store = SqliteStore.open(job.dbPath);
try {
  let told = 0;
  const result = verifyTurns(store, job.gameId, job.from, job.to, (done) => {
    if (done - told >= 25) { told = done; post({ type: 'progress', done }); }
  });
  post({ type: 'done', result });
} catch (e) {
  post({ type: 'failed', message: (e as Error).message });
} finally {
  store.close();
}
