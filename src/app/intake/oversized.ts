/**
 * A mail over the size limit, refused unread: the inbox read its size from the server and fetched
 * its header only (src/shell/mail/imap-inbox.ts). It is recorded in the ledger and filed under
 * Rejected; its sender is told in a short notice only when the address is a registered player's or
 * a game master's, the mail is not automatic (RFC 3834 loop guard), and the reply budget and the
 * rate limits of work before authentication allow it (budget.ts, rate-limits.ts): the
 * sender of a mail nobody has read is not proven. A mail seen before is only filed again.
 */
import type { AppDeps } from '../ports/deps.ts';
import { loopGuard, type IncomingMail } from '../ports/mail.ts';
import type { IntakeResult } from './intake.ts';
import { queueNotice } from '../mail/messages.ts';
import type { InboundKey, StoreTx } from '../ports/store.ts';
import { preauthLimit, recordPreauth } from '../mail/rate-limits.ts';
import { replyUnasked } from '../mail/budget.ts';

/** Whether the address is a player's in any game, the installation's GM or a game's GM. */
function knownAddress(deps: AppDeps, tx: StoreTx, address: string): boolean {
  if (!address) return false;
  if (tx.players.isRegistered(address) || deps.referee.gm?.email?.toLowerCase() === address) return true;
  return tx.games.list().some((g) => tx.control.get(g.id).gmEmail?.toLowerCase() === address);
}

/** `mail` is read from the header only; its `unreadable` says how big it is and the limit. */
export function refuseOversized(deps: AppDeps, mail: IncomingMail, key: InboundKey): IntakeResult & { resolved: [] } {
  const now = deps.clock.now();
  const detail = mail.unreadable ?? 'over the size limit';
  return deps.store.tx((tx) => {
    const seen = tx.inbound.findByPlace(key) ?? tx.inbound.findByContent(mail.messageId, mail.contentSha256);
    if (seen)
      return {
        inboundId: seen.id,
        duplicate: true,
        outcome: seen.outcome,
        folder: seen.folder,
        detail: seen.detail,
        games: [],
        resolved: [],
      };
    const inboundId = tx.inbound.insert({
      ...key,
      messageId: mail.messageId,
      contentSha256: mail.contentSha256,
      sender: mail.from,
      subject: mail.subject.slice(0, 200),
      receivedAt: now,
      outcome: 'unreadable',
      folder: 'Rejected',
      detail,
    });
    const guard = loopGuard(mail, [deps.referee.address]);
    const limited = guard ? null : preauthLimit(deps, tx, mail.from, []);
    if (!guard) recordPreauth(deps, tx, mail.from, []);
    const title = 'your mail was too big to be read';
    const told =
      !guard &&
      knownAddress(deps, tx, mail.from) &&
      replyUnasked(
        deps,
        tx,
        { mail, inboundId, limited },
        {
          kind: 'notice',
          to: mail.from,
          gameId: null,
          title,
          queue: (more) =>
            queueNotice(deps, tx, {
              to: mail.from,
              game: null,
              player: null,
              inboundId,
              replyTo: mail.messageId,
              title,
              paragraphs: [
                `Your mail${mail.subject ? ` "${mail.subject.slice(0, 80)}"` : ''} was not read: ${detail}. Nothing was changed.`,
                'Send your orders as plain text in the body of the mail, without attachments.',
                ...more,
              ],
            }),
        },
      );
    const silent = guard ?? limited;
    deps.log.warn(
      { inbound: inboundId, sender: mail.from, messageId: mail.messageId, detail, told, silent },
      'mail unreadable: over the size limit, refused unread',
    );
    return { inboundId, duplicate: false, outcome: 'unreadable', folder: 'Rejected', detail, games: [], resolved: [] };
  });
}
