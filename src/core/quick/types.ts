/**
 * The quick game (seed 004; docs/quick.md): a whole small ruleset for newcomers. An aircraft is
 * ENGINE, FUSELAGE and TO-HIT (each at most 5) and at most one weapon on each side; it flies SPEED
 * hexes and clock points a turn by orders like `2L1`, all plotted, all moved at once; then each
 * side in initiative order fires every weapon once at an enemy in its arc and range.
 */
import type { QuickStep } from '../../orders/ast.ts';
import type { Hex } from '../hex/coords.ts';

/** The four sides of an aircraft (seed 004 "Aircraft"): front, left, right, rear. */
export const QUICK_SIDES = ['F', 'L', 'R', 'B'] as const;
export type QuickSide = (typeof QUICK_SIDES)[number];

export interface QuickCard {
  id: string;
  name: string;
  engine: number;
  fuselage: number;
  toHit: number;
  /** The sides with a weapon. */
  weapons: QuickSide[];
}

export interface QuickPlane {
  id: string;
  side: string;
  card: string;
  hex: Hex;
  /** 0-11, a clock point each (one 30-degree facing of the hex map). */
  facing: number;
  nextRight: boolean;
  speed: number;
  /** What is left of ENGINE and FUSELAGE (the Aircraft Turn Record's unfilled ovals). */
  engine: number;
  fuselage: number;
  /** Weapons destroyed by damage. */
  lost: QuickSide[];
  status: 'flying' | 'destroyed' | 'crashed' | 'exited';
}

export interface QuickState {
  turn: number;
  map: { width: number; height: number };
  cards: Record<string, QuickCard>;
  planes: QuickPlane[];
  dice: { seed: string };
}

export interface QuickOrders {
  /** Each plane's move for the turn; a plane without one flies straight on at its SPEED. */
  moves: Record<string, QuickStep[]>;
  /** Named targets by weapon (`FIRE A1 F AT B1`); a weapon without one fires at the nearest enemy in its arc. */
  targets?: Record<string, Partial<Record<QuickSide, string>>>;
}

export type QuickEvent =
  | { type: 'move'; plane: string; from: string; to: string; facing: number; speed: number }
  | { type: 'exit'; plane: string; hex: string }
  | { type: 'initiative'; order: string[]; rolls: Record<string, number[]> }
  // A working gun that found nothing to fire at: its named target out of its arc or range, or no enemy there.
  | { type: 'no-shot'; plane: string; weapon: QuickSide; named?: string }
  | {
      type: 'shot';
      plane: string;
      weapon: QuickSide;
      target: string;
      range: number;
      modifier: number;
      needs: number;
      roll: number;
      hit: boolean;
    }
  | {
      type: 'damage';
      plane: string;
      roll: number;
      what: 'fuselage' | 'engine' | 'weapon';
      side?: QuickSide;
      fuselage: number;
      engine: number;
      by: string;
    }
  | { type: 'down'; plane: string; how: 'destroyed' | 'crashed'; by: string };

export interface QuickData {
  cards: Record<string, QuickCard>;
  /** What each aircraft has left: its Aircraft Turn Record. */
  planes: Record<string, { engine: number; fuselage: number; lost: QuickSide[]; status: QuickPlane['status'] }>;
}
