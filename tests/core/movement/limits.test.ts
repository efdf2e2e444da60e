/**
 * What governs the next plot (src/core/movement/limits.ts) agrees with the plan checker: a plot at
 * each limit the sheet states is accepted, one past it refused with the rule's code.
 */
import { describe, expect, it } from 'vitest';
import { planeLimits } from '../../../src/core/movement/limits.ts';
import { isStalled } from '../../../src/core/movement/bookkeeping.ts';
import { planTurn } from '../../../src/core/movement/plan.ts';
import { createGame, parseScenario } from '../../../src/core/scenario.ts';
import { cardOf, type GameState, type PlaneState } from '../../../src/core/state.ts';
import { parsePlot } from '../../../src/orders/plot.ts';
import { limitsLines, obligationNotes } from '../../../src/report/plane-limits.ts';
import { DUEL, testCards } from '../../support/app.ts';

const cards = testCards();
const scenario = parseScenario(DUEL, 'duel', cards);
if (!scenario.ok) throw new Error('bad scenario');
const base = createGame(scenario.value, cards, 'seed');

/** The duel with R1 changed as given. */
function game(change: Partial<PlaneState>): { state: GameState; plane: PlaneState } {
  const plane = { ...(base.planes[0] as PlaneState), ...change };
  return { state: { ...base, planes: [plane, ...base.planes.slice(1)] }, plane };
}

const codes = (state: GameState, plane: PlaneState, text: string): string[] => {
  const plot = parsePlot(`${plane.id}: ${text}`).value!;
  const r = planTurn(state, plane, plot);
  return r.ok ? [] : r.error.map((p) => p.code);
};

const limits = (plane: PlaneState, state = base) => planeLimits(cardOf(state, plane), plane);

describe('planeLimits', () => {
  it('gives the active impulses, the turn modes now and the climb and dive shares the checker allows', () => {
    const { state, plane } = game({ speed: 50 });
    const l = limits(plane, state);
    expect(l.points).toEqual([3, 5, 8, 10, 12]);
    expect(l.need).toBe(5);
    expect(l.range).toBe('maneuver');
    expect(l.modes).toEqual({ turn: 2, slip: 2, halfRoll: 2, bank1: 1, bank2: 2, halfLoop: 3 });
    expect(l.climb).toEqual({ feet: 600, base: 100, extra: 1 });
    expect(l.dive).toEqual({ feet: 1000, base: 200, extra: 0 });
    expect(l.power).toBe(3);
    expect(l.brake).toBe(2);
    // At the limits: accepted; one step past them: refused.
    expect(codes(state, plane, '1+200 1+100 1+100 1+100 1+100')).toEqual([]);
    expect(codes(state, plane, '1+200 1+200 1+100 1+100 1')).toEqual(['E_ALT_RATE']);
    expect(codes(state, plane, 'RB S TR 1 1')).toEqual([]); // bank 1 point in 1 hex, turn mode 2
    expect(codes(state, plane, 'RB TR 1 1 1')).toEqual(['E_TURN_MODE']);
    expect(codes(state, plane, '1-200 1-200 1-200 1-200 1-200')).toEqual([]);
    expect(codes(state, plane, '1-300 1-200 1-200 1-200 1-100')).toEqual(['E_ALT_RATE']);
    expect(codes(state, plane, '1P 1P 1P 1 1')).toEqual([]);
    expect(codes(state, plane, '1P 1P 1P 1P 1')).toEqual(['E_POWER']);
    expect(codes(state, plane, '1K 1K 1K 1 1')).toEqual(['E_BRAKE']);
  });

  it('applies rules (27)-(28) at level and dive speed, as the checker does', () => {
    const { state, plane } = game({ speed: 110 });
    const l = limits(plane, state);
    expect(l.range).toBe('dive');
    expect(l.modes.turn).toBe(7); // rule (28): at least speed - 4
    expect(l.power).toBe(0);
    expect(l.modes.bank1).toBe(2);
    expect(l.need).toBe(11);
    expect(codes(state, plane, 'S RB S S S S S S TR 1 1')).toEqual([]);
    expect(codes(state, plane, 'S RB S S S S S TR 1 1 1')).toEqual(['E_TURN_MODE']);
    expect(codes(state, plane, 'RB S S S S S S TR 1 1 1')).toEqual(['E_TURN_MODE']); // the 1-point bank mode is 2
  });

  it('states the pull-out after a steep dive, and the checker holds the plane to it', () => {
    const { state, plane } = game({ speed: 50, last: { mode: 'SD', climbed: 0, dived: 1000, power: false } });
    const l = limits(plane, state);
    expect(l.obligations).toContainEqual({ kind: 'pull-out', rule: 'seed 001 rule (23)', after: 'SD', minDive: 300 });
    expect(l.climb.feet).toBe(0);
    expect(obligationNotes(l)).toEqual([
      "must pull out of last turn's steep dive (rule (23)): dive at least 300 ft and no climb, or dive steeply or vertically again",
    ]);
    expect(codes(state, plane, '1-100 1-100 1-100 1 1')).toEqual([]);
    expect(codes(state, plane, '1-100 1-100 1 1 1')).toEqual(['E_PULL_OUT_SD']);
    expect(codes(state, plane, '1-100 1-100 1-100 1+100 1')).toContain('E_PULL_OUT_SD');
  });

  it('states the pull-out after a vertical dive (half the shallow dive) and the level-off after a steep climb', () => {
    const vd = game({ speed: 50, last: { mode: 'VD', climbed: 0, dived: 2000, power: false } });
    expect(limits(vd.plane, vd.state).obligations).toContainEqual({
      kind: 'pull-out',
      rule: 'seed 001 rule (22)',
      after: 'VD',
      minDive: 600,
    });
    expect(codes(vd.state, vd.plane, '1-200 1-100 1-100 1-100 1-100')).toEqual([]);
    expect(codes(vd.state, vd.plane, '1-200 1-100 1-100 1-100 1')).toEqual(['E_PULL_OUT_VD']);
    const sc = game({ speed: 50, last: { mode: 'SC', climbed: 1000, dived: 0, power: false } });
    const l = limits(sc.plane, sc.state);
    expect(l.obligations).toContainEqual({ kind: 'level-off', rule: 'seed 001 rule (24)' });
    expect(l.dive.feet).toBe(0);
    expect(codes(sc.state, sc.plane, '1 1 1 1 1')).toEqual([]);
    expect(codes(sc.state, sc.plane, '1 1 1 1 1-100')).toEqual(['E_LEVEL_OFF']);
  });

  it('says whether a vertical dive may begin, as rule (20) checks it', () => {
    const ok = game({ speed: 50, last: { mode: null, climbed: 0, dived: 600, power: false } });
    expect(limits(ok.plane, ok.state).obligations).toContainEqual(
      expect.objectContaining({ kind: 'vertical-dive', allowed: true }),
    );
    expect(codes(ok.state, ok.plane, 'VD 1 1 1 1 1')).toEqual([]);
    const short = game({ speed: 50, last: { mode: null, climbed: 0, dived: 500, power: false } });
    const l = limits(short.plane, short.state);
    expect(l.obligations).toContainEqual(
      expect.objectContaining({ kind: 'vertical-dive', allowed: false, needs: 600, dived: 500 }),
    );
    expect(limitsLines(l)).toContain(
      'no vertical dive this turn (rule (20)): it needs a dive of 600 ft last turn (it dived 500)',
    );
    expect(codes(short.state, short.plane, 'VD 1 1 1 1 1')).toEqual(['E_VD_ENTRY']);
  });

  it('counts the boxes carried over and names the mode they are flown in', () => {
    const { state, plane } = game({
      speed: 50,
      carry: {
        boxes: [
          { man: 'S', alt: 0, forced: 0, power: 0, brake: 0, count: 0, roll: 0 },
          { man: 'TR', alt: -100, forced: 100, power: 0, brake: 0, count: 1, roll: 0 },
        ],
        mode: null,
      },
    });
    const l = limits(plane, state);
    expect(l.need).toBe(3);
    expect(obligationNotes(l)).toEqual(['the manoeuvre carried over, S TR, takes the first 2 boxes']);
    expect(limitsLines(l)[0]).toBe(
      'next plot: 3 boxes, impulses 8, 10, 12 (3, 5 carried over); manoeuvre speed (2-5 here)',
    );
    expect(codes(state, plane, '1 1 1')).toEqual([]);
    expect(codes(state, plane, '1 1 1 1')).toEqual(['E_PLOT_LONG']);
  });

  it('warns of a stall at or near the minimum speed', () => {
    // Minimum 2: speeds of row 1 (1.5 and under) stall; the warning starts one point above.
    const near = game({ speed: 25 });
    expect(obligationNotes(limits(near.plane, near.state))).toEqual([
      'near the stall: its minimum speed at this altitude is 2; ending a turn at speed 1.5 or slower stalls it',
    ]);
    expect(limits(game({ speed: 26 }).plane).obligations.some((o) => o.kind === 'stall')).toBe(false);
    const under = game({ speed: 15 });
    expect(limits(under.plane, under.state).obligations).toContainEqual({
      kind: 'stall',
      stalled: true,
      speed: 15,
      minimum: 2,
      stallsAt: 15,
    });
    expect(obligationNotes(limits(under.plane, under.state))).toEqual([
      'STALLED: speed 1.5 is under the minimum 2 at this altitude: dive to gain speed',
    ]);
  });

  it('warns exactly where the end of turn finds a stall (bookkeeping isStalled)', () => {
    const { state, plane } = game({});
    const card = cardOf(state, plane);
    for (let speed = 0; speed <= 60; speed++) {
      const stall = limits({ ...plane, speed }, state).obligations.find((o) => o.kind === 'stall');
      expect(stall?.kind === 'stall' && stall.stalled, `speed ${speed}`).toBe(
        isStalled(card, plane, speed, plane.altitude),
      );
    }
  });

  it('says why a plane has no power and what its figures allow for', () => {
    const { state, plane } = game({ speed: 50 });
    const twin = { ...state, aircraft: { ...state.aircraft, tb: cards.get('tb')! } };
    const hit = { ...plane, type: 'tb', damage: { taken: { E2: 3 }, destroyed: ['E2'] } };
    const l = limits(hit, twin);
    expect(l.power).toBe(0);
    expect(l.obligations).toContainEqual({ kind: 'no-power', rule: 'seed 000 X.C.1', why: 'engines' });
    expect(limitsLines(l)).toContain('these figures allow for: 1 of 2 engines');
    expect(codes(twin, hit, '1P 1 1 1 1')).toContain('E_POWER');
    const fast = limits({ ...plane, speed: 100 }, state);
    expect(fast.obligations).toContainEqual({ kind: 'no-power', rule: 'seed 001 rules (14), (25)', why: 'speed' });
    const rockets = limits({ ...plane, rockets: 'carried' }, state);
    expect(rockets.range).toBe('level'); // the tubes take a point off the manoeuvre range
    expect(rockets.modes.turn).toBe(4); // level mode 3, one worse for the rockets
    expect(limitsLines(rockets)).toContain(
      'these figures allow for: rockets carried (turn modes one worse), rocket tubes (speeds one lower)',
    );
  });

  it('keeps every sheet line short enough to wrap once at most', () => {
    for (const speed of [10, 30, 50, 80, 110]) {
      const { state, plane } = game({ speed, last: { mode: 'VD', climbed: 0, dived: 2000, power: false } });
      for (const line of limitsLines(limits(plane, state))) expect(line.length).toBeLessThanOrEqual(150);
    }
  });
});

describe('a plot of the wrong length in the two-phase sequence (seed 003)', () => {
  it('counts the hexes the plane enters, not the impulses of the twelve-impulse table', () => {
    const { state, plane } = game({});
    const two = { ...state, options: { ...state.options, sequence: 'two-phase' as const } };
    const plot = parsePlot(`${plane.id}: 1 1`).value!;
    const short = planTurn(two, plane, plot);
    expect(short.ok).toBe(false);
    const message = !short.ok ? short.error.find((p) => p.code === 'E_PLOT_SHORT')?.message : '';
    expect(message).toMatch(new RegExp(`^${plane.id} enters 5 hexes this turn: the plot needs 5 boxes, it has 2`));
    expect(message).not.toMatch(/impulse/);
    // The twelve-impulse game names its impulses.
    const twelve = planTurn(state, plane, plot);
    expect(!twelve.ok && twelve.error.find((p) => p.code === 'E_PLOT_SHORT')?.message).toMatch(
      /is active in 5 impulses this turn \(3, 5, 8, 10, 12\)/,
    );
  });
});
