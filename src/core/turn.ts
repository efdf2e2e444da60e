/**
 * resolveTurn(state, orders): the whole turn, impulses 1 to 12, each through the phases of seed 000
 * III, then the changes of seed 000 XI (new initial speed, altitude, bank) and the carry-over.
 * Pure: the same state and orders give the same new state and events, always.
 */
import { bandCondition } from './damage/state.ts';
import { type Dice, seededDice } from './dice.ts';
import type { GameEvent } from './events.ts';
import { type MissedOrders, missedOrders } from './movement/missed-orders.ts';
import { isStalled, newSpeed } from './movement/bookkeeping.ts';
import { type FlightPlan, planTurn } from './movement/plan.ts';
import { effectiveBand } from './movement/performance.ts';
import type { FireOrder, MoveOrder, Plot } from '../orders/ast.ts';
import { checkFireOrders } from './combat/fire-check.ts';
import { fireMemo, type SightedShot } from './combat/fire-phase.ts';
import { noShotEvents, watchFireOrders } from './combat/no-shot.ts';
import { type ImpulseContext, PHASES } from './phases.ts';
import { DOC_REFS } from './doc-refs.ts';
import { err, ok, type Problem, type Result } from './result.ts';
import { cardOf, copyData, type GameState, type PlaneState, writtenMan } from './state.ts';
import { endUnitsTurn } from './units/phase.ts';
import { torpedoProblems } from './ordnance/torpedoes.ts';
import { planUnits, type UnitTurnPlan } from './units/plan.ts';
import { type GroundPlan, planGroundAll } from './ground/plan.ts';
import { endGroundTurn } from './ground/phase.ts';
import { settleLanded } from './ground/land.ts';
import type { InitiativeChoice } from './two-phase/initiative.ts';
import { layOut, runTwoPhase } from './two-phase/turn.ts';
import { checkQuickOrders, resolveQuickGame } from './quick/game.ts';
import type { QuickStep } from '../orders/ast.ts';

export interface TurnOrders {
  /** Plots by plane id; a flying plane with none flies the missed-orders default. */
  plots: Record<string, Plot>;
  fire: FireOrder[];
  /** Trucks', tanks' and ships' orders; a unit with none stays put (a ship steams on). */
  moves?: MoveOrder[];
  /**
   * The two-phase sequence: a side's new standing choice on winning a tie of speed (INITIATIVE
   * FIRST/LAST); kept in the state for the turns after (GameState.initiative).
   */
  initiative?: Record<string, InitiativeChoice>;
  /** The quick game (seed 004): each aircraft's move, `2L1` read (core/quick/game.ts). */
  quick?: Record<string, QuickStep[]>;
}

/** A plane flying without a plot this turn: the missed-orders plot it flies (none in the quick game). */
export interface Defaulted {
  plane: string;
  missed?: MissedOrders;
}

/** The default-orders event's words: what the plane flies and, off the standing default, why. */
function defaultReason(fires: boolean, missed: MissedOrders | undefined): string {
  const base = fires ? 'no plot' : 'no orders';
  const guns = fires ? 'its fire orders stand' : 'fire held';
  if (!missed || missed.how === 'standing')
    return fires
      ? 'no plot: carried-over manoeuvre, then forwards; its fire orders stand'
      : 'no orders: carried-over manoeuvre, then forwards, fire held';
  // A checker's message is "what is wrong: what to write instead"; the default tells only the first.
  const first = missed.problems[0];
  const why = first ? `${first.box ? `box ${first.box}: ` : ''}${first.message.split(': ')[0]}` : 'the rules forbid it';
  return missed.how === 'nearest'
    ? `${base}; flying straight on would break a rule (${why}), so it flies the nearest legal plot instead: ${missed.words}; ${guns}`
    : `${base}; flying straight on breaks a rule (${why}) and no legal plot is near, so it flies on as the rules bind it: ${missed.words}; ${guns}`;
}

export interface TurnResult {
  state: GameState;
  events: GameEvent[];
  plans: Record<string, FlightPlan>;
  /** A dry run only: the shots found, none thrown. */
  sighted?: SightedShot[];
}

export interface ResolveOptions {
  /**
   * Fly the turn without a die (a forecast, app/views/forecast.ts): the fire orders are tried as in a
   * real turn and the shots found are returned as `sighted`, none thrown, no damage done; no
   * bail-out is rolled. Any die asked for would be an error.
   */
  dry?: boolean;
  /**
   * Replay a turn resolved when a torpedo that hit a ship in the impulse it was dropped did its
   * damage at once, before seed 000 VIII.5 was followed (app/history/verify.ts finds such turns): the same
   * dice, the damage in the impulse of release as it was then.
   */
  torpedoAtRelease?: boolean;
  /**
   * With `dry`: the FIRE orders that never fired are not followed for their closest chance
   * (combat/no-shot.ts), and no event explains them: the menu's dry runs read the shots alone.
   */
  brief?: boolean;
  /**
   * With `dry`: the missed-orders plots of planes without a plot, worked out already for this state
   * (the menu's dry runs of one state share them, core/plans/menu.ts); a plane not in it has its own
   * worked out as usual. A dry run changes no plan (no die, no damage).
   */
  defaults?: ReadonlyMap<string, MissedOrders>;
  /**
   * With `dry`: the flight plans of some planes' plots, checked already (planTurn) on a state whose
   * plane, map, cards and sequence of play are this one's (the menu's ways, each checked once for
   * all the dry runs of its ways, core/plans/menu.ts); a plane not in it has its plot checked as usual.
   */
  planned?: ReadonlyMap<string, FlightPlan>;
}

/** The dice of a dry run: none may be thrown. */
const NO_DICE: Dice = {
  roll(_sides, key) {
    throw new Error(`a dry run threw a die (${key.label})`);
  },
};

/**
 * The working copy a turn is flown on: everything copied deep but the aircraft cards, which nothing
 * in a turn changes (damage lives on the plane) and which are most of a state's bytes. The keys keep
 * their order, so the new state serialises exactly as a full copy would.
 */
function workingCopy(state: GameState): GameState {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(state)) out[k] = k === 'aircraft' ? v : copyData(v);
  return out as unknown as GameState;
}

const STATUS_WORDS: Record<Exclude<PlaneState['status'], 'flying'>, string> = {
  'shot-down': 'was shot down',
  'bailed-out': 'was abandoned by its crew',
  crashed: 'crashed',
  exited: 'has left the map',
};

/**
 * The plots that name no plane that takes one, into `problems` in the plots' order: no such plane,
 * a plane down, or a plane on the ground (it takes a MOVE line: docs/ground.md "Orders").
 */
function plotTargetProblems(state: GameState, plots: Record<string, Plot>, problems: Problem[]): void {
  const byId = new Map(state.planes.map((p) => [p.id, p]));
  for (const id of Object.keys(plots)) {
    const plane = byId.get(id);
    if (!plane) problems.push({ code: 'E_UNKNOWN_PLANE', plane: id, message: `there is no plane ${id} in this game` });
    else if (plane.status !== 'flying')
      problems.push({
        code: 'E_PLANE_DOWN',
        plane: id,
        message: `${id} ${STATUS_WORDS[plane.status]} and takes no orders: leave its plot out`,
      });
    else if (plane.ground)
      problems.push({
        code: 'E_ON_GROUND',
        plane: id,
        message: `${id} is on the ground: it takes a MOVE line (START, P, B, L, R${plane.ground.deck ? ', LAUNCH' : ''}) until it is in the air, not a plot: MOVE ${id} START starts its engine, then MOVE ${id} P each turn until it reaches its flying speed`,
        see: DOC_REFS.onGround,
      });
  }
}

/** Checks every plane's orders without flying anything: all problems, or the flight plans. */
export function planAll(
  state: GameState,
  orders: TurnOrders,
  defaults?: ReadonlyMap<string, MissedOrders>,
  planned?: ReadonlyMap<string, FlightPlan>,
): Result<
  {
    plans: Map<string, FlightPlan>;
    units: Map<string, UnitTurnPlan>;
    ground: Map<string, GroundPlan>;
    defaulted: Defaulted[];
  },
  Problem[]
> {
  if (state.quick) {
    const problems = checkQuickOrders(state, orders.quick ?? {}, orders.fire);
    const defaulted = state.planes
      .filter((p) => p.status === 'flying' && !orders.quick?.[p.id])
      .map((p) => ({ plane: p.id }));
    return problems.length ? err(problems) : ok({ plans: new Map(), units: new Map(), ground: new Map(), defaulted });
  }
  const problems: Problem[] = [];
  const plans = new Map<string, FlightPlan>();
  const defaulted: Defaulted[] = [];
  plotTargetProblems(state, orders.plots, problems);
  // MOVE lines name trucks, tanks and ships, or planes on the ground (core/ground).
  const planeIds = new Map(state.planes.map((p) => [p.id, p]));
  const moves = orders.moves ?? [];
  const planeMoves = moves.filter((m) => planeIds.has(m.unit.toUpperCase()));
  for (const m of planeMoves) {
    const p = planeIds.get(m.unit.toUpperCase()) as PlaneState;
    if (p.status !== 'flying')
      problems.push({
        code: 'E_PLANE_DOWN',
        plane: p.id,
        message: `${p.id} ${STATUS_WORDS[p.status as Exclude<PlaneState['status'], 'flying'>]} and takes no orders: leave its MOVE line out`,
      });
    else if (!p.ground)
      problems.push({
        code: 'E_IN_THE_AIR',
        plane: p.id,
        message: `${p.id} is in the air: it takes a plot, not a MOVE line (MOVE is for trucks, tanks, ships and planes on the ground)`,
      });
  }
  const ground = planGroundAll(state, planeMoves);
  if (!ground.ok) problems.push(...ground.error);
  for (const plane of state.planes) {
    if (plane.status !== 'flying' || plane.ground) continue;
    const plot = orders.plots[plane.id];
    // No plot: the missed-orders plot, which always flies (movement/missed-orders.ts).
    const missed = plot ? undefined : (defaults?.get(plane.id) ?? missedOrders(state, plane));
    if (missed) defaulted.push({ plane: plane.id, missed });
    const given = missed ? undefined : planned?.get(plane.id);
    const r = missed ? ok(missed.plan) : given ? ok(given) : planTurn(state, plane, plot);
    if (r.ok) {
      plans.set(plane.id, r.value);
      problems.push(...torpedoProblems(state, plane, r.value));
    } else problems.push(...r.error);
  }
  problems.push(...checkFireOrders(state, orders.fire));
  const units = planUnits(
    state,
    moves.filter((m) => !planeIds.has(m.unit.toUpperCase())),
  );
  if (!units.ok) problems.push(...units.error);
  return problems.length || !units.ok || !ground.ok
    ? err(problems)
    : ok({ plans, units: units.value, ground: ground.value, defaulted });
}

export function resolveTurn(
  state: GameState,
  orders: TurnOrders,
  dice?: Dice,
  options: ResolveOptions = {},
): Result<TurnResult, Problem[]> {
  // The quick game (seed 004) has a turn of its own (core/quick/game.ts).
  if (state.quick) {
    const r = resolveQuickGame(
      state,
      orders.quick ?? {},
      orders.fire,
      options.dry ? undefined : (dice ?? seededDice(state.dice)),
      options.dry,
    );
    return r.ok ? ok({ ...r.value, plans: {}, ...(options.dry ? { sighted: [] } : {}) }) : r;
  }
  const planned = options.dry ? planAll(state, orders, options.defaults, options.planned) : planAll(state, orders);
  if (!planned.ok) return planned;
  const { plans, units, ground, defaulted } = planned.value;
  const work = workingCopy(state);
  const events: GameEvent[] = [];
  const turn = state.turn;
  for (const { plane: id, missed } of defaulted) {
    const fires = orders.fire.some((f) => f.plane.toUpperCase() === id.toUpperCase() && !f.hold);
    events.push({
      impulse: 0,
      phase: 'G',
      plane: id,
      type: 'default-orders',
      reason: defaultReason(fires, missed),
      ...(missed && missed.how !== 'standing' ? { how: missed.how } : {}),
    });
  }
  const noShot = options.dry && options.brief ? undefined : watchFireOrders(state, orders.fire);
  const sighted: SightedShot[] | undefined = options.dry ? [] : undefined;
  const turnDice = options.dry ? NO_DICE : (dice ?? seededDice(work.dice));
  // The two-phase sequence (seed 003): the order of movement and the impulses numbered through the
  // turn (core/two-phase); its plans carry those numbers.
  const choices = { ...state.initiative, ...orders.initiative };
  const shape =
    state.options.sequence === 'two-phase'
      ? layOut(plans, state.planes, choices, turn, options.dry ? undefined : turnDice)
      : undefined;
  if (shape) events.push(...shape.events);
  const ctx: ImpulseContext = {
    state: work,
    before: state,
    turn,
    impulse: 0,
    plans: shape?.plans ?? plans,
    units,
    ground,
    fire: orders.fire,
    fireMemo: fireMemo(orders.fire),
    dice: turnDice,
    events,
    startAltitude: new Map<string, number>(),
    fired: new Map<string, Set<string>>(),
    flexTargets: new Map<string, Set<string>>(),
    ...(noShot ? { noShot } : {}),
    ...(sighted ? { sighted } : {}),
    dry: !!sighted,
    ...(options.torpedoAtRelease ? { torpedoAtRelease: true } : {}),
  };
  if (shape) runTwoPhase(ctx, shape);
  else {
    for (let impulse = 1; impulse <= 12; impulse++) {
      ctx.impulse = impulse;
      for (const phase of PHASES) phase.run(ctx);
    }
  }
  const endFrom = events.length;
  endOfTurn(state, work, plans, events);
  endGroundTurn(work, state, ground, events);
  endUnitsTurn(work, units, events);
  // The end of a two-phase turn is the impulse after its last impulse zero.
  if (shape) for (const e of events.slice(endFrom)) if (e.impulse === 13) e.impulse = shape.end;
  // Last, the FIRE orders that never fired, each with its closest chance (combat/no-shot.ts).
  if (noShot) events.push(...noShotEvents(noShot, work, shape?.end));
  work.turn = turn + 1;
  if (shape && Object.keys(orders.initiative ?? {}).length) work.initiative = choices;
  return ok({ state: work, events, plans: Object.fromEntries(ctx.plans), ...(sighted ? { sighted } : {}) });
}

/** Seed 000 XI: new initial speed, altitude and bank; the carry-over; what this turn did. */
function endOfTurn(before: GameState, work: GameState, plans: Map<string, FlightPlan>, events: GameEvent[]): void {
  const starts = new Map(before.planes.map((p) => [p.id, p]));
  for (const plane of work.planes) {
    const plan = plans.get(plane.id);
    if (!plan) continue;
    const start = starts.get(plane.id);
    if (!start) continue;
    const card = cardOf(work, plane);
    // A plane that landed this turn keeps its touch-down speed (core/ground/land.ts).
    if (plane.status === 'flying' && plane.ground) {
      settleLanded(plane, start.speed);
      continue;
    }
    if (plane.status === 'flying' || plane.status === 'exited') {
      const sp = newSpeed(card, start, plan, plane.altitude);
      events.push({
        impulse: 13,
        phase: 'H' as const,
        plane: plane.id,
        type: 'speed',
        from: sp.from,
        to: sp.to,
        terms: sp.terms,
      });
      plane.speed = sp.to;
      if (plane.status === 'flying' && isStalled(card, plane, sp.to, plane.altitude)) {
        events.push({
          impulse: 13,
          phase: 'H' as const,
          plane: plane.id,
          type: 'stall',
          speed: sp.to,
          minimum: effectiveBand(card, plane.altitude, plane.loaded, bandCondition(plane)).minSpeed,
        });
      }
    }
    plane.carry = plane.status === 'flying' ? plan.carry : null;
    if (plane.carry)
      events.push({
        impulse: 13,
        phase: 'H' as const,
        plane: plane.id,
        type: 'carry',
        boxes: plane.carry.boxes.map(writtenMan),
      });
    plane.last = { mode: plan.mode, climbed: plan.climbed, dived: plan.dived, power: plan.power > 0 };
  }
}
