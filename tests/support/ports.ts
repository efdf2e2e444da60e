/**
 * Loopback ports of the test mail stack: picking free ones at run time, waiting for a server's
 * greeting, and socket-level probes (refused connections, whether a user is known yet).
 */
import net from 'node:net';

export const LOOPBACK = '127.0.0.1';

/**
 * Ports are drawn at random from below the kernel's ephemeral range (32768+), so they do not collide
 * with the local ends of outgoing connections, and rarely with another test file picking at the same
 * moment. A port that is taken anyway makes the server fail to bind; the caller then picks again.
 */
const RANGE_LOW = 20000;
const RANGE_HIGH = 32000;

function canBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ host: LOOPBACK, port, exclusive: true }, () => {
      server.close(() => resolve(true));
    });
  });
}

/** `count` distinct ports that are free on 127.0.0.1 right now. */
export async function pickFreePorts(count: number): Promise<number[]> {
  const picked: number[] = [];
  for (let tries = 0; picked.length < count; tries++) {
    if (tries > 500) throw new Error('no free loopback port found');
    const port = RANGE_LOW + Math.floor(Math.random() * (RANGE_HIGH - RANGE_LOW));
    if (picked.includes(port)) continue;
    if (await canBind(port)) picked.push(port);
  }
  return picked;
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Connects once and resolves with the first line the server sends ('' if it closes first). */
export function readGreeting(port: number, timeoutMs = 2000): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: LOOPBACK, port });
    let data = '';
    const done = (err: Error | null, line?: string) => {
      clearTimeout(timer);
      socket.destroy();
      if (err) reject(err);
      else resolve(line ?? '');
    };
    const timer = setTimeout(() => done(new Error(`no greeting on port ${port} within ${timeoutMs} ms`)), timeoutMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      data += chunk;
      const end = data.indexOf('\n');
      if (end >= 0) done(null, data.slice(0, end).replace(/\r$/, ''));
    });
    socket.on('error', (err) => done(err));
    socket.on('close', () => done(null, data));
  });
}

/**
 * Waits until the server on `port` greets with a line starting with `prefix` (`* OK` for IMAP,
 * `220` for SMTP). A listener may accept TCP before it is ready to serve, so a bare connect is not
 * enough. `gaveUp` is polled between attempts so that a server which died stops the wait at once.
 */
export async function waitForGreeting(
  port: number,
  prefix: string,
  timeoutMs: number,
  gaveUp: () => string | null = () => null,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  for (;;) {
    const reason = gaveUp();
    if (reason) throw new Error(reason);
    try {
      const line = await readGreeting(port, Math.max(200, Math.min(2000, deadline - Date.now())));
      if (line.startsWith(prefix)) return;
      last = `greeting was ${JSON.stringify(line)}`;
    } catch (err) {
      last = (err as Error).message;
    }
    if (Date.now() >= deadline) {
      throw new Error(`port ${port} did not greet with "${prefix}" within ${timeoutMs} ms (${last})`);
    }
    await sleep(10);
  }
}

/** True when nothing accepts connections on `port` (connection refused). */
export function isRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: LOOPBACK, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => {
      socket.destroy();
      resolve(err.code === 'ECONNREFUSED');
    });
  });
}

/**
 * Asks the SMTP server on `port` whether it takes mail for `rcpt` (EHLO, MAIL FROM:<>, RCPT TO) and
 * resolves with the RCPT reply code; nothing is sent.
 */
export function smtpRecipientCode(port: number, rcpt: string, timeoutMs = 3000): Promise<number> {
  const script = ['EHLO probe.example.test', 'MAIL FROM:<>', `RCPT TO:<${rcpt}>`];
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: LOOPBACK, port });
    let buffer = '';
    let step = -1; // -1: waiting for the greeting
    const finish = (err: Error | null, code?: number) => {
      clearTimeout(timer);
      socket.end('QUIT\r\n');
      socket.destroy();
      if (err) reject(err);
      else resolve(code ?? 0);
    };
    const timer = setTimeout(() => finish(new Error(`SMTP probe on port ${port} timed out`)), timeoutMs);
    socket.setEncoding('utf8');
    socket.on('error', (err) => finish(err));
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, end).replace(/\r$/, '');
        buffer = buffer.slice(end + 1);
        if (line[3] === '-') continue; // continuation of a multi-line reply
        const code = Number(line.slice(0, 3));
        if (step === script.length - 1) return finish(null, code);
        if (code >= 400) return finish(new Error(`SMTP probe: ${line}`));
        step += 1;
        socket.write(`${script[step]}\r\n`);
      }
    });
  });
}

/** Tries an IMAP LOGIN (plain text, no TLS) and resolves with whether the server accepted it. */
export function imapLoginOk(port: number, user: string, password: string, timeoutMs = 3000): Promise<boolean> {
  const quote = (s: string) => `"${s.replace(/["\\]/g, (c) => `\\${c}`)}"`;
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: LOOPBACK, port });
    let buffer = '';
    let greeted = false;
    const finish = (err: Error | null, ok = false) => {
      clearTimeout(timer);
      socket.end('z LOGOUT\r\n');
      socket.destroy();
      if (err) reject(err);
      else resolve(ok);
    };
    const timer = setTimeout(() => finish(new Error(`IMAP probe on port ${port} timed out`)), timeoutMs);
    socket.setEncoding('utf8');
    socket.on('error', (err) => finish(err));
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, end).replace(/\r$/, '');
        buffer = buffer.slice(end + 1);
        if (!greeted && line.startsWith('* OK')) {
          greeted = true;
          socket.write(`a LOGIN ${quote(user)} ${quote(password)}\r\n`);
        } else if (line.startsWith('a ')) {
          return finish(null, line.startsWith('a OK'));
        }
      }
    });
  });
}
