/**
 * What an inbox hands to the intake: a raw mail with its ledger key, and the handler that takes a
 * group of them in (serve.ts makes it, mail/imap-inbox.ts calls it).
 */
import type { IntakeResult } from '../../app/intake/intake.ts';
import type { InboundKey } from '../../app/ports/store.ts';

export interface RawMail {
  raw: Buffer;
  key: InboundKey;
  /** The SMTP envelope sender, when the mail came by SMTP. */
  envelopeFrom?: string;
  /**
   * Set for a mail over the size limit, whose `raw` is then its header only (its body was not
   * fetched): the size its server gave. It is refused unread (app/intake/oversized.ts).
   */
  size?: number;
}

export type Received = IntakeResult;

/**
 * Reads raw mails and runs them through the intake, all in one transaction (one commit for the
 * lot, each mail still with its ledger row); if any of them fails, they are taken again one by one
 * so the others are not held up. Returns, per mail, where to file it or the error. The turns they
 * complete are resolved after (turn-queue.ts).
 */
export type RawHandler = (mails: RawMail[]) => Promise<(Received | Error)[]>;
