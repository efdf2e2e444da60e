/**
 * The mails' words for planes on the ground (docs/ground.md): where each is, what its MOVE line may
 * hold this turn, and the line the orders template offers, read with the rules' own figures.
 */
import { LAUNCH_KNOTS, deckShip } from '../../core/ground/deck.ts';
import { START_ON, takeoffTenths } from '../../core/ground/phase.ts';
import { hexLabel } from '../../core/hex/coords.ts';
import { type GameState, type PlaneState, speedText } from '../../core/state.ts';
import type { MoveOrder } from '../../orders/ast.ts';
import { terrainOf } from '../../core/units/walk.ts';

const where = (state: GameState, p: PlaneState): string =>
  p.ground?.deck
    ? `on ${p.ground.deck}'s deck`
    : terrainOf(state, { hex: p.hex, facing: p.facing, nextRight: p.nextRight });

/** The log sheet's line for a plane on the ground. */
export function groundSheetLine(state: GameState, p: PlaneState): string {
  return `  on the ground at ${hexLabel(p.hex)} (${where(state, p)}), engine ${p.ground?.engine ? 'running' : 'off'}, speed ${speedText(p.speed)}; flies at ${speedText(takeoffTenths(state, p))}`;
}

/** What the plane's MOVE line may hold this turn, in words. */
export function groundNeeds(state: GameState, p: PlaneState): string {
  const g = p.ground as NonNullable<PlaneState['ground']>;
  if (!g.engine)
    return `${p.id} (on the ground, engine off): MOVE ${p.id} START tries the engine in impulse 7 (a d6: 1-${START_ON} starts it, with one power factor at once)`;
  if (g.deck) {
    const ship = deckShip(state, p);
    const knots = ship?.ship?.knots ?? 0;
    return `${p.id} (on ${g.deck}'s deck, engine running): MOVE ${p.id} LAUNCH leaves the deck in impulse 7 at 100 ft${knots < LAUNCH_KNOTS ? `, once ${g.deck} makes ${LAUNCH_KNOTS} knots (she makes ${knots})` : ''}; one plane a deck a turn`;
  }
  const turns = p.speed <= 10 ? '; L and R turn it a hexside (up to 3, free)' : '';
  return `${p.id} (on the ground, speed ${speedText(p.speed)}, flies at ${speedText(takeoffTenths(state, p))}): P for one power factor (+1 speed) or B to brake (-2)${turns}; it rolls straight ahead at its speed`;
}

/** The MOVE line the orders template offers a plane on the ground. */
export function groundTemplateMove(p: PlaneState): MoveOrder | undefined {
  const g = p.ground;
  if (!g) return undefined;
  if (!g.engine) return { unit: p.id, steps: ['START'] };
  return { unit: p.id, steps: [g.deck ? 'LAUNCH' : 'P'] };
}
