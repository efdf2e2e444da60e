/**
 * Where outgoing mail goes: a pooled nodemailer SMTP transport in a worker thread
 * (smtp-thread.ts), or, in local mode, nowhere but the store (the row is marked sent and stays
 * readable with tallyho mail and the local web page).
 */
import { Worker } from 'node:worker_threads';
import SMTPConnection from 'nodemailer/lib/smtp-connection/index.js';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type { SmtpConfig } from '../config.ts';
import type { AccessTokenSource } from '../oauth/tokens.ts';
import type { OutgoingMail } from './compose.ts';
import type { FromThread, SendError, ThreadData, ToThread } from './smtp-thread.ts';

export interface SendResult {
  accepted: string[];
  rejected: string[];
  response: string;
}

export interface MailTransport {
  /**
   * Sends one mail. `key` is its outbox row: a transport with a journal (sent-journal.ts) writes
   * it there once the server has taken the mail.
   */
  send(message: OutgoingMail, key?: number): Promise<SendResult>;
  /**
   * Resolves when the server answers a new connection (greeting, EHLO, STARTTLS when configured),
   * without a login or a mail; rejects when it does not. The outbox worker probes so while the
   * server is down (smtp-link.ts). A transport without it is never taken for down.
   */
  probe?(): Promise<void>;
  close(): void;
}

/**
 * Mails the thread sends at once, each on its own connection. A crash may leave a second copy of
 * each mail the server was taking at that moment (it has the whole mail and has not yet answered),
 * and a server spends most of a send writing the mail to its queue: on Postfix, SIGKILLs while
 * sending duplicated 0.2 mails each with one at a time and 1.17 with two
 * (tests/integration/outbox-crash.test.ts), for about a tenth more mails a second.
 */
export const SEND_PARALLEL = 1;

/** SMTP connections in the pool: the ones in use and spares for when one is closed or fails. */
export const SMTP_CONNECTIONS = 4;

/** The pool's options; they cross to the thread, so `extra` holds plain values only (no logger). */
export function smtpPoolOptions(config: SmtpConfig, extra: Partial<SMTPPool.Options> = {}): SMTPPool.Options {
  return {
    pool: true,
    maxConnections: SMTP_CONNECTIONS,
    maxMessages: 100,
    host: config.host,
    port: config.port,
    secure: config.security === 'tls',
    requireTLS: config.security === 'starttls',
    ignoreTLS: config.security === 'none',
    // xoauth2: the thread asks this thread for each access token (smtpTransport's `tokens`)
    ...(config.auth === 'xoauth2'
      ? { auth: { type: 'OAuth2', user: config.user } }
      : config.user
        ? { auth: { user: config.user, pass: config.password } }
        : {}),
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
    ...extra,
  };
}

/** How long a probe waits for the connection, and then for each answer of the server. */
export const PROBE_TIMEOUT_MS = 5_000;

/**
 * Opens one connection with the transport's options (the same host, port and TLS), waits for the
 * greeting and the answer to EHLO (and the STARTTLS upgrade when configured), and quits: no login,
 * no mail. Rejects with the connection's error (as a send's: ESOCKET, ETIMEDOUT, a 421 greeting).
 */
export function probeSmtp(options: SMTPPool.Options, timeoutMs = PROBE_TIMEOUT_MS): Promise<void> {
  return new Promise((resolve, reject) => {
    const c = new SMTPConnection({
      ...options,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    });
    let done = false;
    const end = (err?: Error | null) => {
      if (done) return;
      done = true;
      if (err) {
        c.close();
        reject(err);
      } else {
        c.quit();
        resolve();
      }
    };
    // Kept on: a connection may report more than one error, and an unheard one would throw.
    c.on('error', (e: Error) => end(e));
    c.once('end', () =>
      end(Object.assign(new Error('the SMTP server closed the connection'), { code: 'ECONNECTION' })),
    );
    c.connect((e) => end(e));
  });
}

/**
 * The thread runs smtp-thread.js beside this file in the compiled tree (dist/); from the sources
 * (tests, or a build older than src/) it loads smtp-thread.ts through tsx (smtp-thread-boot.mjs).
 */
const THREAD = import.meta.url.endsWith('.js') ? './smtp-thread.js' : './smtp-thread-boot.mjs';
const startThread = (data: ThreadData): Worker => new Worker(new URL(THREAD, import.meta.url), { workerData: data });

/** A failure of the thread itself: the mail is tried again, like after a lost connection. */
const threadError = (why: string): Error =>
  Object.assign(new Error(`the SMTP thread stopped: ${why}`), { code: 'ECONNECTION' });

const sendError = (e: SendError): Error =>
  Object.assign(new Error(e.message), {
    ...(e.code !== undefined ? { code: e.code } : {}),
    ...(e.responseCode !== undefined ? { responseCode: e.responseCode } : {}),
    ...(e.response !== undefined ? { response: e.response } : {}),
    ...(e.command !== undefined ? { command: e.command } : {}),
  });

/**
 * `tokens`: where the access tokens come from, required with config.auth xoauth2. `journal`: the
 * file the thread writes each mail the server took to (sent-journal.ts), or null for none.
 */
export function smtpTransport(
  config: SmtpConfig,
  extra: Partial<SMTPPool.Options> = {},
  tokens: AccessTokenSource | null = null,
  journal: string | null = null,
): MailTransport {
  const options = smtpPoolOptions(config, extra);
  const provide = (t: Worker, id: number, rejected: string | undefined) => {
    const answer = tokens
      ? tokens.get(rejected)
      : Promise.reject(new Error('SMTP_AUTH is xoauth2 but no access tokens were given'));
    answer.then(
      (a) => t.postMessage({ tokenReply: id, token: a.token, expires: a.expiresAt } satisfies ToThread),
      (e: Error) => t.postMessage({ tokenReply: id, error: e.message } satisfies ToThread),
    );
  };
  const pending = new Map<number, { resolve: (r: SendResult) => void; reject: (e: Error) => void }>();
  let next = 0;
  let thread: Worker | null = null;
  const failAll = (why: string) => {
    for (const p of pending.values()) p.reject(threadError(why));
    pending.clear();
  };
  const open = (): Worker => {
    if (thread) return thread;
    const t = startThread({ options, journal, parallel: SEND_PARALLEL });
    t.on('message', (m: FromThread) => {
      if ('closed' in m) {
        void t.terminate();
        return;
      }
      if ('tokenRequest' in m) {
        provide(t, m.tokenRequest, m.rejected);
        return;
      }
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      if ('result' in m) p.resolve(m.result);
      else p.reject(sendError(m.error));
    });
    t.on('error', (e) => failAll(e.message));
    t.on('exit', (code) => {
      if (thread === t) thread = null;
      failAll(`exit code ${code}`);
    });
    thread = t;
    return t;
  };
  // Started now, so that the first mail does not wait for the thread to load.
  open();
  return {
    send(message, key) {
      const id = ++next;
      return new Promise<SendResult>((resolve, reject) => {
        open().postMessage({ id, message, ...(key !== undefined ? { key } : {}) } satisfies ToThread);
        pending.set(id, { resolve, reject });
      });
    },
    probe: () => probeSmtp(options),
    close() {
      const t = thread;
      thread = null;
      if (!t) return;
      t.unref();
      t.postMessage({ close: true } satisfies ToThread);
    },
  };
}

/** Local mode: mail is kept in the store only. */
export function localTransport(): MailTransport {
  return {
    async send(message) {
      const to = ([] as unknown[])
        .concat(message.to ?? [])
        .map((a) => (typeof a === 'string' ? a : (a as { address: string }).address));
      return { accepted: to, rejected: [], response: '250 kept in the local outbox (local mode)' };
    },
    close: () => {},
  };
}
