/**
 * Rendered pages kept in memory for the web archive: a least-recently-used cache within a budget
 * in bytes (the pages are kept as UTF-8 buffers, so the budget is what they take, outside the
 * JavaScript heap), with each page's ETag computed once.
 *
 * An entry is found by its key (a game and turn, say) and is good only for the stamp it was made
 * with (what the page is built from, in brief: src/app/archive/games.ts turnPageStamp). A page asked for
 * with another stamp is a miss and the old one is dropped at once, so a turn the game master rolled
 * back (and that may be resolved again differently) is never served from the cache.
 *
 * The ETag is made from the key, the stamp and a value drawn when the cache is made (so a restarted
 * server, perhaps with new templates, never confirms a page a browser kept from before): no hash of
 * the page itself, which would cost as much as a small page's rendering.
 */
import { createHash, randomBytes } from 'node:crypto';
import { gzip } from 'node:zlib';

export interface CachedPage {
  body: Buffer;
  /**
   * The body gzipped, made once (in libuv's thread pool, so the server goes on meanwhile) and kept
   * with the page: most browsers take it, and then nothing is compressed per request.
   */
  gzip(): Promise<Buffer>;
  etag: string;
}

/** A page's gzip, made on first use and kept. */
function lazyGzip(body: Buffer): () => Promise<Buffer> {
  let made: Promise<Buffer> | null = null;
  return () => {
    made ??= new Promise((resolve, reject) =>
      gzip(body, { level: 1 }, (err, out) => (err ? reject(err) : resolve(out))),
    );
    return made;
  };
}

export interface PageCacheStats {
  entries: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
}

/** What an entry costs beyond its body: key, stamp, ETag, map slot (an estimate). */
const OVERHEAD = 256;

export class PageCache {
  private readonly entries = new Map<string, { stamp: string; page: CachedPage; cost: number }>();
  private bytes = 0;
  private hits = 0;
  private misses = 0;
  private readonly boot = randomBytes(9).toString('base64url');

  /**
   * @param maxBytes the budget; 0 keeps nothing.
   * @param maxPageBytes a larger page is served but not kept (so one huge map cannot empty the cache).
   */
  constructor(
    readonly maxBytes: number,
    readonly maxPageBytes: number = Math.floor(maxBytes / 16),
  ) {}

  /** The page kept for this key and stamp, now the most recently used; undefined when there is none. */
  get(key: string, stamp: string): CachedPage | undefined {
    const e = this.entries.get(key);
    if (!e || e.stamp !== stamp) {
      if (e) this.drop(key);
      this.misses++;
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, e);
    this.hits++;
    return e.page;
  }

  /** Keeps a freshly rendered page (when it fits) and returns it ready to send. */
  set(key: string, stamp: string, html: string): CachedPage {
    const body = Buffer.from(html, 'utf8');
    const tag = createHash('sha1').update(`${this.boot}\0${key}\0${stamp}`).digest('base64url').slice(0, 27);
    const page = { body, gzip: lazyGzip(body), etag: `W/"${tag}"` };
    // The gzip, made later, weighs about a tenth of the body: counted now.
    const cost = Math.ceil(page.body.length * 1.1) + OVERHEAD + 2 * (key.length + stamp.length);
    if (this.entries.has(key)) this.drop(key);
    if (cost > this.maxPageBytes || cost > this.maxBytes) return page;
    this.entries.set(key, { stamp, page, cost });
    this.bytes += cost;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest);
    }
    return page;
  }

  stats(): PageCacheStats {
    return {
      entries: this.entries.size,
      bytes: this.bytes,
      maxBytes: this.maxBytes,
      hits: this.hits,
      misses: this.misses,
    };
  }

  private drop(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.bytes -= e.cost;
  }
}
