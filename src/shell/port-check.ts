/**
 * Whether the ports `tallyho serve` listens on are free, tried before the server opens the
 * database or sends anything: a port that is taken stops it with a message naming the port, what
 * listens there and the variable that changes it, instead of a half-started server (a database
 * made, a demo game created, mail queued) that dies on its first listen.
 */
import net from 'node:net';
import { TallyhoError } from './errors.ts';

export interface Listening {
  /** What listens there, for the message: "the HTTP server". */
  what: string;
  host: string;
  /** 0: any free port, nothing to check. */
  port: number;
  /** The configuration key that sets the port. */
  key: string;
  /** The configuration key that sets the host, when there is one. */
  hostKey?: string;
}

/** The reason a listener on `l` could not be opened, in words; null when it can. */
function tryListen(l: Listening): Promise<string | null> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
    server.listen({ host: l.host, port: l.port, exclusive: true }, () => server.close(() => resolve(null)));
  });
}

/** A listen error of `l` as the message the user reads (also for a listen that fails later). */
export function listenError(l: Listening, code: string): TallyhoError {
  const where = `${l.host}:${l.port}`;
  const change = `set ${l.key} to another port (0 takes any free one)`;
  if (code === 'EADDRINUSE') {
    return new TallyhoError(
      'E_PORT',
      `port ${l.port} on ${l.host} is in use (by another program, or another tallyho serve): ${l.what} cannot listen there: ${change}. Nothing was started.`,
    );
  }
  if (code === 'EACCES') {
    return new TallyhoError(
      'E_PORT',
      `${l.what} may not listen on ${where} (ports below 1024 need root): ${change}. Nothing was started.`,
    );
  }
  const host = l.hostKey ? ` or ${l.hostKey} to an address of this machine` : '';
  return new TallyhoError(
    'E_PORT',
    `${l.what} cannot listen on ${where} (${code}): ${change}${host}. Nothing was started.`,
  );
}

/** Throws E_PORT for the first listener whose port cannot be opened now, or two set to one port. */
export async function checkPortsFree(listeners: Listening[]): Promise<void> {
  const set = listeners.filter((l) => l.port !== 0);
  for (const [i, l] of set.entries()) {
    const same = set.slice(i + 1).find((m) => m.port === l.port);
    if (same)
      throw new TallyhoError(
        'E_PORT',
        `${l.key} and ${same.key} are both ${l.port}: ${l.what} and ${same.what} need a port each. Nothing was started.`,
      );
  }
  for (const l of listeners) {
    if (l.port === 0) continue;
    const code = await tryListen(l);
    if (code !== null) throw listenError(l, code);
  }
}

/** The listen error of `l` as listenError's message, when a port is taken after the check. */
export const asListenError =
  (l: Listening) =>
  (e: unknown): never => {
    const code = (e as NodeJS.ErrnoException).code;
    throw code ? listenError(l, code) : e;
  };
