/**
 * The menu of moves a quick-game mail offers an aircraft (seed 004, docs/quick.md, docs/plans.md
 * "The quick game"): a few of its legal moves (quick.ts), chosen to span what matters, each picked
 * by a letter (`S1 PLAN C`) as in the standard game's menu (menu.ts).
 *
 * - straight on at its SPEED, faster (the most SPEED it may fly) and slower (the least);
 * - the gentlest and the hardest turn to each side (clock points), at the SPEED nearest its own;
 * - the move that ends nearest the nearest enemy it sees (closes on him).
 *
 * A move that leaves the map is offered only when every move does. The menu is worked out from the
 * turn's state alone, so the mail and the intake that reads a letter agree on what it stands for.
 */
import type { QuickStep } from '../../orders/ast.ts';
import { distance } from '../hex/coords.ts';
import { turnBetween } from '../hex/facing.ts';
import { quickLimits } from '../quick/rules.ts';
import type { QuickPlane, QuickState } from '../quick/types.ts';
import { quickWays, type QuickWay } from './quick.ts';

/** What a move of the menu is, in its order of listing. */
export type QuickPlanName =
  | 'straight'
  | 'faster'
  | 'slower'
  | 'gentlest-right'
  | 'hardest-right'
  | 'gentlest-left'
  | 'hardest-left'
  | 'closing';

const LISTED: readonly QuickPlanName[] = [
  'straight',
  'faster',
  'slower',
  'gentlest-right',
  'hardest-right',
  'gentlest-left',
  'hardest-left',
  'closing',
];
const LETTERS = 'ABCDEFGH';

export interface QuickMenuPlan {
  letter: string;
  names: QuickPlanName[];
  steps: QuickStep[];
  end: QuickWay['end'];
  /** For a "closing" move: the enemy it closes on. */
  on?: string;
}

const turnsIn = (w: QuickWay): number => w.steps.filter((s) => s.kind !== 'F').length;

/** The menu of `planeId` (at most eight moves, lettered A on); none when it is not flying. */
export function quickMenu(state: QuickState, planeId: string): QuickMenuPlan[] {
  const p = state.planes.find((x) => x.id === planeId);
  if (!p || p.status !== 'flying') return [];
  const all = quickWays(state, p);
  const staying = all.filter((w) => !w.end.exited);
  const ways = staying.length ? staying : all;
  if (!ways.length) return [];
  const { low, high } = quickLimits(p);
  const own = Math.min(Math.max(p.speed, low), high);
  // Of several, the SPEED nearest its own, then the fewest turns, then the first listed.
  const best = (ws: QuickWay[]): QuickWay | undefined =>
    [...ws].sort((a, b) => Math.abs(a.end.speed - own) - Math.abs(b.end.speed - own) || turnsIn(a) - turnsIn(b))[0];
  const picks = new Map<QuickPlanName, QuickWay>();
  const ahead = ways.filter((w) => w.end.facing === p.facing && turnsIn(w) === 0);
  const straightAt = (speed: number): QuickWay | undefined => ahead.find((w) => w.end.speed === speed);
  const straight = straightAt(own) ?? best(ahead);
  if (straight) picks.set('straight', straight);
  const faster = straightAt(high);
  if (faster && faster !== straight) picks.set('faster', faster);
  const slower = straightAt(low);
  if (slower && slower !== straight) picks.set('slower', slower);
  for (const [side, sign] of [
    ['right', 1],
    ['left', -1],
  ] as const) {
    const turning = ways.filter((w) => Math.sign(turnBetween(p.facing, w.end.facing)) === sign);
    if (!turning.length) continue;
    const amount = (w: QuickWay): number => Math.abs(turnBetween(p.facing, w.end.facing));
    const least = Math.min(...turning.map(amount));
    const most = Math.max(...turning.map(amount));
    // One amount of turn to a side is its hardest, not its gentlest too.
    if (least < most) {
      const g = best(turning.filter((w) => amount(w) === least));
      if (g) picks.set(`gentlest-${side}`, g);
    }
    const h = best(turning.filter((w) => amount(w) === most));
    if (h) picks.set(`hardest-${side}`, h);
  }
  const enemy = nearestEnemy(state, p);
  let on: string | undefined;
  if (enemy) {
    const closing = [...ways].sort(
      (a, b) =>
        distance(a.end.hex, enemy.hex) - distance(b.end.hex, enemy.hex) ||
        Math.abs(a.end.speed - own) - Math.abs(b.end.speed - own) ||
        turnsIn(a) - turnsIn(b),
    )[0];
    if (closing) {
      picks.set('closing', closing);
      on = enemy.id;
    }
  }
  // One line a move: moves that are the same are listed once, with each name.
  const lines: { names: QuickPlanName[]; way: QuickWay }[] = [];
  for (const name of LISTED) {
    const way = picks.get(name);
    if (!way) continue;
    const same = lines.find((l) => l.way === way);
    if (same) same.names.push(name);
    else lines.push({ names: [name], way });
  }
  return lines.slice(0, LETTERS.length).map((l, i) => ({
    letter: LETTERS[i] as string,
    names: l.names,
    steps: l.way.steps,
    end: l.way.end,
    ...(l.names.includes('closing') && on ? { on } : {}),
  }));
}

/** The nearest flying enemy aircraft. */
function nearestEnemy(state: QuickState, p: QuickPlane): QuickPlane | undefined {
  let best: QuickPlane | undefined;
  for (const e of state.planes) {
    if (e.side === p.side || e.status !== 'flying') continue;
    if (!best || distance(p.hex, e.hex) < distance(p.hex, best.hex)) best = e;
  }
  return best;
}

/** The move a letter of the menu stands for (undefined: no such letter). */
export const quickMenuPlan = (menu: readonly QuickMenuPlan[], letter: string): QuickMenuPlan | undefined =>
  menu.find((m) => m.letter === letter.toUpperCase());
