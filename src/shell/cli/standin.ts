/**
 * `tallyho standin <scenario> --side <side> [--seed S]`: the stand-in pilot's orders for a side's
 * planes at the scenario's first turn (core/standin, docs/standin.md), as an orders mail body of one
 * envelope that `tallyho resolve` takes, each plane's choice explained in a comment. docs/cli.md
 * documents it.
 */
import type { Command } from 'commander';
import { basename } from 'node:path';
import { createGame } from '../../core/scenario.ts';
import { sha256Hex } from '../../core/sha256.ts';
import { standIn } from '../../core/standin/pilot.ts';
import { formatOrders } from '../../orders/envelope.ts';
import { loadAircraftDir } from '../aircraft/catalog.ts';
import { cliError } from '../errors.ts';
import { loadBombingTable, loadFlakTable, loadRocketTable, loadSpottingTable, loadTorpedoTable } from '../ordnance/table.ts';
import { loadScenarioFile } from '../scenario-file.ts';
import { loadShipDir } from '../ships/catalog.ts';
import { quickScenarioData } from './resolve.ts';

export function registerStandinCommand(program: Command): void {
  program
    .command('standin <scenario>')
    .description('the stand-in pilot\'s orders for a side\'s planes at the scenario\'s first turn, as an orders mail body tallyho resolve takes')
    .requiredOption('--side <side>', 'the side whose planes it flies')
    .option('--seed <seed>', 'the seed that orders the ways it weighs the same (default: one derived from the scenario file name)')
    .action((scenarioPath: string, opts: { side: string; seed?: string }) => {
      if (quickScenarioData(scenarioPath)) throw cliError('E_SCENARIO', `${scenarioPath} is a quick-game scenario: the stand-in flies the twelve-impulse and two-phase games only`, []);
      const catalog = loadAircraftDir();
      const ships = loadShipDir();
      const scenario = loadScenarioFile(scenarioPath, catalog, ships);
      const sides = Object.keys(scenario.sides);
      const side = sides.find((s) => s.toLowerCase() === opts.side.toLowerCase());
      if (!side) throw cliError('E_NOT_FOUND', `there is no side ${opts.side} in ${scenarioPath}`, [`its sides: ${sides.join(', ')}`]);
      const seed = sha256Hex(`tallyho:${basename(scenarioPath)}`).slice(0, 32);
      const state = createGame(scenario, catalog, seed, ships, loadBombingTable(), loadTorpedoTable(), { flak: loadFlakTable(), spotting: loadSpottingTable(), rockets: loadRocketTable() });
      const r = standIn(state, side, opts.seed ?? seed);
      const game = basename(scenarioPath).replace(/\.[^.]*$/, '').toLowerCase().replace(/[^a-z0-9_-]/g, '-').slice(0, 32) || 'game';
      const env = formatOrders([{ game, player: side, secret: 'stand-in', turn: state.turn, plots: Object.values(r.orders.plots), fire: r.orders.fire, commands: [], line: 1 }]).trimEnd().split('\n');
      // Each plane's reason, as a comment line inside the envelope (read as nothing).
      const why = r.choices.map((c) => `# ${c.plane}: ${c.why}`);
      const out = [env[0], ...why, ...env.slice(1)];
      const none = r.choices.length ? [] : [`# no plane of ${side} takes a plot this turn`];
      process.stdout.write(`${[out[0], ...none, ...out.slice(1)].join('\n')}\n`);
    });
}
