/**
 * WAYS TO FLY of the quick game (seed 004, docs/quick.md "Pick a move"): each of the reader's
 * aircraft's menu of moves (core/plans/quick-menu.ts), one line a move within 78 columns, and what
 * a letter picked (`S1 PLAN C`) stands for. Worked out from the turn's state, so the mail and the
 * intake that reads the letter agree.
 */
import { hexLabel } from '../../core/hex/coords.ts';
import { clockHour, facingText } from '../../core/hex/facing.ts';
import { quickMenu, type QuickMenuPlan, quickMenuPlan, type QuickPlanName } from '../../core/plans/quick-menu.ts';
import { toQuickState } from '../../core/quick/game.ts';
import type { GameState } from '../../core/state.ts';
import type { QuickState } from '../../core/quick/types.ts';
import type { PlanPick, QuickStep } from '../../orders/ast.ts';
import { formatQuickMoves } from '../../orders/quick.ts';
import { wrap } from '../words/text.ts';

const NAMES: Record<QuickPlanName, string> = {
  straight: 'straight on',
  faster: 'faster',
  slower: 'slower',
  'gentlest-right': 'gentle right',
  'hardest-right': 'hard right',
  'gentlest-left': 'gentle left',
  'hardest-left': 'hard left',
  closing: 'closes on',
};

const clock = (f: number): string => String(clockHour(f));

/** What a move gives, in words: its names ("closes on M1" naming the enemy). */
const gives = (m: QuickMenuPlan): string =>
  m.names.map((n) => (n === 'closing' && m.on ? `closes on ${m.on}` : NAMES[n])).join(', ');

/** The menus of a player's flying aircraft, worked out once. */
export function quickMenus(state: GameState | QuickState, planeIds: readonly string[]): Map<string, QuickMenuPlan[]> {
  const out = new Map<string, QuickMenuPlan[]>();
  const qs = asQuick(state);
  if (!qs) return out;
  for (const p of qs.planes) if (planeIds.includes(p.id) && p.status === 'flying') out.set(p.id, quickMenu(qs, p.id));
  return out;
}

/** The quick game's own state of a game's (undefined: not a quick game), or the one given. */
const asQuick = (state: GameState | QuickState): QuickState | undefined =>
  'quick' in state ? (state.quick ? toQuickState(state) : undefined) : 'cards' in state ? state : undefined;

/** The WAYS TO FLY section of a quick-game mail (and of tallyho plans --menu): '' when the reader has no aircraft flying. */
export function quickWaysSection(
  state: GameState | QuickState,
  planeIds: readonly string[],
  menus = quickMenus(state, planeIds),
): string {
  const qs = asQuick(state);
  const blocks = [...menus.entries()]
    .filter(([, m]) => m.length)
    .map(([id, menu]) => {
      const p = qs?.planes.find((x) => x.id === id);
      const w = Math.max(4, ...menu.map((m) => formatQuickMoves(m.steps).length));
      const row = (letter: string, move: string, ends: string, fc: string, speed: string, what: string): string =>
        ` ${letter.padEnd(1)} ${move.padEnd(w)}  ${ends.padEnd(5)} ${fc.padStart(2)} ${speed.padStart(5)}  ${what}`.trimEnd();
      return [
        `${id} at ${p ? hexLabel(p.hex) : '?'} facing ${p ? facingText(p.facing) : '?'}, SPEED ${p?.speed ?? '?'}:`,
        row('', 'move', 'ends', 'fc', 'SPEED', 'gives'),
        ...menu.map((m) =>
          row(
            m.letter,
            formatQuickMoves(m.steps),
            `${hexLabel(m.end.hex)}${m.end.exited ? '!' : ''}`,
            clock(m.end.facing),
            String(m.end.speed),
            gives(m),
          ),
        ),
      ].join('\n');
    });
  if (!blocks.length) return '';
  const first = [...menus.entries()].find(([, m]) => m.length);
  const example = first ? `${first[0]} PLAN ${first[1][Math.min(2, first[1].length - 1)]?.letter ?? 'A'}` : 'A1 PLAN A';
  const off = [...menus.values()].flat().some((m) => m.end.exited);
  return [
    wrap(
      `Pick a move: write ${example} in your orders in place of the aircraft's move, and the referee flies the move shown. The letters hold for turn ${state.turn} only.`,
      0,
    ),
    '',
    blocks.join('\n\n'),
    '',
    wrap(
      `ends: the hex the move ends in${off ? ' ("!": it leaves the map there)' : ''}; fc: facing (clock hour); SPEED: the SPEED the move spends, next turn's SPEED.`,
      0,
    ),
  ].join('\n');
}

/** A move picked by letter: the steps it stands for, or why there are none. */
export type QuickPickResult = { ok: true; steps: QuickStep[]; line: string } | { ok: false; problem: string };

/** The move a pick stands for in the aircraft's menu of this turn (menus: quickMenus of the same state). */
export function readQuickPick(state: GameState, pick: PlanPick, menus: Map<string, QuickMenuPlan[]>): QuickPickResult {
  const menu = menus.get(pick.plane) ?? [];
  const m = quickMenuPlan(menu, pick.letter);
  if (!m) {
    const letters = menu.map((x) => x.letter);
    const has = letters.length ? `has moves ${letters[0]} to ${letters[letters.length - 1]}` : 'has no move';
    return {
      ok: false,
      problem: `${pick.plane} PLAN ${pick.letter} (line ${pick.line}): ${pick.plane}'s menu for turn ${state.turn} ${has}: pick one of WAYS TO FLY below, or write a move (e.g. ${pick.plane}: 2L1)`,
    };
  }
  return {
    ok: true,
    steps: m.steps,
    line: [
      wrap(
        `${pick.plane} PLAN ${pick.letter} is move ${m.letter} of ${pick.plane}'s menu for turn ${state.turn} (${gives(m)}):`,
        2,
      ),
      `    ${pick.plane}: ${formatQuickMoves(m.steps)}`,
      `  ending in ${hexLabel(m.end.hex)} facing ${clock(m.end.facing)}, SPEED ${m.end.speed}.`,
    ].join('\n'),
  };
}
