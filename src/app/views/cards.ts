/**
 * The aircraft cards in the mail (src/report/card.ts renders one): the cards of a player's planes,
 * once per type, in the welcome and a replacement's briefing; and what the CARD command answers.
 * The cards are public: any player may ask for any plane's or type's card.
 */
import type { AircraftCard } from '../../core/aircraft/types.ts';
import { quickCardText, quickCards } from './quick.ts';
import type { GameState } from '../../core/state.ts';
import { renderCard } from '../../report/card.ts';
import { wrap } from '../words/text.ts';

export interface PlaneCard {
  /** The type's id and the planes (in the order asked) that fly it. */
  type: string;
  planes: string[];
  /** "R1 and R2 fly this type." and the card. */
  text: string;
}

const and = (ids: readonly string[]): string =>
  ids.length <= 1 ? ids.join('') : `${ids.slice(0, -1).join(', ')} and ${ids[ids.length - 1]}`;

/** The card of each type among these planes, once per type, naming which of them fly it. */
export function planeCards(state: GameState, planeIds: readonly string[]): PlaneCard[] {
  const byType = new Map<string, string[]>();
  for (const id of planeIds) {
    const p = state.planes.find((x) => x.id === id);
    if (!p || !state.aircraft[p.type]) continue;
    byType.set(p.type, [...(byType.get(p.type) ?? []), p.id]);
  }
  return [...byType].map(([type, planes]) => ({
    type,
    planes,
    text: `${wrap(`${and(planes)} ${planes.length === 1 ? 'flies' : 'fly'} this type.`, 0)}\n\n${renderCard(state.aircraft[type] as AircraftCard)}`,
  }));
}

/**
 * CARD <plane or type>: the card of that plane's type (any side's), or of a type in the game;
 * without an argument the cards of the asker's planes. `error` when nothing matches, naming the
 * planes and the types of the game.
 */
export function cardsAsked(
  state: GameState,
  arg: string | undefined,
  own: readonly string[],
): { cards: PlaneCard[]; error?: string } {
  if (state.quick) return quickCardsAsked(state, arg, own);
  if (!arg) return { cards: planeCards(state, own) };
  const plane = state.planes.find((p) => p.id.toUpperCase() === arg.toUpperCase());
  if (plane) return { cards: planeCards(state, [plane.id]) };
  const type = Object.keys(state.aircraft).find((t) => t.toLowerCase() === arg.toLowerCase());
  if (type) {
    const flown = state.planes.filter((p) => p.type === type).map((p) => p.id);
    return {
      cards: flown.length
        ? planeCards(state, flown)
        : [{ type, planes: [], text: renderCard(state.aircraft[type] as AircraftCard) }],
    };
  }
  const planes = state.planes.map((p) => `${p.id} (${p.type})`).join(', ');
  return {
    cards: [],
    error:
      `'${arg}' is neither a plane nor an aircraft type of this game. The planes: ${planes}. ` +
      `The types: ${Object.keys(state.aircraft).join(', ')}. Write CARD <plane> or CARD <type>, e.g. CARD ${state.planes[0]?.id ?? 'R1'}.`,
  };
}

/** CARD in the quick game (seed 004): the quick aircraft of a plane or by its id. */
function quickCardsAsked(
  state: GameState,
  arg: string | undefined,
  own: readonly string[],
): { cards: PlaneCard[]; error?: string } {
  const cards = state.quick?.cards ?? {};
  const of = (ids: readonly string[]): PlaneCard[] =>
    quickCards(state, ids).map((text, i) => ({ type: String(i), planes: [...ids], text }));
  if (!arg) return { cards: of(own) };
  const plane = state.planes.find((p) => p.id.toUpperCase() === arg.toUpperCase());
  if (plane) return { cards: of([plane.id]) };
  const card = Object.values(cards).find((c) => c.id.toLowerCase() === arg.toLowerCase());
  if (card) return { cards: [{ type: card.id, planes: [], text: quickCardText(card) }] };
  return {
    cards: [],
    error: `'${arg}' is neither an aircraft nor an aircraft type of this game. The aircraft: ${state.planes.map((p) => `${p.id} (${p.type})`).join(', ')}. Write CARD <aircraft> or CARD <type>.`,
  };
}
