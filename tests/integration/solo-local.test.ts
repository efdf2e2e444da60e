/**
 * The solo demo in local mode (docs/local-mode.md "Playing alone"): `tallyho serve --solo` makes
 * the game `solo`, the player flying the RAF and the stand-in pilot the Luftwaffe, prints the
 * player's secret, and resolves each turn as soon as his orders are in, over real SMTP. The player
 * replies as a mail program does (top-posted, a signature, the report quoted); every turn is
 * reported at once, told as flown against the computer's seat, until the game ends or ten turns
 * are played; `tallyho verify solo` passes; a second start keeps a running game and prints the
 * secret. `--level recruit` flies it as a recruit (docs/standin.md "Levels"), a later `--level`
 * changes the running game's level; a game over ends with the stand-in's debrief; once it is over
 * (or terminated), the next start makes `solo-2` at the same level, and a reply to the old game's
 * last report is answered in that game, that it is over; `--level` without `--solo`, or a level
 * that is none, is refused. The mails are read with `tallyho mail`, run in this process on the
 * server's database (tests/support/cli-in-process.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { afterAll, describe, expect, it } from 'vitest';
import { cliWith } from '../support/cli-in-process.ts';
import { childEnv, CLI, outboxOf, startServe, type ServeProcess, until as poll } from '../support/serve-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'tallyho-solo-'));
const env = { DATABASE_PATH: join(dir, 'var/tallyho.sqlite'), LOCAL_SMTP_PORT: '0', HTTP_PORT: '0', TICK_SECONDS: '1' };
let server: ServeProcess | undefined;
let smtp: Transporter | undefined;

const cli = cliWith(env, dir);
const { outbox, body } = outboxOf(cli);
const until = <T>(fn: () => T | undefined | Promise<T | undefined>): Promise<T> => poll(fn, 30000);

afterAll(async () => {
  smtp?.close();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('npm start -- --solo', { timeout: 240_000 }, () => {
  it("plays the demo alone against the stand-in, a report after each of the player's mails, and verifies", async () => {
    server = startServe(env, dir, [], ['--solo', '--level', 'recruit']);
    const banner = await server.waitFor(
      /Solo game 'solo': you fly R1 against the stand-in pilot, flying as a recruit[\s\S]*secret (\S+)/,
    );
    const secret = banner[1]!;
    const port = Number((await server.waitFor(/by SMTP to 127\.0\.0\.1:(\d+)/))[1]);
    smtp = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
    // The computer's seat has no address: the only mail is the player's.
    const first = await until(async () => (await outbox()).find((m) => /\[solo\] Welcome/.test(m.subject)));
    expect((await outbox()).every((m) => m.to === 'raf@localhost')).toBe(true);
    let mail = await body(first.id);
    let subject = first.subject;
    let turns = 0;
    for (let turn = 1; turn <= 10; turn++) {
      const at = mail.indexOf('\n#TALLYHO ');
      // CONFIRM: a plot the acknowledgement warns of (leaving the map, say) is flown as it is.
      const orders = mail.slice(at + 1, mail.indexOf('\n#END', at) + 1) + 'CONFIRM\n#END\n';
      const seen = (await outbox()).length;
      await smtp.sendMail({
        from: 'raf@localhost',
        to: 'referee@localhost',
        subject: `Re: ${subject}`,
        text: `${orders}\nOnward.\n-- \nRAF, 19 Squadron\n\n> ${mail.split('\n').join('\n> ')}\n`,
      });
      const report = await until(async () =>
        (await outbox()).slice(seen).find((m) => new RegExp(`\\[solo\\] Turn ${turn} report`).test(m.subject)),
      );
      mail = await body(report.id);
      subject = report.subject;
      expect(mail).toContain("It flies the computer's seat (player computer)");
      turns = turn;
      if (/the game is over/.test(subject)) break;
    }
    const over = /the game is over/.test(subject);
    if (over) {
      expect(mail).toContain("THE STAND-IN'S DEBRIEF");
      expect(mail).toContain("Turn 1, flying the computer's seat (player computer), as a recruit:");
    } else {
      expect(mail).not.toContain("THE STAND-IN'S DEBRIEF");
    }
    // A recruit's game may end in its first turn by the dice of a random seed (a plane shot down or
    // flown off the map): what is checked (a report after each mail, the debrief, verify) holds either way.
    expect(turns).toBeGreaterThanOrEqual(over ? 1 : 10);
    expect(await cli('verify', 'solo')).toContain('Every die, state and event is as stored.');
    await server.stop();
    if (!over) {
      // A second start while it runs keeps the game, prints the same secret, and --level changes its level.
      server = startServe(env, dir, [], ['--solo', '--level', 'regular']);
      const again = await server.waitFor(/Solo game 'solo'[\s\S]*secret (\S+)/);
      expect(again[1]).toBe(secret);
      expect(again[0]).toContain('flying as a regular');
      await server.stop();
      await cli('game', 'terminate', 'solo', '--reason', 'time for bed');
    }
    // The game over, the next start makes a new solo game beside it, at the level of the last, and
    // a reply to the old game's last report is answered in that game: it is over, and how it ended.
    server = startServe(env, dir, [], ['--solo']);
    const next = await server.waitFor(
      /Solo game 'solo', ended: [^\n]*\n[\s\S]*Solo game 'solo-2': you fly R1 against the stand-in pilot, flying as a (\w+)[\s\S]*secret (\S+)/,
    );
    expect(next[1]).toBe(over ? 'recruit' : 'regular');
    expect(next[2]).not.toBe(secret);
    await server.waitFor(
      /When it is over, npm start -- --solo starts a new one[\s\S]*npm start -- --solo new starts one at once/,
    );
    await until(async () => (await outbox()).find((m) => /\[solo-2\] Welcome/.test(m.subject)));
    const port2 = Number((await server.waitFor(/by SMTP to 127\.0\.0\.1:(\d+)/))[1]);
    smtp.close();
    smtp = nodemailer.createTransport({ host: '127.0.0.1', port: port2, secure: false, ignoreTLS: true });
    const seen = (await outbox()).length;
    await smtp.sendMail({
      from: 'raf@localhost',
      to: 'referee@localhost',
      subject: `Re: ${subject}`,
      text: `gg, thanks!\n\n> ${mail.split('\n').slice(0, 5).join('\n> ')}\n`,
    });
    const answer = await until(async () =>
      (await outbox()).slice(seen).find((m) => /\[solo\] Game solo is over/.test(m.subject)),
    );
    const words = (await body(answer.id)).replace(/\s+/g, ' ');
    expect(words).toContain("Game 'solo' (");
    expect(words).toMatch(
      over
        ? /wins|nobody wins/
        : /The game master ended the game after turn \d+, before turn \d+ was flown: time for bed/,
    );
    expect(words).toContain("You play on in game 'solo-2'");
    expect(words).not.toMatch(/copy the envelope|#TALLYHO/);
    expect(await cli('game', 'list')).toMatch(/solo-2/);
    await server.stop();
    // --level is the solo game's, and one of three words.
    for (const args of [
      ['--level', 'ace'],
      ['--solo', '--level', 'expert'],
    ]) {
      const r = spawnSync('node', [CLI, 'serve', ...args], {
        cwd: dir,
        env: childEnv(env),
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(r.status, `${args.join(' ')}: ${r.stdout}${r.stderr}`).not.toBe(0);
      expect(r.stderr).toMatch(
        args[0] === '--solo'
          ? /--level 'expert' is not a level: recruit, regular, ace/
          : /--level is the solo game's stand-in level: give it with --solo/,
      );
    }
  });
});
