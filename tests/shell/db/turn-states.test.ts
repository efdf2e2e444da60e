/** States read from the store: parsed once while the stored text stays the same, read anew when it changes; frozen under test (TALLYHO_FREEZE_STATES=1). */
import { describe, expect, it } from 'vitest';
import { startedDuel, testReferee } from '../../support/app.ts';

describe('a turn state read from the store', () => {
  it('is the same object while the stored text is unchanged, frozen under test', () => {
    expect(process.env.TALLYHO_FREEZE_STATES).toBe('1');
    const t = testReferee();
    startedDuel(t);
    const a = t.store.tx((tx) => tx.turns.get('duel', 1)!.state);
    const b = t.store.tx((tx) => tx.turns.get('duel', 1)!.state);
    expect(b).toBe(a);
    expect(Object.isFrozen(a) && Object.isFrozen(a.planes) && Object.isFrozen(a.planes[0]!.hex)).toBe(true);
    expect(() => {
      (a.planes[0] as { altitude: number }).altitude = 1;
    }).toThrow(TypeError);
  });

  it('is read anew when the stored row changed underneath (a rollback, an import, a hand edit)', () => {
    const t = testReferee();
    startedDuel(t);
    const a = t.store.tx((tx) => tx.turns.get('duel', 1)!.state);
    t.store.db
      .prepare(
        "UPDATE turns SET state = json_set(state, '$.planes[0].altitude', 12300) WHERE game_id = 'duel' AND turn = 1",
      )
      .run();
    const b = t.store.tx((tx) => tx.turns.get('duel', 1)!.state);
    expect(b).not.toBe(a);
    expect(b.planes[0]!.altitude).toBe(12300);
    expect(a.planes[0]!.altitude).not.toBe(12300);
  });
});
