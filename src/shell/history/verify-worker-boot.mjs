// Entry of a verify worker thread when the program runs from its TypeScript sources
// (verify-threads.ts; the compiled tree starts dist/shell/history/verify-worker.js instead): loads
// verify-worker.ts through tsx, as bin/compiled.js does for the main thread; module hooks are not
// shared with worker threads.
import { register } from 'tsx/esm/api';

register();
await import('./verify-worker.ts');
