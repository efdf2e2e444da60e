import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/core/events.ts';
import { turnLog } from '../../src/report/turn-log.ts';

describe('the turn log', () => {
  it("leaves out no-shot events, which tell a plane's fire orders", () => {
    const events: GameEvent[] = [
      {
        impulse: 3,
        phase: 'C',
        plane: 'R1',
        type: 'move',
        from: '1020',
        to: '1019',
        facing: 0,
        altitude: 10000,
        box: 1,
        man: '1',
      },
      {
        impulse: 8,
        phase: 'D',
        plane: 'R1',
        type: 'no-shot',
        guns: 'ALL',
        at: 'B1',
        reason: 'outside-cone',
        reasons: ['outside-cone'],
        target: 'B1',
        range: 3,
        hexes: 3,
        altitudeDiff: 0,
        clock: 2,
        by: 1,
      },
    ];
    const log = turnLog(events, undefined, {}, { flexible: () => false });
    expect(log).toContain('Impulse 3');
    expect(log).not.toMatch(/Impulse 8|B1|cone/);
  });
});

describe('the two-phase log names every step', () => {
  it('numbers every impulse from 1 to the last impulse zero, an impulse zero with nothing in it too', async () => {
    const { buildState, goldenOrders, loadTestCards, readGoldenFile } = await import('../support/golden-movement.ts');
    const { resolveTurn } = await import('../../src/core/turn.ts');
    const { turnLog: log } = await import('../../src/report/turn-log.ts');
    const c = readGoldenFile('tests/golden/two-phase/01-sequence.txt').find((x) => x.id === 'TP.2')!;
    const r = resolveTurn(
      buildState(c, loadTestCards('tests/golden/movement/aircraft.yaml')),
      goldenOrders(c.turns[0]!),
    );
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    const headings = log(r.value.events, undefined, {}, { flexible: () => false })
      .split('\n')
      .flatMap((l) => /^Impulse (\d+)/.exec(l)?.[1] ?? [])
      .map(Number);
    expect(headings.length).toBeGreaterThan(4);
    expect(headings).toEqual(Array.from({ length: headings.length }, (_, i) => headings[0]! + i));
  });
});
