/** The cards of a player's planes and what CARD finds (src/app/views/cards.ts). */
import { describe, expect, it } from 'vitest';
import { cardsAsked, planeCards } from '../../../src/app/views/cards.ts';
import { createGame, parseScenario } from '../../../src/core/scenario.ts';
import { renderCard } from '../../../src/report/card.ts';
import { DUEL, testCards } from '../../support/app.ts';

const cards = testCards();
const plane = (id: string, side: string, type: string, hex: string) => ({
  id,
  side,
  type,
  hex,
  facing: 0,
  altitude: 10000,
  speed: 4,
  bank: 'N',
  loaded: false,
  rockets: false,
});
const scenario = parseScenario(
  {
    ...DUEL,
    planes: [
      plane('R1', 'red', 'tf', '1216'),
      plane('R2', 'red', 'tdb', '1316'),
      plane('R3', 'red', 'tf', '1416'),
      plane('B1', 'blue', 'tb', '1408'),
    ],
  },
  'mixed',
  cards,
);
if (!scenario.ok) throw new Error('bad scenario');
const state = createGame(scenario.value, cards, 'seed');

describe('aircraft cards in the mail', () => {
  it('gives each type among the planes once, in the order of the planes, naming the planes that fly it', () => {
    const got = planeCards(state, ['R1', 'R2', 'R3']);
    expect(got.map((c) => [c.type, c.planes])).toEqual([
      ['tf', ['R1', 'R3']],
      ['tdb', ['R2']],
    ]);
    expect(got[0]!.text).toBe(`R1 and R3 fly this type.\n\n${renderCard(cards.get('tf')!)}`);
    expect(got[1]!.text).toBe(`R2 flies this type.\n\n${renderCard(cards.get('tdb')!)}`);
  });

  it("finds a plane of either side or a type, in any case; without a word the asker's planes", () => {
    expect(cardsAsked(state, 'b1', ['R1']).cards.map((c) => c.planes)).toEqual([['B1']]);
    expect(cardsAsked(state, 'TDB', ['R1']).cards.map((c) => c.planes)).toEqual([['R2']]);
    expect(cardsAsked(state, undefined, ['R2', 'R1']).cards.map((c) => c.type)).toEqual(['tdb', 'tf']);
    const none = cardsAsked(state, 'zz9', ['R1']);
    expect(none.cards).toEqual([]);
    expect(none.error).toBe(
      "'zz9' is neither a plane nor an aircraft type of this game. The planes: R1 (tf), R2 (tdb), " +
        'R3 (tf), B1 (tb). The types: tf, tdb, tb. Write CARD <plane> or CARD <type>, e.g. CARD R1.',
    );
  });
});
