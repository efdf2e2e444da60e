/**
 * A turn's facts gathered once (src/app/mail/report.ts): the fog of war is worked out once per side
 * for the reports of a turn, however many players a side has, and each player still gets his report.
 */
import { describe, expect, it, vi } from 'vitest';
import type { GameState } from '../../../src/core/state.ts';
import { addPlayer, createGame, startGame } from '../../../src/app/setup/games.ts';
import { receive } from '../../../src/app/intake/intake.ts';
import { parseScenario } from '../../../src/core/scenario.ts';
import { DUEL, envelope, mail, outbox, place, testCards, testReferee } from '../../support/app.ts';

const calls = vi.hoisted(() => ({ fogState: [] as [number, string | null][], fogEvents: [] as (string | null)[] }));

vi.mock('../../../src/core/spotting/fog.ts', async (original) => {
  const m = await original<typeof import('../../../src/core/spotting/fog.ts')>();
  return {
    ...m,
    fogState: (state: GameState, side: string | null) => {
      calls.fogState.push([state.turn, side]);
      return m.fogState(state, side);
    },
    fogEvents: (...args: Parameters<typeof m.fogEvents>) => {
      calls.fogEvents.push(args[2]);
      return m.fogEvents(...args);
    },
  };
});

describe("a turn's facts", () => {
  it('works the fog out once per side for the reports of a turn, four players on two sides', () => {
    const t = testReferee();
    const cards = testCards();
    const [r1, b1] = DUEL.planes as [(typeof DUEL.planes)[number], (typeof DUEL.planes)[number]];
    const planes = [r1, { ...r1, id: 'R2', hex: '1016' }, b1, { ...b1, id: 'B2', hex: '1608' }];
    const scenario = parseScenario({ ...DUEL, planes }, 'four', cards);
    if (!scenario.ok) throw new Error(scenario.error.map((p) => p.message).join('\n'));
    createGame(t.deps, { id: 'four', scenario: scenario.value, catalog: cards });
    const seats = [
      ['red1', 'R1'],
      ['red2', 'R2'],
      ['blue1', 'B1'],
      ['blue2', 'B2'],
    ] as const;
    const secrets = seats.map(
      ([id, plane]) =>
        addPlayer(t.deps, { gameId: 'four', playerId: id, email: `${id}@example.test`, planes: [plane] }).secret,
    );
    startGame(t.deps, 'four');
    const sent = (i: number) => {
      const [id, plane] = seats[i] as (typeof seats)[number];
      return receive(
        t.deps,
        mail(`${id}@example.test`, envelope('four', id, secrets[i] as string, `${plane}: 1 1 1 1 1`)),
        place(i + 1),
      );
    };
    for (const i of [0, 1, 2]) expect(sent(i).resolved).toEqual([]);
    calls.fogState.length = 0;
    calls.fogEvents.length = 0;
    expect(sent(3).resolved).toEqual([{ game: 'four', turn: 1 }]);
    // The state after the turn (turn 2): once per side; the state before it (the tracks of the
    // picture) once per side, and once for the last envelope's check.
    expect(calls.fogState.filter(([turn]) => turn === 2).map(([, side]) => side)).toEqual(['red', 'blue']);
    expect(calls.fogEvents).toEqual(['red', 'blue']);
    const reports = outbox(t).filter((m) => m.kind === 'report');
    expect(reports.map((m) => m.recipient).sort()).toEqual(seats.map(([id]) => `${id}@example.test`).sort());
    expect(reports.every((m) => m.text.includes('Turn 1'))).toBe(true);
  });
});
