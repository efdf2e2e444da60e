/**
 * `npm run bench:raids` (docs/standin.md "The scenario's purpose"): every sample scenario with
 * enemy trucks, tanks or ships and planes carrying bombs or a torpedo, flown by the stand-in on
 * every side for up to 8 turns under RAIDS_SEEDS dice seeds (12 by default; the stand-in's seed
 * with them). For each plane that carries a load at the start, what became of it: released over a
 * target (the bomb's target or a torpedo dropped), released over nothing, lost before its release
 * (shot down, crashed, or its load jettisoned with an engine hit: seed 001 rule (21)), or still
 * carrying it after 8 turns. A line a scenario and seed, then the totals.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { carriesBombs } from '../src/core/damage/state.ts';
import { createGame } from '../src/core/scenario.ts';
import { standIn } from '../src/core/standin/pilot.ts';
import type { GameState } from '../src/core/state.ts';
import { resolveTurn, type TurnOrders } from '../src/core/turn.ts';
import { loadAircraftDir } from '../src/shell/aircraft/catalog.ts';
import { loadOrdnance } from '../src/shell/ordnance/table.ts';
import { loadScenarioFile } from '../src/shell/scenario-file.ts';
import { loadShipDir } from '../src/shell/ships/catalog.ts';
import { mergedOrders } from './duels.ts';

const SEEDS = Number(process.env.RAIDS_SEEDS ?? 12);
const TURNS = 8;

type Fate = 'over a target' | 'over nothing' | 'lost first' | 'still carrying';

/** Every side's orders from the stand-in, merged into one turn's orders. */
const allSides = (state: GameState, seed: string): TurnOrders =>
  mergedOrders(Object.keys(state.sides).map((side) => standIn(state, side, seed).orders));

/** One raid flown: each loaded plane's fate, with the turn and target of its release. */
function flyRaid(start: GameState, seed: string, label: string): { id: string; fate: Fate; words: string }[] {
  const raiders = start.planes.filter((p) => p.status === 'flying' && !p.ground && (p.loaded || p.torpedo));
  const released = new Map<string, { turn: number; target: string | null }>();
  let state = start;
  for (let t = 1; t <= TURNS && raiders.some((p) => !released.has(p.id)); t++) {
    const r = resolveTurn(state, allSides(state, seed));
    if (!r.ok) throw new Error(`${label} turn ${t}: ${JSON.stringify(r.error)}`);
    for (const e of r.value.events) {
      if (e.type === 'bomb') released.set(e.plane, { turn: t, target: e.target });
      if (e.type === 'torpedo-drop') released.set(e.plane, { turn: t, target: e.torpedo });
    }
    state = r.value.state;
  }
  return raiders.map((p) => {
    const r = released.get(p.id);
    if (r)
      return {
        id: p.id,
        fate: r.target ? 'over a target' : 'over nothing',
        words: `turn ${r.turn} ${r.target ?? '-'}`,
      };
    const now = state.planes.find((x) => x.id === p.id);
    return now?.status === 'flying' && carriesBombs(now)
      ? { id: p.id, fate: 'still carrying', words: 'carrying' }
      : { id: p.id, fate: 'lost first', words: now?.status === 'flying' ? 'load lost' : (now?.status ?? 'gone') };
  });
}

const catalog = loadAircraftDir();
const ships = loadShipDir();
const ordnance = loadOrdnance();
const totals = new Map<Fate, number>();
let raiders = 0;
const started = Date.now();
for (const file of readdirSync('scenarios')
  .filter((f) => f.endsWith('.yaml'))
  .sort()) {
  if ((parse(readFileSync(`scenarios/${file}`, 'utf8')) as { ruleset?: string }).ruleset === 'quick') continue;
  const scenario = loadScenarioFile(`scenarios/${file}`, catalog, ships);
  for (let k = 0; k < SEEDS; k++) {
    const { bombing, torpedoes, ...tables } = ordnance;
    const start = createGame(scenario, catalog, `raid-${file}-${k}`, ships, bombing, torpedoes, tables);
    if (!(start.units ?? []).some((u) => u.status === 'active')) break;
    const fates = flyRaid(start, `s${k}`, `${file} seed ${k}`);
    if (!fates.length) break;
    raiders += fates.length;
    for (const f of fates) totals.set(f.fate, (totals.get(f.fate) ?? 0) + 1);
    console.log(`${file} seed ${k}: ${fates.map((f) => `${f.id} ${f.words}`).join(', ')}`);
  }
}
const count = (f: Fate): number => totals.get(f) ?? 0;
console.log(
  `${raiders} raiders: ${count('over a target')} released over a target, ${count('over nothing')} over nothing, ` +
    `${count('lost first')} lost before the release, ${count('still carrying')} still carrying after ${TURNS} turns; ` +
    `${((Date.now() - started) / 1000).toFixed(0)} s`,
);
