import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { collectIfLarge } from '../../src/shell/memory.ts';

/** The largest heap V8 reserved in tests/support/heap-growth.ts's run of long-lived garbage, in MB. */
const heapOf = (mode: 'default' | 'lean'): number =>
  Number(execFileSync(process.execPath, ['bin/run-ts.js', 'tests/support/heap-growth.ts', mode], { encoding: 'utf8' }));

describe('memory under a backlog of mail', () => {
  it('runs a full collection only when the resident set is above the limit', () => {
    expect(collectIfLarge(Number.MAX_SAFE_INTEGER)).toBe(false);
    // The collector is reached at run time: a limit of 0 is always passed, so it runs.
    expect(collectIfLarge(0, 0)).toBe(true);
    expect(collectIfLarge(0, 0)).toBe(true);
    // Not again until the resident set has grown by as much since the last collection.
    expect(collectIfLarge(0, Number.MAX_SAFE_INTEGER)).toBe(false);
  });

  it('frees garbage: the heap after a collection is smaller than with the garbage held', () => {
    let junk: string[][] | null = Array.from({ length: 200 }, (_, i) =>
      Array.from({ length: 1000 }, (_, j) => `${i}:${j}:${'x'.repeat(50)}`),
    );
    const held = process.memoryUsage().heapUsed;
    expect(junk.length).toBe(200);
    junk = null;
    collectIfLarge(0, 0);
    expect(process.memoryUsage().heapUsed).toBeLessThan(held - 5 * 1024 * 1024);
  });

  it('limits the heap growth as the server does: garbage that dies old is collected before the heap doubles', () => {
    const plain = heapOf('default');
    const lean = heapOf('lean');
    expect(plain).toBeGreaterThan(100);
    expect(lean).toBeLessThan(plain * 0.75);
  }, 60_000);
});
