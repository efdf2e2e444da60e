/**
 * Local mode's way in: an SMTP listener on 127.0.0.1 (smtp-server) that takes players' mail and
 * hands each message to the same intake as the IMAP inbox. A message is answered 250 only after
 * its intake has committed; if the intake fails the client is told to try again later (451).
 */
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { AppLog } from '../../app/ports/deps.ts';

export interface ReceivedMessage {
  raw: Buffer;
  /** The SMTP envelope sender, lower case; '' for the null sender. */
  mailFrom: string;
}

export interface SmtpListener {
  port: number;
  close(): Promise<void>;
}

export async function startSmtpListener(options: {
  port: number;
  host?: string;
  maxBytes: number;
  log: AppLog;
  onMessage: (m: ReceivedMessage) => Promise<void>;
}): Promise<SmtpListener> {
  const server = new SMTPServer({
    banner: 'Tallyho referee (local mode)',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: options.maxBytes,
    logger: false,
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback: (err?: Error | null) => void) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          callback(
            Object.assign(new Error(`552 the message is larger than ${options.maxBytes} bytes`), { responseCode: 552 }),
          );
          return;
        }
        const from = session.envelope.mailFrom;
        const mailFrom = from ? from.address.toLowerCase() : '';
        options.onMessage({ raw: Buffer.concat(chunks), mailFrom }).then(
          () => callback(),
          (e: Error) => {
            options.log.error({ err: e.message }, 'local SMTP: intake failed; the sender is told to try again');
            callback(
              Object.assign(new Error('451 the referee could not take the message now; try again later'), {
                responseCode: 451,
              }),
            );
          },
        );
      });
    },
  });
  server.on('error', (e) => options.log.error({ err: e.message }, 'local SMTP listener error'));
  const port = await new Promise<number>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => {
      const a = server.server.address();
      resolve(typeof a === 'object' && a ? a.port : options.port);
    });
  });
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
