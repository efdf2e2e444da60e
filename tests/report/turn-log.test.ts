import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/core/events.ts';
import { turnLog } from '../../src/report/turn-log.ts';

describe('the turn log', () => {
  it('leaves out no-shot events, which tell a plane\'s fire orders', () => {
    const events: GameEvent[] = [
      { impulse: 3, phase: 'C', plane: 'R1', type: 'move', from: '1020', to: '1019', facing: 0, altitude: 10000, box: 1, man: '1' },
      { impulse: 8, phase: 'D', plane: 'R1', type: 'no-shot', guns: 'ALL', at: 'B1', reason: 'outside-cone', reasons: ['outside-cone'], target: 'B1', range: 3, hexes: 3, altitudeDiff: 0, clock: 2, by: 1 },
    ];
    const log = turnLog(events);
    expect(log).toContain('Impulse 3');
    expect(log).not.toMatch(/Impulse 8|B1|cone/);
  });
});
