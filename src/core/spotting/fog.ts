/**
 * Fog of war in what a side is shown (docs/spotting.md): its own counters and the enemy counters
 * it has identified, nothing else. Every mail, map and web page of a side is made from what these
 * functions leave: a state without the unseen counters, and the turn's events without those of
 * unseen counters (and without other sides' spotting).
 */
import type { GameEvent } from '../events.ts';
import type { GameState } from '../state.ts';
import { sees } from './spot.ts';

/** Whether the game hides anything from `side` (a side of null is the referee, who sees all). */
export const fogged = (state: GameState, side: string | null): side is string => !!state.fog && side !== null;

/** The state as `side` may see it: unseen enemy planes and units left out. */
export function fogState(state: GameState, side: string | null): GameState {
  if (!fogged(state, side)) return state;
  return {
    ...state,
    planes: state.planes.filter((p) => sees(state, side, p.id)),
    ...(state.units ? { units: state.units.filter((u) => sees(state, side, u.id)) } : {}),
  };
}

const UNSEEN = 'an unseen enemy';

/** The turn's events as `side` may see them, judged by what it has identified by the turn's end (`after`). */
export function fogEvents(events: readonly GameEvent[], after: GameState, side: string | null): GameEvent[] {
  if (!fogged(after, side)) return [...events];
  const ok = (id: string | null | undefined): boolean => !id || sees(after, side, id);
  const out: GameEvent[] = [];
  // The two-phase order of movement names only the planes the side has identified, and a tie of
  // speed is told only when an identified enemy was in it.
  const seq = events.find((e) => e.type === 'sequence');
  const shown = new Set(seq?.type === 'sequence' ? seq.order.filter((o) => ok(o.plane)).map((o) => o.plane) : []);
  const enemyAt = (speed: number): boolean =>
    seq?.type === 'sequence' &&
    seq.order.some(
      (o) => o.speed === speed && shown.has(o.plane) && after.planes.find((p) => p.id === o.plane)?.side !== side,
    );
  for (const e of events) {
    if (e.type === 'spot' && e.side !== side) continue;
    if (e.type === 'sequence') {
      out.push({ ...e, order: e.order.filter((o) => shown.has(o.plane)) });
      continue;
    }
    if (e.type === 'initiative' && !enemyAt(e.speed)) continue;
    if (!ok(e.plane)) continue;
    if ('firer' in e && !ok(e.firer)) continue;
    if ('target' in e && typeof e.target === 'string' && !ok(e.target)) continue;
    if ('by' in e) {
      if (Array.isArray(e.by)) out.push({ ...e, by: e.by.map((b) => (ok(b) ? b : UNSEEN)) } as GameEvent);
      else if (typeof e.by === 'string') out.push({ ...e, by: ok(e.by) ? e.by : UNSEEN } as GameEvent);
      else out.push(e);
      continue;
    }
    out.push(e);
  }
  return seq?.type === 'sequence' ? renumbered(out) : out;
}

/**
 * A two-phase turn as a side sees it (seed 003, core/two-phase): the impulses of the hexes moved by
 * planes it has not identified, with nothing left in them, are taken out and the others numbered
 * again, so that the gaps do not tell how far an unseen plane flew. The sequence event follows.
 */
function renumbered(events: GameEvent[]): GameEvent[] {
  const seq = events.find((e): e is Extract<GameEvent, { type: 'sequence' }> => e.type === 'sequence');
  if (!seq) return events;
  const kept = new Set<number>([0, seq.end, ...seq.phases.map((p) => p.zero)]);
  for (const e of events) kept.add(e.impulse);
  const numbers = [...kept].filter((k) => k <= seq.end).sort((a, b) => a - b);
  const to = new Map(numbers.map((k, i) => [k, i]));
  const at = (k: number): number => to.get(k) ?? to.get(numbers.find((n) => n >= k) ?? seq.end) ?? k;
  const phases = seq.phases.map((p) => ({ first: at(p.first), zero: at(p.zero) }));
  return events.map((e) =>
    e === seq ? { ...seq, phases, end: at(seq.end) } : e.impulse > seq.end ? e : { ...e, impulse: at(e.impulse) },
  );
}

/** The side a player plays: the side of the first of its planes or units in the game. */
export function sideOfPlayer(state: GameState, ids: readonly string[]): string | null {
  for (const id of ids) {
    const side = state.planes.find((p) => p.id === id)?.side ?? state.units?.find((u) => u.id === id)?.side;
    if (side) return side;
  }
  return null;
}
