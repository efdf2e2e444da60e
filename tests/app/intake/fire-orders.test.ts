import { describe, expect, it } from 'vitest';
import { intake } from '../../../src/app/intake/intake.ts';
import { envelope, mail, place, startedDuel, testReferee, type TestReferee } from '../../support/app.ts';

const RED = 'red@example.test';
const outbox = (t: TestReferee) => t.store.tx((tx) => tx.outbox.list());

describe('intake: fire orders are checked against the whole game', () => {
  it('accepts a fire order at an enemy plane', () => {
    const t = testReferee();
    const s = startedDuel(t);
    intake(t.deps, mail(RED, envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1\nFIRE R1 ALL AT B1 WITHIN 4')), place(1));
    const ack = outbox(t).at(-1)!;
    expect(ack.subject).toBe('[duel] Turn 1 orders accepted');
    expect(ack.text).toContain('FIRE R1 ALL AT B1 WITHIN 4');
  });

  it('refuses a target that is not in the game, one of the own side, unknown guns and a FIRE under HOLD, all at once', () => {
    const t = testReferee();
    const s = startedDuel(t);
    intake(
      t.deps,
      mail(
        RED,
        envelope(
          'duel',
          'red',
          s.red,
          'R1: 1 1 1 1 1\nFIRE R1 ALL AT Z9\nFIRE R1 ALL AT R1\nFIRE R1 TURRET\nFIRE R1 ALL AT B1\nHOLD R1',
        ),
      ),
      place(1),
    );
    const ack = outbox(t).at(-1)!;
    expect(ack.subject).toBe('[duel] Turn 1 orders NOT accepted');
    const text = ack.text.replace(/\s+/g, ' ');
    expect(text).toContain('there is no plane Z9 in this game');
    expect(text).toContain('R1 is on your own side');
    expect(text).toContain('has no gun group TURRET');
    expect(text).toContain('a HOLD line for R1 keeps silent');
  });
});

describe('the path preview', () => {
  it('warns when a plot takes a plane off the map', async () => {
    const { previews } = await import('../../../src/app/views/sheet.ts');
    const { parseHexLabel } = await import('../../../src/core/hex/coords.ts');
    const t = testReferee();
    startedDuel(t);
    const state = structuredClone(t.store.tx((tx) => tx.turns.get('duel', 1)!.state)); // states read from the store are frozen
    const r1 = state.planes.find((p) => p.id === 'R1')!;
    r1.hex = parseHexLabel('1203')!;
    const plot = {
      plane: 'R1',
      bomb: false,
      boxes: Array.from({ length: 5 }, () => ({ man: '1' as const, alt: 0, power: 0, brake: 0 })),
    };
    const [p] = previews(state, { R1: plot }, ['R1']);
    expect(p!.map.replace(/\s+/g, ' ')).toContain('WARNING: R1 leaves the map in impulse');
  });
});
