/**
 * Sending and reading mail on a test mail stack: SMTP through Postfix with nodemailer, IMAP from
 * Dovecot with imapflow, messages parsed with mailparser.
 */
import { ImapFlow, type ImapFlowOptions } from 'imapflow';
import { simpleParser, type AddressObject, type HeaderLines, type Headers, type ParsedMail } from 'mailparser';
import nodemailer from 'nodemailer';
import type { MailStack } from './mailstack.ts';
import { sleep } from './ports.ts';

export interface OutgoingMail {
  from: string;
  to: string | string[];
  subject?: string;
  text?: string;
  /** An HTML part; without `text`, the mail is HTML only. */
  html?: string;
  headers?: Record<string, string>;
  /** A complete RFC 822 message, sent as is; from and to then only make the envelope. */
  raw?: string | Buffer;
}

export interface SentMail {
  messageId: string;
  accepted: string[];
  rejected: string[];
  response: string;
}

/** Submits one message to the stack's Postfix; rejects when SMTP is down or refuses it. */
export async function sendMail(stack: MailStack, mail: OutgoingMail): Promise<SentMail> {
  const transport = nodemailer.createTransport({
    host: stack.smtp.host,
    port: stack.smtp.port,
    secure: false,
    ignoreTLS: true,
    name: 'client.example.test',
    connectionTimeout: 5000,
    greetingTimeout: 5000,
    socketTimeout: 15000,
  });
  try {
    const info = await transport.sendMail(
      mail.raw !== undefined
        ? { envelope: { from: mail.from, to: mail.to }, raw: mail.raw }
        : {
            from: mail.from,
            to: mail.to,
            subject: mail.subject ?? '',
            ...(mail.html !== undefined && mail.text === undefined ? {} : { text: mail.text ?? '' }),
            ...(mail.html !== undefined ? { html: mail.html } : {}),
            headers: mail.headers ?? {},
          },
    );
    const addresses = (list: unknown[]) =>
      list.map((a) => (typeof a === 'string' ? a : (a as { address: string }).address));
    return {
      messageId: info.messageId,
      accepted: addresses(info.accepted),
      rejected: addresses(info.rejected),
      response: info.response,
    };
  } finally {
    transport.close();
  }
}

/** imapflow options for logging in as `user` on the stack (no TLS, no logging, no auto IDLE). */
export function imapOptions(stack: MailStack, user: string, extra: Partial<ImapFlowOptions> = {}): ImapFlowOptions {
  return {
    host: stack.imap.host,
    port: stack.imap.port,
    secure: false,
    auth: { user, pass: stack.password(user) },
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: 5000,
    greetingTimeout: 5000,
    ...extra,
  };
}

/** Runs `fn` with a logged-in client of its own; the client is always closed afterwards. */
export async function withImap<T>(stack: MailStack, user: string, fn: (client: ImapFlow) => Promise<T>): Promise<T> {
  const client = new ImapFlow(imapOptions(stack, user));
  client.on('error', () => {
    // reported through the failing command instead
  });
  try {
    await client.connect();
    return await fn(client);
  } finally {
    await client.logout().catch(() => undefined);
    client.close();
  }
}

/** Paths of the user's mailboxes, e.g. ['INBOX']. */
export function listMailboxes(stack: MailStack, user: string): Promise<string[]> {
  return withImap(stack, user, async (client) => (await client.list()).map((box) => box.path));
}

export interface ReceivedMessage {
  uid: number;
  flags: string[];
  subject: string;
  from: string;
  to: string[];
  messageId: string | undefined;
  text: string;
  headers: Headers;
  headerLines: HeaderLines;
  source: Buffer;
  parsed: ParsedMail;
}

function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return objects.flatMap((o) => o.value.map((a) => a.address ?? '')).filter((a) => a !== '');
}

async function parse(uid: number, source: Buffer): Promise<ReceivedMessage> {
  const parsed = await simpleParser(source);
  return {
    uid,
    flags: [],
    subject: parsed.subject ?? '',
    from: addressesOf(parsed.from)[0] ?? '',
    to: addressesOf(parsed.to),
    messageId: parsed.messageId,
    text: parsed.text ?? '',
    headers: parsed.headers,
    headerLines: parsed.headerLines,
    source,
    parsed,
  };
}

/** One look at the mailbox: every message in UID order, parsing only those not seen before. */
async function snapshot(client: ImapFlow, cache: Map<number, ReceivedMessage>): Promise<ReceivedMessage[]> {
  if (!client.mailbox || client.mailbox.exists === 0) return [];
  const flags = new Map<number, string[]>();
  for await (const msg of client.fetch('1:*', { uid: true, flags: true })) flags.set(msg.uid, [...(msg.flags ?? [])]);
  const fresh = [...flags.keys()].filter((uid) => !cache.has(uid));
  if (fresh.length > 0) {
    for await (const msg of client.fetch(fresh.join(','), { uid: true, source: true }, { uid: true })) {
      if (msg.source) cache.set(msg.uid, await parse(msg.uid, msg.source));
    }
  }
  return [...flags]
    .sort(([a], [b]) => a - b)
    .flatMap(([uid, f]) => {
      const message = cache.get(uid);
      return message ? [{ ...message, flags: f }] : [];
    });
}

/**
 * Polls `mailbox` of `user` (read-only, so \Seen is left alone) until at least `min` messages
 * satisfy `predicate`, and resolves with those. Survives Dovecot restarts by reconnecting. On
 * timeout the error lists what the mailbox held.
 */
export async function waitForMessages(
  stack: MailStack,
  user: string,
  mailbox: string,
  predicate: (message: ReceivedMessage) => boolean = () => true,
  timeoutMs = 10000,
  opts: { min?: number; pollMs?: number } = {},
): Promise<ReceivedMessage[]> {
  const min = opts.min ?? 1;
  const pollMs = opts.pollMs ?? 50;
  const deadline = Date.now() + timeoutMs;
  const cache = new Map<number, ReceivedMessage>();
  let seen: ReceivedMessage[] = [];
  let lastError = '';
  while (Date.now() < deadline) {
    const client = new ImapFlow(imapOptions(stack, user));
    client.on('error', (err: Error) => {
      lastError = err.message;
    });
    try {
      await client.connect();
      await client.mailboxOpen(mailbox, { readOnly: true });
      for (;;) {
        seen = await snapshot(client, cache);
        const matching = seen.filter(predicate);
        if (matching.length >= min) return matching;
        if (Date.now() >= deadline) break;
        await sleep(pollMs);
        await client.noop();
      }
    } catch (err) {
      lastError = (err as Error).message;
      await sleep(pollMs);
    } finally {
      await client.logout().catch(() => undefined);
      client.close();
    }
  }
  const held = seen.map((m) => `#${m.uid} ${JSON.stringify(m.subject)} from ${m.from}`).join('; ') || 'nothing';
  throw new Error(
    `no ${min} matching message(s) in ${user}'s ${mailbox} within ${timeoutMs} ms; it held ${held}` +
      (lastError ? ` (last error: ${lastError})` : ''),
  );
}
