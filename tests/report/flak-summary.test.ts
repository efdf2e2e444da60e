/**
 * Long battlefield mails (docs/flak.md "In the report"): the mail's log tells flak misses at under
 * 1% in one line an impulse; hits and likelier misses are told one by one, as the web page and the
 * command line tell every roll.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../src/core/events.ts';
import { combatLines } from '../../src/report/combat-log.ts';

const flak = (plane: string, target: string, chance: number, roll: number, hit = false): GameEvent => ({
  impulse: 4,
  phase: 'D',
  plane,
  type: 'flak',
  target,
  range: 2,
  altitude: 3000,
  slantM: 1200,
  guns: ['4 x 25 mm'],
  chance,
  roll,
  hit,
});

describe('flak in the mail', () => {
  const events = [
    flak('CV1', 'D1', 3, 800),
    flak('BB1', 'D1', 7, 412),
    flak('DD1', 'T1', 9, 77),
    flak('CV1', 'T1', 25, 500),
    flak('BB1', 'T2', 2, 1, true),
  ];

  it('folds the misses at under 1% into one line; hits and likelier misses stay whole', () => {
    const lines = combatLines(events, { summariseFlak: true, flexible: () => false });
    expect(lines.filter((l) => l.includes('flak at'))).toEqual([
      'CV1 flak at T1, 2 hexes off, 3000 ft up: slant 1200 m, with 4 x 25 mm',
      'BB1 flak at T2, 2 hexes off, 3000 ft up: slant 1200 m, with 4 x 25 mm',
    ]);
    expect(lines.at(-1)).toMatch(/^3 flak rolls at under 1% \(CV1, BB1, DD1 at D1, T1\): all missed/);
    expect(lines.join('\n')).toContain('T2 SHOT DOWN: hit by flak');
  });

  it('tells every roll where it is not asked to fold them', () => {
    expect(combatLines(events, { flexible: () => false }).filter((l) => l.includes('flak at'))).toHaveLength(5);
  });
});
