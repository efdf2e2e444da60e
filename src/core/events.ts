/**
 * What happens in a turn, in order. Every event names its impulse (0 = before impulse 1, 13 = the
 * end of the turn) and its phase of seed 000 III (A-H), so reports and the replay can be built from
 * events alone. The JSON shape is documented in docs/cli.md.
 */
import type { Bank } from './bank.ts';

export type Phase = 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G' | 'H';

interface Base { impulse: number; phase: Phase; plane: string }

export type GameEvent =
  | (Base & { type: 'move'; from: string; to: string; facing: number; altitude: number; box: number; man: string })
  | (Base & { type: 'hold'; hex: string; facing: number; altitude: number; box: number; man: string; why: 'steep' | 'vertical' })
  | (Base & { type: 'turn'; from: number; to: number })
  | (Base & { type: 'bank'; from: Bank; to: Bank })
  | (Base & { type: 'altitude'; from: number; to: number })
  | (Base & { type: 'power'; factors: number })
  | (Base & { type: 'brake'; factors: number })
  | (Base & { type: 'bomb-mark'; hex: string; altitude: number; dive: boolean })
  | (Base & { type: 'default-orders'; reason: string })
  | (Base & { type: 'carry'; boxes: string[] })
  | (Base & { type: 'speed'; from: number; to: number; terms: { why: string; tenths: number; rule: string }[] })
  | (Base & { type: 'stall'; speed: number; minimum: number })
  | (Base & { type: 'crash'; hex: string })
  | (Base & { type: 'exit-map'; hex: string });

export type EventType = GameEvent['type'];
