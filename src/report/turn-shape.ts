/**
 * The shape of a resolved turn, read from its events: the twelve impulses of seed 000 and the end
 * of the turn at 13, or, in the two-phase sequence (seed 003, core/two-phase), the impulses
 * numbered through the turn as its `sequence` event lays them out. Reports, the replay frames and
 * the web pages walk a turn through this, so both sequences read the same way.
 */
import type { GameEvent } from '../core/events.ts';

type Sequence = Extract<GameEvent, { type: 'sequence' }>;
type Initiative = Extract<GameEvent, { type: 'initiative' }>;

export interface TurnShape {
  twoPhase: boolean;
  /** The quick game (seed 004): movement in impulse 1, combat in impulse 2, nothing at the end. */
  quick?: boolean;
  /** The impulses of the turn in order (1-12; or 1 to the last impulse zero). */
  impulses: number[];
  /** The impulse number of the end-of-turn events (13; or the two-phase `end`). */
  end: number;
  phases: Sequence['phases'];
  order: Sequence['order'];
  initiative: Initiative[];
}

const STANDARD: TurnShape = {
  twoPhase: false,
  impulses: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
  end: 13,
  phases: [],
  order: [],
  initiative: [],
};

const QUICK: TurnShape = {
  twoPhase: false,
  quick: true,
  impulses: [1, 2],
  end: 3,
  phases: [],
  order: [],
  initiative: [],
};

export function turnShape(events: readonly GameEvent[]): TurnShape {
  if (events.some((e) => e.type === 'quick')) return QUICK;
  const seq = events.find((e): e is Sequence => e.type === 'sequence');
  if (!seq) return STANDARD;
  return {
    twoPhase: true,
    impulses: Array.from({ length: seq.end - 1 }, (_, i) => i + 1),
    end: seq.end,
    phases: seq.phases,
    order: seq.order,
    initiative: events.filter((e): e is Initiative => e.type === 'initiative'),
  };
}

const PHASE_NAMES = ['first', 'second'];

/** Which phase (0 or 1) an impulse of a two-phase turn is in; -1 before or after. */
function phaseOf(shape: TurnShape, impulse: number): number {
  return shape.phases.findIndex((p) => impulse >= p.first && impulse <= p.zero);
}

/** The phase of an impulse in words, "first" or "second" ("first" outside the phases). */
export const phaseName = (shape: TurnShape, impulse: number): string => PHASE_NAMES[phaseOf(shape, impulse)] ?? 'first';

/** Whether an impulse of a two-phase turn is an impulse zero. */
export const isImpulseZero = (shape: TurnShape, impulse: number): boolean =>
  shape.phases.some((p) => p.zero === impulse);

/** The heading of an impulse in a report: "Impulse 5", or "Impulse 7: impulse zero of the first phase". */
export function impulseHeading(shape: TurnShape, impulse: number): string {
  if (shape.quick) return impulse === 1 ? 'Movement (all at once)' : 'Combat';
  if (!shape.twoPhase) return `Impulse ${impulse}`;
  return isImpulseZero(shape, impulse)
    ? `Impulse ${impulse}: impulse zero, the end of the ${phaseName(shape, impulse)} phase`
    : `Impulse ${impulse}`;
}

/** The plane that moves in an impulse of a two-phase turn (its `move` or `hold` event), if any is shown. */
export function moverAt(events: readonly GameEvent[], impulse: number): string | undefined {
  return events.find((e) => e.impulse === impulse && e.phase === 'C' && (e.type === 'move' || e.type === 'hold'))
    ?.plane;
}

/** An impulse for the web replay: "impulse 7: M1 moves (first phase)"; "impulse 5" in twelve impulses. */
export function replayLabel(shape: TurnShape, events: readonly GameEvent[], impulse: number): string {
  if (shape.quick) return impulse === 1 ? 'the movement' : 'the combat';
  const heading = impulseHeading(shape, impulse).replace(/^Impulse/, 'impulse');
  if (!shape.twoPhase || isImpulseZero(shape, impulse)) return heading;
  const mover = moverAt(events, impulse);
  return `${heading}: ${mover ? `${mover} moves` : 'a plane moves'} (${phaseName(shape, impulse)} phase)`;
}

/** The line that opens a phase of a two-phase turn, before its first impulse; undefined otherwise. */
export function phaseOpening(shape: TurnShape, impulse: number): string | undefined {
  const k = shape.phases.findIndex((p) => p.first === impulse);
  if (!shape.twoPhase || k < 0) return undefined;
  const moving = shape.order.map((o) => `${o.plane} ${k === 0 ? o.first : o.second}`).join(', ');
  return `${k === 0 ? 'FIRST' : 'SECOND'} PHASE: the planes move one at a time, fastest first (hexes: ${moving || 'none'})`;
}

/** The two-phase turn's preamble: the initiative rolls and the order of movement. */
export function sequenceLines(shape: TurnShape, names: Readonly<Record<string, string>> = {}): string[] {
  if (!shape.twoPhase) return [];
  const lines: string[] = [];
  const name = (side: string): string => names[side] ?? side;
  for (const i of shape.initiative) {
    const throws = i.rolls
      .map((round) =>
        round
          .map(
            (t) =>
              `${name(t.side)} ${t.roll}${t.mod ? ` ${t.mod > 0 ? '+1 (an ace in the tie)' : '-1 (recruits only)'} = ${t.roll + t.mod}` : ''}`,
          )
          .join(', '),
      )
      .join('; again: ');
    lines.push(`Initiative at speed ${i.speed} (a d6 a side): ${throws}: ${name(i.winner)} wins and moves ${i.choice}`);
  }
  const order = shape.order
    .map((o) => `${o.plane} (${o.speed} hex${o.speed === 1 ? '' : 'es'}: ${o.first} + ${o.second})`)
    .join(', ');
  lines.push(`Order of movement, for both phases: ${order || 'no plane in the air'}`);
  return lines;
}
