/**
 * The web archive's HTTP server for bench/web.bench.ts, in a process of its own so that the load
 * generator does not share its event loop: `tallyho serve`'s HTTP app (startHttp) over the given
 * SQLite file on 127.0.0.1, an ephemeral port. Prints `{"port": N}` once listening; /health adds
 * its memory (rss, peak rss). Stops on SIGTERM or when its parent's stdin closes.
 */
import { SqliteStore } from '../src/shell/db/store.ts';
import { startHttp } from '../src/shell/web/http.ts';

const path = process.argv[2];
if (!path) throw new Error('usage: web-server.ts <database>');
const cacheArg = process.argv.indexOf('--turn-cache-mb');
const store = SqliteStore.open(path);
const http = await startHttp({
  host: '127.0.0.1',
  port: 0,
  store,
  mode: 'mail',
  ...(cacheArg >= 0 ? { turnCacheBytes: Number(process.argv[cacheArg + 1]) * 1024 * 1024 } : {}),
  health: () => ({
    rss: process.memoryUsage().rss,
    peakRss: process.resourceUsage().maxRSS * 1024,
    heapUsed: process.memoryUsage().heapUsed,
  }),
});
process.stdout.write(`${JSON.stringify({ port: http.port })}\n`);
const stop = () => {
  void http.close().then(() => {
    store.close();
    process.exit(0);
  });
};
process.on('SIGTERM', stop);
process.stdin.on('end', stop);
process.stdin.resume();
