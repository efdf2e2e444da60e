/**
 * `tallyho standin <scenario> --side <side> [--seed S] [--planes ID,...] [--level L]`: the stand-in pilot's
 * orders for a side's planes and units at the scenario's first turn (core/standin,
 * docs/standin.md), as an orders mail body of one envelope that `tallyho resolve` takes, each
 * choice explained in a comment. Quick-game scenarios (seed 004) get the quick game's move lines.
 * docs/cli.md documents it.
 */
import type { Command } from 'commander';
import { basename } from 'node:path';
import { quickGameState } from '../../core/quick/game.ts';
import { parseQuickScenario } from '../../core/quick/scenario.ts';
import { createGame } from '../../core/scenario.ts';
import { sha256Hex } from '../../core/sha256.ts';
import type { GameState } from '../../core/state.ts';
import { standIn } from '../../core/standin/pilot.ts';
import { parseLevel, STANDIN_LEVELS } from '../../core/standin/levels.ts';
import { ordersEnvelope } from '../../app/game/standin.ts';
import { loadAircraftDir } from '../aircraft/catalog.ts';
import { cliError } from '../errors.ts';
import {
  loadBombingTable,
  loadFlakTable,
  loadRocketTable,
  loadSpottingTable,
  loadTorpedoTable,
} from '../ordnance/table.ts';
import { loadQuickCards } from '../quick.ts';
import { loadScenarioFile } from '../scenario-file.ts';
import { loadShipDir } from '../ships/catalog.ts';
import { quickScenarioData } from './resolve.ts';

/** The game at its first turn, as `tallyho resolve` sets it up (the same seed). */
function firstTurn(scenarioPath: string, seed: string): GameState {
  const quick = quickScenarioData(scenarioPath);
  if (quick !== undefined) {
    const parsed = parseQuickScenario(quick, basename(scenarioPath), loadQuickCards(), seed);
    if (!parsed.ok)
      throw cliError(
        'E_SCENARIO',
        `${scenarioPath} is not a valid quick-game scenario`,
        parsed.error.map((p) => p.message),
      );
    return quickGameState(parsed.value.state, parsed.value.scenario.sides);
  }
  const catalog = loadAircraftDir();
  const ships = loadShipDir();
  const scenario = loadScenarioFile(scenarioPath, catalog, ships);
  return createGame(scenario, catalog, seed, ships, loadBombingTable(), loadTorpedoTable(), {
    flak: loadFlakTable(),
    spotting: loadSpottingTable(),
    rockets: loadRocketTable(),
  });
}

export function registerStandinCommand(program: Command): void {
  program
    .command('standin <scenario>')
    .description(
      "the stand-in pilot's orders for a side's planes and units at the scenario's first turn, as an orders mail body tallyho resolve takes",
    )
    .requiredOption('--side <side>', 'the side whose planes it flies')
    .option(
      '--seed <seed>',
      'the seed that picks among the choices it weighs near the best (default: one derived from the scenario file name)',
    )
    .option('--planes <ids>', 'only these planes and units, comma-separated (a side split among players)')
    .option(
      '--level <level>',
      `how well it flies: ${STANDIN_LEVELS.join(', ')} (default ace, its best; docs/standin.md "Levels")`,
    )
    .action((scenarioPath: string, opts: { side: string; seed?: string; planes?: string; level?: string }) => {
      const level = opts.level === undefined ? undefined : parseLevel(opts.level);
      if (opts.level !== undefined && !level)
        throw cliError('E_USAGE', `--level '${opts.level}' is not a level: ${STANDIN_LEVELS.join(', ')}`);
      const seed = sha256Hex(`tallyho:${basename(scenarioPath)}`).slice(0, 32);
      const state = firstTurn(scenarioPath, seed);
      const sides = Object.keys(state.sides);
      const side = sides.find((s) => s.toLowerCase() === opts.side.toLowerCase());
      if (!side)
        throw cliError('E_NOT_FOUND', `there is no side ${opts.side} in ${scenarioPath}`, [
          `its sides: ${sides.join(', ')}`,
        ]);
      const planes = opts.planes
        ?.split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const r = standIn(state, side, opts.seed ?? seed, { ...(planes ? { planes } : {}), ...(level ? { level } : {}) });
      const game =
        basename(scenarioPath)
          .replace(/\.[^.]*$/, '')
          .toLowerCase()
          .replace(/[^a-z0-9_-]/g, '-')
          .slice(0, 32) || 'game';
      const env = ordersEnvelope(game, side, 'stand-in', state.turn, r.orders).trimEnd().split('\n');
      // Each choice's reason, as a comment line inside the envelope (read as nothing).
      const why = r.choices.map((c) => `# ${c.plane}: ${c.why}`);
      const none = r.choices.length ? [] : [`# nothing of ${side} takes orders this turn`];
      process.stdout.write(`${[env[0], ...none, ...why, ...env.slice(1)].join('\n')}\n`);
    });
}
