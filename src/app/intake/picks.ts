/**
 * Plans picked by letter (`R1 PLAN C`, docs/orders.md "Pick a plan"): each stands for the plot of
 * that plan in the plane's menu of the mail for this turn (app/views/menu.ts, core/plans/menu.ts),
 * or in the quick game for the move of that letter (app/views/quick-menu.ts),
 * worked out again from the turn's state as the player's side sees it. A letter means something
 * only for the turn whose menu it was picked from: an envelope that does not say which turn (no
 * turn token, no TURN line) or names another is refused, never flown on a guess, and the refusal
 * carries this turn's menu.
 */
import type { MenuPlan } from '../../core/plans/menu.ts';
import type { GameState, PlaneStatus } from '../../core/state.ts';
import { type Envelope, formatPick, type PlanPick, type Plot, type QuickStep } from '../../orders/index.ts';
import { pickedLine, playerMenus, readPickedPlan, waysSection } from '../views/menu.ts';
import { quickMenus, quickWaysSection, readQuickPick } from '../views/quick-menu.ts';

export interface PicksRead {
  /** The envelope as read: each pick that stands for a plan replaced by that plan's plot. */
  env: Envelope;
  /** The plots the picks stand for (the player's flying planes only). */
  plots: Plot[];
  problems: string[];
  /** Picks for planes out of the fight, left aside. */
  notes: string[];
  /** What each pick stands for, a line each (the acknowledgement's PLANS PICKED). */
  picked: string[];
  /** This turn's WAYS TO FLY, for a refusal a pick caused; '' otherwise. */
  menu: string;
}

const written = (k: PlanPick): string => `${formatPick(k)} (line ${k.line})`;

/**
 * Why the picks of an envelope cannot be read as this turn's (`stands`: what a letter stands for,
 * "a plan letter stands for a plot"): the envelope names no turn, or another; undefined when it
 * names this one.
 */
function turnProblem(own: readonly PlanPick[], turn: number, named: number | null, stands: string): string | undefined {
  if (named === null)
    return `${own.map(written).join(', ')}: ${stands} of one turn's menu, and this envelope does not say which turn: write TURN ${turn} in it (or send the envelope of your latest report, whose first line names the turn) to pick from the menu of turn ${turn} below`;
  if (named !== turn)
    return `${own.map(written).join(', ')}: picked from the menu of turn ${named}, whose letters no longer hold; the game is at turn ${turn}, whose menu is below`;
  return undefined;
}

/** The envelope without the picks of the planes whose letters were read (they stand for what was read). */
function withoutPicks(env: Envelope, read: ReadonlySet<string>): Envelope {
  const left = (env.picks ?? []).filter((k) => !read.has(k.plane));
  const { picks: _all, ...rest } = env;
  return { ...rest, ...(left.length ? { picks: left } : {}) };
}

/**
 * The picks of an envelope read against the menus of `seen` (the turn's state as the player's side
 * sees it): `turn` is the game's, `named` the turn the envelope names (its turn token, else its TURN
 * line; null for neither); `menuOf` reads a plane's menu of `seen` (app/game/menus.ts keptMenus: the
 * one its mail showed), else it is worked out.
 */
export function readPicks(
  seen: GameState,
  env: Envelope,
  turn: number,
  named: number | null,
  planeIds: readonly string[],
  gone: ReadonlyMap<string, PlaneStatus>,
  goneWords: (id: string) => string,
  menuOf?: (planeId: string) => MenuPlan[],
): PicksRead {
  const picks = env.picks ?? [];
  const out: PicksRead = { env, plots: [], problems: [], notes: [], picked: [], menu: '' };
  if (!picks.length) return out;
  const mine = new Set(planeIds);
  const own = picks.filter((k) => mine.has(k.plane) && !gone.has(k.plane));
  for (const k of picks)
    if (!mine.has(k.plane))
      out.problems.push(
        `${written(k)}: ${k.plane} is not one of your planes (${planeIds.join(', ')}); it was not taken`,
      );
  for (const k of picks)
    if (mine.has(k.plane) && gone.has(k.plane))
      out.notes.push(`${goneWords(k.plane)}: its ${formatPick(k)} was left aside`);
  if (!own.length) return out;
  if (seen.quick) return readQuickPicks(seen, env, turn, named, planeIds, own, out);
  const grounded = own.filter((k) => seen.planes.find((p) => p.id === k.plane)?.ground);
  for (const k of grounded)
    out.problems.push(
      `${written(k)}: ${k.plane} is on the ground, where it takes a MOVE line (or none), not a plan: see its log sheet`,
    );
  const menus = playerMenus(seen, planeIds, menuOf);
  const stale = turnProblem(own, turn, named, 'a plan letter stands for a plot');
  let wrong = !!stale;
  if (stale) out.problems.push(stale);
  else {
    const plots: Plot[] = [];
    for (const k of own.filter((x) => !grounded.includes(x))) {
      const r = readPickedPlan(seen, k, menus);
      if (r.ok) {
        plots.push(r.plot);
        out.picked.push(pickedLine(k, r.plan, turn));
      } else {
        out.problems.push(r.problem);
        wrong = true;
      }
    }
    out.plots = plots;
    // The envelope as read: the plots in place of the picks that stand for them.
    out.env = { ...withoutPicks(env, new Set(plots.map((p) => p.plane))), plots: [...env.plots, ...plots] };
  }
  if (wrong) out.menu = waysSection(seen, planeIds, menus);
  return out;
}

/** The picks of a quick-game envelope: each stands for a move of the aircraft's menu (views/quick-menu.ts). */
function readQuickPicks(
  seen: GameState,
  env: Envelope,
  turn: number,
  named: number | null,
  planeIds: readonly string[],
  own: PlanPick[],
  out: PicksRead,
): PicksRead {
  const menus = quickMenus(seen, planeIds);
  const stale = turnProblem(own, turn, named, "a move's letter stands for a move");
  let wrong = !!stale;
  if (stale) out.problems.push(stale);
  else {
    const moves: { plane: string; steps: QuickStep[] }[] = [];
    for (const k of own) {
      const r = readQuickPick(seen, k, menus);
      if (r.ok) {
        moves.push({ plane: k.plane, steps: r.steps });
        out.picked.push(r.line);
      } else {
        out.problems.push(r.problem);
        wrong = true;
      }
    }
    out.env = { ...withoutPicks(env, new Set(moves.map((m) => m.plane))), quick: [...(env.quick ?? []), ...moves] };
  }
  if (wrong) out.menu = quickWaysSection(seen, planeIds, menus);
  return out;
}
