/**
 * `tallyho doctor`'s hooks check (docs/gm-guide.md "Before the first game: tallyho doctor"): every
 * active hook's address checked as the hooks' sender checks it (hooks/address-policy.ts). A refused
 * one fails, named by its game, its number, whose it is and its address masked, with the reason in
 * the sender's words; a host name that cannot be looked up from here is a warning.
 */
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { maskedAddress } from '../app/hooks/address.ts';
import type { HookFormat } from '../app/ports/club.ts';
import type { Config } from './config.ts';
import type { Check } from './doctor.ts';
import { lookupAll, storedAddressVerdict, type Resolve } from './hooks/address-policy.ts';

interface StoredHook {
  id: number;
  game_id: string;
  player_id: string | null;
  format: HookFormat;
  url: string;
}

/** The active hooks, read without changing the database (none before its hooks table exists). */
function activeHooks(path: string): StoredHook[] {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    if (!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'hooks'").get()) return [];
    return db
      .prepare("SELECT id, game_id, player_id, format, url FROM hooks WHERE status = 'active' ORDER BY game_id, id")
      .all() as StoredHook[];
  } finally {
    db.close();
  }
}

/** The hooks' lines: one per address not called (or not looked up), else one saying all are. */
export async function hooksChecks(config: Config, resolve: Resolve = lookupAll): Promise<Check[]> {
  const path = config.databasePath;
  if (!existsSync(path)) return [{ name: 'hooks', verdict: 'ok', detail: 'no database yet: no hooks' }];
  let hooks: StoredHook[];
  try {
    hooks = activeHooks(path);
  } catch (e) {
    return [
      { name: 'hooks', verdict: 'fail', detail: `the hooks in ${path} could not be read: ${(e as Error).message}` },
    ];
  }
  if (!hooks.length) return [{ name: 'hooks', verdict: 'ok', detail: 'no hooks: no game sends to a chat' }];
  const verdicts = await Promise.all(hooks.map((h) => storedAddressVerdict(h.url, h.format, resolve)));
  const out: Check[] = [];
  hooks.forEach((h, i) => {
    const v = verdicts[i]!;
    if (v.verdict === 'ok') return;
    const whose = h.player_id === null ? "the game's" : `${h.player_id}'s`;
    out.push({
      name: 'hooks',
      verdict: v.verdict,
      detail: `game ${h.game_id}, hook ${h.id} (${whose}), ${maskedAddress(h.url)}: ${v.reason}`,
    });
  });
  if (!out.length) {
    const n = hooks.length;
    out.push({
      name: 'hooks',
      verdict: 'ok',
      detail: `${n} active hook${n === 1 ? '' : 's'}, each address one the referee calls`,
    });
  }
  return out;
}
