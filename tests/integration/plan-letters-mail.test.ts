/**
 * The demo game played by mail with nothing but PLAN letters (docs/orders.md "Pick a plan"), in
 * local mode over real SMTP: `tallyho serve` and its demo duel, each player picking a letter from
 * WAYS TO FLY in the latest mail and sending that mail's envelope with the plane's plot line changed
 * to it, as a mail program sends it (raf: plain text, top-posted above the quoted report, with a
 * signature; lw: HTML only). Every one is accepted, turn after turn; a letter sent again in the
 * envelope of an older turn is refused with this turn's menu; `tallyho verify` passes. The mails
 * are read with `tallyho mail`, run in this process on the server's database
 * (tests/support/cli-in-process.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliWith } from '../support/cli-in-process.ts';
import { outboxOf, startServe, type ServeProcess, until as poll } from '../support/serve-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'tallyho-letters-'));
const env = { DATABASE_PATH: join(dir, 'var/tallyho.sqlite'), LOCAL_SMTP_PORT: '0', HTTP_PORT: '0', TICK_SECONDS: '1' };
let server: ServeProcess;
let smtp: Transporter;

const cli = cliWith(env, dir);

const { outbox, body, latest } = outboxOf(cli);

const until = <T>(fn: () => T | undefined | Promise<T | undefined>): Promise<T> => poll(fn, 30000);

/** Sends a mail and returns the referee's first answer to `from` after it. */
async function post(
  from: string,
  mail: { subject: string; text?: string; html?: string },
): Promise<{ subject: string; text: string }> {
  const seen = (await outbox()).length;
  await smtp.sendMail({ from, to: 'referee@localhost', ...mail });
  const m = await until(async () => (await outbox()).slice(seen).find((x) => x.to === from));
  return { subject: m.subject, text: await body(m.id) };
}

/** The ready-to-send envelope at the end of a mail, the plane's plot line changed to a pick. */
function picked(mail: string, plane: string, letter: string): string {
  const at = mail.search(/^#TALLYHO /m);
  return mail
    .slice(at, mail.indexOf('#END', at) + 4)
    .replace(new RegExp(`^${plane}: .*$`, 'm'), `${plane} PLAN ${letter}`);
}

/** The letters of a plane's menu in a mail's WAYS TO FLY, but those of plans that leave the map ("!") or are traps when there are others. */
function letters(mail: string, plane: string): string[] {
  const at = mail.indexOf(`\n${plane} at `, mail.indexOf('WAYS TO FLY TURN'));
  if (at < 0) return [];
  const out: { letter: string; off: boolean }[] = [];
  for (const l of mail
    .slice(at + 1)
    .split('\n')
    .slice(2)) {
    // What a plan gives goes on a line of its own after a plot too long for one line.
    if (/^ {8,}\S/.test(l) && out.length) {
      if (l.includes('TRAP')) out[out.length - 1]!.off = true;
      continue;
    }
    const m = /^ ([A-H]) .*? {2}\d{4}(!?) /.exec(l);
    if (!m) break;
    out.push({ letter: m[1]!, off: m[2] === '!' || l.includes('TRAP') });
  }
  const on = out.filter((x) => !x.off);
  return (on.length ? on : out).map((x) => x.letter);
}

beforeAll(async () => {
  server = startServe(env, dir);
  const port = Number((await server.waitFor(/by SMTP to 127\.0\.0\.1:(\d+)/))[1]);
  smtp = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
}, 30000);
afterAll(async () => {
  smtp?.close();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the demo by PLAN letters alone', { timeout: 240_000 }, () => {
  it('is accepted turn after turn, a stale letter refused with the menu, and verifies', async () => {
    let raf = await latest('raf@localhost', /Welcome/);
    let lw = await latest('lw@localhost', /Welcome/);
    const welcome = raf;
    let turns = 0;
    for (let turn = 1; turn <= 5; turn++) {
      const rl = letters(raf, 'R1');
      const gl = letters(lw, 'G1');
      if (!rl.length || !gl.length) break;
      expect(rl.length).toBeLessThanOrEqual(8);
      const r = rl[(turn * 2) % rl.length]!;
      const g = gl[(turn * 3 + 1) % gl.length]!;
      // raf: top-posted, the report quoted below with ">", a signature.
      const quoted = raf
        .split('\n')
        .map((l) => `> ${l}`)
        .join('\n');
      const a = await post('raf@localhost', {
        subject: `Re: [demo] turn ${turn}`,
        text: `${picked(raf, 'R1', r)}\n\n-- \nAnn\n\nOn Saturday the referee wrote:\n${quoted}\n`,
      });
      expect(a.subject, a.text).toBe(`[demo] Turn ${turn} orders accepted`);
      expect(a.text).toContain(`R1 PLAN ${r} is plan ${r} of R1's menu for turn ${turn}`);
      // lw: HTML only.
      const html = `<html><body><div>${picked(lw, 'G1', g)
        .split('\n')
        .map((l) => l.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;'))
        .join('<br>')}</div><div>Gruss</div></body></html>`;
      const b = await post('lw@localhost', { subject: `Re: [demo] turn ${turn}`, html });
      expect(b.subject, b.text).toBe(`[demo] Turn ${turn} orders accepted`);
      // A plan that leaves the map carries a WARNING, and the turn waits for CONFIRM: sent as the acknowledgement offers it.
      for (const [who, ack] of [
        ['raf@localhost', a],
        ['lw@localhost', b],
      ] as const) {
        if (!ack.text.includes('YOUR ORDERS WITH CONFIRM, READY TO SEND')) continue;
        const env = ack.text.slice(ack.text.indexOf('#TALLYHO', ack.text.indexOf('YOUR ORDERS WITH CONFIRM')));
        await post(who, { subject: 'confirm', text: env.slice(0, env.indexOf('#END') + 4) });
      }
      await until(async () =>
        (await outbox()).some((m) => m.to === 'raf@localhost' && m.subject.startsWith(`[demo] Turn ${turn} report`))
          ? true
          : undefined,
      );
      turns++;
      raf = await latest('raf@localhost', new RegExp(`Turn ${turn} report`));
      lw = await latest('lw@localhost', new RegExp(`Turn ${turn} report`));
      if (/game is over/.test(raf)) break;
    }
    expect(turns).toBeGreaterThanOrEqual(3);
    // The welcome's envelope (turn 1's token) with a letter: refused, with this turn's menu.
    if (!/game is over/.test(raf)) {
      const stale = await post('raf@localhost', { subject: 'Re: [demo] Welcome', text: picked(welcome, 'R1', 'A') });
      expect(stale.subject).toMatch(/orders NOT accepted/);
      expect(stale.text.replace(/\s+/g, ' ')).toContain(
        'R1 PLAN A (line 3): picked from the menu of turn 1, whose letters no longer hold',
      );
      expect(stale.text).toContain(`WAYS TO FLY TURN ${turns + 1}`);
    }
    expect(await cli('verify', 'demo')).toContain('Every die, state and event is as stored.');
  });
});
