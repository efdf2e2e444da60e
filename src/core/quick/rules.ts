/**
 * The quick game's turn (seed 004; docs/quick.md), rule by rule:
 *
 * - Movement Orders: all plotted before anything moves; every plane moves at once. SPEED forward is
 *   a hex each (rules-notes: 2 inches = 1 hex), a turn one clock point, a 30-degree facing.
 * - SPEED is what the move spends, forward and turns together ("an aircraft must expend all of its
 *   SPEED"); it changes by at most 1 a turn and never exceeds ENGINE ("SPEED may never exceed the
 *   current ENGINE rating", which wins when damage drops ENGINE more than 1 below SPEED).
 *   At least 1: the aircraft is flying.
 * - Turns: at most half of ENGINE (rounded down) clock points a turn; never two in a row without
 *   at least 1 SPEED forward between them.
 * - Initiative: each side rolls a d6; the highest fires first, ties roll again.
 * - Combat: each side's aircraft, in id order, fire each working weapon once, at the named target
 *   or the nearest enemy in the weapon's arc and within 6 hexes (ranges in inches halved: same hex
 *   +2, 1-2 hexes +1, 3-4 hexes 0, 5-6 hexes -1). Hit on a d6 at or under TO-HIT + the modifier.
 * - Damage, at once: d6 1-4 FUSELAGE, 5 ENGINE, 6 the target's weapon on the side facing the
 *   firer (FUSELAGE when there is none); no FUSELAGE left: destroyed; no ENGINE: it crashes.
 */
import { type Dice, seededDice } from '../dice.ts';
import { distance, type Hex, hexLabel, toColRow } from '../hex/coords.ts';
import { clockPosition } from '../hex/facing.ts';
import { type Position, stepForward, turnBy } from '../hex/flight.ts';
import { err, ok, type Problem, type Result } from '../result.ts';
import type { QuickEvent, QuickOrders, QuickPlane, QuickSide, QuickState } from './types.ts';
import type { QuickStep } from '../../orders/ast.ts';

/** The clock positions each weapon covers (seed 004 "Firing arcs"). */
export const ARCS: Record<QuickSide, readonly number[]> = {
  F: [11, 12, 1],
  L: [7, 8, 9, 10, 11],
  R: [1, 2, 3, 4, 5],
  B: [5, 6, 7],
};
/** Range modifier by hexes (rules-notes: the seed's inches halved); beyond 6 no shot. */
export const rangeModifier = (hexes: number): number | undefined =>
  hexes === 0 ? 2 : hexes <= 2 ? 1 : hexes <= 4 ? 0 : hexes <= 6 ? -1 : undefined;

const P = (plane: string, code: string, message: string): Problem => ({ code, plane, message });

/** The SPEED a move may spend this turn, and the most clock points of turn in it (seed 004 "Acceleration", "Turning"). */
export function quickLimits(p: QuickPlane): { low: number; high: number; turns: number } {
  return {
    low: Math.max(1, Math.min(p.speed - 1, p.engine)),
    high: Math.min(p.speed + 1, p.engine),
    turns: Math.floor(p.engine / 2),
  };
}

/** The SPEED a move spends: every hex forward and every clock point of turn 1. */
export const quickSpeed = (steps: readonly QuickStep[]): number =>
  steps.reduce((n, s) => n + (s.kind === 'F' ? s.n : 1), 0);

/** Every problem of one plane's move order. */
export function checkQuickMove(state: QuickState, p: QuickPlane, steps: readonly QuickStep[]): Problem[] {
  const out: Problem[] = [];
  const turns = steps.filter((s) => s.kind !== 'F').length;
  const speed = quickSpeed(steps);
  const { low, high, turns: maxTurns } = quickLimits(p);
  if (speed < low || speed > high) {
    out.push(
      P(
        p.id,
        'E_QUICK_SPEED',
        `${p.id} flies at SPEED ${p.speed} with ENGINE ${p.engine}: this turn it spends ${low === high ? low : `${low} to ${high}`} (forward and turns together, seed 004 "Acceleration"); ${steps.length ? `this order spends ${speed}` : 'write a move'}`,
      ),
    );
  }
  if (turns > maxTurns)
    out.push(
      P(
        p.id,
        'E_QUICK_TURNS',
        `${p.id} turns at most ${maxTurns} clock point${maxTurns === 1 ? '' : 's'} a turn (half its ENGINE ${p.engine}, seed 004 "Turning"); this order turns ${turns}`,
      ),
    );
  steps.forEach((s, i) => {
    if (s.kind !== 'F' && i > 0 && steps[i - 1]?.kind !== 'F')
      out.push(
        P(
          p.id,
          'E_QUICK_TURN_TWICE',
          `${p.id}: two turns in a row; at least 1 SPEED forward between turns (seed 004 "Moving an aircraft"), e.g. L1L`,
        ),
      );
  });
  return out;
}

/** Whether a hex is on the map: a move that ends off it takes the aircraft out of the fight (flyQuick). */
export const onQuickMap = (s: QuickState, hex: Hex): boolean => {
  const { col, row } = toColRow(hex);
  return col >= 1 && row >= 1 && col <= s.map.width && row <= s.map.height;
};

/** Which side of `target` faces `from`: front 11-1, right 2-4, rear 5-7, left 8-10. */
export function sideFacing(target: QuickPlane, from: QuickPlane): QuickSide {
  const c = clockPosition(target.hex, target.facing, from.hex) ?? 12;
  return c >= 11 || c <= 1 ? 'F' : c <= 4 ? 'R' : c <= 7 ? 'B' : 'L';
}

/** The move a plane without orders flies: straight on at its SPEED (never above ENGINE). */
export const quickDefault = (p: QuickPlane): QuickStep[] => [
  { kind: 'F' as const, n: Math.max(1, Math.min(p.speed, p.engine)) },
];

/** One move flown from where the plane is: the hexes it enters in order, and where it ends. */
export function flyMove(
  p: Pick<QuickPlane, 'hex' | 'facing' | 'nextRight'>,
  steps: readonly QuickStep[],
): { path: Hex[]; end: Position } {
  let pos: Position = { hex: p.hex, facing: p.facing, nextRight: p.nextRight };
  const path: Hex[] = [];
  for (const s of steps) {
    if (s.kind === 'F')
      for (let i = 0; i < s.n; i++) {
        pos = stepForward(pos);
        path.push(pos.hex);
      }
    else pos = turnBy(pos, s.kind === 'L' ? -1 : 1);
  }
  return { path, end: pos };
}

/** Movement, all at once (the orders checked already); no die. */
export function flyQuick(state: QuickState, orders: QuickOrders): { state: QuickState; events: QuickEvent[] } {
  const work: QuickState = JSON.parse(JSON.stringify(state));
  const events: QuickEvent[] = [];
  for (const p of work.planes.filter((x) => x.status === 'flying')) {
    const steps = orders.moves[p.id] ?? quickDefault(p);
    const from = hexLabel(p.hex);
    Object.assign(p, flyMove(p, steps).end, { speed: quickSpeed(steps) });
    events.push({ type: 'move', plane: p.id, from, to: hexLabel(p.hex), facing: p.facing, speed: p.speed });
    if (!onQuickMap(work, p.hex)) {
      p.status = 'exited';
      events.push({ type: 'exit', plane: p.id, hex: hexLabel(p.hex) });
    }
  }
  return { state: work, events };
}

export function resolveQuickTurn(
  state: QuickState,
  orders: QuickOrders,
  dice: Dice = seededDice(state.dice),
): Result<{ state: QuickState; events: QuickEvent[] }, Problem[]> {
  const problems: Problem[] = [];
  const flying = state.planes.filter((p) => p.status === 'flying');
  for (const id of Object.keys(orders.moves))
    if (!flying.some((p) => p.id === id))
      problems.push(P(id, 'E_QUICK_PLANE', `there is no aircraft ${id} flying in this game`));
  for (const p of flying) problems.push(...checkQuickMove(state, p, orders.moves[p.id] ?? quickDefault(p)));
  if (problems.length) return err(problems);
  const flown = flyQuick(state, orders);
  const work = flown.state;
  const events = flown.events;
  const roll = (label: string): number => dice.roll(6, { turn: work.turn, impulse: 0, label });
  // Initiative: a d6 a side, the highest first; ties roll again. With one side left flying there is
  // nobody to fire at: no roll, no combat.
  const sides = [...new Set(work.planes.filter((p) => p.status === 'flying').map((p) => p.side))].sort();
  if (sides.length < 2) {
    work.turn += 1;
    return ok({ state: work, events });
  }
  const rolls: Record<string, number[]> = Object.fromEntries(sides.map((s) => [s, [roll(`init:${s}:1`)]]));
  const key = (s: string): number[] => rolls[s] as number[];
  for (let round = 2; round < 20; round++) {
    const tied = sides.filter((s) => sides.some((o) => o !== s && key(o).join() === key(s).join()));
    if (!tied.length) break;
    for (const s of tied) key(s).push(roll(`init:${s}:${round}`));
  }
  const order = [...sides].sort((a, b) => {
    const ra = key(a);
    const rb = key(b);
    for (let i = 0; i < Math.max(ra.length, rb.length); i++)
      if ((ra[i] ?? 0) !== (rb[i] ?? 0)) return (rb[i] ?? 0) - (ra[i] ?? 0);
    return a.localeCompare(b);
  });
  events.push({ type: 'initiative', order, rolls });
  for (const side of order) {
    for (const p of work.planes.filter((x) => x.side === side).sort((a, b) => a.id.localeCompare(b.id))) {
      const card = work.cards[p.card];
      if (!card) continue;
      for (const weapon of card.weapons) {
        if (p.status !== 'flying' || p.lost.includes(weapon)) continue;
        const inArc = (t: QuickPlane): boolean => {
          const c = clockPosition(p.hex, p.facing, t.hex);
          return c === undefined || ARCS[weapon].includes(c);
        };
        const enemies = work.planes.filter(
          (t) =>
            t.status === 'flying' &&
            t.side !== p.side &&
            rangeModifier(distance(p.hex, t.hex)) !== undefined &&
            inArc(t),
        );
        const named = orders.targets?.[p.id]?.[weapon];
        const target = named
          ? enemies.find((t) => t.id === named)
          : enemies.sort((a, b) => distance(p.hex, a.hex) - distance(p.hex, b.hex) || a.id.localeCompare(b.id))[0];
        if (!target) {
          events.push({ type: 'no-shot', plane: p.id, weapon, ...(named ? { named } : {}) });
          continue;
        }
        const range = distance(p.hex, target.hex);
        const modifier = rangeModifier(range) as number;
        const needs = card.toHit + modifier;
        const r = roll(`qhit:${p.id}:${weapon}`);
        const hit = r <= needs;
        events.push({ type: 'shot', plane: p.id, weapon, target: target.id, range, modifier, needs, roll: r, hit });
        if (hit) damage(work, target, p, roll(`qdmg:${p.id}:${weapon}`), events);
      }
    }
  }
  work.turn += 1;
  return ok({ state: work, events });
}

function damage(state: QuickState, t: QuickPlane, by: QuickPlane, roll: number, events: QuickEvent[]): void {
  const card = state.cards[t.card];
  let what: 'fuselage' | 'engine' | 'weapon' = roll <= 4 ? 'fuselage' : roll === 5 ? 'engine' : 'weapon';
  let side: QuickSide | undefined;
  if (what === 'weapon') {
    side = sideFacing(t, by);
    if (!card?.weapons.includes(side) || t.lost.includes(side)) {
      what = 'fuselage';
      side = undefined;
    } else t.lost.push(side);
  }
  if (what === 'fuselage') t.fuselage = Math.max(0, t.fuselage - 1);
  if (what === 'engine') t.engine = Math.max(0, t.engine - 1);
  events.push({
    type: 'damage',
    plane: t.id,
    roll,
    what,
    ...(side ? { side } : {}),
    fuselage: t.fuselage,
    engine: t.engine,
    by: by.id,
  });
  if (t.fuselage === 0) {
    t.status = 'destroyed';
    events.push({ type: 'down', plane: t.id, how: 'destroyed', by: by.id });
  } else if (t.engine === 0) {
    t.status = 'crashed';
    events.push({ type: 'down', plane: t.id, how: 'crashed', by: by.id });
  }
}
