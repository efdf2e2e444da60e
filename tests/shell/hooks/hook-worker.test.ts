/**
 * The hooks' worker against real HTTP receivers on 127.0.0.1 (docs/notifications.md "Delivery"):
 * each format's request as its service documents it, as the receiver gets it; a receiver that
 * fails retried with backoff and then given up, its owner told once; a 404 given up at once; a
 * 429's Retry-After kept to; a refused connection retried; a host that is looked up to a private
 * address never called.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HookWorker } from '../../../src/shell/hooks/hook-worker.ts';
import { installationId } from '../../../src/shell/keys.ts';
import { startedDuel, envelope, outbox, send, testReferee, type TestReferee } from '../../support/app.ts';

interface Got {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

interface Receiver {
  url: string;
  got: Got[];
  answer: (g: Got) => { status: number; headers?: Record<string, string> };
  close(): Promise<void>;
}

const open: Server[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function receiver(answer: Receiver['answer'] = () => ({ status: 204 })): Promise<Receiver> {
  const r: Receiver = { url: '', got: [], answer, close: async () => undefined };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString('utf8');
    });
    req.on('end', () => {
      const g = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      r.got.push(g);
      const a = r.answer(g);
      res.writeHead(a.status, a.headers ?? {}).end();
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  open.push(server);
  r.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return r;
}

const RED = 'red@example.test';
const worker = (t: TestReferee, more: Partial<ConstructorParameters<typeof HookWorker>[0]> = {}) =>
  new HookWorker({
    deps: t.deps,
    minGapMs: 0,
    random: () => 0.5,
    retry: { baseMs: 1000, maxMs: 60_000, maxAttempts: 3 },
    ...more,
  });
const statuses = (t: TestReferee) => t.store.tx((tx) => tx.club.deliveries()).map((d) => d.status);

describe("the hooks' worker", () => {
  it('delivers each format to a local receiver in its documented shape', async () => {
    const r = await receiver((g) => ({ status: g.url.startsWith('/_matrix') ? 200 : 204 }));
    const t = testReferee();
    const s = startedDuel(t);
    const cases: [string, string][] = [
      ['discord', `${r.url}/api/webhooks/1/token`],
      ['slack', `${r.url}/services/T/B/x`],
      ['matrix', `${r.url}/webhook/abc`],
      ['matrix', `${r.url}/_matrix/client/v3/rooms/!room:example.test/send/m.room.message?access_token=bot-token`],
      ['ntfy', `${r.url}/club-topic`],
      ['json', `${r.url}/tallyho`],
    ];
    const w = worker(t);
    for (const [format, url] of cases) {
      // A quarter of an hour apart: five test messages an hour at most (app/hooks/commands.ts).
      t.tick(15 * 60_000);
      send(t, RED, envelope('duel', 'red', s.red, `NOTIFY ${format} ${url}`));
      expect(await w.runOnce()).toBe(1);
    }
    expect(statuses(t)).toEqual(Array(6).fill('sent'));
    // The installation's id, made at the first request and kept: in the Matrix transaction id and the Idempotency-Key.
    const inst = t.store.tx((tx) => tx.settings.get('installation_id'))!;
    expect(inst).toMatch(/^[0-9a-f]{16}$/);
    expect(installationId(t.store)).toBe(inst);
    expect(installationId(testReferee().store)).not.toBe(inst);
    const bodies = r.got.map((g) => ({ ...g, json: JSON.parse(g.body) as Record<string, unknown> }));
    expect(bodies.map((b) => `${b.method} ${b.url}`)).toEqual([
      'POST /api/webhooks/1/token',
      'POST /services/T/B/x',
      'POST /webhook/abc',
      `PUT /_matrix/client/v3/rooms/%21room%3Aexample.test/send/m.room.message/tallyho-${inst}-4`,
      'POST /',
      'POST /tallyho',
    ]);
    expect(
      bodies.every((b) => b.headers['content-type'] === 'application/json' && b.headers['user-agent'] === 'Tallyho'),
    ).toBe(true);
    expect(bodies[0]!.json).toMatchObject({ username: 'Tallyho', allowed_mentions: { parse: [] } });
    expect(String(bodies[0]!.json.content)).toMatch(
      /^\*\*\\\[duel\\\] A test from the referee\*\*\nNotifications of game duel for red come here\.$/,
    );
    expect(Object.keys(bodies[1]!.json)).toEqual(['text']);
    expect(bodies[2]!.json).toMatchObject({
      username: 'Tallyho',
      text: expect.stringContaining('A test from the referee') as unknown,
      html: expect.stringContaining('<b>') as unknown,
    });
    expect(bodies[3]!.headers.authorization).toBe('Bearer bot-token');
    expect(bodies[3]!.url).not.toContain('bot-token');
    expect(bodies[3]!.json).toMatchObject({ msgtype: 'm.notice', format: 'org.matrix.custom.html' });
    expect(bodies[4]!.json).toMatchObject({
      topic: 'club-topic',
      title: '[duel] A test from the referee',
      priority: 3,
      tags: ['airplane'],
    });
    expect(bodies[5]!.headers['idempotency-key']).toBe(`tallyho-${inst}-6`);
    expect(bodies[5]!.json).toMatchObject({
      version: 1,
      id: 6,
      event: 'test',
      game: 'duel',
      player: 'red',
      deadline: null,
    });
  });

  it('retries a failing receiver with backoff, then gives the hook up and tells its owner once', async () => {
    const r = await receiver(() => ({ status: 503 }));
    const t = testReferee();
    const s = startedDuel(t);
    send(t, RED, envelope('duel', 'red', s.red, `NOTIFY ${r.url}/down`));
    send(t, RED, envelope('duel', 'red', s.red, 'NOTIFY TEST'));
    const w = worker(t);
    expect(await w.runOnce()).toBe(1);
    const [first] = t.store.tx((tx) => tx.club.deliveries());
    expect(first).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'the address answered 503 Service Unavailable',
      nextAttemptAt: t.now() + 750,
    });
    // Not due yet: nothing is sent; a hook's second message waits for its first.
    expect(await w.runOnce()).toBe(0);
    t.tick(750);
    expect(await w.runOnce()).toBe(1);
    t.tick(60_000);
    const before = outbox(t).length;
    expect(await w.runOnce()).toBe(1);
    expect(r.got.length).toBe(3);
    expect(statuses(t)).toEqual(['dead', 'dead']);
    const told = outbox(t).slice(before);
    expect(told.map((m) => [m.recipient, m.subject])).toEqual([[RED, '[duel] Your notification address was given up']]);
    expect(told[0]!.text.replace(/\s+/g, ' ')).toMatch(
      /it failed 3 times over 1 minute \(last: the address answered 503 Service Unavailable\)/,
    );
    t.tick(3_600_000);
    expect(await w.runOnce()).toBe(0);
    expect(outbox(t).length).toBe(before + 1);
  });

  it("gives a hook that answers 404 up at once, keeps to a 429's Retry-After, and retries a refused connection", async () => {
    const gone = await receiver(() => ({ status: 404 }));
    const t = testReferee();
    const s = startedDuel(t);
    send(t, RED, envelope('duel', 'red', s.red, `NOTIFY ${gone.url}/deleted`));
    const w = worker(t);
    await w.runOnce();
    expect(t.store.tx((tx) => tx.club.deliveries())[0]).toMatchObject({
      status: 'dead',
      lastError: 'the address answered 404 Not Found',
    });
    expect(t.store.tx((tx) => tx.club.hooks('duel'))[0]).toMatchObject({
      status: 'dead',
      deadReason: 'the address answered 404 Not Found',
    });
    const busy = await receiver(() => ({ status: 429, headers: { 'retry-after': '120' } }));
    send(t, RED, envelope('duel', 'red', s.red, `NOTIFY ${busy.url}/busy`));
    await w.runOnce();
    expect(t.store.tx((tx) => tx.club.deliveries()).at(-1)).toMatchObject({
      status: 'pending',
      nextAttemptAt: t.now() + 120_000,
    });
    const closed = await receiver();
    const port = closed.url;
    await new Promise((ok) => open.pop()!.close(ok));
    send(t, RED, envelope('duel', 'red', s.red, `NOTIFY ${port}/closed`));
    await w.runOnce();
    expect(t.store.tx((tx) => tx.club.deliveries()).at(-1)).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: expect.stringMatching(/^ECONNREFUSED/) as unknown,
    });
  });

  it('never calls a host that is looked up to a private address', async () => {
    const t = testReferee();
    const s = startedDuel(t);
    send(t, RED, envelope('duel', 'red', s.red, 'NOTIFY https://hooks.example.org/x'));
    await worker(t, { resolve: async () => ['10.0.0.7'] }).runOnce();
    expect(t.store.tx((tx) => tx.club.deliveries())[0]).toMatchObject({
      status: 'dead',
      lastError: 'hooks.example.org is an address of a private network, which the referee does not call',
    });
  });

  it.each([
    '127.0.0.2',
    '169.254.169.254',
    '224.0.0.1',
    '198.18.0.1',
    '64:ff9b::a00:1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '2001:db8::5',
  ])('never calls a host looked up to %s, nor one of several addresses that is', async (ip) => {
    const t = testReferee();
    const s = startedDuel(t);
    send(t, RED, envelope('duel', 'red', s.red, 'NOTIFY https://hooks.example.org/x'));
    await worker(t, { resolve: async () => ['93.184.215.14', ip] }).runOnce();
    expect(t.store.tx((tx) => tx.club.deliveries())[0]).toMatchObject({
      status: 'dead',
      lastError: 'hooks.example.org is an address of a private network, which the referee does not call',
    });
  });
});
