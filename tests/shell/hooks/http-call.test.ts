/**
 * A hook's request (src/shell/hooks/http-call.ts): the address the name resolves to is checked in
 * the lookup the connection itself uses, so the name is looked up once and the address checked is
 * the address connected to (docs/notifications.md "Addresses"). A real HTTP server on 127.0.0.1.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callHook, CallError, type CallFailure } from '../../../src/shell/hooks/http-call.ts';

describe('callHook', () => {
  let server: Server;
  let port = 0;
  const seen: { url: string; body: string; host: string }[] = [];
  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res) => {
      let body = '';
      req.on('data', (c: Buffer) => {
        body += c.toString();
      });
      req.on('end', () => {
        seen.push({ url: req.url ?? '', body, host: req.headers.host ?? '' });
        if (req.url === '/slow') return; // never answers
        if (req.url === '/big') {
          res.writeHead(200);
          res.end('x'.repeat(200_000));
          return;
        }
        res.writeHead(req.url === '/busy' ? 429 : 204, { 'retry-after': '7' });
        res.end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  const failureOf = async (p: Promise<unknown>): Promise<CallFailure> => {
    try {
      await p;
    } catch (e) {
      if (e instanceof CallError) return e.failure;
      throw e;
    }
    throw new Error('the call did not fail');
  };
  const base = { method: 'POST', headers: { 'content-type': 'application/json' }, timeoutMs: 2000 };

  it('connects to the address its one lookup gave, and sends the body', async () => {
    const looked: string[] = [];
    const answer = await callHook(`http://hooks.example.org:${port}/ok`, {
      ...base,
      body: '{"a":1}',
      allowed: () => true,
      resolve: async (h) => {
        looked.push(h);
        return ['127.0.0.1'];
      },
    });
    expect(answer.status).toBe(204);
    expect(looked).toEqual(['hooks.example.org']);
    expect(seen.at(-1)).toEqual({ url: '/ok', body: '{"a":1}', host: `hooks.example.org:${port}` });
  });

  it('refuses an address the check forbids in that same lookup, and the server hears nothing', async () => {
    const before = seen.length;
    const f = await failureOf(
      callHook(`http://rebind.example.org:${port}/x`, {
        ...base,
        body: '{}',
        allowed: (ip) => ip !== '127.0.0.1',
        resolve: async () => ['127.0.0.1'],
      }),
    );
    expect(f).toEqual({ kind: 'refused', host: 'rebind.example.org' });
    expect(seen.length).toBe(before);
  });

  it('refuses when any one of the addresses is forbidden', async () => {
    const f = await failureOf(
      callHook(`http://mixed.example.org:${port}/x`, {
        ...base,
        body: '{}',
        allowed: (ip) => ip !== '10.0.0.7',
        resolve: async () => ['127.0.0.1', '10.0.0.7'],
      }),
    );
    expect(f.kind).toBe('refused');
  });

  it('checks an IP literal, which has no lookup, before connecting', async () => {
    let looked = 0;
    const f = await failureOf(
      callHook(`http://127.0.0.1:${port}/x`, {
        ...base,
        body: '{}',
        allowed: () => false,
        resolve: async () => {
          looked++;
          return [];
        },
      }),
    );
    expect(f).toEqual({ kind: 'refused', host: '127.0.0.1' });
    expect(looked).toBe(0);
  });

  it('tells a failed lookup, a timeout and a closed port apart', async () => {
    const lookup = await failureOf(
      callHook(`http://nowhere.example.org:${port}/x`, {
        ...base,
        body: '{}',
        allowed: () => true,
        resolve: async () => {
          throw Object.assign(new Error('no such host'), { code: 'ENOTFOUND' });
        },
      }),
    );
    expect(lookup).toEqual({ kind: 'lookup', host: 'nowhere.example.org', code: 'ENOTFOUND' });
    const slow = await failureOf(
      callHook(`http://127.0.0.1:${port}/slow`, {
        ...base,
        timeoutMs: 300,
        body: '{}',
        allowed: () => true,
        resolve: async () => [],
      }),
    );
    expect(slow).toEqual({ kind: 'timeout' });
    const closed = await new Promise<number>((r) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const p = (s.address() as AddressInfo).port;
        s.close(() => r(p));
      });
    });
    const refused = await failureOf(
      callHook(`http://127.0.0.1:${closed}/x`, { ...base, body: '{}', allowed: () => true, resolve: async () => [] }),
    );
    expect(refused).toMatchObject({ kind: 'network', code: 'ECONNREFUSED' });
  });

  it('gives the status and headers of an answer, and drops a large body', async () => {
    const busy = await callHook(`http://127.0.0.1:${port}/busy`, {
      ...base,
      body: '{}',
      allowed: () => true,
      resolve: async () => [],
    });
    expect(busy.status).toBe(429);
    expect(busy.headers['retry-after']).toBe('7');
    const big = await callHook(`http://127.0.0.1:${port}/big`, {
      ...base,
      body: '{}',
      allowed: () => true,
      resolve: async () => [],
    });
    expect(big.status).toBe(200);
  });
});
