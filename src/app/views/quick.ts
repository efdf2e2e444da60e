/**
 * What players of the quick game (seed 004, docs/quick.md) read in their mail: the Aircraft Turn
 * Record as the log sheet, the aircraft's card, what its next move may be, the ready-to-send
 * orders, and where an accepted move takes it. The rest of the mail (maps, deadlines, fair dice)
 * is the standard game's.
 */
import { hexLabel, toColRow } from '../../core/hex/coords.ts';
import { facingText } from '../../core/hex/facing.ts';
import { ARCS, flyMove, quickDefault, quickLimits, quickSpeed } from '../../core/quick/rules.ts';
import { toQuickState } from '../../core/quick/game.ts';
import type { QuickCard, QuickPlane, QuickSide } from '../../core/quick/types.ts';
import type { QuickStep } from '../../orders/ast.ts';
import type { GameEvent } from '../../core/events.ts';
import type { GameState, PlaneState } from '../../core/state.ts';
import { formatQuickMoves } from '../../orders/quick.ts';
import { renderMap } from '../../report/ascii-map.ts';
import { wrapText } from '../../report/wrap.ts';
import type { Preview } from './sheet.ts';

const SIDE_WORDS: Record<QuickSide, string> = { F: 'front', L: 'left', R: 'right', B: 'rear' };
const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
const ovals = (left: number, of: number): string =>
  `${'O'.repeat(left)}${'x'.repeat(Math.max(0, of - left))}`.padEnd(5);

const quickPlane = (state: GameState, id: string): QuickPlane | undefined =>
  toQuickState(state).planes.find((p) => p.id === id);

/** The Aircraft Turn Record of seed 004 as a log sheet: O an oval left, x one filled in by damage. */
export function quickSheet(state: GameState, p: PlaneState, next = true): string {
  const q = quickPlane(state, p.id);
  const card = q ? state.quick?.cards[q.card] : undefined;
  if (!q || !card) return p.id;
  const status = q.status === 'flying' ? '' : `: ${q.status === 'destroyed' ? 'DESTROYED' : q.status.toUpperCase()}`;
  const lines = [
    `${p.id} (${card.name}, ${state.sides[p.side]?.name ?? p.side})${status}`,
    `  hex ${hexLabel(p.hex)}, facing ${facingText(p.facing)}, SPEED ${q.speed}`,
    `  ENGINE   ${ovals(q.engine, card.engine)}  ${q.engine} of ${card.engine}`,
    `  FUSELAGE ${ovals(q.fuselage, card.fuselage)}  ${q.fuselage} of ${card.fuselage}`,
    `  TO-HIT   ${card.toHit}`,
    `  weapons: ${card.weapons.map((w) => (q.lost.includes(w) ? `${SIDE_WORDS[w]} (destroyed)` : SIDE_WORDS[w])).join(', ') || 'none'}`,
  ];
  if (q.status === 'flying' && next) {
    const l = quickLimits(q);
    lines.push(
      `  next move: SPEED ${l.low === l.high ? l.low : `${l.low} to ${l.high}`} (forward and turns together), at most ${plural(l.turns, 'clock point')} of turn`,
    );
  }
  return wrapText(lines.join('\n'), 78, 4);
}

/** The card of a quick aircraft, for the welcome and CARD. */
export function quickCardText(card: QuickCard): string {
  const arcs = card.weapons.map((w) => `${SIDE_WORDS[w]} (${ARCS[w].join(', ')} o'clock)`).join('; ') || 'none';
  return wrapText(
    [
      `${card.name.toUpperCase()} (${card.id})`,
      `ENGINE ${card.engine}: the most SPEED it can fly; it may turn at most ${plural(Math.floor(card.engine / 2), 'clock point')} (half of ENGINE) a turn`,
      `FUSELAGE ${card.fuselage}: the hits it can take; at 0 it is destroyed`,
      `TO-HIT ${card.toHit}: a shot hits on a d6 of ${card.toHit} or less, with the range modifier`,
      `weapons: ${arcs}`,
    ].join('\n'),
    78,
    2,
  );
}

/** The cards of a player's aircraft, a text each. */
export function quickCards(state: GameState, planeIds: readonly string[]): string[] {
  const byCard = new Map<string, string[]>();
  for (const p of state.planes) if (planeIds.includes(p.id)) byCard.set(p.type, [...(byCard.get(p.type) ?? []), p.id]);
  return [...byCard].flatMap(([id, planes]) => {
    const card = state.quick?.cards[id];
    return card
      ? [`${planes.join(', ')} ${planes.length === 1 ? 'flies' : 'fly'} this aircraft.\n\n${quickCardText(card)}`]
      : [];
  });
}

/** What an aircraft's next move must be. */
export function quickNeeds(state: GameState, p: PlaneState): string {
  const q = quickPlane(state, p.id);
  if (!q) return p.id;
  const l = quickLimits(q);
  const spend = l.low === l.high ? `exactly ${l.low}` : `${l.low} to ${l.high}`;
  const turns = l.turns
    ? `at most ${l.turns} L or R, never two in a row`
    : 'no L or R (its ENGINE is too small to turn)';
  return wrapText(
    `${p.id}: SPEED ${q.speed} now. This turn's move spends ${spend} SPEED, 1 for each hex ahead and 1 for each L or R; ${turns}: e.g. ${p.id}: ${exampleMove(q)}`,
    78,
    4,
  );
}

/** A legal move to show as an example: a turn in the middle when the aircraft may turn, else straight on. */
function exampleMove(q: QuickPlane): string {
  const l = quickLimits(q);
  const speed = Math.min(Math.max(q.speed, l.low), l.high);
  if (l.turns < 1 || speed < 3) return String(speed);
  const before = Math.floor((speed - 1) / 2);
  return formatQuickMoves([{ kind: 'F', n: before }, { kind: 'R' }, { kind: 'F', n: speed - 1 - before }]);
}

/** The standing move of the template: the missed-orders move, straight on at its SPEED (never above ENGINE). */
export function quickTemplateMove(state: GameState, p: PlaneState): QuickStep[] {
  const q = quickPlane(state, p.id);
  return q ? quickDefault(q) : [{ kind: 'F', n: 1 }];
}

/** Where each of the player's aircraft goes with its move: a map with the hexes numbered, and a line. */
export function quickPreviews(
  state: GameState,
  moves: Record<string, QuickStep[]>,
  planeIds: readonly string[],
): Preview[] {
  const qs = toQuickState(state);
  return qs.planes
    .filter((q) => planeIds.includes(q.id) && q.status === 'flying')
    .map((q) => {
      const steps = moves[q.id] ?? quickDefault(q);
      const { path, end } = flyMove(q, steps);
      const marks = path.map((hex, i) => ({ hex, impulse: i + 1 }));
      const speed = quickSpeed(steps);
      const { col, row } = toColRow(end.hex);
      const off = col < 1 || row < 1 || col > state.map.width || row > state.map.height;
      const summary = off
        ? `WARNING: ${q.id} ${moves[q.id] ? `flies ${formatQuickMoves(steps)}` : 'has no move: it flies straight on'} and leaves the ${state.map.width} x ${state.map.height} map at ${hexLabel(end.hex)}: it is out of the game. Change the move if that is not what you want.`
        : `${q.id} ${moves[q.id] ? `flies ${formatQuickMoves(steps)}` : `has no move: it flies straight on, ${formatQuickMoves(steps)}`} and ends the turn in ${hexLabel(end.hex)}, facing ${facingText(end.facing)}, SPEED ${speed}.`;
      const words = wrapText(summary, 78, 4);
      return {
        plane: q.id,
        path: marks,
        summary: words,
        map: `${renderMap(state, { focus: [q.id], path: marks, maxRows: 12 })}\n${words}`,
        ...(off ? { warning: summary } : {}),
      };
    });
}

/** The aircraft lost in a quick-game turn, a line each. */
export function quickCasualties(events: readonly GameEvent[]): string[] {
  return events.flatMap((e) =>
    e.type === 'quick' && e.event.type === 'down'
      ? [
          `${e.event.plane} ${e.event.how === 'destroyed' ? 'destroyed' : 'crashed, its engine gone'}: shot by ${e.event.by}`,
        ]
      : [],
  );
}
