/**
 * The quick game's turn in words (seed 004, docs/quick.md): each aircraft's move, the initiative
 * roll, every shot with the number it needed and the die, and what each hit did.
 */
import { facingText } from '../core/hex/facing.ts';
import type { QuickEvent, QuickSide } from '../core/quick/types.ts';

const GUN: Record<QuickSide, string> = { F: 'front', L: 'left', R: 'right', B: 'rear' };

/** `names`: the sides' names by id (turn-log.ts sideNames), for the initiative line. */
export function quickEventLine(e: QuickEvent, names: Readonly<Record<string, string>> = {}): string {
  const name = (side: string): string => names[side] ?? side;
  switch (e.type) {
    case 'move':
      return `${e.plane} flies ${e.from} -> ${e.to}, now facing ${facingText(e.facing)}, SPEED ${e.speed}`;
    case 'exit':
      return `${e.plane} leaves the map at ${e.hex}`;
    case 'initiative':
      return `Initiative: ${Object.entries(e.rolls)
        .map(([s, r]) => `${name(s)} rolled ${r.join(' then ')}`)
        .join(', ')}; ${e.order.map(name).join(' fires first, then ')}`;
    case 'no-shot':
      return e.named
        ? `${e.plane}'s ${GUN[e.weapon]} gun holds its fire: ${e.named}, its named target, is not in its arc within 6 hexes`
        : `${e.plane}'s ${GUN[e.weapon]} gun has no enemy in its arc within 6 hexes`;
    case 'shot':
      return `${e.plane} fires its ${GUN[e.weapon]} gun at ${e.target}, ${e.range} hex${e.range === 1 ? '' : 'es'}: needs ${e.needs} or less, rolled ${e.roll}: ${e.hit ? 'HIT' : 'missed'}`;
    case 'damage':
      return `  -> ${e.plane}: damage die ${e.roll}: ${e.what === 'weapon' ? `its ${GUN[e.side as QuickSide]} gun is destroyed` : `one ${e.what.toUpperCase()}`} (FUSELAGE ${e.fuselage}, ENGINE ${e.engine})`;
    case 'down':
      return `  -> ${e.plane} ${e.how === 'destroyed' ? 'is DESTROYED' : 'has no engine left and CRASHES'}`;
  }
}
