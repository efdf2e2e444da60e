/**
 * The workers' poll loop (src/shell/poll-loop.ts): one pass at a time, a kick during a pass runs
 * one more right after it (not one per kick), a timer between passes, a throw that does not end
 * the loop, and a stop that waits for the pass in flight a grace time at most.
 */
import { describe, expect, it } from 'vitest';
import { PollLoop } from '../../src/shell/poll-loop.ts';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

describe('PollLoop', () => {
  it('runs one pass at a time, and kicks during a pass make one more pass after it', async () => {
    let passes = 0;
    let busy = 0;
    let overlap = false;
    let busyKicks = 0;
    const loop = new PollLoop({
      pollMs: 60_000,
      busyKick: () => {
        busyKicks++;
      },
      pass: async () => {
        passes++;
        busy++;
        if (busy > 1) overlap = true;
        await sleep(30);
        busy--;
      },
    });
    loop.start();
    loop.kick();
    loop.kick();
    loop.kick();
    for (let waited = 0; (passes < 2 || busy > 0) && waited < 5000; waited += 10) await sleep(10);
    await sleep(60);
    expect(passes).toBe(2);
    expect(busyKicks).toBe(3);
    expect(overlap).toBe(false);
    expect(await loop.stop(100)).toBe(false);
    loop.kick();
    await sleep(50);
    expect(passes).toBe(2);
  });

  it('polls on its timer, and a pass that throws does not end the loop', async () => {
    let passes = 0;
    const loop = new PollLoop({
      pollMs: 20,
      pass: async () => {
        passes++;
        throw new Error('down');
      },
    });
    loop.start();
    for (let waited = 0; passes < 3 && waited < 5000; waited += 10) await sleep(10);
    await loop.stop(100);
    expect(passes).toBeGreaterThanOrEqual(3);
  });

  it('stop waits for the pass in flight at most the grace time, and says whether it was late', async () => {
    let release!: () => void;
    const loop = new PollLoop({
      pollMs: 60_000,
      pass: () =>
        new Promise<void>((r) => {
          release = r;
        }),
    });
    loop.start();
    expect(loop.stopped).toBe(false);
    expect(await loop.stop(40)).toBe(true);
    expect(loop.stopped).toBe(true);
    release();
    const quick = new PollLoop({ pollMs: 60_000, pass: () => sleep(20) });
    quick.start();
    expect(await quick.stop(1000)).toBe(false);
  });
});
