/**
 * Rate limits on the work done before authentication (docs/gm-guide.md "Limits on replies"). A
 * mail that brings no envelope with a valid secret or turn token is work done for nobody proven:
 * one is recorded for its sender and for each game it names. Past a limit (per sender, per game,
 * in all, over the past hour) a mail still has its secrets and tokens checked, and an
 * authenticated envelope in it is taken and acknowledged as always; everything else is left
 * undone: no notice, no answer to a command without an envelope, no JOIN. So a forger who fills
 * a player's limit with his From address stops nothing of the player's own orders. Reading a mail
 * is bounded by its size and line limits, and checking a secret is once per envelope.
 */
import type { AppDeps } from '../ports/deps.ts';
import type { StoreTx } from '../ports/store.ts';

const HOUR = 3600_000;

export interface Limits {
  sender: number;
  game: number;
  all: number;
}

export function limitsOf(deps: AppDeps): Limits {
  const sender = deps.referee.rateLimitPerHour;
  return {
    sender,
    game: deps.referee.rateLimitGamePerHour ?? 4 * sender,
    all: deps.referee.rateLimitAllPerHour ?? 20 * sender,
  };
}

/** Why a mail from `sender` naming `games` is past a limit, or null when it is within them all. */
export function preauthLimit(deps: AppDeps, tx: StoreTx, sender: string, games: readonly string[]): string | null {
  const since = deps.clock.now() - HOUR;
  const l = limitsOf(deps);
  const from = tx.replies.countPreauth({ sender }, since);
  if (from >= l.sender)
    return `${from} mails without a valid secret from ${sender || 'no sender'} in the last hour (limit ${l.sender})`;
  for (const g of games) {
    const n = tx.replies.countPreauth({ gameId: g }, since);
    if (n >= l.game) return `${n} mails without a valid secret for game ${g} in the last hour (limit ${l.game})`;
  }
  const all = tx.replies.countPreauth({}, since);
  if (all >= l.all) return `${all} mails without a valid secret in the last hour (limit ${l.all})`;
  return null;
}

/** Records a mail that brought no authenticated envelope. */
export function recordPreauth(deps: AppDeps, tx: StoreTx, sender: string, games: readonly string[]): void {
  tx.replies.addPreauth(sender, [...new Set(games)], deps.clock.now());
}
