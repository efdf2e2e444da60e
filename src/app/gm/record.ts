/**
 * RECORD <address> by mail (docs/gm-guide.md "A player's record"): a player's record of
 * reliability (app/game/record.ts) for a game's master, of his own players and of those asking to
 * join his game; the installation's game master may ask it of any address.
 */
import { AppError, type AppDeps } from '../ports/deps.ts';
import type { StoreTx } from '../ports/store.ts';
import { recordLines, reliabilityRecord } from '../game/record.ts';

/**
 * RECORD <address> by a game's master: only for an address that plays in his game or asked to
 * join it (the installation's game master: any address). The lines of the answer.
 */
export function gmRecord(deps: AppDeps, tx: StoreTx, gameId: string, address: string, global: boolean): string[] {
  const email = address.trim().toLowerCase();
  if (!global) {
    const ours =
      tx.players.listAll(gameId).some((p) => p.email === email) ||
      tx.control.joinRequests(gameId).some((j) => j.email === email);
    if (!ours)
      throw new AppError(
        'E_STATE',
        `${email} neither plays in game ${gameId} nor asked to join it: a game's master sees the record of the game's own players and of those asking to join`,
      );
  }
  deps.log.info({ game: gameId, address: email }, 'reliability record asked by the game master');
  return recordLines(reliabilityRecord(tx, email));
}
