/**
 * What the unit rules share: a counter's position as it steps over the map, the terrain it meets,
 * and the problems its orders raise (codes in docs/orders.md "Trucks, tanks and ships").
 */
import type { MoveStep } from '../../orders/ast.ts';
import { hexLabel, toColRow } from '../hex/coords.ts';
import { type Position, stepForward, turnBy } from '../hex/flight.ts';
import type { Problem } from '../result.ts';
import type { GameState } from '../state.ts';
import { type Terrain, terrainAt } from '../terrain.ts';
import type { UnitState } from './types.ts';

/** One thing a unit does in one impulse of phase B. */
export interface UnitAction {
  impulse: number;
  step: Exclude<MoveStep, '-' | GroundStep>;
}

/** The steps of a plane on the ground (core/ground), which no truck, tank or ship takes. */
export type GroundStep = 'START' | 'P' | 'B' | 'LAUNCH';
export const GROUND_STEPS: readonly MoveStep[] = ['START', 'P', 'B', 'LAUNCH'];

export const positionOf = (u: UnitState): Position => ({ hex: u.hex, facing: u.facing, nextRight: u.nextRight });

export function onMapHex(state: GameState, p: Position): boolean {
  const { col, row } = toColRow(p.hex);
  return col >= 1 && row >= 1 && col <= state.map.width && row <= state.map.height;
}

/** The terrain of a hex; a map without terrain is open land everywhere (no roads, no sea). */
export function terrainOf(state: GameState, p: Position): Terrain {
  const { col, row } = toColRow(p.hex);
  return terrainAt(state.map.terrain, col, row) ?? 'land';
}

/** Roads and airfields (paved) give trucks and tanks their road movement (seed 000 V.A.1, V.B.1). */
export const isRoad = (t: Terrain): boolean => t === 'road' || t === 'airfield';

/** A position after one step; turns of ground units are a hexside (2 facings), of ships 30 degrees. */
export function applyStep(p: Position, step: UnitAction['step']): Position {
  switch (step) {
    case 'F':
      return stepForward(p);
    case 'L':
      return turnBy(p, -2);
    case 'R':
      return turnBy(p, 2);
    case 'TL':
      return turnBy(p, -1);
    case 'TR':
      return turnBy(p, 1);
  }
}

export const problem = (unit: string, code: string, message: string): Problem => ({ code, plane: unit, message });

export const hexName = (p: Position): string => hexLabel(p.hex);
