/**
 * The one-line summaries of the web pages (src/app/archive/describe.ts), for their
 * `<meta name="description">`: one line, at most 160 characters, from what the page shows.
 */
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../src/core/events.ts';
import {
  campaignMeta,
  campaignsMeta,
  gameMeta,
  META_MAX,
  oneLine,
  pilotMeta,
  turnMeta,
} from '../../../src/app/archive/describe.ts';

const shot = (firer: string, target: string, hits: number) =>
  ({ type: 'shot', impulse: 3, phase: 'F', plane: firer, firer, target, hits }) as unknown as GameEvent;
const down = (plane: string, by: string) =>
  ({ type: 'shot-down', impulse: 3, phase: 'F', plane, by: [by], cause: 'fuselage' }) as unknown as GameEvent;
const quick = (event: object) => ({ type: 'quick', impulse: 1, phase: 'F', plane: 'x', event }) as unknown as GameEvent;

describe('the pages described in one line', () => {
  it('cuts a long text at a word, on one line, with an ellipsis', () => {
    expect(oneLine('  a\n b\t c ')).toBe('a b c');
    const long = oneLine(`${'word '.repeat(60)}end`);
    expect(long.length).toBeLessThanOrEqual(META_MAX);
    expect(long).toMatch(/^word( word)+…$/);
    expect(oneLine('x'.repeat(300))).toHaveLength(META_MAX);
  });

  it("tells a turn's losses first, then who fired at whom and the hits", () => {
    const events = [shot('R1', 'B1', 0), shot('R1', 'B1', 2), shot('B2', 'R1', 0), down('B1', 'R1')];
    expect(turnMeta('Duel', 4, events)).toBe(
      'Duel, turn 4: Shot down: B1. R1 fired at B1 2 times (2 hits); B2 fired at R1 (missed).',
    );
    expect(turnMeta('Duel', 5, [])).toBe('Duel, turn 5: No shots fired.');
    expect(turnMeta('Duel', 6, [down('B2', 'R1')], 'Red won.')).toBe(
      'Duel, turn 6: Shot down: B2. Red won. No shots fired.',
    );
    const q = [
      quick({ type: 'shot', plane: 'A', target: 'B', hit: true }),
      quick({ type: 'down', plane: 'B', how: 'destroyed', by: 'A' }),
    ];
    expect(turnMeta('Quick', 1, q)).toBe('Quick, turn 1: Shot down: B. A fired at B (1 hit).');
    const many = Array.from({ length: 30 }, (_, i) => shot(`R${i}`, `B${i}`, i % 2));
    expect(turnMeta('Big raid', 2, many).length).toBeLessThanOrEqual(META_MAX);
  });

  it('tells a game ended by its result, a campaign by its standing, a pilot by the career', () => {
    const game = { name: 'Duel', description: 'Two fighters.', turn: 7, result: 'Red won.', waiting: '' };
    expect(gameMeta({ ...game, status: 'over' })).toBe('Duel: over after turn 7. Red won. Two fighters.');
    expect(gameMeta({ ...game, status: 'being set up' })).toBe('Duel: being set up. Two fighters.');
    expect(campaignsMeta({ campaigns: [{ name: 'Malta', status: 'running' }] })).toBe(
      'Tallyho campaigns: pilots carried from game to game. 1 campaign: Malta (running).',
    );
    const standing = [
      { side: 'RAF', points: 5 },
      { side: 'Luftwaffe', points: 3 },
    ];
    expect(campaignMeta({ name: 'Malta 1942', status: 'running', description: '', standing, games: [1, 2] })).toBe(
      'Malta 1942: campaign running, 2 games; standing RAF 5, Luftwaffe 3.',
    );
    expect(
      pilotMeta({
        campaign: { name: 'Malta 1942' },
        pilot: { name: 'P/O Smith', status: 'active', sorties: 3, victories: '1.5 victories' },
      }),
    ).toBe('P/O Smith, pilot in Malta 1942: active; 3 sorties, 1.5 victories.');
  });
});
