/**
 * Flying the boxes of one impulse (seed 000 VI, the plotted movement phase): each active plane
 * enters its hex, turns, rolls and changes altitude as its plan says, producing events.
 */
import type { GameEvent } from '../events.ts';
import { type Hex, hexLabel, toColRow } from '../hex/coords.ts';
import type { Position } from '../hex/flight.ts';
import { type GameState, type PlaneState, writtenMan } from '../state.ts';
import { familyOf } from './manoeuvres/registry.ts';
import type { FlightPlan } from './plan.ts';

export const onMap = (state: GameState, p: PlaneState): boolean => hexOnMap(state, p.hex);

/** Whether a hex is on the map (the search of plans asks it of positions, not planes). */
export function hexOnMap(state: GameState, hex: Hex): boolean {
  const { col, row } = toColRow(hex);
  return col >= 1 && row >= 1 && col <= state.map.width && row <= state.map.height;
}

/** Moves one plane through its boxes of `impulse`, mutating the plane, appending events. */
export function flyImpulse(
  state: GameState,
  plane: PlaneState,
  plan: FlightPlan,
  impulse: number,
  events: GameEvent[],
): void {
  for (const step of plan.steps) {
    if (step.impulse !== impulse || plane.status !== 'flying') continue;
    const pos: Position = { hex: plane.hex, facing: plane.facing, nextRight: plane.nextRight };
    const r = familyOf(step.box.man).fly(pos, plane.bank, step.box, step.move, plan.mode);
    // Each event is written out whole (no `...base` spread): this runs for every box of every plane.
    const id = plane.id;
    const fromAlt = plane.altitude;
    const toAlt = fromAlt + step.box.alt;
    const man = writtenMan(step.box);
    let from = hexLabel(pos.hex);
    for (const e of r.entered) {
      const to = hexLabel(e.hex);
      events.push({
        impulse,
        phase: 'C',
        plane: id,
        type: 'move',
        from,
        to,
        facing: e.facing,
        altitude: toAlt,
        box: step.boxNo,
        man,
      });
      from = to;
    }
    if (!r.entered.length) {
      events.push({
        impulse,
        phase: 'C',
        plane: id,
        type: 'hold',
        hex: from,
        facing: r.pos.facing,
        altitude: toAlt,
        box: step.boxNo,
        man,
        why: plan.mode === 'VD' ? 'vertical' : 'steep',
      });
    }
    if (r.pos.facing !== pos.facing)
      events.push({ impulse, phase: 'C', plane: id, type: 'turn', from: pos.facing, to: r.pos.facing });
    if (r.bank !== plane.bank)
      events.push({ impulse, phase: 'C', plane: id, type: 'bank', from: plane.bank, to: r.bank });
    if (toAlt !== fromAlt) events.push({ impulse, phase: 'C', plane: id, type: 'altitude', from: fromAlt, to: toAlt });
    if (step.box.power) events.push({ impulse, phase: 'C', plane: id, type: 'power', factors: step.box.power });
    if (step.box.brake) events.push({ impulse, phase: 'C', plane: id, type: 'brake', factors: step.box.brake });
    plane.hex = r.pos.hex;
    plane.facing = r.pos.facing;
    plane.nextRight = r.pos.nextRight;
    plane.bank = r.bank;
    plane.altitude = toAlt;
    if (plane.altitude <= 0) {
      plane.altitude = 0;
      plane.status = 'crashed';
      events.push({ impulse, phase: 'C', plane: id, type: 'crash', hex: hexLabel(plane.hex) });
    } else if (!onMap(state, plane)) {
      plane.status = 'exited';
      events.push({ impulse, phase: 'C', plane: id, type: 'exit-map', hex: hexLabel(plane.hex) });
    }
  }
}
