/**
 * The stand-in's bench (bench/duels.ts, docs/standin.md "How strong it is") counts what really
 * happened: its tally of kills, losses and hits is the one the events and the end state tell (a
 * duel replayed through resolveTurn: tests/core/standin/standin.test.ts); and moving both planes back to
 * the middle changes neither the distance between them nor their headings, heights and speeds.
 */
import { describe, expect, it } from 'vitest';
import { distance } from '../../src/core/hex/coords.ts';
import { duelGame, duelStart, playDuel, pursuitPilot, recentred, standInPilot } from '../../bench/duels.ts';

describe('a bench duel', () => {
  const r = playDuel(duelStart(3), { a: standInPilot, b: pursuitPilot }, 5);

  it('tallies kills, losses and hits as the events and the end state tell', () => {
    const hits = (side: string, as: 'firer' | 'target'): number =>
      r.events.reduce(
        (s, e) => s + (e.type === 'shot' && r.end.planes.find((p) => p.id === e[as])?.side === side ? e.hits : 0),
        0,
      );
    for (const [side, other] of [
      ['a', 'b'],
      ['b', 'a'],
    ] as const) {
      expect(r.sides[side]!.hitsDealt).toBe(hits(side, 'firer'));
      expect(r.sides[side]!.hitsTaken).toBe(hits(side, 'target'));
      const enemy = r.end.planes.filter((p) => p.side === other);
      expect(r.sides[side]!.kills).toBe(
        enemy.filter((p) => p.status === 'shot-down' || p.status === 'bailed-out').length,
      );
      expect(r.sides[side]!.lost.exited).toBe(0);
    }
    expect(r.events.some((e) => e.type === 'exit-map')).toBe(false);
  });

  it('moves both planes back to the middle together, near an edge only', () => {
    const start = duelGame(duelStart(3));
    expect(recentred(start)).toBe(start);
    const edge = { ...start, planes: start.planes.map((p) => ({ ...p, hex: { q: p.hex.q + 42, r: p.hex.r - 20 } })) };
    const moved = recentred(edge);
    expect(moved).not.toBe(edge);
    const [a0, b0] = edge.planes;
    const [a1, b1] = moved.planes;
    expect(distance(a1!.hex, b1!.hex)).toBe(distance(a0!.hex, b0!.hex));
    expect(a1!.hex.q - a0!.hex.q).toBe(b1!.hex.q - b0!.hex.q);
    expect(a1!.hex.r - a0!.hex.r).toBe(b1!.hex.r - b0!.hex.r);
    expect({ ...a1, hex: null }).toEqual({ ...a0, hex: null });
    expect(recentred(moved)).toBe(moved);
  });
});
