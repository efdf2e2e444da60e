/**
 * WAYS TO FLY in the welcome, each report and a refused pick (docs/plans.md "The menu in the
 * mail"): each of the reader's planes' menu of plans (core/plans/menu.ts), one line a plan within
 * 78 columns: its letter, the plot as written, where it ends and what it gives. The menu is worked
 * out from the turn's state as the reader's side sees it, so the mail and the intake that reads
 * `R1 PLAN C` agree on what C is.
 */
import { hexLabel } from '../../core/hex/coords.ts';
import { clockHour } from '../../core/hex/facing.ts';
import { headingAfterCarry, type MenuPlan, menuPlan, type PlanName, planMenu } from '../../core/plans/menu.ts';

import { longNames, NAMES, SHORT, TRAP_MARK, TRAP_WORDS } from './plan-names.ts';
import { type GameState, type PlaneState, writtenMan } from '../../core/state.ts';
import { groundWays } from '../../core/plans/ground.ts';
import { formatMoveOrder } from '../../orders/move.ts';
import { wrapText } from '../../report/wrap.ts';
import type { PlanPick, Plot } from '../../orders/ast.ts';
import { formatPlot } from '../../orders/plot.ts';
import { flying, myPlanes } from '../../core/outcome.ts';
import { WIDTH, wrap } from '../words/text.ts';

/** The widest the plot column grows. */
const PLOT_COLUMN = 22;

const feet = (n: number): string => n.toLocaleString('en-US');
const clock = (f: number): string => String(clockHour(f));
/** A plot's boxes as written, without the plane's id. */
export const plotText = (p: Plot): string => formatPlot(p).replace(/^[^:]*:\s*/, '');

/** What a plan gives, as its names and shot marks: `>G1 5` a shot at G1 at range 5, `<G1` G1 gets one at it. */
function gives(p: MenuPlan, names: Record<PlanName, string>): string {
  const marks: string[] = [];
  if (p.trap) marks.push(TRAP_MARK[p.trap]);
  if (p.shot) marks.push(`>${p.shot.target} ${p.shot.range}`);
  const by = p.shotAtBy ?? [];
  if (by.length > 2) marks.push(`<${by.length} planes`);
  else for (const id of by) marks.push(`<${id}`);
  return [p.names.map((n) => names[n]).join(', '), ...marks].join(' ');
}

/** One plane's menu lines (a heading, a line a plan); none when it has no plan (not flying, on the ground). */
function planeMenu(state: GameState, planeId: string, menu: MenuPlan[]): string[] {
  const plane = state.planes.find((p) => p.id === planeId);
  if (!plane || !menu.length) return [];
  const plots = menu.map((p) => plotText(p.plot));
  // The plot column as wide as the menu's plots, up to PLOT_COLUMN: a longer plot pushes its own line on.
  const w = Math.min(PLOT_COLUMN, Math.max(4, ...plots.map((t) => t.length)));
  const row = (
    letter: string,
    plot: string,
    where: string,
    fc: string,
    height: string,
    spd: string,
    what: string,
  ): string =>
    ` ${letter.padEnd(1)} ${plot.padEnd(w)}  ${where.padEnd(5)} ${fc.padStart(2)} ${height.padStart(6)} ${spd.padStart(4)}  ${what}`.trimEnd();
  // A turn carried over is flown first: the plans are named for what their own plots do after it.
  const carried = plane.carry?.boxes.length ? plane.carry.boxes.map(writtenMan).join(' ') : '';
  const after = carried ? headingAfterCarry(plane) : plane.facing;
  const head =
    `${plane.id} at ${hexLabel(plane.hex)} facing ${clock(plane.facing)}, ${feet(plane.altitude)} ft, speed ${(plane.speed / 10).toFixed(1)}` +
    (carried
      ? `; each plan first finishes the ${carried} carried over from last turn${after !== plane.facing ? ` (to facing ${clock(after)})` : ''}, then:`
      : ':');
  const lines = [...wrap(head, 2).split('\n'), row('', 'plot', 'ends', 'fc', 'height', 'spd', 'gives')];
  menu.forEach((p, i) => {
    const where = p.end.status === 'exited' ? `${hexLabel(p.end.hex)}!` : hexLabel(p.end.hex);
    const cells = [
      p.letter,
      plots[i] as string,
      where,
      clock(p.end.facing),
      feet(p.end.altitude),
      (p.end.speed / 10).toFixed(1),
    ] as const;
    const full = row(...cells, gives(p, NAMES));
    const short = row(...cells, gives(p, SHORT));
    if (full.length <= WIDTH) lines.push(full);
    else if (short.length <= WIDTH) lines.push(short);
    else {
      // A plot too long for one line with what it gives: what it gives goes on the next line.
      lines.push(
        row(...cells, ''),
        `${' '.repeat(WIDTH - Math.min(40, gives(p, SHORT).length))}${gives(p, SHORT)}`.slice(0, WIDTH + 40),
      );
    }
  });
  return lines;
}

/**
 * The menus of a player's flying planes in `state` (his side's view): each read with `menuOf`
 * (app/game/menus.ts keptMenus: worked out once for the turn and view, and kept), else worked out.
 */
export function playerMenus(
  state: GameState,
  planeIds: readonly string[],
  menuOf: (planeId: string) => MenuPlan[] = (id) => planMenu(state, id),
): Map<string, MenuPlan[]> {
  const out = new Map<string, MenuPlan[]>();
  if (state.quick) return out;
  for (const p of flying(myPlanes(state, planeIds))) if (!p.ground) out.set(p.id, menuOf(p.id));
  return out;
}

/** The closing words of a WAYS TO FLY section: what the columns and marks mean, with an enemy the reader sees as the example. */
function legend(state: GameState, menus: Map<string, MenuPlan[]>): string {
  const own = state.planes.find((p) => menus.has(p.id));
  const e = state.planes.find((p) => own && p.side !== own.side && p.status === 'flying')?.id ?? 'X1';
  const any = [...menus.values()].flat();
  const shots = any.some((p) => p.shot !== undefined);
  const off = any.some((p) => p.end.status === 'exited');
  const traps = [...new Set(any.flatMap((p) => (p.trap ? [p.trap] : [])))];
  const marked = any.some((p) => p.plot.boxes.some((b) => b.alt || b.power || b.brake));
  return wrap(
    [
      'ends: the hex the plot ends in',
      off ? ' ("!": it leaves the map there)' : '',
      "; fc: facing (clock hour); height and spd: its height and next turn's speed.",
      marked
        ? ' In a plot, 1+100 climbs 100 ft in that box and 1-300 dives 300 ft; P adds a power factor, K a brake factor.'
        : '',
      traps.map((t) => ` ${TRAP_MARK[t]}: a trap, after it ${TRAP_WORDS[t]}.`).join(''),
      shots
        ? ` >${e} 5: it gets a shot at ${e} at range 5; <${e}: ${e} gets a shot at it. Both if every other plane flies on as it would without orders, as the forecast assumes: not a result, and no die is thrown.`
        : '',
    ].join(''),
    0,
  );
}

/**
 * A plane on the ground's MOVE lines (core/plans/ground.ts, docs/ground.md): every line the referee
 * accepts for it this turn, each with what it does.
 */
function groundBlock(state: GameState, plane: PlaneState): string[] {
  const ways = groundWays(state, plane);
  if (!ways.length) return [];
  const where = `${plane.id} on the ground at ${hexLabel(plane.hex)} facing ${clock(plane.facing)}, engine ${plane.ground?.engine ? 'running' : 'off'}${plane.ground?.deck ? `, on ${plane.ground.deck}'s deck` : ''}`;
  const lines = ways.map((w) =>
    w.steps.length ? formatMoveOrder({ unit: plane.id, steps: w.steps }) : '(no MOVE line)',
  );
  const col = Math.min(24, Math.max(...lines.map((l) => l.length)));
  return [
    wrap(`${where}: it takes a MOVE line, not a plan; each line it may take this turn:`, 2),
    ...ways.map((w, i) =>
      wrapText(`  ${(lines[i] as string).padEnd(col)}  ${w.what.replace(/^\(no MOVE line\) /, '')}`, WIDTH, col + 4),
    ),
  ];
}

/**
 * The WAYS TO FLY section of a welcome or report: '' when the reader has no plane to plot or move
 * (the quick game has its own, views/quick-menu.ts; none left). Planes on the ground get their MOVE
 * lines.
 */
export function waysSection(
  state: GameState,
  planeIds: readonly string[],
  menus = playerMenus(state, planeIds),
  plotter?: (planeId: string) => string,
): string {
  const blocks = [...menus.entries()]
    .map(([id, menu]) => {
      const b = planeMenu(state, id, menu);
      // The plotter on the web (PUBLIC_URL set): every way of the plane on a map, the link on a line of its own.
      if (b.length && plotter) b.push('', `Every way of ${id} on a map, to pick and mail:`, `  ${plotter(id)}`);
      return b;
    })
    .filter((b) => b.length);
  const grounded = state.quick
    ? []
    : flying(myPlanes(state, planeIds))
        .filter((p) => p.ground)
        .map((p) => groundBlock(state, p))
        .filter((b) => b.length);
  if (!blocks.length && !grounded.length) return '';
  if (!blocks.length) return grounded.map((b) => b.join('\n')).join('\n\n');
  const first = [...menus.entries()].find(([, m]) => m.length);
  const example = first ? `${first[0]} PLAN ${first[1][Math.min(2, first[1].length - 1)]?.letter ?? 'A'}` : 'A1 PLAN A';
  return [
    wrap(
      `Pick a plan: write ${example} in your orders in place of the plane's plot, and the referee flies the plot shown. The letters hold for turn ${state.turn} only.`,
      0,
    ),
    '',
    blocks.map((b) => b.join('\n')).join('\n\n'),
    '',
    legend(state, menus),
    ...(grounded.length ? ['', grounded.map((b) => b.join('\n')).join('\n\n')] : []),
  ].join('\n');
}

/** A plan picked by letter: the plot it stands for, or why there is none (with the plane's menu). */
export type PickResult = { ok: true; plot: Plot; plan: MenuPlan } | { ok: false; problem: string };

/** The plan a pick stands for in the plane's menu of this turn (menus: playerMenus of the same state). */
export function readPickedPlan(state: GameState, pick: PlanPick, menus: Map<string, MenuPlan[]>): PickResult {
  const menu = menus.get(pick.plane) ?? [];
  const p = menuPlan(menu, pick.letter);
  if (p) return { ok: true, plot: { ...p.plot, plane: pick.plane }, plan: p };
  const letters = menu.map((m) => m.letter);
  const has = letters.length ? `has plans ${letters[0]} to ${letters[letters.length - 1]}` : 'has no plan';
  return {
    ok: false,
    problem: `${pick.plane} PLAN ${pick.letter} (line ${pick.line}): ${pick.plane}'s menu for turn ${state.turn} ${has}: pick one of WAYS TO FLY below, or write a plot`,
  };
}

/** The line of the acknowledgement that says what a picked plan stands for. */
export function pickedLine(pick: PlanPick, plan: MenuPlan, turn: number): string {
  return [
    wrap(
      `${pick.plane} PLAN ${pick.letter} is plan ${plan.letter} of ${pick.plane}'s menu for turn ${turn} (${longNames(plan.names)}):`,
      2,
    ),
    `    ${pick.plane}: ${plotText(plan.plot)}`,
    wrap(
      `ending in ${hexLabel(plan.end.hex)} facing ${clock(plan.end.facing)}, ${feet(plan.end.altitude)} ft, speed ${(plan.end.speed / 10).toFixed(1)}.`,
      4,
    ).replace(/^/, '  '),
  ].join('\n');
}
