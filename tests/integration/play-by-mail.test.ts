/**
 * A whole game by mail as two players really write it, in local mode over real SMTP: `tallyho serve`
 * with its demo game (a Spitfire, R1, against a Bf 109, G1), mails sent with nodemailer as a mail
 * program would (an Outlook reply quoting the report without `>`, an HTML-only mail, a top-posted
 * reply with `>` quotes and a signature, bare commands), the replies read with `tallyho mail` (run
 * in this process, on the server's database, tests/support/cli-in-process.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliWith } from '../support/cli-in-process.ts';
import { outboxOf, startServe, type ServeProcess, until as poll } from '../support/serve-process.ts';
import { flat } from '../support/text.ts';

const dir = mkdtempSync(join(tmpdir(), 'tallyho-pbem-'));
const env = { DATABASE_PATH: join(dir, 'var/tallyho.sqlite'), LOCAL_SMTP_PORT: '0', HTTP_PORT: '0', TICK_SECONDS: '1' };
let server: ServeProcess;
let smtp: Transporter;

const cli = cliWith(env, dir);

const { outbox, body, latest } = outboxOf(cli);

const until = <T>(fn: () => T | undefined | Promise<T | undefined>): Promise<T> => poll(fn, 20000);

/** Sends a mail and waits for the referee's answers to `from` whose subjects match, in order. */
async function post(
  from: string,
  mail: { subject: string; text?: string; html?: string },
  expect: RegExp[],
): Promise<string[]> {
  const seen = (await outbox()).length;
  await smtp.sendMail({ from, to: 'referee@localhost', ...mail });
  const found = await until(async () => {
    const mine = (await outbox()).slice(seen).filter((m) => m.to === from);
    return mine.length >= expect.length ? mine : undefined;
  });
  found.slice(0, expect.length).forEach((m, i) => {
    if (!expect[i]!.test(m.subject))
      throw new Error(`mail ${i + 1} to ${from}: subject "${m.subject}" does not match ${expect[i]}`);
  });
  const bodies: string[] = [];
  for (const m of found.slice(0, expect.length)) bodies.push(await body(m.id));
  return bodies;
}

/** The ready-to-send envelope at the end of a welcome or report. */
const template = (mail: string) =>
  mail.slice(mail.search(/^#TALLYHO /m), mail.indexOf('#END', mail.search(/^#TALLYHO /m)) + 4);
const reportsOf = async (turn: number) =>
  (await outbox()).filter((m) => m.subject === `[demo] Turn ${turn} report`).length;

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

/**
 * The plots of the fight: R1 turns right and keeps turning, G1 half-rolls, rolls to inverted left
 * and turns left; they pass a hex apart in turn 3 and stay on the map. The fire orders ask for
 * range 1, which the geometry never gives (movement takes no dice), so no die can end the game
 * early and every report has a fire order to explain.
 */
const PLOTS: Record<number, { raf: string; lw: string }> = {
  1: { raf: 'RB S TR S TR 1', lw: 'S S S HRR 1 1' },
  2: { raf: 'S TR S TR S TR', lw: 'S IL S S TL 1' },
  3: { raf: 'S TR S TR S TR', lw: 'S S TL S S TL' },
  4: { raf: 'S TR S TR S TR', lw: 'S S TL S S TL' },
  5: { raf: 'S TR S TR S TR', lw: 'S S TL S S TL' },
};
const FIRE = { raf: 'FIRE R1 FIXED AT G1 WITHIN 1', lw: 'FIRE G1 ALL AT R1 WITHIN 1' };
const PLANE = { raf: 'R1', lw: 'G1' };

/** The template of `mail` with the plot and fire order of `turn` written in. */
function orders(mail: string, p: 'raf' | 'lw', turn: number): string {
  const plane = PLANE[p];
  return template(mail)
    .replace(new RegExp(`^${plane}: .*$`, 'm'), `${plane}: ${PLOTS[turn]![p]}`)
    .replace(new RegExp(`^(HOLD|FIRE) ${plane} .*$`, 'm'), FIRE[p]);
}

describe('a game by mail, as players write it', { timeout: 180_000 }, () => {
  it('plays five turns into a dogfight with every reply telling the truth', async () => {
    const welcomeRaf = await latest('raf@localhost', /Welcome/);
    const welcomeLw = await latest('lw@localhost', /Welcome/);
    // Each welcome carries the card of the player's own aircraft.
    expect(welcomeRaf).toMatch(/YOUR AIRCRAFT\n\nR1 flies this type\.\n\nSUPERMARINE SPITFIRE MK IA \(spitfire-1a\)/);
    expect(welcomeLw).toMatch(/YOUR AIRCRAFT\n\nG1 flies this type\.\n\nMESSERSCHMITT BF 109 E-4 \(bf-109e\)/);

    // Turn 1. raf answers from Outlook: new orders on top, the welcome pasted below without `>`.
    const [ack1] = await post(
      'raf@localhost',
      {
        subject: 'RE: [demo] Welcome to Channel duel: orders for turn 1',
        text: `${orders(welcomeRaf, 'raf', 1)}\n\nCheers,\nJohn\n\n-----Original Message-----\nFrom: Tallyho referee <referee@localhost>\nSent: Tuesday\nSubject: [demo] Welcome\n\n${welcomeRaf}`,
      },
      [/^\[demo\] Turn 1 orders accepted$/],
    );
    expect(flat(ack1!)).toMatch(
      /is an unchanged copy of orders the referee sent you \(a quoted template, it seems\); it was not counted, the one on line 1 was/,
    );
    expect(ack1).toContain(`  | R1: ${PLOTS[1]!.raf}`);
    expect(flat(ack1!)).toContain('Still to send orders for turn 1: lw.');
    // The forecast: R1's order flown against G1 flying straight on, labelled as no result.
    expect(ack1).toContain("FORECAST (not a result: the other players' real orders are not used)");
    expect(ack1).toMatch(/- FIRE R1 FIXED AT G1 WITHIN 1: no shot - closest chance in impulse \d+/);

    // lw writes HTML only, with a signature.
    const [ack1b] = await post(
      'lw@localhost',
      {
        subject: 'Re: [demo] Welcome to Channel duel: orders for turn 1',
        html: `<html><body><p>Hier meine Befehle:</p><p>${orders(welcomeLw, 'lw', 1).split('\n').join('<br>\n')}</p><p>--<br>Hans</p></body></html>`,
      },
      [/^\[demo\] Turn 1 orders accepted$/],
    );
    expect(flat(ack1b!)).toContain(
      "Every player's orders are in, so the referee resolves the turn now: its report follows in a mail of its own (or, should anything stop the turn, a notice saying what).",
    );
    await until(async () => ((await reportsOf(1)) === 2 ? true : undefined));

    // Turn 2. raf sends a plot with a mistake and a WAIT: refused, and the WAIT does nothing.
    const report1 = await latest('raf@localhost', /Turn 1 report/);
    const tokenLine = template(report1).split('\n')[0]!;
    const [refused] = await post(
      'raf@localhost',
      { subject: 'turn 2', text: `${tokenLine}\nR1: TX 1 1 1 1 1\nWAIT\n#END\n` },
      [/^\[demo\] Turn 2 orders NOT accepted$/],
    );
    expect(refused).toContain('WAIT (line 3): not carried out: nothing in a refused envelope counts');
    // A bare STATUS, in a reply: answered, and shows no WAIT.
    const [status] = await post('raf@localhost', { subject: 'Re: [demo] Turn 1 report', text: 'STATUS\n\n-- \nJohn' }, [
      /^\[demo\] Answer to STATUS$/,
    ]);
    expect(status).toContain('Game demo (Channel duel) is at turn 2.');
    expect(status).not.toMatch(/asked to WAIT/);
    // The game master pauses; raf's orders (a top-posted reply quoting with `>`) are acknowledged as held.
    await cli('game', 'pause', 'demo', '--reason', 'lunch');
    const quoted = report1
      .split('\n')
      .map((l) => `> ${l}`)
      .join('\n');
    const [ack2] = await post(
      'raf@localhost',
      {
        subject: 'Re: [demo] Turn 1 report',
        text: `${orders(report1, 'raf', 2)}\n\nOn Tue, referee wrote:\n${quoted}`,
      },
      [/^\[demo\] Turn 2 orders accepted$/],
    );
    expect(flat(ack2!)).toContain(
      'The turn is not resolved yet: the game is paused (lunch): nothing is resolved until the game master resumes it.',
    );
    const [ack2b] = await post(
      'lw@localhost',
      { subject: 'orders', text: orders(await latest('lw@localhost', /Turn 1 report/), 'lw', 2) },
      [/^\[demo\] Turn 2 orders accepted$/],
    );
    expect(flat(ack2b!)).toContain(
      "Every player's orders are in, but the turn is not resolved yet: the game is paused (lunch)",
    );
    expect(flat(ack2b!)).not.toMatch(/report follows/);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await reportsOf(2)).toBe(0);
    await cli('game', 'resume', 'demo');
    await until(async () => ((await reportsOf(2)) === 2 ? true : undefined));

    // Turn 3. raf asks for the enemy's card, a bare command in a reply.
    const [card] = await post(
      'raf@localhost',
      { subject: 'Re: [demo] Turn 2 report', text: 'CARD G1\n\nOn Tue, referee wrote:\n> Turn 2 of game demo ...' },
      [/^\[demo\] Answer to CARD$/],
    );
    expect(card).toContain('MESSERSCHMITT BF 109 E-4 (bf-109e)');
    expect(card).toContain('TURN MODES');
    // lw sends two different edited envelopes: none counts, and the referee asks which.
    const report2lw = await latest('lw@localhost', /Turn 2 report/);
    const [which] = await post(
      'lw@localhost',
      {
        subject: 'orders',
        text: `${orders(report2lw, 'lw', 3)}\n\n${orders(report2lw, 'lw', 3).replace(/^FIRE G1 .*$/m, 'HOLD G1 ALL')}`,
      },
      [/^\[demo\] Turn 3: which of your envelopes counts\?$/],
    );
    expect(which).toContain(`  | G1: ${PLOTS[3]!.lw}`);
    expect(which).toContain('  | HOLD G1 ALL');
    // Turns 3 to 5: the templates of the reports edited and sent back.
    for (let turn = 3; turn <= 5; turn++) {
      for (const p of ['raf', 'lw'] as const) {
        const report = await latest(`${p}@localhost`, new RegExp(`Turn ${turn - 1} report`));
        await post(`${p}@localhost`, { subject: `Re: [demo] Turn ${turn - 1} report`, text: orders(report, p, turn) }, [
          new RegExp(`^\\[demo\\] Turn ${turn} orders accepted$`),
        ]);
      }
      await until(async () => ((await reportsOf(turn)) === 2 ? true : undefined));
    }
    const report5 = await latest('raf@localhost', /Turn 5 report/);
    expect(report5).toContain('FIRE R1 FIXED AT G1 WITHIN 1');
    // Every report explains the fire order that did not fire, to its own side only.
    for (let turn = 1; turn <= 5; turn++) {
      const raf = await latest('raf@localhost', new RegExp(`Turn ${turn} report`));
      expect(raf).toMatch(
        /YOUR FIRE ORDERS THAT DID NOT FIRE\n\n- FIRE R1 FIXED AT G1 WITHIN 1: no shot - closest chance in impulse \d+, range\s+\d+(\s+\([^)]*\))?,\s+G1\s+at\s+R1's\s+\d+\s+o'clock: /,
      );
      expect(raf).not.toMatch(/FIRE G1 ALL AT R1/);
    }
    expect(await cli('game', 'list')).toMatch(/^demo +running +6 /m);
  });
});
