/**
 * The text blocks of the mails, each at most 78 columns so it reads well in a fixed-width font:
 * the situation map, a plane's log sheet, what comes next, the preview of a plotted path, and the
 * ready-to-send orders template (as Atlantis sends one: the envelope with a turn token in place of
 * the secret, a legal default plot for each plane, fire held).
 */
import { START_ON } from '../../core/ground/phase.ts';
import type { GameEvent } from '../../core/events.ts';
import { groundNeeds, groundSheetLine } from './ground.ts';
import { capacityOf, enginesWorking, systemName } from '../../core/damage/state.ts';
import { bankWords } from '../../core/bank.ts';
import { distance, hexLabel, parseHexLabel } from '../../core/hex/coords.ts';
import { facingText } from '../../core/hex/facing.ts';
import { movementPoints } from '../../core/impulse/schedule.ts';
import { planeLimits } from '../../core/movement/limits.ts';
import { ordinal } from '../../core/movement/plan-checks.ts';
import { firstPhaseHexes } from '../../core/two-phase/initiative.ts';
import { flying, myPlanes } from '../../core/outcome.ts';
import { type GameState, type PlaneState, speedText, writtenMan } from '../../core/state.ts';
import { resolveTurn } from '../../core/turn.ts';
import type { FireOrder, Plot } from '../../orders/index.ts';
import { type PathMark, PREVIEW_ROWS, renderMap, renderWholeMap, REPORT_ROWS } from '../../report/ascii-map.ts';
import { limitsLines, obligationNotes } from '../../report/plane-limits.ts';
import { wrapText } from '../../report/wrap.ts';
import { WIDTH, wrap } from '../words/text.ts';
import { type MenuPlan, planMenu } from '../../core/plans/menu.ts';
import type { MenuOf } from '../game/menus.ts';
import { trapOf } from '../../core/plans/trap.ts';
import { NAMES, TRAP_WORDS } from './plan-names.ts';
import type { MoveOrder } from '../../orders/index.ts';
import { pilotLines, type PilotReader, pilotSheetLine } from '../../report/pilots.ts';

/** A facing as the mails write it: "12 (N)", "3 (E)". */
export { facingText };
const clock = facingText;
const feet = (n: number): string => n.toLocaleString('en-US');
const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** The map around the reader's planes, with the legend. */
export function situationMap(state: GameState, focus: readonly string[]): string {
  return renderMap(state, { focus: [...focus], maxRows: REPORT_ROWS });
}

const carriedText = (p: PlaneState): string => (p.carry ? p.carry.boxes.map(writtenMan).join(' ') : '');

/**
 * One plane's log sheet: where it is and what it starts the next turn with; without `next` (the
 * game is over) only where it is.
 */
export function logSheet(state: GameState, p: PlaneState, next = true): string {
  const card = state.aircraft[p.type];
  const lines = [
    `${p.id} (${card?.name ?? p.type}, ${state.sides[p.side]?.name ?? p.side})${p.status === 'flying' ? '' : `: ${p.status.toUpperCase()}`}`,
    ...pilotSheetLine(p),
  ];
  if (p.ground && p.status === 'flying') {
    lines.push(groundSheetLine(state, p), `  facing ${clock(p.facing)}`);
    lines.push(...damageLines(state, p));
    return wrap(lines.join('\n'), 4);
  }
  lines.push(
    `  hex ${hexLabel(p.hex)}, facing ${clock(p.facing)}, ${feet(p.altitude)} ft, speed ${speedText(p.speed)}, ${bankWords(p.bank)}`,
  );
  if (p.rocketLoad)
    lines.push(
      `  rockets: ${p.rocketLoad} (ROCKETS in a plot fires them at the first enemy unit within 4 hexes ahead, from 3,000 ft or lower)`,
    );
  lines.push(...damageLines(state, p));
  if (p.status === 'flying' && next) {
    const carried = carriedText(p);
    lines.push(
      carried
        ? `  carried over into next turn: ${carried}${p.carry?.mode ? ` (${p.carry.mode})` : ''}`
        : '  nothing carried over',
    );
    // What governs the next plot, read with the plan checker's own functions (core/movement/limits.ts).
    if (card)
      lines.push(...limitsLines(planeLimits(card, p), state.options.sequence === 'two-phase').map((l) => `  ${l}`));
  }
  return wrap(lines.join('\n'), 4);
}

/** The pilots block of a report or welcome (report/pilots.ts); '' when the game does not rate pilots. */
export const pilotBlock = (state: GameState, reader: PilotReader): string =>
  wrap(pilotLines(state, reader).join('\n'), 7);

/** The damage part of a log sheet: each system hit, what it leaves, the crew's fate. */
export function damageLines(state: GameState, p: PlaneState): string[] {
  const card = state.aircraft[p.type];
  const d = p.damage;
  const out: string[] = [];
  if (card && d && Object.keys(d.taken).length) {
    const parts = Object.entries(d.taken).map(
      ([k, n]) =>
        `${systemName(card, k)} ${Math.min(n, capacityOf(card, k))}/${capacityOf(card, k)}${d.destroyed.includes(k) ? ' destroyed' : ''}`,
    );
    out.push(`  damage: ${parts.join(', ')}`);
    const working = enginesWorking(card, p);
    if (working < card.engines && p.status === 'flying')
      out.push(`  flies on ${working} of ${card.engines} engines${d.jettisoned ? '; bombs jettisoned' : ''}`);
  }
  if (d?.oddsDamaged) out.push(`  DAMAGED: worse turn modes, speeds and power (seed 002 5.1, the odds model)`);
  if (d?.points) out.push(`  damage points: ${d.points}`);
  if (p.crew) out.push(`  crew: ${p.crew.saved} saved, ${p.crew.lost} lost`);
  return out;
}

/** What a plane's next plot must hold; `twoPhase`: the game plays the two-phase sequence (seed 003). */
export function nextPlotNeeds(p: PlaneState, twoPhase = false): string {
  if (p.ground)
    return wrap(
      `${p.id}: on the ground: a MOVE line, not a plot (the comment on ${p.id} in the orders below says what it may do).`,
      4,
    );
  const points = movementPoints(p.speed);
  const carried = Math.min(p.carry?.boxes.length ?? 0, points.length);
  const need = points.length - carried;
  if (points.length === 0)
    return `${p.id}: speed ${speedText(p.speed)}, active in no impulse this turn: no plot needed.`;
  const taken = carried
    ? `; the manoeuvre carried over takes the first ${carried === 1 ? 'box' : `${carried} boxes`}`
    : '';
  const first = firstPhaseHexes(points.length);
  const when = twoPhase
    ? `moves ${plural(points.length, 'hex', 'hexes')} this turn, ${first} in the first phase and ${points.length - first} in the second`
    : `active in impulses ${[...new Set(points)].join(', ')}`;
  return wrap(`${p.id}: ${when}${taken}: the plot needs ${plural(need, 'box', 'boxes')}.`, 4);
}

/** A plane's obligations as comment lines of the orders template (`# R1: must pull out ...`). */
export function obligationComments(state: GameState, p: PlaneState): string[] {
  const card = state.aircraft[p.type];
  if (!card) return [];
  if (p.ground)
    return wrapText(groundNeeds(state, p), WIDTH - 2, 4)
      .split('\n')
      .map((l) => `# ${l}`);
  return obligationNotes(planeLimits(card, p)).flatMap((n) =>
    wrapText(`${p.id}: ${n}`, WIDTH - 2, 4)
      .split('\n')
      .map((l) => `# ${l}`),
  );
}

/** A fire order at a plane of the game that is no longer flying: it cannot fire (seed 000 VII). */
export const firesAtPlaneGone = (state: GameState, f: FireOrder): boolean =>
  !f.hold &&
  f.target.toUpperCase() !== 'ANY' &&
  state.planes.some((p) => p.id.toUpperCase() === f.target.toUpperCase() && p.status !== 'flying');

/** What a plane on the ground will do with its MOVE line (a dry run throws no die: a start attempt is told, not rolled). */
function groundSummary(
  p: PlaneState,
  after: PlaneState,
  events: readonly GameEvent[],
  moves: readonly MoveOrder[],
): string {
  const launch = events.find((e) => e.plane === p.id && e.type === 'launch');
  if (launch && launch.type === 'launch')
    return `${p.id} is launched from ${launch.ship} in impulse 7: in the air at 100 ft in ${launch.hex}, heading ${clock(launch.facing)}, speed ${speedText(launch.speed)}.`;
  const starts = moves.some((m) => m.unit.toUpperCase() === p.id && m.steps.includes('START'));
  if (starts)
    return `${p.id} tries its engine in impulse 7 (a d6: 1-${START_ON} starts it, and gives one power factor at once: speed ${speedText(p.speed + 10)} next turn); it stays at ${hexLabel(after.hex)}.`;
  if (events.some((e) => e.plane === p.id && e.type === 'takeoff'))
    return `${p.id} rolls to ${hexLabel(after.hex)} and LEAVES THE GROUND at the end of the turn: 100 ft, facing ${clock(after.facing)}, speed ${speedText(after.speed)}.`;
  return `${p.id} ends the turn on the ground in ${hexLabel(after.hex)}, facing ${clock(after.facing)}, speed ${speedText(after.speed)}.`;
}

/** How many enemy planes a path preview's window takes in, nearest first, when they fit. */
const PREVIEW_ENEMIES = 2;

/**
 * The ids of the enemy planes nearest to `p` (at most PREVIEW_ENEMIES): the preview's window takes
 * them in when they fit (report/ascii-map.ts), and its legend lists the others.
 */
function nearestEnemies(state: GameState, p: PlaneState): string[] {
  return state.planes
    .filter((e) => e.status === 'flying' && e.side !== p.side)
    .sort((a, b) => distance(a.hex, p.hex) - distance(b.hex, p.hex) || a.id.localeCompare(b.id))
    .slice(0, PREVIEW_ENEMIES)
    .map((e) => e.id);
}

/**
 * The path each of the player's planes would fly with these plots, on the map of the turn's start
 * ('+n' = the hex entered in impulse n), in a window around the path and the nearest enemy planes
 * that fit in one mail map (the legend lists the others), and where it ends: the player's planes are flown alone
 * (other planes never change a plane's movement; core/movement/preview.ts does the same per plane).
 */
export interface Preview {
  plane: string;
  /** The plane's own map of its path, with where it ends (`summary`) under it. */
  map: string;
  /** Where it ends, and any warning, in words. */
  summary: string;
  /** The hexes entered, with their impulses (the picture draws them too). */
  path: PathMark[];
  /**
   * A WARNING the player is told to act on (the plane leaves the map, flies into the ground, ends
   * below its minimum speed): the turn these orders complete waits for CONFIRM (app/game/deadlines.ts).
   */
  warning?: string;
}

/** What one of the player's planes does flown alone: its path, where it ends, and any warning. */
interface FlownAlone {
  plane: PlaneState;
  path: PathMark[];
  after: PlaneState;
  gone?: GameEvent;
  warning?: string;
  /** What the player is told and the turn does not wait for: a trap a turn ahead, or every way leaving the map (nothing to change). */
  notice?: string;
}

/**
 * The TRAP line of a plot that leads into a trap (core/plans/trap.ts): where it leaves the plane,
 * every way of the next turn leaves the map, flies into the ground or stalls. With the plans of this
 * turn's menu that avoid it. Told, not held: the plot flies as written this turn.
 */
function trapWarning(state: GameState, p: PlaneState, after: PlaneState, menuOf: MenuOf): string | undefined {
  const trap = trapOf({ ...state, planes: state.planes.map((x) => (x.id === p.id ? after : x)) }, after);
  if (!trap) return undefined;
  const avoid = menuOf(p.id).filter((m) => m.end.status === 'flying' && !m.trap);
  const names = (m: MenuPlan): string => m.names.map((n) => NAMES[n]).join(', ');
  return (
    `TRAP: ${p.id} ends the turn in a trap: from ${hexLabel(after.hex)} facing ${clock(after.facing)} at ${feet(after.altitude)} ft and speed ${speedText(after.speed)}, ${TRAP_WORDS[trap]}. ` +
    (avoid.length
      ? `Plans of this turn's menu that avoid it: ${avoid.map((m) => `${m.letter} (${names(m)})`).join(', ')}. Change the plot if that is not what you want.`
      : "No plan of this turn's menu avoids it: change the plot to turn away sooner, or fly slower, if that is not what you want.")
  );
}

/** The dry run of the previews: the player's planes flown alone with these plots (no map drawn). */
function flyAlone(
  state: GameState,
  plots: Record<string, Plot>,
  planeIds: readonly string[],
  moves: readonly MoveOrder[],
  menuOf: MenuOf,
): { flown: FlownAlone[]; events: readonly GameEvent[] } {
  const mine = flying(myPlanes(state, planeIds));
  const twoPhase = state.options.sequence === 'two-phase';
  // Planes on the ground fly their MOVE lines (core/ground); the units' lines are not theirs.
  const ground = new Set(mine.filter((p) => p.ground).map((p) => p.id));
  const r = resolveTurn(
    { ...state, planes: mine, units: (state.units ?? []).filter((u) => mine.some((p) => p.ground?.deck === u.id)) },
    { plots, fire: [], moves: moves.filter((m) => ground.has(m.unit.toUpperCase())) },
    undefined,
    { dry: true },
  );
  if (!r.ok) return { flown: [], events: [] };
  const flown = mine.map((p): FlownAlone => {
    const path = r.value.events.flatMap((e) => {
      const hex = e.plane === p.id && (e.type === 'move' || e.type === 'taxi') ? parseHexLabel(e.to) : undefined;
      return hex ? [{ hex, impulse: e.impulse }] : [];
    });
    // Two-phase: the impulses of a preview (the player's planes alone) are not the turn's; each hex
    // is marked with its count instead (the acknowledgement says so).
    if (twoPhase)
      path.forEach((m, i) => {
        m.impulse = i + 1;
      });
    const after = r.value.state.planes.find((x) => x.id === p.id) as PlaneState;
    const gone = r.value.events.find((e) => e.plane === p.id && (e.type === 'exit-map' || e.type === 'crash'));
    const stall = r.value.events.find((e) => e.plane === p.id && e.type === 'stall');
    const where = twoPhase ? `on its ${ordinal(path.length)} hex` : `in impulse ${gone?.impulse ?? 0}`;
    // Leaving the map when every way of the turn leaves it: told plainly, nothing to change, nothing held.
    if (gone?.type === 'exit-map' && !p.ground && trapOf(state, p) === 'exit') {
      return {
        plane: p,
        path,
        after,
        gone,
        notice: `NOTE: ${p.id} leaves the map ${where} and is out of the game: every way it can fly this turn leaves the map, so no plot can keep it in.`,
      };
    }
    const warning = gone
      ? `WARNING: ${p.id} ${gone.type === 'crash' ? (gone.why ? gone.why : 'flies into the ground') : 'leaves the map'} ${where} and is out of the game. Change the ${p.ground ? 'MOVE line' : 'plot'} if that is not what you want.`
      : stall?.type === 'stall'
        ? `WARNING: ${p.id} ends the turn at speed ${speedText(stall.speed)}, below its minimum speed of ${stall.minimum} at that altitude: it stalls, and flies on that slowly until it gains speed. Dive, add power (P) or manoeuvre less if that is not what you want.`
        : undefined;
    // A trap is told a turn ahead; the plot itself flies as written, so nothing is held for it.
    const trap =
      !warning && !p.ground && after.status === 'flying' && !after.ground
        ? trapWarning(state, p, after, menuOf)
        : undefined;
    return {
      plane: p,
      path,
      after,
      ...(gone ? { gone } : {}),
      ...(warning ? { warning } : {}),
      ...(trap ? { notice: trap } : {}),
    };
  });
  return { flown, events: r.value.events };
}

/** The WARNINGs of `previews` alone, without drawing a map (the ready-to-send templates). */
export function previewWarnings(
  state: GameState,
  plots: Record<string, Plot>,
  planeIds: readonly string[],
  menuOf: MenuOf = (id) => planMenu(state, id),
): string[] {
  // A trap a turn ahead is told too (TRAP:); a NOTE that nothing can help is not.
  return flyAlone(state, plots, planeIds, [], menuOf).flown.flatMap((f) =>
    f.warning ? [f.warning] : f.notice?.startsWith('TRAP: ') ? [f.notice] : [],
  );
}

/**
 * The acknowledgement's previews: each of the player's planes flown alone with its plot, its path
 * and where it ends, with its WARNING, TRAP or NOTE; `menuOf` reads a plane's menu of this turn
 * (app/game/menus.ts), whose plans a TRAP line names.
 */
export function previews(
  state: GameState,
  plots: Record<string, Plot>,
  planeIds: readonly string[],
  moves: readonly MoveOrder[] = [],
  menuOf: MenuOf = (id) => planMenu(state, id),
): Preview[] {
  const { flown, events } = flyAlone(state, plots, planeIds, moves, menuOf);
  return flown.map(({ plane: p, path, after, gone, warning, notice }) => {
    const summary = gone
      ? (warning ?? (notice as string))
      : `${
          p.ground
            ? groundSummary(p, after, events, moves)
            : `${p.id} ends the turn in ${hexLabel(after.hex)}, facing ${clock(after.facing)}, ${feet(after.altitude)} ft, ` +
              `speed ${speedText(after.speed)}, ${bankWords(after.bank)}${after.carry ? `; carries over ${carriedText(after)}` : ''}.`
        }${warning ? `\n${warning}` : ''}${notice ? `\n${notice}` : ''}`;
    const words = summary
      .split('\n')
      .map((l) => wrap(l, 4))
      .join('\n');
    return {
      plane: p.id,
      path,
      summary: words,
      map: `${renderMap(state, { focus: [p.id], path, maxRows: PREVIEW_ROWS, frame: [p.id, ...nearestEnemies(state, p)] })}\n\n${words}`,
      ...(warning ? { warning } : {}),
    };
  });
}

/** One map of the acknowledgement: whose paths it draws, and the map with where each ends. */
export interface PathMap {
  /** "R1", or "R1, R2 and R3" on a map of several. */
  planes: string;
  several: boolean;
  map: string;
}

/** Hex rows of a map of several planes' paths at most: the length of about two maps of one. */
const PATHS_ROWS = 2 * REPORT_ROWS;

/**
 * The acknowledgement's path maps: one map with every plane's path when each can be followed
 * there whole (a flight of eight is one map, not eight), else one map a plane.
 */
export function pathMaps(state: GameState, shown: readonly Preview[]): PathMap[] {
  const single = (): PathMap[] => shown.map((p) => ({ planes: p.plane, several: false, map: p.map }));
  if (shown.length < 2 || !shown.some((p) => p.path.length)) return single();
  const ids = shown.map((p) => p.plane);
  const near = ids.flatMap((id) => {
    const p = state.planes.find((x) => x.id === id);
    return p ? nearestEnemies(state, p) : [];
  });
  const map = renderWholeMap(state, {
    focus: ids,
    paths: shown.map((p) => ({ plane: p.plane, marks: p.path })),
    maxRows: PATHS_ROWS,
    frame: [...new Set([...ids, ...near])],
  });
  if (!map) return single();
  const names = `${ids.slice(0, -1).join(', ')} and ${ids.at(-1) as string}`;
  return [{ planes: names, several: true, map: `${map}\n\n${shown.map((p) => p.summary).join('\n')}` }];
}
