/**
 * The first turn of every sample scenario flown by plots (not the quick game's, whose planes move
 * by steps), each game seeded `<seed>-<file>`: the planes the core's light paths are held to the
 * full ones over (tests/core/movement/plan-heights.test.ts, tests/core/plans/variants-best.test.ts).
 */
import { readdirSync } from 'node:fs';
import { createGame } from '../../src/core/scenario.ts';
import type { GameState } from '../../src/core/state.ts';
import { loadAircraftDir } from '../../src/shell/aircraft/catalog.ts';
import { loadBombingTable, loadTorpedoTable } from '../../src/shell/ordnance/table.ts';
import { loadScenarioFile } from '../../src/shell/scenario-file.ts';
import { loadShipDir } from '../../src/shell/ships/catalog.ts';

export function firstTurns(seed: string): { name: string; state: GameState }[] {
  const catalog = loadAircraftDir();
  const ships = loadShipDir();
  const out: { name: string; state: GameState }[] = [];
  for (const f of readdirSync('scenarios')
    .filter((x) => x.endsWith('.yaml') && !x.startsWith('quick-'))
    .sort()) {
    const state = createGame(
      loadScenarioFile(`scenarios/${f}`, catalog, ships),
      catalog,
      `${seed}-${f}`,
      ships,
      loadBombingTable(),
      loadTorpedoTable(),
    );
    if (!state.quick) out.push({ name: f, state });
  }
  return out;
}
