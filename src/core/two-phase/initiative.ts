/**
 * The order of movement of the two-phase sequence (seed 003, docs/rules.md "The two-phase
 * sequence"): "Movement during the turn is done in order of the fastest to the slowest ... In the
 * case where two or more ships are moving at the same speed, a die roll is made to determine
 * initiative. The highest gets to choose whether to move first or last in the initiative segment
 * for that speed." The order holds for both phases ("When Second Phase comes around no initiative
 * roll is needed").
 *
 * A plane's speed here is the hexes it moves this turn (its movement points, seed 001 rule (1)).
 * The roll is a side's: each side with planes at the tied speed throws a d6; sides tied at the top
 * throw again until one is highest. The winner moves first or last by its standing choice
 * (GameState.initiative, default first); the other sides follow in the order of their throws. A
 * side's planes at one speed move in the order of their ids.
 */
import type { Dice } from '../dice.ts';
import type { GameEvent } from '../events.ts';
import { initiativeModifier, type PilotState } from '../pilots/quality.ts';

export type InitiativeChoice = 'first' | 'last';

export interface Mover {
  id: string;
  side: string;
  speed: number;
  pilot?: PilotState;
}

export interface MovementOrder {
  /** Plane ids, the first to move first. */
  order: string[];
  /** One `initiative` event for each speed at which two or more sides were tied. */
  events: GameEvent[];
}

const MAX_ROUNDS = 50;

/**
 * Orders the planes fastest first, throwing the initiative dice for ties (none in a dry run: the
 * tied sides then go in the order of their names, and the forecast says the roll decides).
 */
export function movementOrder(
  movers: readonly Mover[],
  choices: Readonly<Record<string, InitiativeChoice>>,
  turn: number,
  dice: Dice | undefined,
): MovementOrder {
  const order: string[] = [];
  const events: GameEvent[] = [];
  const speeds = [...new Set(movers.map((m) => m.speed))].sort((a, b) => b - a);
  for (const speed of speeds) {
    const group = movers.filter((m) => m.speed === speed);
    const sides = [...new Set(group.map((m) => m.side))].sort();
    const idsOf = (side: string): string[] =>
      group
        .filter((m) => m.side === side)
        .map((m) => m.id)
        .sort();
    if (sides.length < 2 || !dice) {
      for (const s of sides) order.push(...idsOf(s));
      continue;
    }
    const rounds: { side: string; roll: number; mod?: number }[][] = [];
    // Seed 002 9.1 in the two-phase game (core/pilots): an ace in the tie +1, only recruits -1.
    const mods = new Map(
      sides.map((s) => [s, initiativeModifier(group.filter((m) => m.side === s).map((m) => m.pilot))]),
    );
    let contenders = sides;
    const first = new Map<string, number>();
    let winner: string | undefined;
    for (let round = 1; !winner; round++) {
      const throws = contenders.map((side) => {
        const roll = dice.roll(6, {
          turn,
          impulse: 0,
          label: `initiative:${speed}:${side}${round > 1 ? `:${round}` : ''}`,
        });
        const mod = mods.get(side) ?? 0;
        return { side, roll, ...(mod ? { mod } : {}) };
      });
      rounds.push(throws);
      const score = (t: { roll: number; mod?: number }): number => t.roll + (t.mod ?? 0);
      for (const t of throws) if (!first.has(t.side)) first.set(t.side, score(t));
      const top = Math.max(...throws.map(score));
      const best = throws.filter((t) => score(t) === top).map((t) => t.side);
      // Fixed dice could tie for ever: after MAX_ROUNDS the first side by name wins.
      if (best.length === 1 || round >= MAX_ROUNDS) winner = best[0] as string;
      else contenders = best;
    }
    const choice = choices[winner] ?? 'first';
    const rest = sides
      .filter((s) => s !== winner)
      .sort((a, b) => (first.get(b) ?? 0) - (first.get(a) ?? 0) || a.localeCompare(b));
    const sidesInOrder = choice === 'first' ? [winner, ...rest] : [...rest, winner];
    for (const s of sidesInOrder) order.push(...idsOf(s));
    events.push({ impulse: 0, phase: 'A', plane: '', type: 'initiative', speed, rolls: rounds, winner, choice });
  }
  return { order, events };
}

/**
 * Seed 003: "begin First Phase by moving a number of spaces equal to half of the total speed ...
 * a ship that has a maximum speed of 15 ... would move either 7 or 8 spaces ... and moved 7 in the
 * First Phase, would move the remaining 8 in the Second Phase." Tallyho takes the seed's own
 * worked case: the first phase has the half rounded down, the second the rest.
 */
export const firstPhaseHexes = (points: number): number => Math.floor(points / 2);
