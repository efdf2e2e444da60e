/**
 * Local mode end to end, as the README shows it: `tallyho serve` with no mail server configured,
 * the demo game's orders sent by SMTP with bin/send-orders.js, the answers read with the CLI. The
 * outbox is watched with `tallyho mail list` run in this process (tests/support/cli-in-process.ts),
 * the mails taken and the game's state asked for with the command spawned as the README shows.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliWith } from '../support/cli-in-process.ts';
import { childEnv, CLI, ROOT, startServe, type ServeProcess, until as poll } from '../support/serve-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'tallyho-local-'));
const env = { DATABASE_PATH: join(dir, 'var/tallyho.sqlite'), LOCAL_SMTP_PORT: '0', HTTP_PORT: '0' };
let server: ServeProcess;
let smtpPort = 0;
let httpUrl = '';

const cli = (...args: string[]) =>
  execFileSync('node', [CLI, ...args], { cwd: dir, env: childEnv(env), encoding: 'utf8' });
/** `cli` run in this process, for the outbox watched while the referee works. */
const cliHere = cliWith(env, dir);

async function start() {
  server = startServe(env, dir);
  smtpPort = Number((await server.waitFor(/by SMTP to 127\.0\.0\.1:(\d+)/))[1]);
  httpUrl = (await server.waitFor(/(http:\/\/127\.0\.0\.1:\d+)\/mail/))[1]!;
}

function sendFile(file: string): string {
  const r = spawnSync('node', [join(ROOT, 'bin/send-orders.js'), file, '--port', String(smtpPort)], {
    cwd: dir,
    encoding: 'utf8',
  });
  expect(r.stderr).toBe('');
  return r.stdout;
}

const until = <T>(fn: () => T | undefined | Promise<T | undefined>, timeoutMs = 10000): Promise<T> =>
  poll(fn, timeoutMs, 50);

const subjects = async () =>
  (await cliHere('mail', 'list'))
    .trim()
    .split('\n')
    .map((l) => l.replace(/^.*@localhost\s+/, ''));

beforeAll(start, 30000);
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('local mode', () => {
  it('starts with a demo game and prints its players and secrets', () => {
    expect(server.stdout()).toMatch(/Demo game 'demo':/);
    expect(server.stdout()).toMatch(/player raf +raf@localhost +flies R1 +secret [a-z2-9-]{19}/);
    expect(server.stdout()).toContain(`  Database: ${join(dir, 'var/tallyho.sqlite')}\n`);
    expect(readFileSync(join(dir, 'var/tallyho.demo-players.txt'), 'utf8')).toMatch(/^lw lw@localhost G1 /m);
  });

  // A dozen CLI processes and six mails: over 20 s on a loaded machine.
  it('plays three turns from the mailed templates sent back as the README shows', { timeout: 60_000 }, async () => {
    for (let turn = 1; turn <= 3; turn++) {
      for (const p of ['raf', 'lw']) {
        const file = join(dir, `${p}.txt`);
        writeFileSync(file, cli('mail', 'show', '--latest', '--to', `${p}@localhost`));
        expect(sendFile(file)).toMatch(/^sent <.*> from .*@localhost to referee@localhost: 250/);
      }
      await until(async () =>
        (await subjects()).filter((s) => s === `[demo] Turn ${turn} report`).length === 2 ? true : undefined,
      );
    }
    const all = await subjects();
    expect(all.filter((s) => s.endsWith('orders accepted'))).toHaveLength(6);
    expect(all.filter((s) => /Turn \d report/.test(s))).toHaveLength(6);
    expect(cli('game', 'status', 'demo')).toMatch(/turn 4/);
    const report = cli('mail', 'show', '--latest', '--to', 'raf@localhost');
    expect(report).toMatch(/Subject: \[demo\] Turn 3 report/);
    expect(report).toMatch(/WHAT HAPPENED, IMPULSE BY IMPULSE\n\nImpulse /);
    await until(async () =>
      (await cliHere('mail', 'list', '--status', 'pending')).trim() === 'No mail.' ? true : undefined,
    );
  });

  it('takes the same mail only once, even if the client sends it twice', async () => {
    const raw = cli('mail', 'show', '--latest', '--to', 'raf@localhost');
    const t = nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true });
    const message = {
      from: 'raf@localhost',
      to: 'referee@localhost',
      subject: 'orders',
      text: raw,
      messageId: '<twice@localhost>',
      date: new Date(0),
    };
    await t.sendMail(message);
    await t.sendMail(message);
    t.close();
    await until(async () =>
      (await subjects()).filter((s) => s === '[demo] Turn 4 orders accepted').length >= 1 ? true : undefined,
    );
    await new Promise((r) => setTimeout(r, 500));
    expect((await subjects()).filter((s) => s === '[demo] Turn 4 orders accepted')).toHaveLength(1);
  });

  it('serves its health and the outbox page over HTTP', async () => {
    const health = await (await fetch(`${httpUrl}/health`)).json();
    expect(health).toMatchObject({ status: 'ok', mode: 'local', smtp: 'none: the outbox is kept here (local mode)' });
    const page = await (await fetch(`${httpUrl}/mail`)).text();
    expect(page).toContain('[demo] Turn 3 report');
    const one = await (await fetch(`${httpUrl}/mail/1`)).text();
    expect(one).toContain('&#60;tallyho.demo.raf.welcome');
  });

  it('stops on SIGTERM and carries on from the store after a restart', async () => {
    expect(await server.stop('SIGTERM')).toBe('code 0');
    await start();
    expect(server.stdout()).toMatch(/player lw +lw@localhost/);
    expect(cli('game', 'list')).toMatch(/^demo +running +4 +Channel duel/m);
  });
});
