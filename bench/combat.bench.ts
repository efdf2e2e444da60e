/**
 * The combat benchmark (run by `npm run bench` after the movement figures): turn resolution with
 * shooting for 50 v 50 and 100 v 100 planes. Side A flies fighters; side B fighters and bombers
 * with flexible guns (He 111, B-17, B-25, Ju 87, SBD). The two sides start in two blocks facing
 * each other a few hexes apart, so most planes have enemies within 8 hexes all turn, and every
 * plane has `FIRE <plane> ALL AT ANY`. Each case is run 3 times; prints for 100 and 200 planes the
 * median ms per turn over every run and the median over the cases of each case's best of 3, and the
 * ratio t(200)/t(100) of the latter. Targets: 50 v 50 <= 10 ms (the median over every run; before
 * issue "Lean and fast", 20 ms), ratio <= 2.2.
 */
import { performance } from 'node:perf_hooks';
import { loadAircraftDir } from '../src/shell/aircraft/catalog.ts';
import { fromColRow } from '../src/core/hex/coords.ts';
import { type GameState, NO_LAST_TURN, type PlaneState } from '../src/core/state.ts';
import { resolveTurn, type TurnOrders } from '../src/core/turn.ts';
import { randomPlot, rng } from './random-plots.ts';
import { repeatedRuns } from './stats.ts';

const catalog = loadAircraftDir();
const FIGHTERS_A = ['spitfire-1a', 'hurricane-1', 'p-51d', 'p-47d', 'f6f-3', 'p-40c'];
const FIGHTERS_B = ['bf-109e', 'fw-190a8', 'a6m2', 'bf-110c'];
const BOMBERS_B = ['he-111h', 'b-17g', 'b-25j', 'ju-87b', 'sbd-3'];

/** n planes a side: A in a block to the west facing east-ish, B to the east facing west-ish. */
export function combatGame(n: number, seed: number): GameState {
  const r = rng(seed);
  const types = [...FIGHTERS_A, ...FIGHTERS_B, ...BOMBERS_B];
  const aircraft = Object.fromEntries(types.map((t) => [t, catalog.get(t)!]));
  const side = Math.ceil(Math.sqrt(n * 2)); // block side in hexes: about one plane per two hexes
  const plane = (i: number, b: boolean): PlaneState => {
    const type = b
      ? i % 2
        ? BOMBERS_B[i % BOMBERS_B.length]!
        : FIGHTERS_B[i % FIGHTERS_B.length]!
      : FIGHTERS_A[i % FIGHTERS_A.length]!;
    const altitude = 9000 + 100 * Math.floor(r() * 20);
    const band = aircraft[type]!.bands.find((x) => altitude >= x.floor && altitude < x.top)!;
    const top = Math.min(band.levelMax, band.minSpeed + 3);
    const col = (b ? 50 : 50 - side - 3) + Math.floor(r() * side);
    return {
      id: `${b ? 'B' : 'A'}${i}`,
      side: b ? 'b' : 'a',
      type,
      hex: fromColRow(col, 40 + Math.floor(r() * side)),
      facing: (b ? 8 : 2) + Math.floor(r() * 3),
      nextRight: true,
      altitude,
      speed: 10 * band.minSpeed + Math.floor(r() * 10 * (top - band.minSpeed + 1)),
      bank: 'N',
      loaded: false,
      carry: null,
      last: { ...NO_LAST_TURN },
      status: 'flying',
    };
  };
  return {
    version: 1,
    turn: 1,
    map: { width: 120, height: 120 },
    options: { combat: 'standard', sequence: 'impulse12' },
    sides: { a: { name: 'A' }, b: { name: 'B' } },
    aircraft,
    dice: { seed: `combat-bench${seed}` },
    planes: [
      ...Array.from({ length: n }, (_, i) => plane(i, false)),
      ...Array.from({ length: n }, (_, i) => plane(i, true)),
    ],
  };
}

interface Case {
  state: GameState;
  orders: TurnOrders;
  runs: number[];
}

function casesFor(perSide: number, runs: number): { cases: Case[]; shots: number } {
  const cases: Case[] = [];
  let shots = 0;
  for (let i = 0; i < runs; i++) {
    const state = combatGame(perSide, i + 1);
    const r = rng(i + 499);
    const orders: TurnOrders = {
      plots: Object.fromEntries(state.planes.map((p) => [p.id, randomPlot(state, p, r)])),
      fire: state.planes.map((p) => ({ plane: p.id, guns: 'ALL', hold: false, target: 'ANY' })),
    };
    const res = resolveTurn(state, orders); // warm-up, and the shots it takes
    if (!res.ok) throw new Error(`bench orders illegal: ${JSON.stringify(res.error[0])}`);
    shots += res.value.events.filter((e) => e.type === 'shot').length;
    cases.push({ state, orders, runs: [] });
  }
  return { cases, shots: shots / runs };
}

/**
 * Ms per turn for each size: the median over every run, and the median over the cases of each
 * case's best of 3 runs (a garbage collection inside one run left out). The sizes take turns,
 * round by round, so a change in the machine's load falls on both and the ratio stays meaningful.
 */
export function benchCombat(
  perSides: readonly number[],
  runs = 30,
): ({ perSide: number; shots: number } & ReturnType<typeof repeatedRuns>)[] {
  const sets = perSides.map((n) => ({ n, ...casesFor(n, runs) }));
  for (let round = 0; round < 3; round++) {
    for (const set of sets) {
      for (const c of set.cases) {
        const t0 = performance.now();
        resolveTurn(c.state, c.orders);
        c.runs.push(performance.now() - t0);
      }
    }
  }
  return sets.map((set) => ({ perSide: set.n, shots: set.shots, ...repeatedRuns(set.cases.map((c) => c.runs)) }));
}

export function runCombatBench(): void {
  const res = benchCombat([50, 100]);
  const small = res[0]!;
  const large = res[1]!;
  for (const [label, r] of [
    ['combat, 50 v 50 (100 planes)', small],
    ['combat, 100 v 100 (200 planes)', large],
  ] as const) {
    console.log(
      `${label}: ${r.medianAll.toFixed(3)} ms per turn, median of every run; ${r.medianOfBest.toFixed(3)} ms, median of best-of-3 (${r.shots.toFixed(0)} shots a turn, mean over the cases)`,
    );
  }
  const ratio = large.medianOfBest / small.medianOfBest;
  console.log(
    `combat ratio t(200)/t(100) of the medians of best-of-3: ${ratio.toFixed(2)} (target <= 2.2: ${ratio <= 2.2 ? 'met' : 'NOT met'}); ` +
      `50 v 50, median of every run: ${small.medianAll.toFixed(3)} ms (target <= 10 ms: ${small.medianAll <= 10 ? 'met' : 'NOT met'})`,
  );
}
