/**
 * `tallyho resolve <scenario> [orders-file ...] [--seed S] [--json]`: resolves one turn of a
 * scenario from files, without a store or mail. Planes without orders fly the missed-orders
 * default. The text ends with why each FIRE order that did not fire did not (every side's: this
 * is the game master's tool). docs/cli.md documents the output.
 */
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { resolveQuickFile } from '../quick.ts';
import type { Command } from 'commander';
import { basename } from 'node:path';
import { createGame } from '../../core/scenario.ts';
import { sha256Hex } from '../../core/sha256.ts';
import { hexLabel } from '../../core/hex/coords.ts';
import { type GameState, type PlaneState, writtenMan } from '../../core/state.ts';
import { resolveTurn, type TurnOrders } from '../../core/turn.ts';
import type { Envelope } from '../../orders/ast.ts';
import { formatPick } from '../../orders/pick.ts';
import { renderMap } from '../../report/ascii-map.ts';
import { noShotLines } from '../../report/no-shot.ts';
import { sideNames, turnLog } from '../../report/turn-log.ts';
import { flexibleShots } from '../../report/clock.ts';
import { wrapText } from '../../report/wrap.ts';
import { loadAircraftDir } from '../aircraft/catalog.ts';
import { menuPlan, planMenu } from '../../core/plans/menu.ts';
import { fogState } from '../../core/spotting/fog.ts';
import { TallyhoError } from '../errors.ts';
import { loadOrdersFiles, loadScenarioFile, readText } from '../scenario-file.ts';
import { loadShipDir } from '../ships/catalog.ts';
import {
  loadBombingTable,
  loadFlakTable,
  loadRocketTable,
  loadSpottingTable,
  loadTorpedoTable,
} from '../ordnance/table.ts';

/**
 * Plots and fire orders of all envelopes; a plane plotted in two envelopes is an error. With the
 * state, an INITIATIVE line counts for the side of the envelope's planes (two-phase games).
 */
export function collectOrders(envelopes: Envelope[], state?: GameState): TurnOrders {
  const orders: TurnOrders = { plots: {}, fire: [] };
  const problems: string[] = [];
  for (const env of envelopes) {
    if (env.initiative && state) {
      const ids = [
        ...env.plots.map((p) => p.plane),
        ...env.fire.map((f) => f.plane),
        ...(env.moves ?? []).map((m) => m.unit),
      ].map((x) => x.toUpperCase());
      const side =
        state.planes.find((p) => ids.includes(p.id.toUpperCase()))?.side ??
        state.units?.find((u) => ids.includes(u.id.toUpperCase()))?.side;
      if (state.options.sequence !== 'two-phase')
        problems.push(
          `INITIATIVE (${env.player}, line ${env.line}): this scenario is played in twelve impulses, where nobody rolls for initiative`,
        );
      else if (!side)
        problems.push(
          `INITIATIVE (${env.player}, line ${env.line}): the envelope names no plane or unit, so its side is unknown`,
        );
      else orders.initiative = { ...orders.initiative, [side]: env.initiative };
    }
    for (const p of env.plots) {
      if (orders.plots[p.plane])
        problems.push(`${p.plane} has orders in two envelopes (second one for ${env.player}, line ${env.line})`);
      orders.plots[p.plane] = p;
    }
    // A plan picked by letter: the plot of that plan in the plane's menu (tallyho plans --menu prints it).
    for (const k of env.picks ?? []) {
      if (orders.plots[k.plane]) {
        problems.push(`${k.plane} has orders in two envelopes (second one for ${env.player}, line ${env.line})`);
        continue;
      }
      const plane = state?.planes.find((p) => p.id === k.plane);
      if (!state || !plane) {
        problems.push(`${formatPick(k)} (${env.player}, line ${k.line}): there is no plane ${k.plane} in the scenario`);
        continue;
      }
      const menu = planMenu(fogState(state, plane.side), plane.id);
      const plan = menuPlan(menu, k.letter);
      if (plan) orders.plots[k.plane] = { ...plan.plot, plane: k.plane };
      else
        problems.push(
          `${formatPick(k)} (${env.player}, line ${k.line}): ${k.plane}'s menu ${menu.length ? `has plans A to ${menu.at(-1)?.letter}` : 'is empty'} (tallyho plans <scenario> --menu prints it)`,
        );
    }
    orders.fire.push(...env.fire);
    for (const m of env.moves ?? []) {
      if (orders.moves?.some((o) => o.unit === m.unit))
        problems.push(`${m.unit} has MOVE orders in two envelopes (second one for ${env.player}, line ${env.line})`);
      orders.moves = [...(orders.moves ?? []), m];
    }
  }
  if (problems.length) throw new TallyhoError('E_ORDERS', 'the orders contradict each other', problems);
  return orders;
}

export const planeSnapshot = (p: PlaneState) => ({
  hex: hexLabel(p.hex),
  facing: p.facing,
  altitude: p.altitude,
  speed: p.speed / 10,
  bank: p.bank,
  status: p.status,
});

export function resolveJson(
  scenarioName: string,
  seed: string,
  before: GameState,
  after: GameState,
  events: unknown[],
) {
  return {
    scenario: scenarioName,
    turn: before.turn,
    seed,
    planes: before.planes.map((p) => {
      const end = after.planes.find((q) => q.id === p.id) as PlaneState;
      return {
        id: p.id,
        side: p.side,
        type: p.type,
        initial: planeSnapshot(p),
        final: planeSnapshot(end),
        carry: end.carry ? end.carry.boxes.map(writtenMan) : [],
      };
    }),
    ...(before.units?.length
      ? {
          units: before.units.map((u) => {
            const end = after.units?.find((x) => x.id === u.id) ?? u;
            const snap = (x: typeof u) => ({
              hex: hexLabel(x.hex),
              facing: x.facing,
              status: x.status,
              ...(x.damage ? { damage: x.damage } : {}),
              ...(x.ship ? { knots: x.ship.knots, ordered: x.ship.ordered } : {}),
            });
            return { id: u.id, side: u.side, kind: u.kind, type: u.type, initial: snap(u), final: snap(end) };
          }),
        }
      : {}),
    events,
  };
}

export function registerResolveCommand(program: Command): void {
  program
    .command('resolve <scenario> [orders...]')
    .description('resolve one turn of a scenario from orders files (mail bodies with envelopes; secrets not checked)')
    .option('--seed <seed>', 'dice seed (default: derived from the scenario file name)')
    .option('--json', 'print the planes and events as JSON (docs/cli.md)')
    .action((scenarioPath: string, orderPaths: string[], opts: { seed?: string; json?: boolean }) => {
      // The quick game (seed 004, docs/quick.md) has scenarios of its own.
      const quick = quickScenarioData(scenarioPath);
      if (quick !== undefined) {
        const seed = opts.seed ?? sha256Hex(`tallyho:${basename(scenarioPath)}`).slice(0, 32);
        process.stdout.write(
          resolveQuickFile(
            quick,
            scenarioPath,
            orderPaths.map((p) => readText(p)),
            seed,
            !!opts.json,
          ),
        );
        return;
      }
      const catalog = loadAircraftDir();
      const ships = loadShipDir();
      const scenario = loadScenarioFile(scenarioPath, catalog, ships);
      const seed = opts.seed ?? sha256Hex(`tallyho:${basename(scenarioPath)}`).slice(0, 32);
      const state = createGame(scenario, catalog, seed, ships, loadBombingTable(), loadTorpedoTable(), {
        flak: loadFlakTable(),
        spotting: loadSpottingTable(),
        rockets: loadRocketTable(),
      });
      const orders = collectOrders(loadOrdersFiles(orderPaths), state);
      const r = resolveTurn(state, orders);
      if (!r.ok) {
        throw new TallyhoError(
          'E_ORDERS',
          'the orders are not legal; nothing was moved',
          r.error.map(
            (p) => `${p.plane ?? ''}${p.box ? ` box ${p.box}` : ''}: ${p.message}${p.rule ? ` [${p.rule}]` : ''}`,
          ),
        );
      }
      if (opts.json) {
        process.stdout.write(
          `${JSON.stringify(resolveJson(scenario.name, seed, state, r.value.state, r.value.events), null, 2)}\n`,
        );
        return;
      }
      // Every side's fire orders that did not fire: the command line is the game master's.
      const statusOf = (id: string) => r.value.state.planes.find((p) => p.id === id)?.status;
      const noShots = noShotLines(
        r.value.events,
        state.planes.map((p) => p.id),
        statusOf,
      ).map((l) => wrapText(`- ${l}`, 78, 2));
      const out = [
        `${scenario.name} - turn ${state.turn} resolved`,
        '',
        renderMap(r.value.state),
        '',
        turnLog(r.value.events, undefined, sideNames(state), { flexible: flexibleShots(state) }),
        ...(noShots.length ? ['', 'Fire orders that did not fire', ...noShots] : []),
      ];
      process.stdout.write(`${out.join('\n')}\n`);
    });
}

/** A scenario file's data when it is a quick-game scenario (`ruleset: quick`), else undefined. */
export function quickScenarioData(path: string): unknown {
  let data: unknown;
  try {
    data = parseYaml(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
  return data && typeof data === 'object' && (data as { ruleset?: unknown }).ruleset === 'quick' ? data : undefined;
}
