/**
 * `tallyho plans <scenario> [--plane ID] [--json]`: every way each plane of a scenario can fly its
 * first turn (core/plans/ways.ts, docs/plans.md), each outcome with a plot that flies it, checked
 * by the referee's own plan checker, and every height and speed of it (core/plans/variants.ts).
 * docs/cli.md documents the output.
 */
import type { Command } from 'commander';
import { basename } from 'node:path';
import { hexLabel } from '../../core/hex/coords.ts';
import { groundWays, type GroundWay } from '../../core/plans/ground.ts';
import type { WayToFly } from '../../core/plans/ways.ts';
import { type Variant, waysWithVariants, type WayWithVariants } from '../../core/plans/variants.ts';
import { type TrapKind, trapAfter } from '../../core/plans/trap.ts';
import { type MenuPlan, planMenu } from '../../core/plans/menu.ts';
import { fogState } from '../../core/spotting/fog.ts';
import { waysSection } from '../../app/views/menu.ts';
import { createGame } from '../../core/scenario.ts';
import { sha256Hex } from '../../core/sha256.ts';
import type { PlaneState } from '../../core/state.ts';
import { formatMoveOrder } from '../../orders/move.ts';
import { formatPlot } from '../../orders/plot.ts';
import { loadAircraftDir } from '../aircraft/catalog.ts';
import { cliError } from '../errors.ts';
import {
  loadBombingTable,
  loadFlakTable,
  loadRocketTable,
  loadSpottingTable,
  loadTorpedoTable,
} from '../ordnance/table.ts';
import { loadScenarioFile } from '../scenario-file.ts';
import { loadShipDir } from '../ships/catalog.ts';
import { quickScenarioData } from './resolve.ts';
import { quickPlansFile } from '../quick.ts';

/** One outcome as JSON: the end fields named and valued as `tallyho resolve --json`'s `final`. */
export const outcomeJson = (w: WayToFly) => ({
  hex: hexLabel(w.end.hex),
  facing: w.end.facing,
  altitude: w.end.altitude,
  speed: w.end.speed / 10,
  bank: w.end.bank,
  carry: w.end.carry,
  ...(w.end.carryMode ? { carryMode: w.end.carryMode } : {}),
  ...(w.end.status !== 'flying' ? { status: w.end.status } : {}),
  plot: formatPlot(w.plot).replace(/^[^:]*:\s*/, ''),
});

const feet = (n: number): string => n.toLocaleString('en-US');

/** A variant as JSON: its height, next speed (points) and plot as written. */
export const variantJson = (v: Variant) => ({
  altitude: v.altitude,
  speed: v.speed / 10,
  plot: formatPlot(v.plot).replace(/^[^:]*:\s*/, ''),
});

/** The range of a way's heights and speeds, as the text list shows it: "11,300-13,500 4.5-7.3" (one value alone when there is one). */
export function variantRange(variants: readonly Variant[]): { heights: string; speeds: string } {
  let [h0, h1, s0, s1] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const v of variants) {
    h0 = Math.min(h0, v.altitude);
    h1 = Math.max(h1, v.altitude);
    s0 = Math.min(s0, v.speed);
    s1 = Math.max(s1, v.speed);
  }
  const span = (lo: number, hi: number, f: (n: number) => string): string => (lo === hi ? f(lo) : `${f(lo)}-${f(hi)}`);
  return { heights: span(h0, h1, feet), speeds: span(s0, s1, (n) => (n / 10).toFixed(1)) };
}

/** One plan of a menu as JSON: its letter and names, the outcome as outcomeJson gives it, its shots (when an enemy is seen). */
const menuJson = (p: MenuPlan) => ({
  letter: p.letter,
  names: p.names,
  ...outcomeJson({ end: p.end, plot: p.plot }),
  ...(p.shot !== undefined ? { shot: p.shot, shotAtBy: p.shotAtBy ?? [] } : {}),
  ...(p.trap ? { trap: p.trap } : {}),
});

/** A plane on the ground's choices as JSON: the MOVE line as written (none: no line) and what it does. */
export const groundJson = (plane: PlaneState, w: GroundWay) => ({
  move: w.steps.length ? formatMoveOrder({ unit: plane.id, steps: w.steps }) : null,
  what: w.what,
});

/** A plane on the ground: a heading line, then its MOVE lines. */
function groundText(plane: PlaneState, ways: GroundWay[]): string[] {
  const head = `${plane.id} (${plane.side}, ${plane.type}) on the ground at ${hexLabel(plane.hex)} facing ${plane.facing}, speed ${plane.speed / 10}, engine ${plane.ground?.engine ? 'running' : 'off'}${plane.ground?.deck ? `, on ${plane.ground.deck}'s deck` : ''}: ${ways.length} MOVE line${ways.length === 1 ? '' : 's'}`;
  return [
    head,
    ...ways.map((w) => {
      const o = groundJson(plane, w);
      return `  ${(o.move ?? '(none)').padEnd(16)} ${o.what}`;
    }),
  ];
}

/** A plane's outcomes as text: a heading line, then one line an outcome, within 78 columns where the plot allows. */
function planeText(plane: PlaneState, ways: WayWithVariants[], traps: (TrapKind | null)[]): string[] {
  const head = `${plane.id} (${plane.side}, ${plane.type}) at ${hexLabel(plane.hex)} facing ${plane.facing}, ${feet(plane.altitude)} ft, speed ${plane.speed / 10}, bank ${plane.bank}: ${ways.length} way${ways.length === 1 ? '' : 's'} to fly`;
  if (!ways.length) return [head, '  (it takes no orders)'];
  const rows = ways.map((w, i) => {
    const o = outcomeJson(w);
    const trap = traps[i];
    const where = o.status === 'exited' ? `${o.hex} off` : trap ? `${o.hex} trap` : o.hex;
    const range = variantRange(w.variants);
    return `  ${where.padEnd(9)} ${String(o.facing).padStart(2)}  ${o.bank.padEnd(3)} ${feet(o.altitude).padStart(6)} ${o.speed.toFixed(1).padStart(4)}  ${range.heights.padEnd(13)} ${range.speeds.padEnd(7)}  ${(o.carry.length ? o.carry.join(' ') : '-').padEnd(7)} ${o.plot}`;
  });
  return [head, '  ends      fc  bk   height  spd  any height    any spd  carries plot', ...rows];
}

export function registerPlansCommand(program: Command): void {
  program
    .command('plans <scenario>')
    .description('list every way each plane of a scenario can fly its first turn, each with a plot that flies it')
    .option('--plane <id>', 'only this plane')
    .option('--json', 'print JSON')
    .option(
      '--menu',
      "print the menu of plans each plane's player gets in his mail (WAYS TO FLY), as the mail shows it",
    )
    .action((scenarioPath: string, opts: { plane?: string; json?: boolean; menu?: boolean }) => {
      const quick = quickScenarioData(scenarioPath);
      if (quick) {
        process.stdout.write(quickPlansFile(quick, scenarioPath, opts.plane, !!opts.json, !!opts.menu));
        return;
      }
      const catalog = loadAircraftDir();
      const ships = loadShipDir();
      const scenario = loadScenarioFile(scenarioPath, catalog, ships);
      const seed = sha256Hex(`tallyho:${basename(scenarioPath)}`).slice(0, 32);
      const state = createGame(scenario, catalog, seed, ships, loadBombingTable(), loadTorpedoTable(), {
        flak: loadFlakTable(),
        spotting: loadSpottingTable(),
        rockets: loadRocketTable(),
      });
      const wanted = opts.plane?.toUpperCase();
      const planes = state.planes.filter((p) => !wanted || p.id.toUpperCase() === wanted);
      if (!planes.length) {
        throw cliError('E_NOT_FOUND', `there is no plane ${opts.plane ?? ''} in ${scenarioPath}`, [
          `its planes: ${state.planes.map((p) => p.id).join(', ')}`,
        ]);
      }
      if (opts.menu) {
        // Each plane's menu as its side sees the scenario (fog of war), as the welcome gives it.
        const menus = planes.map((plane) => waysSection(fogState(state, plane.side), [plane.id])).filter(Boolean);
        if (opts.json) {
          const out = {
            planes: planes.map((plane) => ({
              plane: plane.id,
              side: plane.side,
              menu: planMenu(fogState(state, plane.side), plane.id).map(menuJson),
            })),
          };
          process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
        } else
          process.stdout.write(
            `${scenario.name}: ways to fly turn ${state.turn}\n\n${menus.join('\n\n') || '(no plane of the scenario takes a plot)'}\n`,
          );
        return;
      }
      const listed = planes.map((plane) => {
        const ways = waysWithVariants(state, plane);
        // Each way that stays on the map, asked whether it leads into a trap (core/plans/trap.ts).
        return {
          plane,
          ways,
          traps: ways.map((w) => (w.end.status === 'flying' ? trapAfter(state, plane, w.plot) : null)),
          ground: groundWays(state, plane),
        };
      });
      if (opts.json) {
        // Written a plane at a time, a variant a line: a fighter has tens of thousands of them.
        process.stdout.write('{\n  "planes": [\n');
        listed.forEach(({ plane, ways, traps, ground }, i) => {
          const head = {
            plane: plane.id,
            side: plane.side,
            ...(plane.ground ? { moves: ground.map((w) => groundJson(plane, w)) } : {}),
          };
          process.stdout.write(`    ${JSON.stringify(head).slice(0, -1)}, "outcomes": [${ways.length ? '\n' : ''}`);
          ways.forEach((w, k) => {
            const trap = traps[k];
            const o = JSON.stringify({ ...outcomeJson(w), ...(trap ? { trap } : {}) }).slice(0, -1);
            const vs = w.variants.map((v) => `        ${JSON.stringify(variantJson(v))}`).join(',\n');
            process.stdout.write(`      ${o}, "variants": [\n${vs}\n      ]}${k < ways.length - 1 ? ',' : ''}\n`);
          });
          process.stdout.write(`    ${ways.length ? '    ' : ''}]}${i < listed.length - 1 ? ',' : ''}\n`);
        });
        process.stdout.write('  ]\n}\n');
        return;
      }
      const text = [`${scenario.name}: every way to fly turn ${state.turn}`, ''];
      for (const { plane, ways, traps, ground } of listed)
        text.push(...(plane.ground ? groundText(plane, ground) : planeText(plane, ways, traps)), '');
      if (listed.some(({ ways }) => ways.length)) {
        text.push(
          'ends: the hex the plot ends in ("off": it leaves the map there; "trap": after it,',
          'every way of the next turn leaves the map, flies into the ground or stalls); fc: facing;',
          "bk: bank; height and spd: the height and next turn's speed of the plot shown; any height,",
          'any spd: the lowest and highest of every plot of the way (climbs, dives, P and K marked',
          'on it: --json gives each height and speed with a plot); carries: the boxes it runs on',
          'into next turn.',
        );
      }
      process.stdout.write(`${text.join('\n')}\n`);
    });
}
