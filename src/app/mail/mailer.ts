/**
 * Queues a mail: renders its template and writes the outbox row, inside the caller's transaction.
 * Threading: the welcome mail of a player starts the player's thread for the game; every later mail
 * refers to it (References), and an answer to a player's mail also to that mail (In-Reply-To), so a
 * mail client shows one game as one thread.
 */
import type { AppDeps } from '../ports/deps.ts';
import type { OutboxKind, PlayerRow, StoreTx } from '../ports/store.ts';
import type { Picture } from '../views/pictures.ts';

export interface QueuedMail {
  kind: OutboxKind;
  template: string;
  view: object;
  subject: string;
  to: string;
  gameId: string | null;
  player: PlayerRow | null;
  turn: number | null;
  inboundId?: number | null;
  /** The player's mail this answers (its Message-ID), if any. */
  replyTo?: string;
  /**
   * The map picture of the HTML part (pictures.ts: drawn from its view when the mail is sent) and
   * its words for a reader who does not see it. The view gets `picture` ({ cid, alt }) for the template.
   */
  picture?: Picture | null;
}

/** The Content-ID the HTML part names the picture by (the shell attaches it under that name). */
export const PICTURE_CID = 'map@tallyho';

export function queueMail(deps: AppDeps, tx: StoreTx, mail: QueuedMail): { id: number; messageId: string } {
  // A seat the computer flies has no address (app/game/standin.ts): nothing is sent to it.
  if (!mail.to) return { id: 0, messageId: '' };
  const hint = ['tallyho', mail.gameId, mail.player?.id, mail.kind, mail.turn]
    .filter((x) => x !== null && x !== undefined)
    .join('.');
  const messageId = deps.keys.newMessageId(hint);
  const root = mail.player?.threadRoot ?? null;
  const references = [root, mail.replyTo].filter((x): x is string => !!x);
  const inReplyTo = mail.replyTo || root || null;
  const view = { picture: mail.picture ? { cid: PICTURE_CID, alt: mail.picture.alt } : null, ...mail.view };
  const rendered = deps.renderer.render(mail.template, view);
  const id = tx.outbox.insert(
    {
      gameId: mail.gameId,
      playerId: mail.player?.id ?? null,
      kind: mail.kind,
      turn: mail.turn,
      inboundId: mail.inboundId ?? null,
      recipient: mail.to,
      subject: mail.subject,
      messageId,
      inReplyTo,
      references: [...new Set(references)],
      text: rendered.text,
      html: rendered.html,
      picture: mail.picture ? { title: mail.picture.title, view: mail.picture.view } : null,
    },
    deps.clock.now(),
  );
  return { id, messageId };
}
