/**
 * The Store's side of the limits on replies (migrations/005_reply_budget.sql): the replies nobody
 * asked for with a secret, the replies held back, the mails that cost work before authentication,
 * wrong-secret attempts waiting for their notice, and JOIN requests waiting for confirmation.
 */

/** Why a reply was held back (docs/gm-guide.md "Limits on replies"). */
export type SuppressReason =
  | 'budget'
  | 'repeat'
  | 'answers-notice'
  | 'rate-limit'
  | 'wrong-secret-collected'
  | 'join-limit';

export const SUPPRESS_REASONS: readonly SuppressReason[] = [
  'budget',
  'repeat',
  'answers-notice',
  'rate-limit',
  'wrong-secret-collected',
  'join-limit',
];

export interface ReplyRow {
  recipient: string;
  /** notice, answer (to a command without an envelope), wrong-secret, join-confirm. */
  kind: 'notice' | 'answer' | 'wrong-secret' | 'join-confirm';
  gameId: string | null;
  title: string;
  /** Two replies with equal keys are the same reply. */
  repeatKey: string;
  messageId: string;
  /** Counts against the address's daily budget. */
  budgeted: boolean;
  at: number;
}

export interface SuppressedRow {
  recipient: string;
  gameId: string | null;
  reason: SuppressReason;
  title: string;
  inboundId: number | null;
  at: number;
}

export interface AuthFailureRow {
  id: number;
  gameId: string;
  playerId: string;
  recipient: string;
  sender: string;
  at: number;
  noticedAt: number | null;
}

export interface JoinPendingRow {
  token: string;
  gameId: string;
  playerId: string;
  email: string;
  note: string;
  requestedAt: number;
  expiresAt: number;
}

export interface ReplyRepo {
  record(row: ReplyRow): void;
  /** Replies to `recipient` queued at or after `since`, oldest first. */
  recent(recipient: string, since: number): ReplyRow[];
  /** Whether one of these Message-IDs is of a reply in the table. */
  anyOurs(messageIds: readonly string[]): boolean;
  /** Replies of `kind` queued at or after `since`, to any address. */
  countKind(kind: ReplyRow['kind'], since: number): number;
  suppress(row: SuppressedRow): void;
  /** Replies held back for `recipient` at or after `since` (wrong-secret attempts collected aside). */
  suppressedSince(recipient: string, since: number): number;
  /** Replies held back, by reason: about the game, or to one of `recipients`. */
  suppressedCounts(gameId: string, recipients: readonly string[]): Record<SuppressReason, number>;
  /** A mail that brought no authenticated envelope: `games` are the games it named. */
  addPreauth(sender: string, games: readonly string[], at: number): void;
  /** Such mails at or after `since`: from `sender`, naming `gameId`, or all (neither given). */
  countPreauth(filter: { sender?: string; gameId?: string }, since: number): number;
  /** Forgets such mails before `before` (the limits look back an hour). */
  purgePreauth(before: number): void;
  addAuthFailure(row: Omit<AuthFailureRow, 'id' | 'noticedAt'>): void;
  /** Attempts not told yet, oldest first; for one player (recipient, game, player) or all. */
  openAuthFailures(key?: { recipient: string; gameId: string; playerId: string }): AuthFailureRow[];
  /** When a wrong-secret notice last went out for that player, or null. */
  lastAuthNotice(key: { recipient: string; gameId: string; playerId: string }): number | null;
  markNoticed(ids: readonly number[], at: number): void;
  /** Wrong-secret attempts by the player's id for a game: all of them, and those told. */
  authFailureCounts(gameId: string): { attempts: number; noticed: number };
  addJoinPending(row: JoinPendingRow): void;
  getJoinPending(token: string): JoinPendingRow | undefined;
  /** The unexpired requests waiting for `email`'s confirmation for a game. */
  joinPendingFor(email: string, gameId: string, now: number): JoinPendingRow[];
  deleteJoinPending(token: string): void;
  /** Removes the requests that expired before `now`; returns how many. */
  purgeJoinPending(now: number): number;
}
