/**
 * What the intake hands to the handler of one envelope (envelope.ts for a player's, gm-envelope.ts
 * for the game master's), and what became of it.
 */
import type { AppDeps } from '../ports/deps.ts';
import type { IncomingMail } from '../ports/mail.ts';
import type { StoreTx } from '../ports/store.ts';

export type EnvelopeOutcome = 'accepted' | 'refused' | 'auth-failed' | 'unknown' | 'not-running' | 'commands' | 'join';

export interface EnvelopeContext {
  deps: AppDeps;
  tx: StoreTx;
  mail: IncomingMail;
  inboundId: number;
  /** Whether the sender's address is registered for some player (notices only go to such). */
  senderKnown: boolean;
  /** Why the mail is past a rate limit of work before authentication (rate-limits.ts), or null. */
  limited: string | null;
}
