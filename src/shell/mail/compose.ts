/**
 * An outbox row as a message: the row's own Message-ID on every attempt (so a mail sent twice
 * after a crash is one mail to the reader's client), threading headers, the date it was written,
 * and the RFC 3834 markers of automatic mail (Auto-Submitted, and our loop header).
 * A row with a picture carries it along (`picture`, its map view); withPicture draws it and renders
 * it to the PNG the HTML part shows inline (cid:map@tallyho), in the SMTP thread, just before the
 * mail is built.
 */
import type Mail from 'nodemailer/lib/mailer/index.js';
import { LOOP_HEADER } from '../../app/ports/mail.ts';
import { PICTURE_CID } from '../../app/mail/mailer.ts';
import type { OutboxRow } from '../../app/ports/store.ts';
import { pictureSvg } from '../../app/views/pictures.ts';
import type { PictureModel } from '../../app/ports/store.ts';
import { renderPicture } from '../render/picture.ts';

/** A message to send: nodemailer's options, and the map's picture when the mail has one. */
export type OutgoingMail = Mail.Options & { picture?: PictureModel };

/**
 * The message with its picture rendered and attached inline (and `picture` gone). A picture that
 * cannot be rendered is left out: the mail goes without it rather than not at all.
 */
export function withPicture(message: OutgoingMail): Mail.Options {
  const { picture, ...rest } = message;
  if (!picture) return rest;
  let png: Buffer;
  try {
    png = renderPicture(pictureSvg(picture)).png;
  } catch {
    return rest;
  }
  return {
    ...rest,
    attachments: [
      ...(rest.attachments ?? []),
      { filename: 'map.png', content: png, contentType: 'image/png', cid: PICTURE_CID, contentDisposition: 'inline' },
    ],
  };
}

export interface Sender {
  address: string;
  name: string;
}

export function composeMessage(row: OutboxRow, from: Sender): OutgoingMail {
  return {
    from: { name: from.name, address: from.address },
    to: row.recipient,
    subject: row.subject,
    text: row.text,
    ...(row.html ? { html: row.html } : {}),
    messageId: row.messageId,
    ...(row.inReplyTo ? { inReplyTo: row.inReplyTo } : {}),
    ...(row.references.length ? { references: row.references } : {}),
    date: new Date(row.createdAt),
    headers: {
      'Auto-Submitted': 'auto-generated',
      [LOOP_HEADER]: from.address,
      'X-Auto-Response-Suppress': 'All',
    },
    envelope: { from: from.address, to: [row.recipient] },
    ...(row.picture && row.html ? { picture: row.picture } : {}),
  };
}
