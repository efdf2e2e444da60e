/**
 * Notifications beside the mail, played by mail over the real mail stack (Postfix, Dovecot,
 * `tallyho serve`, a real SQLite file; docs/notifications.md): the RAF player sets a Discord-format
 * hook in a quoted reply, the Luftwaffe player a Matrix bot's send address in an HTML-only mail, the
 * game master the club room's ntfy topic; receivers on 127.0.0.1 stand in for the services. A turn
 * played by mail brings each hook the report out and the next turn open, each in its service's
 * shape, and nothing secret; NOTIFY OFF stops one.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sendMail } from '../support/mail.ts';
import { describeWithMailStack, useMailStack } from '../support/describe-mailstack.ts';
import {
  envelope,
  mailTo,
  REFEREE,
  refereeEnv,
  sendOrders,
  setUpScenario,
  startReferee,
  tempDir,
  templateOf,
} from '../support/referee-stack.ts';
import type { ServeProcess } from '../support/serve-process.ts';
import { until } from '../support/serve-process.ts';
import { flat } from '../support/text.ts';

const RAF = 'raf@example.test';
const LW = 'lw@example.test';
const GM = 'gm@example.test';

interface Got {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

describeWithMailStack('notifications by mail on Postfix + Dovecot', () => {
  const stack = useMailStack({ users: [REFEREE, RAF, LW, GM] });
  const dir = tempDir();
  let server: ServeProcess | undefined;
  let receiver: Server;
  let base = '';
  const got: Got[] = [];
  const secrets: Record<string, string> = {};

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => {
        body += c.toString('utf8');
      });
      req.on('end', () => {
        got.push({
          method: req.method ?? '',
          path: req.url ?? '',
          headers: req.headers,
          body: JSON.parse(body || '{}') as Record<string, unknown>,
        });
        res
          .writeHead(req.url?.startsWith('/_matrix') ? 200 : 204, { 'content-type': 'application/json' })
          .end(req.url?.startsWith('/_matrix') ? '{"event_id":"$x"}' : undefined);
      });
    });
    await new Promise<void>((ok) => receiver.listen(0, '127.0.0.1', ok));
    base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    Object.assign(
      secrets,
      setUpScenario(
        refereeEnv(stack(), dir),
        'club',
        'duel',
        [
          { id: 'raf', email: RAF, pieces: ['R1'] },
          { id: 'lw', email: LW, pieces: ['G1'] },
        ],
        { gm: GM },
      ),
    );
    server = startReferee(stack(), dir);
    await server.waitFor(/IMAP inbox connected/, 20000, 'stderr');
  });
  afterAll(async () => {
    await server?.stop();
    await new Promise((ok) => receiver?.close(ok));
    rmSync(dir, { recursive: true, force: true });
  });

  const of = (prefix: string) => got.filter((g) => g.path.startsWith(prefix));

  it('sets three hooks by mail, and a turn played by mail brings each the report and the next turn, in its own shape', async () => {
    const [rafWelcome] = await mailTo(stack(), RAF, /\[club\] Welcome to Channel duel/);
    const [lwWelcome] = await mailTo(stack(), LW, /\[club\] Welcome to Channel duel/);
    expect(flat(rafWelcome!.text)).toContain('NOTIFY <webhook address>');
    // RAF: a reply with the envelope on top, a signature, the welcome quoted below.
    await sendMail(stack(), {
      from: RAF,
      to: REFEREE,
      subject: `Re: ${rafWelcome!.subject}`,
      text: `${envelope('club', 'raf', secrets.raf!, `NOTIFY discord ${base}/api/webhooks/77/raf-token`)}\n-- \nTom, 603 Sqn\n\n> ${rafWelcome!.text.split('\n').slice(0, 20).join('\n> ')}\n`,
    });
    // The Luftwaffe player: HTML only, the mail program turning the address into a link.
    const matrix = `${base}/_matrix/client/v3/rooms/!club:example.test/send/m.room.message?access_token=bot-secret-token`;
    await sendMail(stack(), {
      from: LW,
      to: REFEREE,
      subject: 'notify',
      html: `<html><body><div>#TALLYHO club lw "${secrets.lw}"<br>NOTIFY matrix <a href="${matrix.replace(/&/g, '&amp;')}">${matrix.replace(/&/g, '&amp;')}</a><br>#END</div></body></html>`,
    });
    await sendOrders(stack(), GM, envelope('club', 'gm', secrets.gm!, `SET NOTIFY ntfy ${base}/club-room-x7`), {
      subject: 'notify',
    });
    const [rafAnswer] = await mailTo(stack(), RAF, /\[club\] Answer to NOTIFY/);
    expect(flat(rafAnswer!.text)).toContain(`now go to a Discord webhook at ${base}/api/...`);
    expect(rafAnswer!.text).not.toContain('raf-token');
    const [lwAnswer] = await mailTo(stack(), LW, /\[club\] Answer to NOTIFY/);
    expect(flat(lwAnswer!.text)).toContain(
      `now go to a Matrix room (the client-server API, with a bot's token) at ${base}/_matrix/...`,
    );
    const [gmAnswer] = await mailTo(stack(), GM, /\[club\] GM commands for game club/);
    expect(flat(gmAnswer!.text)).toContain(
      `The game's notifications for game club now go to an ntfy topic at ${base}/...`,
    );
    // Each new hook's test message arrives.
    await until(() => (got.length >= 3 ? true : undefined), 20000);
    // The turn by mail: both send back their welcome's orders.
    await sendOrders(stack(), RAF, templateOf(rafWelcome!.text));
    await sendOrders(stack(), LW, templateOf(lwWelcome!.text));
    await mailTo(stack(), RAF, /\[club\] Turn 1 report/);
    await until(
      () =>
        of('/api/').length >= 3 &&
        of('/_matrix/').length >= 3 &&
        of('/?').length + got.filter((g) => g.path === '/').length >= 3
          ? true
          : undefined,
      30000,
    );
    const discord = of('/api/webhooks/77/raf-token').map((g) => String(g.body.content));
    expect(discord.map((c) => c.split('\n')[0])).toEqual([
      '**\\[club\\] A test from the referee**',
      '**\\[club\\] The report of turn 1 is out**',
      '**\\[club\\] Turn 2 is open**',
    ]);
    expect(of('/api/')[0]!.body).toMatchObject({ username: 'Tallyho', allowed_mentions: { parse: [] } });
    const m = of('/_matrix/');
    expect(m.map((g) => `${g.method} ${g.path}`)).toEqual(
      [1, 2, 3].map(
        () =>
          expect.stringMatching(
            /^PUT \/_matrix\/client\/v3\/rooms\/%21club%3Aexample\.test\/send\/m\.room\.message\/tallyho-[0-9a-f]{16}-\d+$/,
          ) as unknown,
      ),
    );
    expect(m.every((g) => g.headers.authorization === 'Bearer bot-secret-token')).toBe(true);
    expect(m.map((g) => g.body.body)).toEqual([
      expect.stringContaining('A test from the referee'),
      expect.stringContaining('The report of turn 1 is out'),
      expect.stringContaining('Your turn 2 of game club is open'),
    ]);
    const ntfy = got.filter((g) => g.body.topic === 'club-room-x7');
    expect(ntfy.map((g) => g.body.title)).toEqual([
      '[club] A test from the referee',
      '[club] The report of turn 1 is out',
      '[club] Turn 2 is open',
    ]);
    expect(ntfy.every((g) => g.path === '/' && g.method === 'POST')).toBe(true);
    expect(ntfy.map((g) => g.body.priority)).toEqual([3, 3, 3]);
    // Nothing secret in any of them.
    const all = JSON.stringify(got.map((g) => g.body));
    for (const secret of [
      secrets.raf!,
      secrets.lw!,
      secrets.gm!,
      '#TALLYHO',
      'R1:',
      'G1:',
      'bot-secret-token',
      'raf-token',
    ])
      expect(all).not.toContain(secret);
  }, 180_000);

  it("NOTIFY OFF stops a player's hook; the others go on", async () => {
    await sendOrders(stack(), RAF, envelope('club', 'raf', secrets.raf!, 'NOTIFY OFF'), { subject: 'off' });
    const answers = await mailTo(stack(), RAF, /\[club\] Answer to NOTIFY/, { min: 2 });
    expect(flat(answers.at(-1)!.text)).toContain('Your notifications for game club are off');
    const before = of('/api/').length;
    await sendOrders(stack(), GM, envelope('club', 'gm', secrets.gm!, 'SET NOTIFY TEST'), { subject: 'test' });
    await until(() => (got.filter((g) => g.body.topic === 'club-room-x7').length >= 4 ? true : undefined), 20000);
    expect(of('/api/').length).toBe(before);
  }, 60_000);
});
