/**
 * The menus of plans (core/plans/menu.ts planMenu, docs/plans.md "The menu in the mail") worked
 * out once for a game's turn and view, and kept: in memory for the mails of the moment, in the
 * store (migrations/015_menus.sql) for those that come later. The report, the reminder, every
 * notice with a menu, the acknowledgement's TRAP lines and the intake of `R1 PLAN C` read the same
 * menu, so the letters a player picks from are the letters the referee reads.
 *
 * A view is the turn's state as a side sees it (its fog, docs/spotting.md), known by a digest of
 * the whole of it. A plane's menu depends on that state alone, so two readers who see the same get
 * the same plans, and whatever changes what a side sees (a GM's edit, a turn rolled back) is
 * another view, worked out afresh. A menu is worked out only when a mail shows it or a pick is read.
 */
import { type MenuPlan, planMenu } from '../../core/plans/menu.ts';
import type { GameState } from '../../core/state.ts';
import type { StoreTx } from '../ports/store.ts';

/** Planes' menus kept in memory, the least recently read dropped first. */
const KEPT = 256;
const memory = new Map<string, MenuPlan[]>();

/** A plane's menu in the view this function was made for. */
export type MenuOf = (planeId: string) => MenuPlan[];

/**
 * The digest of a view: two 32-bit FNV-1a hashes (of the even and the odd characters, with other
 * offsets) of its JSON, as 16 hex digits. Not a secret, a name: a collision of two views of the
 * same game, turn and plane is what would give a wrong menu, and 64 bits make that out of reach.
 */
export function viewDigest(state: GameState): string {
  const s = JSON.stringify(state);
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (i & 1) b = Math.imul(b ^ c, 0x01000193);
    else a = Math.imul(a ^ c, 0x01000193);
  }
  a = Math.imul(a ^ (b >>> 15), 0x85ebca6b);
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

function remember(key: string, menu: MenuPlan[]): void {
  memory.delete(key);
  memory.set(key, menu);
  if (memory.size > KEPT) memory.delete(memory.keys().next().value as string);
}

/**
 * The menus of `seen` (the turn's state as one side sees it) for game `gameId`: each plane's read
 * from memory, else from the store, else worked out and kept in both. Without a store (`tx` null)
 * memory alone. The digest is taken at the first plane asked for.
 */
export function keptMenus(tx: StoreTx | null, gameId: string, seen: GameState): MenuOf {
  let digest: string | undefined;
  return (planeId) => {
    digest ??= viewDigest(seen);
    const key = `${gameId}\n${seen.turn}\n${digest}\n${planeId}`;
    const had = memory.get(key);
    if (had) {
      remember(key, had);
      return had;
    }
    const stored = tx?.menus.get(gameId, seen.turn, digest, planeId);
    const menu = stored !== undefined ? (JSON.parse(stored) as MenuPlan[]) : planMenu(seen, planeId);
    if (stored === undefined) tx?.menus.put(gameId, seen.turn, digest, planeId, JSON.stringify(menu));
    remember(key, menu);
    return menu;
  };
}

/** Forgets the menus kept in memory (the benchmarks time the work itself; a test counts it). */
export const forgetMenus = (): void => memory.clear();
