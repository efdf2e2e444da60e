/**
 * Impulse-by-impulse positions of every plane (and truck, tank and ship) through a resolved turn, rebuilt from the state at
 * the start of the turn and the turn's events alone: what the web replay steps through and what
 * the SVG map draws as tracks. Frame 0 is the start of the turn, frame i the end of impulse i
 * (in a two-phase turn, of its impulse i: one plane's hex, or an impulse zero).
 */
import type { Bank } from '../core/bank.ts';
import type { GameEvent } from '../core/events.ts';
import { hexLabel } from '../core/hex/coords.ts';
import type { GameState, PlaneStatus } from '../core/state.ts';
import type { UnitKind, UnitStatus } from '../core/units/types.ts';
import { turnShape } from './turn-shape.ts';

export interface PlaneFrame {
  id: string;
  hex: string;
  facing: number;
  altitude: number;
  bank: Bank;
  status: PlaneStatus | 'shot-down' | UnitStatus;
  /** A truck, tank or ship (seed 000 V): altitude 0, level; status active or exited. */
  kind?: UnitKind;
}

export type Frame = PlaneFrame[];

export function replayFrames(before: GameState, events: readonly GameEvent[]): Frame[] {
  const cur = new Map<string, PlaneFrame>(
    before.planes.map((p) => [
      p.id,
      {
        id: p.id,
        hex: hexLabel(p.hex),
        facing: p.facing,
        altitude: p.altitude,
        bank: p.bank,
        status: p.status,
      },
    ]),
  );
  for (const u of before.units ?? [])
    cur.set(u.id, {
      id: u.id,
      hex: hexLabel(u.hex),
      facing: u.facing,
      altitude: 0,
      bank: 'N',
      status: u.status,
      kind: u.kind,
    });
  const frames: Frame[] = [[...cur.values()].map((f) => ({ ...f }))];
  const byImpulse = new Map<number, GameEvent[]>();
  for (const e of events) byImpulse.set(e.impulse, [...(byImpulse.get(e.impulse) ?? []), e]);
  // Twelve impulses, or a two-phase turn's impulses numbered through it (turn-shape.ts).
  for (const i of turnShape(events).impulses) {
    for (const e of byImpulse.get(i) ?? []) {
      const f = cur.get(e.plane);
      if (!f) continue;
      switch (e.type) {
        case 'move':
          f.hex = e.to;
          f.facing = e.facing;
          f.altitude = e.altitude;
          break;
        case 'hold':
          f.facing = e.facing;
          f.altitude = e.altitude;
          break;
        case 'turn':
          f.facing = e.to;
          break;
        case 'bank':
          f.bank = e.to;
          break;
        case 'altitude':
          f.altitude = e.to;
          break;
        case 'crash':
          f.status = 'crashed';
          break;
        case 'exit-map':
          f.status = 'exited';
          break;
        case 'unit-move':
          f.hex = e.to;
          f.facing = e.facing;
          break;
        case 'unit-turn':
          f.facing = e.to;
          break;
        case 'unit-exit':
          f.status = 'exited';
          break;
        // The quick game (seed 004): a move's end, and an aircraft lost.
        case 'quick':
          if (e.event.type === 'move') {
            f.hex = e.event.to;
            f.facing = e.event.facing;
          } else if (e.event.type === 'exit') f.status = 'exited';
          else if (e.event.type === 'down') f.status = e.event.how === 'destroyed' ? 'shot-down' : 'crashed';
          break;
        default: {
          const t = (e as { type: string }).type;
          if (t === 'shot-down') f.status = 'shot-down';
          if (t === 'bail-out') f.status = 'bailed-out';
        }
      }
    }
    frames.push([...cur.values()].map((f) => ({ ...f })));
  }
  return frames;
}
