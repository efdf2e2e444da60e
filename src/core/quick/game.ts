/**
 * The quick game (seed 004) played through the referee's pipeline: its state kept inside a
 * GameState, so the store, the players, the deadlines, the maps, the archive, export and verify
 * take it as they take any game. The planes are the GameState's planes (hex, facing, SPEED x 10 as
 * speed, altitude 0, level); what is the quick game's own (the cards, ENGINE and FUSELAGE left,
 * the weapons lost) is `GameState.quick`. resolveTurn hands such a state to resolveQuickGame.
 */
import type { FireOrder } from '../../orders/ast.ts';
import type { Dice } from '../dice.ts';
import type { GameEvent } from '../events.ts';
import { err, ok, type Problem, type Result } from '../result.ts';
import { type GameState, NO_LAST_TURN, type PlaneState, type PlaneStatus } from '../state.ts';
import { checkQuickMove, flyQuick, resolveQuickTurn } from './rules.ts';
import type { QuickData, QuickEvent, QuickOrders, QuickPlane, QuickSide, QuickState } from './types.ts';
import type { QuickStep } from '../../orders/ast.ts';
import { QUICK_SIDES } from './types.ts';

const SIDE_WORDS: Record<QuickSide, string> = { F: 'front', L: 'left', R: 'right', B: 'rear' };

const STATUS: Record<QuickPlane['status'], PlaneStatus> = {
  flying: 'flying',
  destroyed: 'shot-down',
  crashed: 'crashed',
  exited: 'exited',
};

/** The GameState of a new quick game. */
export function quickGameState(qs: QuickState, sides: Record<string, { name: string }>): GameState {
  const base: GameState = {
    version: 1,
    turn: qs.turn,
    map: { ...qs.map },
    options: { combat: 'standard', sequence: 'impulse12' },
    sides,
    aircraft: {},
    planes: [],
    dice: { ...qs.dice },
    quick: { cards: { ...qs.cards }, planes: {} },
  };
  return withQuick(base, qs);
}

/** The quick game's own state, read out of a GameState. */
export function toQuickState(gs: GameState): QuickState {
  const q = gs.quick as QuickData;
  return {
    turn: gs.turn,
    map: { width: gs.map.width, height: gs.map.height },
    cards: q.cards,
    dice: { ...gs.dice },
    planes: gs.planes.map((p) => {
      const r = q.planes[p.id];
      return {
        id: p.id,
        side: p.side,
        card: p.type,
        hex: p.hex,
        facing: p.facing,
        nextRight: p.nextRight,
        speed: Math.round(p.speed / 10),
        engine: r?.engine ?? 0,
        fuselage: r?.fuselage ?? 0,
        lost: [...(r?.lost ?? [])],
        status: r?.status ?? 'flying',
      };
    }),
  };
}

/** A GameState with the quick game's state written into it. */
export function withQuick(gs: GameState, qs: QuickState): GameState {
  const planes: PlaneState[] = qs.planes.map((p) => ({
    id: p.id,
    side: p.side,
    type: p.card,
    hex: p.hex,
    facing: p.facing,
    nextRight: p.nextRight,
    altitude: 0,
    speed: p.speed * 10,
    bank: 'N',
    loaded: false,
    carry: null,
    last: { ...NO_LAST_TURN },
    status: STATUS[p.status],
  }));
  const records = Object.fromEntries(
    qs.planes.map((p) => [p.id, { engine: p.engine, fuselage: p.fuselage, lost: [...p.lost], status: p.status }]),
  );
  return {
    ...gs,
    turn: qs.turn,
    dice: { ...gs.dice },
    planes,
    quick: { cards: (gs.quick as QuickData).cards, planes: records },
  };
}

/** Quick orders from the TurnOrders of mail: the moves, and the targets named by FIRE lines. */
export function quickOrdersOf(moves: Record<string, QuickStep[]> | undefined, fire: readonly FireOrder[]): QuickOrders {
  const targets: NonNullable<QuickOrders['targets']> = {};
  for (const f of fire) {
    const side = f.guns.toUpperCase() as QuickSide;
    if (f.hold || !QUICK_SIDES.includes(side) || f.target.toUpperCase() === 'ANY') continue;
    (targets[f.plane.toUpperCase()] ??= {})[side] = f.target.toUpperCase();
  }
  return { moves: { ...moves }, targets };
}

/**
 * Every problem of the quick orders of the planes in `gs` (a player's own, when the app checks an
 * envelope): moves for planes that are not flying, illegal moves, FIRE lines that are not a
 * weapon side the aircraft has or not at an enemy.
 */
export function checkQuickOrders(
  gs: GameState,
  moves: Record<string, QuickStep[]>,
  fire: readonly FireOrder[],
  whole: GameState = gs,
): Problem[] {
  const qs = toQuickState(gs);
  const problems: Problem[] = [];
  for (const id of Object.keys(moves)) {
    const p = qs.planes.find((x) => x.id === id);
    if (!p) problems.push({ code: 'E_UNKNOWN_PLANE', plane: id, message: `there is no aircraft ${id} in this game` });
    else if (p.status !== 'flying')
      problems.push({
        code: 'E_PLANE_DOWN',
        plane: id,
        message: `${id} is out of the fight and takes no orders: leave its line out`,
      });
    else problems.push(...checkQuickMove(qs, p, moves[id] as QuickStep[]));
  }
  const all = whole === gs ? qs : toQuickState(whole);
  for (const f of fire) {
    const p = all.planes.find((x) => x.id === f.plane.toUpperCase());
    const card = p ? all.cards[p.card] : undefined;
    if (!p || !card) {
      problems.push({
        code: 'E_UNKNOWN_PLANE',
        plane: f.plane,
        message: `there is no aircraft ${f.plane} in this game`,
      });
      continue;
    }
    const side = f.guns.toUpperCase() as QuickSide;
    const has = card.weapons.map((w) => `${w} (${SIDE_WORDS[w]})`).join(', ');
    if (f.hold) {
      problems.push({
        code: 'E_QUICK_FIRE',
        plane: p.id,
        message: `HOLD ${p.id}: in the quick game every weapon fires at an enemy in its arc and range; leave the line out (FIRE ${p.id} <side> AT <enemy> picks the target)`,
      });
      continue;
    }
    if (!QUICK_SIDES.includes(side)) {
      problems.push({
        code: 'E_QUICK_FIRE',
        plane: p.id,
        message: `FIRE ${p.id} ${f.guns}: name the side of a gun: F front, L left, R right or B rear; ${p.id} has ${card.weapons.length ? `${has}` : 'no gun'}${card.weapons[0] ? `, e.g. FIRE ${p.id} ${card.weapons[0]} AT <enemy>` : ''}`,
      });
      continue;
    }
    if (!card.weapons.includes(side)) {
      problems.push({
        code: 'E_QUICK_FIRE',
        plane: p.id,
        message: `FIRE ${p.id} ${side}: ${p.id} (${card.name}) has no ${SIDE_WORDS[side]} gun; ${card.weapons.length === 1 ? `its only gun is ${has}` : card.weapons.length ? `its guns: ${has}` : 'it has no gun'}`,
      });
      continue;
    }
    if (f.target.toUpperCase() === 'ANY') continue;
    const t = all.planes.find((x) => x.id === f.target.toUpperCase());
    const enemies = all.planes
      .filter((x) => x.side !== p.side)
      .map((x) => x.id)
      .join(', ');
    if (!t)
      problems.push({
        code: 'E_FIRE_TARGET',
        plane: p.id,
        message: `FIRE ${p.id} ${side} AT ${f.target}: there is no aircraft ${f.target} in this game (the enemy: ${enemies || 'none'})`,
      });
    else if (t.side === p.side)
      problems.push({
        code: 'E_FIRE_TARGET',
        plane: p.id,
        message: `FIRE ${p.id} ${side} AT ${t.id}: ${t.id} is on your own side`,
      });
  }
  return problems;
}

/** Stamps a quick event as a GameEvent: movement in impulse 1, combat in impulse 2 (report/turn-shape.ts). */
const asEvent = (e: QuickEvent): GameEvent => ({
  impulse: e.type === 'move' || e.type === 'exit' ? 1 : 2,
  phase: e.type === 'move' || e.type === 'exit' ? 'C' : 'D',
  plane: 'plane' in e ? e.plane : '',
  type: 'quick',
  event: e,
});

/**
 * A quick game's turn (seed 004, core/quick/rules.ts) on its GameState; `dry`: the movement only,
 * no die (the acknowledgement's previews).
 */
export function resolveQuickGame(
  gs: GameState,
  moves: Record<string, QuickStep[]>,
  fire: readonly FireOrder[],
  dice: Dice | undefined,
  dry = false,
): Result<{ state: GameState; events: GameEvent[] }, Problem[]> {
  const problems = checkQuickOrders(gs, moves, fire);
  if (problems.length) return err(problems);
  const qs = toQuickState(gs);
  const orders = quickOrdersOf(moves, fire);
  if (dry) {
    const flown = flyQuick(qs, orders);
    return ok({ state: withQuick(gs, flown.state), events: flown.events.map(asEvent) });
  }
  const r = resolveQuickTurn(qs, orders, dice);
  if (!r.ok) return r;
  return ok({ state: withQuick(gs, r.value.state), events: r.value.events.map(asEvent) });
}
