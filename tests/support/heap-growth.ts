/**
 * A child process for tests/shell/memory.test.ts: with `lean` as its argument it limits V8's heap
 * growth as the server does (shell/memory.ts), then allocates 600 MB of objects that live a while
 * (a ring of 40 arrays, each replaced in turn, so that they reach the old generation and die
 * there) and prints the largest heap V8 reserved meanwhile, in MB.
 */
import { limitHeapGrowth } from '../../src/shell/memory.ts';

if (process.argv[2] === 'lean' && !limitHeapGrowth()) throw new Error('the heap growth could not be set');
const ring: number[][][] = [];
let most = 0;
for (let i = 0; i < 600; i++) {
  // About 1 MB of small arrays a step.
  ring[i % 40] = Array.from({ length: 4000 }, (_, j) => [i, j, i + j, i * j, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
  most = Math.max(most, process.memoryUsage().heapTotal);
}
process.stdout.write(`${Math.round(most / 2 ** 20)}\n`);
