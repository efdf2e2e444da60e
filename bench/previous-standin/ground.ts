/**
 * The stand-in on the ground (docs/standin.md "On the ground"): planes on an airfield or a deck,
 * and the side's trucks, tanks and ships, each given a MOVE line the referee takes, or left to its
 * default on purpose, the reason said.
 *
 * - A plane on the ground (seed 000 IV.2-8, plans/ground.ts lists its legal lines): START a cold
 *   engine (IV.2); on a deck, LAUNCH once it runs (IV.8; one plane a deck a turn); on a field, at
 *   speed 0 or 1 turn toward the fight (IV.6, up to three hexsides) where the roll ahead stays on
 *   the field (off it the plane crashes, ground/phase.ts), then power (P, IV.4) every turn until
 *   it reaches its flying speed and takes off.
 * - A truck keeps to its road (seed 000 V.A: two points on a road, in impulses 4 and 9): F F while
 *   the road runs on ahead, F where only the next hex is road; off a road it stays put.
 * - A tank (V.B) goes forward along a road; off one it stays put.
 * - A ship (V.C) steams on at its ordered speed, its standing order: no MOVE line.
 */
import type { MoveOrder, MoveStep } from '../../src/orders/ast.ts';
import { formatMoveOrder } from '../../src/orders/move.ts';
import { distance, type Hex } from '../../src/core/hex/coords.ts';
import { degreesOff } from '../../src/core/hex/facing.ts';
import { flightLine, turnBy } from '../../src/core/hex/flight.ts';
import { groundWays } from '../../src/core/plans/ground.ts';
import type { GameState, PlaneState } from '../../src/core/state.ts';
import { planUnits } from '../../src/core/units/plan.ts';
import type { UnitState } from '../../src/core/units/types.ts';
import { applyStep, isRoad, onMapHex, positionOf, terrainOf } from '../../src/core/units/walk.ts';

export interface GroundChoice {
  plane: string;
  move?: MoveOrder;
  text: string;
  why: string;
}

/** Where the fight is for a plane on the ground: the nearest enemy plane in the air, else none. */
function fightOf(seen: GameState, p: PlaneState): Hex | undefined {
  const foes = seen.planes
    .filter((e) => e.side !== p.side && e.status === 'flying' && !e.ground)
    .sort((a, b) => distance(p.hex, a.hex) - distance(p.hex, b.hex) || a.id.localeCompare(b.id));
  return foes[0]?.hex;
}

const line = (m: MoveOrder | undefined): string => (m ? formatMoveOrder(m) : '');

/** The MOVE line of a plane on the ground (`launched`: the decks a plane leaves this turn). */
export function groundPlane(seen: GameState, p: PlaneState, launched: Set<string>): GroundChoice {
  const g = p.ground as NonNullable<PlaneState['ground']>;
  const legal = groundWays(seen, p);
  const has = (steps: MoveStep[]): boolean => legal.some((w) => w.steps.join(' ') === steps.join(' '));
  const give = (steps: MoveStep[], why: string): GroundChoice => {
    const move = { unit: p.id, steps };
    return { plane: p.id, move, text: line(move), why };
  };
  if (g.deck) {
    if (!g.engine && has(['START']))
      return give(['START'], `starts its engine on ${g.deck}'s deck, to launch next turn`);
    if (g.engine && !launched.has(g.deck) && has(['LAUNCH'])) {
      launched.add(g.deck);
      return give(['LAUNCH'], `launches from ${g.deck}`);
    }
    return { plane: p.id, text: '', why: `stays on ${g.deck}'s deck (no MOVE line): it cannot launch this turn` };
  }
  // On a field: turn toward the fight while slow enough to turn (IV.6), the turn leaving it pointing
  // nearest, if its roll then stays on the field (ground/phase.ts: a plane that rolls off it crashes).
  const fight = fightOf(seen, p);
  const at = { hex: p.hex, facing: p.facing, nextRight: p.nextRight };
  const onField = (t: number): boolean =>
    !seen.map.terrain ||
    flightLine(turnBy(at, t * 2), Math.ceil(p.speed / 10) + 2).every(
      (h) =>
        onMapHex(seen, { hex: h, facing: 0, nextRight: false }) &&
        isRoad(terrainOf(seen, { hex: h, facing: 0, nextRight: false })),
    );
  const options = [0];
  if (fight && p.speed <= 10) for (let t = -3; t <= 3; t++) if (t) options.push(t);
  const offOf = (t: number): number => (fight ? (degreesOff(p.hex, turnBy(at, t * 2).facing, fight) ?? 0) : 0);
  const kept = options.filter(onField).sort((a, b) => offOf(a) - offOf(b) || Math.abs(a) - Math.abs(b));
  const t = kept[0];
  if (t === undefined)
    return {
      plane: p.id,
      text: '',
      why: 'stays as it is (no MOVE line): every roll it could start runs off the field',
    };
  const turns: MoveStep[] = Array.from({ length: Math.abs(t) }, () => (t < 0 ? 'L' : 'R'));
  const toward = turns.length
    ? `, turning ${turns.length} hexside${turns.length === 1 ? '' : 's'} toward the enemy`
    : '';
  if (!g.engine) {
    if (has(['START', ...turns])) return give(['START', ...turns], `starts its engine${toward}`);
    if (has(['START'])) return give(['START'], 'starts its engine');
  } else {
    if (has(['P', ...turns])) return give(['P', ...turns], `opens the throttle to take off${toward}`);
    if (has(['P'])) return give(['P'], 'opens the throttle to take off');
  }
  return { plane: p.id, text: '', why: 'rolls on as it is (no MOVE line): no better line is legal' };
}

/** The MOVE line of a truck, tank or ship of the side. */
export function groundUnit(seen: GameState, u: UnitState): GroundChoice {
  if (u.kind === 'ship')
    return { plane: u.id, text: '', why: 'steams on at its ordered speed (its standing order: no MOVE line)' };
  const pos = positionOf(u);
  const roadAt = (p: ReturnType<typeof positionOf>): boolean => onMapHex(seen, p) && isRoad(terrainOf(seen, p));
  const one = applyStep(pos, 'F');
  const two = applyStep(one, 'F');
  const tries: MoveStep[][] =
    u.kind === 'truck' && roadAt(pos)
      ? [
          ...(roadAt(one) && roadAt(two) ? [['F', 'F'] as MoveStep[]] : []),
          ...(roadAt(one) ? [['F', '-'] as MoveStep[]] : []),
        ]
      : roadAt(pos) && roadAt(one)
        ? [['F']]
        : [];
  for (const steps of tries) {
    const move: MoveOrder = { unit: u.id, steps };
    const r = planUnits({ ...seen, units: [u] }, [move]);
    if (r.ok)
      return {
        plane: u.id,
        move,
        text: line(move),
        why: `keeps to the road ahead (${steps.filter((s) => s === 'F').length} hex${steps.filter((s) => s === 'F').length === 1 ? '' : 'es'})`,
      };
  }
  return {
    plane: u.id,
    text: '',
    why: roadAt(pos)
      ? 'stays where it is (no MOVE line): the road does not run on ahead'
      : 'stays where it is (no MOVE line): it is off the road',
  };
}
