/**
 * Keeping the server's memory down under a backlog of mail. V8 lets its heap grow while garbage
 * piles up faster than it collects (a few thousand mails taken in within seconds), so the
 * server's resident memory climbs far above what it holds alive. After each group of mails
 * taken in, when the resident set is above RSS_SOFT_LIMIT and has grown by GROWTH since the last
 * collection, a full collection is run: with the heap emptied of the garbage the resident set
 * stays low, and a server that simply holds more does not collect after every group
 * (docs/gm-guide.md "Run the server").
 * The collector is reached through V8's `--expose-gc` flag, set at run time; where that is not
 * possible nothing is done.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * How far V8 lets its old generation grow past what the last full collection left alive, in
 * percent (its `--heap-growing-percent`; by default it grows by up to 4 times). The stand-in's
 * choices and the menus leave a choice's garbage in the old generation: at 60% it is collected
 * before it piles up, for some 7% more CPU in the stand-in's choices (docs/gm-guide.md "Run the
 * server").
 */
export const HEAP_GROWING_PERCENT = 60;

/** Sets V8's heap growth to HEAP_GROWING_PERCENT for the rest of the process; false where it cannot be set. */
export function limitHeapGrowth(): boolean {
  try {
    setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
    return true;
  } catch {
    return false;
  }
}

/** Resident memory above which a full collection runs after a group of mails (bytes). */
export const RSS_SOFT_LIMIT = 160 * 1024 * 1024;

/** Growth of the resident set since the last collection that calls for another. */
export const GROWTH = 32 * 1024 * 1024;

let collect: (() => void) | null | undefined;
let afterLast = 0;

function collector(): (() => void) | null {
  if (collect !== undefined) return collect;
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as unknown;
    collect = typeof gc === 'function' ? (gc as () => void) : null;
  } catch {
    collect = null;
  }
  return collect;
}

/**
 * Runs a full collection when the resident set is above `limit` and has grown by `growth` since
 * the last one; true when it ran.
 */
export function collectIfLarge(limit: number = RSS_SOFT_LIMIT, growth: number = GROWTH): boolean {
  const rss = process.memoryUsage.rss();
  // A growth of 0 asks for no growth at all (the resident set may have shrunk since the last one).
  if (rss <= limit || (growth > 0 && rss < afterLast + growth)) return false;
  const gc = collector();
  if (!gc) return false;
  gc();
  afterLast = process.memoryUsage.rss();
  return true;
}
