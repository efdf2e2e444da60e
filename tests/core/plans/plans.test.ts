/**
 * The plotting aid's list of every way to fly (core/plans, docs/plans.md), held to the referee's
 * own plan checker and flight: every listed plot is accepted and ends where listed; every plot the
 * checker accepts (random plots of every manoeuvre, mark and mode, many states) ends on a listed
 * outcome.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { movementPoints } from '../../../src/core/impulse/schedule.ts';
import { planTurn } from '../../../src/core/movement/plan.ts';
import { edgeDistance, endOf, outcomeKey, waysToFly } from '../../../src/core/plans/ways.ts';
import { headingAfterCarry, MENU_SIZE, planMenu } from '../../../src/core/plans/menu.ts';
import { forgetWays, waysWithVariants } from '../../../src/core/plans/variants.ts';
import { fogState } from '../../../src/core/spotting/fog.ts';
import { groundWays } from '../../../src/core/plans/ground.ts';
import { planGround } from '../../../src/core/ground/plan.ts';
import type { MoveStep, QuickStep } from '../../../src/orders/ast.ts';
import { quickWays } from '../../../src/core/plans/quick.ts';
import { quickMenu } from '../../../src/core/plans/quick-menu.ts';
import { checkQuickMove, flyMove } from '../../../src/core/quick/rules.ts';
import { parseQuickScenario } from '../../../src/core/quick/scenario.ts';
import { loadQuickCards } from '../../../src/shell/quick.ts';
import { parse as parseYaml } from 'yaml';
import { readFileSync } from 'node:fs';
import { createGame } from '../../../src/core/scenario.ts';
import type { GameState, PlaneState } from '../../../src/core/state.ts';
import { resolveTurn } from '../../../src/core/turn.ts';
import type { Box, Manoeuvre, Plot, PlotMode } from '../../../src/orders/ast.ts';
import { loadAircraftDir } from '../../../src/shell/aircraft/catalog.ts';
import { loadScenarioFile } from '../../../src/shell/scenario-file.ts';
import { loadShipDir } from '../../../src/shell/ships/catalog.ts';
import {
  loadBombingTable,
  loadFlakTable,
  loadRocketTable,
  loadSpottingTable,
  loadTorpedoTable,
} from '../../../src/shell/ordnance/table.ts';
import { randomPlot, rng } from '../../../bench/random-plots.ts';

const catalog = loadAircraftDir();
const ships = loadShipDir();

/** The sample scenarios' first turns, and each played on two turns by random legal plots. */
function states(): { name: string; state: GameState }[] {
  const out: { name: string; state: GameState }[] = [];
  for (const f of readdirSync('scenarios')
    .filter((x) => x.endsWith('.yaml'))
    .sort()) {
    let scenario;
    try {
      scenario = loadScenarioFile(`scenarios/${f}`, catalog, ships);
    } catch {
      continue;
    }
    let state = createGame(scenario, catalog, `plans-${f}`, ships, loadBombingTable(), loadTorpedoTable(), {
      flak: loadFlakTable(),
      spotting: loadSpottingTable(),
      rockets: loadRocketTable(),
    });
    if (state.quick) continue;
    out.push({ name: `${f} turn 1`, state });
    const r = rng(f.length * 7919);
    for (let t = 2; t <= 3; t++) {
      const flying = state.planes.filter((p) => p.status === 'flying' && !p.ground);
      const res = resolveTurn(state, {
        plots: Object.fromEntries(flying.map((p) => [p.id, randomPlot(state, p, r)])),
        fire: [],
      });
      if (!res.ok) break;
      state = res.value.state;
      out.push({ name: `${f} turn ${t}`, state });
    }
  }
  return out;
}

const CODES: readonly Manoeuvre[] = [
  '1',
  '1',
  '1',
  'TL',
  'TR',
  'SL',
  'SR',
  'SLTR',
  'SRTL',
  'HRL',
  'HRR',
  'N',
  'LB',
  'RB',
  'IL',
  'IR',
  'INV',
  'V',
  'VLL',
  'VRR',
];

/** A plot of random manoeuvres, lengths, marks and mode: often illegal, sometimes not. */
function wildPlot(plane: PlaneState, r: () => number): Plot {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  const need = Math.max(0, movementPoints(plane.speed).length - (plane.carry?.boxes.length ?? 0));
  const mode: PlotMode | undefined = plane.carry?.mode ?? (r() < 0.7 ? undefined : pick(['SC', 'SD', 'VD'] as const));
  const boxes: Box[] = [];
  while (boxes.length < need) {
    const code = mode === 'VD' && r() < 0.3 ? 'S' : pick(CODES);
    const length = code === '1' || code === 'S' ? 1 : 1 + Math.floor(r() * 5);
    for (let k = 1; k < length; k++) boxes.push({ man: 'S', alt: 0, power: 0, brake: 0 });
    boxes.push({ man: code, alt: 0, power: 0, brake: 0 });
  }
  for (const b of boxes.slice(0, need)) {
    if (mode !== 'SD' && mode !== 'VD' && r() < 0.25) b.alt = (r() < 0.5 ? 100 : -100) * (1 + Math.floor(r() * 2));
    if (r() < 0.12) b.power = 1;
    else if (r() < 0.06) b.brake = 1;
  }
  return { plane: plane.id, ...(mode ? { mode } : {}), bomb: false, boxes };
}

describe('every way to fly', () => {
  const all = states();
  // Each plane's ways with their variants, worked out once for the tests that read them.
  const withVariants = new Map<string, ReturnType<typeof waysWithVariants>>();
  const variantsOf = (name: string, state: GameState, plane: PlaneState): ReturnType<typeof waysWithVariants> => {
    const k = `${name} ${plane.id}`;
    let v = withVariants.get(k);
    if (!v) withVariants.set(k, (v = waysWithVariants(state, plane)));
    return v;
  };

  it('lists dozens of ways for each plane of the duel, each one a plot the referee accepts and flies to where it is listed', () => {
    for (const { name, state } of all) {
      for (const plane of state.planes.filter((p) => p.status === 'flying' && !p.ground)) {
        const ways = waysToFly(state, plane);
        expect(ways.length, `${name} ${plane.id}`).toBeGreaterThan(name.startsWith('duel') ? 24 : 0);
        expect(new Set(ways.map((w) => outcomeKey(w.end))).size, `${name} ${plane.id}: outcomes listed once`).toBe(
          ways.length,
        );
        for (const w of ways) {
          const plan = planTurn(state, plane, w.plot);
          expect(plan.ok, `${name} ${plane.id}: ${JSON.stringify(w.plot)}`).toBe(true);
          if (plan.ok) expect(endOf(state, plane, plan.value), `${name} ${plane.id}`).toEqual(w.end);
        }
      }
    }
  });

  it('gives a plane flying in company, far from every edge, the ways it would find alone, moved to where it is', () => {
    let shared = 0;
    for (const { name, state } of all) {
      for (const plane of state.planes.filter((p) => p.status === 'flying' && !p.ground)) {
        const reach = movementPoints(plane.speed).length + 1;
        const moves = [
          [2, 0],
          [-1, 3],
          [0, -2],
        ] as const;
        for (const [dq, dr] of [moves[shared % moves.length] as readonly [number, number]]) {
          const mate: PlaneState = { ...plane, id: `${plane.id}X`, hex: { q: plane.hex.q + dq, r: plane.hex.r + dr } };
          const both: GameState = { ...state, planes: [...state.planes, mate] };
          if (edgeDistance(state, plane.hex) <= reach || edgeDistance(state, mate.hex) <= reach) continue;
          forgetWays();
          const alone = waysWithVariants(both, mate);
          forgetWays();
          waysWithVariants(both, plane);
          const inCompany = waysWithVariants(both, mate);
          expect(
            inCompany.map((w) => [w.end, w.plot]),
            `${name} ${mate.id}`,
          ).toEqual(alone.map((w) => [w.end, w.plot]));
          expect(
            inCompany.map((w) => w.range),
            `${name} ${mate.id}`,
          ).toEqual(alone.map((w) => w.range));
          const k = Math.floor(alone.length / 2);
          expect(JSON.stringify(inCompany[k]?.variants), `${name} ${mate.id}`).toBe(JSON.stringify(alone[k]?.variants));
          shared++;
        }
      }
    }
    expect(shared).toBeGreaterThan(50);
  }, 240_000);

  it('lists the end of every plot the referee accepts: random plots of every manoeuvre, mark and mode', () => {
    let accepted = 0;
    for (const [i, { name, state }] of all.entries()) {
      const r = rng(1000 + i);
      for (const plane of state.planes.filter((p) => p.status === 'flying' && !p.ground)) {
        const listed = new Set(waysToFly(state, plane).map((w) => outcomeKey(w.end)));
        for (let k = 0; k < 600; k++) {
          const plot = wildPlot(plane, r);
          const plan = planTurn(state, plane, plot);
          if (!plan.ok) continue;
          accepted++;
          const end = endOf(state, plane, plan.value);
          expect(
            listed.has(outcomeKey(end)),
            `${name} ${plane.id}: ${JSON.stringify(plot)} ends at ${JSON.stringify(end)}, not listed`,
          ).toBe(true);
        }
        // The plots the random ones are most often: one of each legal kind the bench draws.
        for (let k = 0; k < 20; k++) {
          const plot = randomPlot(state, plane, r);
          const plan = planTurn(state, plane, plot);
          if (!plan.ok) continue;
          accepted++;
          expect(
            listed.has(outcomeKey(endOf(state, plane, plan.value))),
            `${name} ${plane.id}: ${JSON.stringify(plot)}`,
          ).toBe(true);
        }
      }
    }
    expect(accepted).toBeGreaterThan(500);
  });

  it('gives every way its heights and speeds: the same ways, the plainest plot among them, a sample of every variant accepted and flown exactly as listed', () => {
    let checked = 0;
    for (const [i, { name, state }] of all.entries()) {
      const r = rng(2000 + i);
      for (const plane of state.planes.filter((p) => p.status === 'flying' && !p.ground)) {
        const label = `${name} ${plane.id}`;
        const ways = variantsOf(name, state, plane);
        expect(
          ways.map((w) => ({ end: w.end, plot: w.plot })),
          `${label}: the ways of waysToFly`,
        ).toEqual(waysToFly(state, plane));
        for (const w of ways) {
          expect(w.variants.length, label).toBeGreaterThan(0);
          expect(
            w.variants.some((v) => v.altitude === w.end.altitude && v.speed === w.end.speed),
            `${label} ${outcomeKey(w.end)}: its own plot's height and speed`,
          ).toBe(true);
          const keys = w.variants.map((v) => `${v.altitude}|${v.speed}`);
          expect(new Set(keys).size, `${label}: each height and speed once`).toBe(keys.length);
        }
        // Every variant of a few ways, and a random sample of the rest.
        const sample = [
          ...ways.slice(0, 3).flatMap((w) => w.variants.map((v) => ({ w, v }))),
          ...Array.from({ length: 150 }, () => {
            const w = ways[Math.floor(r() * ways.length)];
            return w ? { w, v: w.variants[Math.floor(r() * w.variants.length)] } : undefined;
          }),
        ];
        for (const x of sample) {
          if (!x?.v) continue;
          const plan = planTurn(state, plane, x.v.plot);
          expect(plan.ok, `${label}: ${JSON.stringify(x.v.plot)} ${plan.ok ? '' : JSON.stringify(plan.error)}`).toBe(
            true,
          );
          if (!plan.ok) continue;
          checked++;
          const end = endOf(state, plane, plan.value);
          expect(
            { key: outcomeKey(end), altitude: end.altitude, speed: end.speed },
            `${label}: ${JSON.stringify(x.v.plot)}`,
          ).toEqual({ key: outcomeKey(x.w.end), altitude: x.v.altitude, speed: x.v.speed });
        }
      }
    }
    expect(checked).toBeGreaterThan(5000);
  }, 240_000);

  it('lists the height and speed of every plot the referee accepts: listed plots with climbs, dives, power and brake added, and random plots', () => {
    let accepted = 0;
    let marked = 0;
    for (const [i, { name, state }] of all.entries()) {
      const r = rng(3000 + i);
      for (const plane of state.planes.filter((p) => p.status === 'flying' && !p.ground)) {
        const ways = variantsOf(name, state, plane);
        const listed = new Set(
          ways.flatMap((w) => w.variants.map((v) => `${outcomeKey(w.end)}|${v.altitude}|${v.speed}`)),
        );
        const check = (plot: Plot): void => {
          const plan = planTurn(state, plane, plot);
          if (!plan.ok) return;
          accepted++;
          const end = endOf(state, plane, plan.value);
          // A plane that leaves the map leaves the game: its way lists its own plot alone (variants.ts).
          if (end.status !== 'flying') return;
          expect(
            listed.has(`${outcomeKey(end)}|${end.altitude}|${end.speed}`),
            `${name} ${plane.id}: ${JSON.stringify(plot)} ends at ${outcomeKey(end)} ${end.altitude} ft speed ${end.speed}, not listed`,
          ).toBe(true);
        };
        for (let k = 0; k < 300; k++) {
          const w = ways[Math.floor(r() * ways.length)];
          if (!w) break;
          // The boxes of this turn (marks on a box that runs on into the next turn are that turn's).
          const n = Math.min(
            w.plot.boxes.length,
            movementPoints(plane.speed).length -
              Math.min(plane.carry?.boxes.length ?? 0, movementPoints(plane.speed).length),
          );
          const boxes = w.plot.boxes.map((b) => ({ ...b }));
          // Marks on a few boxes: a climb or dive of 100-300 ft, power (1 or 2) or brake.
          for (let m = 0; m < 1 + Math.floor(r() * 3); m++) {
            const b = boxes[Math.floor(r() * n)];
            if (!b) continue;
            const roll = r();
            if (roll < 0.4) b.alt = (r() < 0.5 ? 100 : -100) * (1 + Math.floor(r() * 3));
            else if (roll < 0.8) {
              b.power = 1 + Math.floor(r() * 2);
              b.brake = 0;
            } else {
              b.brake = 1;
              b.power = 0;
            }
          }
          const before = accepted;
          check({ ...w.plot, boxes });
          if (accepted > before) marked++;
        }
        for (let k = 0; k < 200; k++) check(wildPlot(plane, r));
      }
    }
    expect(marked).toBeGreaterThan(1000);
    expect(accepted).toBeGreaterThan(2000);
  }, 240_000);

  it('offers a menu of at most eight plans a plane, lettered A on, each a plot the referee accepts, flown to where it is listed, the same each time', () => {
    // Planes carrying a manoeuvre over are among them: their plans are named for their own plots.
    expect(
      all.flatMap(({ state }) => state.planes.filter((p) => p.status === 'flying' && p.carry?.boxes.length)).length,
    ).toBeGreaterThan(3);
    for (const { name, state } of all) {
      for (const plane of state.planes.filter((p) => p.status === 'flying' && !p.ground)) {
        const seen = fogState(state, plane.side);
        const menu = planMenu(seen, plane.id);
        const label = `${name} ${plane.id}`;
        const from = headingAfterCarry(plane);
        expect(menu.length, label).toBeGreaterThan(0);
        expect(menu.length, label).toBeLessThanOrEqual(MENU_SIZE);
        expect(menu.map((p) => p.letter).join(''), label).toBe('ABCDEFGH'.slice(0, menu.length));
        // Each name once; straight on whenever a way keeps the heading.
        const names = menu.flatMap((p) => p.names);
        expect(new Set(names).size, label).toBe(names.length);
        if (waysToFly(seen, plane).some((w) => w.end.facing === plane.facing))
          expect(names, label).toContain('straight');
        for (const p of menu) {
          const plan = planTurn(seen, plane, p.plot);
          expect(plan.ok, `${label} ${p.letter}`).toBe(true);
          if (plan.ok) expect(endOf(seen, plane, plan.value), `${label} ${p.letter}`).toEqual(p.end);
          // A climb climbs and a dive dives; a turn turns to its side.
          if (p.names.includes('climb')) expect(p.end.altitude).toBeGreaterThan(plane.altitude);
          if (p.names.includes('dive')) expect(p.end.altitude).toBeLessThan(plane.altitude);
          // Keeps speed: straight on at the plane's own speed; fastest: faster than it flies now.
          if (p.names.includes('keep-speed')) expect([p.end.speed, p.end.facing]).toEqual([plane.speed, from]);
          if (p.names.includes('fastest')) expect(p.end.speed).toBeGreaterThan(plane.speed);
          // Names that tell the path: the turn is the plot's own, from the heading the boxes carried
          // over leave the plane on (they are flown first); never a gentle and a hard turn at once.
          const d = (((p.end.facing - from) % 12) + 12) % 12;
          const named = `${label} ${p.letter} ${p.names.join(', ')} (${plane.carry?.boxes.length ? `carrying ${plane.carry.boxes.map((b) => b.man).join(' ')}` : 'no carry'}): ${JSON.stringify(p.plot.boxes.map((b) => b.man))} ends facing ${p.end.facing}`;
          if (p.names.includes('straight') || p.names.includes('keep-speed')) expect(d, named).toBe(0);
          if (p.names.some((n) => n.endsWith('-right'))) expect(d >= 1 && d <= 6, named).toBe(true);
          if (p.names.some((n) => n.endsWith('-left'))) expect(d >= 6 && d <= 11, named).toBe(true);
          for (const side of ['right', 'left'])
            expect(
              p.names.includes(`gentlest-${side}` as never) && p.names.includes(`hardest-${side}` as never),
              named,
            ).toBe(false);
          // No shot given: none of the enemies gets a shot at it; best shot: it gets one.
          if (p.names.includes('no-shot')) expect(p.shotAtBy).toEqual([]);
          if (p.names.includes('best-shot')) expect(p.shot).toBeTruthy();
        }
        // The best climb, the best dive and the fastest are the extremes of every height and speed of every way.
        const vs = waysWithVariants(seen, plane)
          .filter((w) => w.end.status === 'flying')
          .flatMap((w) => w.variants);
        const named = (n: string) => menu.find((p) => p.names.includes(n as never));
        const top = vs.reduce((m, v) => Math.max(m, v.altitude), -Infinity);
        if (top > plane.altitude && named('climb')) expect(named('climb')?.end.altitude, label).toBe(top);
        const bottom = vs.reduce((m, v) => Math.min(m, v.altitude), Infinity);
        if (bottom < plane.altitude && named('dive')) expect(named('dive')?.end.altitude, label).toBe(bottom);
        if (named('fastest'))
          expect(named('fastest')?.end.speed, label).toBe(vs.reduce((m, v) => Math.max(m, v.speed), -Infinity));
        if (name.endsWith('turn 1')) expect(planMenu(seen, plane.id), `${label}: the same menu again`).toEqual(menu);
      }
    }
  }, 180_000);

  it('lists the MOVE lines of a plane on the ground: each accepted, and every accepted line does what one listed does', () => {
    const STEPS: MoveStep[] = ['START', 'P', 'B', 'L', 'R', 'LAUNCH'];
    // Every line of up to four steps.
    const lines: MoveStep[][] = [[]];
    for (let n = 1; n <= 4; n++)
      for (const l of lines.filter((x) => x.length === n - 1)) for (const st of STEPS) lines.push([...l, st]);
    const what = (steps: readonly MoveStep[]): string => {
      const count = (x: MoveStep) => steps.filter((y) => y === x).length;
      return [count('START'), count('P'), count('B'), count('R') - count('L'), count('LAUNCH')].join(' ');
    };
    let grounded = 0;
    for (const { name, state } of all) {
      for (const plane of state.planes.filter((p) => p.status === 'flying' && p.ground)) {
        grounded++;
        const ways = groundWays(state, plane);
        expect(waysToFly(state, plane)).toEqual([]);
        for (const w of ways)
          expect(
            planGround(state, plane, w.steps.length ? { unit: plane.id, steps: w.steps } : undefined).ok,
            `${name} ${plane.id} ${w.steps.join(' ')}`,
          ).toBe(true);
        const listed = new Set(ways.map((w) => what(w.steps)));
        for (const steps of lines) {
          if (!planGround(state, plane, steps.length ? { unit: plane.id, steps } : undefined).ok) continue;
          expect(listed.has(what(steps)), `${name} ${plane.id}: MOVE ${steps.join(' ')}`).toBe(true);
        }
      }
    }
    expect(grounded).toBeGreaterThanOrEqual(3);
  });

  it('offers each aircraft of the quick game a menu of moves: lettered, each legal and flown where listed, named for what it does', () => {
    const cards = loadQuickCards();
    let menus = 0;
    for (const f of readdirSync('scenarios').filter((x) => x.startsWith('quick-') && x.endsWith('.yaml'))) {
      const parsed = parseQuickScenario(parseYaml(readFileSync(`scenarios/${f}`, 'utf8')), f, cards, 'plans');
      if (!parsed.ok) throw new Error(f);
      const base = parsed.value.state;
      for (const p0 of base.planes) {
        for (let speed = 1; speed <= p0.engine; speed++) {
          const p = { ...p0, speed };
          const state = { ...base, planes: base.planes.map((x) => (x.id === p.id ? p : x)) };
          const menu = quickMenu(state, p.id);
          const label = `${f} ${p.id} speed ${speed}`;
          expect(menu.length, label).toBeGreaterThan(0);
          expect(menu.map((m) => m.letter).join(''), label).toBe('ABCDEFGH'.slice(0, menu.length));
          menus++;
          for (const m of menu) {
            expect(checkQuickMove(state, p, m.steps), `${label} ${m.letter}`).toEqual([]);
            expect(flyMove(p, m.steps).end.hex, `${label} ${m.letter}`).toEqual(m.end.hex);
            const d = (((m.end.facing - p.facing) % 12) + 12) % 12;
            const turns = m.steps.filter((st) => st.kind !== 'F').length;
            if (m.names.some((n) => n === 'straight' || n === 'faster' || n === 'slower'))
              expect([d, turns], `${label} ${m.letter}`).toEqual([0, 0]);
            if (m.names.some((n) => n.endsWith('-right'))) expect(d >= 1 && d <= 6, `${label} ${m.letter}`).toBe(true);
            if (m.names.some((n) => n.endsWith('-left'))) expect(d >= 6 && d <= 11, `${label} ${m.letter}`).toBe(true);
            if (m.names.includes('faster'))
              expect(m.end.speed, label).toBeGreaterThan(
                menu.find((x) => x.names.includes('straight'))?.end.speed ?? 0,
              );
          }
        }
      }
    }
    expect(menus).toBeGreaterThan(10);
  });

  it('lists every move of the quick game: each one legal and flown to where it is listed, every legal move ending on one listed', () => {
    const cards = loadQuickCards();
    let checked = 0;
    for (const f of readdirSync('scenarios').filter((x) => x.startsWith('quick-') && x.endsWith('.yaml'))) {
      const parsed = parseQuickScenario(parseYaml(readFileSync(`scenarios/${f}`, 'utf8')), f, cards, 'plans');
      if (!parsed.ok) throw new Error(`${f}: ${parsed.error.map((p) => p.message).join('; ')}`);
      const base = parsed.value.state;
      // Each aircraft as it is, and at every SPEED from 1 to its ENGINE.
      for (const p0 of base.planes) {
        for (let speed = 1; speed <= p0.engine; speed++) {
          const p = { ...p0, speed };
          const ways = quickWays(base, p);
          expect(ways.length, `${f} ${p.id} speed ${speed}`).toBeGreaterThan(0);
          const key = (e: { hex: { q: number; r: number }; facing: number; speed: number }) =>
            `${e.hex.q},${e.hex.r}|${e.facing}|${e.speed}`;
          for (const w of ways) {
            expect(checkQuickMove(base, p, w.steps), `${f} ${p.id}`).toEqual([]);
            expect(flyMove(p, w.steps).end.hex).toEqual(w.end.hex);
          }
          const listed = new Set(ways.map((w) => key(w.end)));
          const r = rng(speed * 31 + p.id.length);
          for (let k = 0; k < 400; k++) {
            const steps: QuickStep[] = [];
            const n = 1 + Math.floor(r() * 5);
            for (let i = 0; i < n; i++)
              steps.push(r() < 0.5 ? { kind: 'F', n: 1 + Math.floor(r() * 3) } : { kind: r() < 0.5 ? 'L' : 'R' });
            if (checkQuickMove(base, p, steps).length) continue;
            checked++;
            const end = flyMove(p, steps).end;
            const spent = steps.reduce((a, s) => a + (s.kind === 'F' ? s.n : 1), 0);
            expect(
              listed.has(key({ hex: end.hex, facing: end.facing, speed: spent })),
              `${f} ${p.id}: ${JSON.stringify(steps)}`,
            ).toBe(true);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});
