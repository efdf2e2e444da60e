/**
 * The game state is plain data (src/core/state.ts): it serialises to JSON and back without loss,
 * and copyData, the working copy a turn is flown on, is the same as a JSON round trip and shares
 * nothing with what it copied.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createGame, parseScenario } from '../../src/core/scenario.ts';
import { copyData, type GameState } from '../../src/core/state.ts';
import { resolveTurn } from '../../src/core/turn.ts';
import { DUEL, testCards } from '../support/app.ts';

const cards = testCards();
const scenario = parseScenario(DUEL, 'duel', cards);
if (!scenario.ok) throw new Error('bad scenario');

describe('copyData', () => {
  it('gives what a JSON round trip gives, on any JSON value and on objects with undefined keys', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(JSON.stringify(copyData(v))).toBe(JSON.stringify(v));
        expect(copyData(v)).toEqual(JSON.parse(JSON.stringify(v)));
      }),
    );
    // The counterexample fast-check once found: a key named __proto__ is a key like any other.
    const proto = JSON.parse('{"":{"__proto__":null}}') as unknown;
    expect(JSON.stringify(copyData(proto))).toBe('{"":{"__proto__":null}}');
    const withHoles = { a: 1, b: undefined, c: [1, undefined, { d: undefined, e: 'x' }] };
    expect(copyData(withHoles)).toEqual(JSON.parse(JSON.stringify(withHoles)));
    expect(Object.keys(copyData(withHoles))).toEqual(['a', 'c']);
  });

  it('shares nothing with the state it copied, and a turn flown on it leaves the state as it was', () => {
    const state = createGame(scenario.value, cards, 'seed');
    const before = JSON.stringify(state);
    const copy = copyData(state);
    expect(JSON.stringify(copy)).toBe(before);
    (copy.planes[0] as GameState['planes'][number]).altitude += 100;
    copy.dice.seed = 'changed';
    expect(JSON.stringify(state)).toBe(before);
    const r = resolveTurn(state, { plots: {}, fire: [] });
    expect(r.ok).toBe(true);
    expect(JSON.stringify(state)).toBe(before);
    expect(JSON.parse(JSON.stringify(r.ok && r.value.state))).toEqual(r.ok && r.value.state);
  });
});
