/**
 * The game, player and mail commands, run as a player of the CLI would, on a fresh database: in
 * this process (tests/support/cli-in-process.ts), and a bad configuration spawned, as a user runs
 * the command, for its exit code and standard error.
 */
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, useCliDatabase } from '../../support/cli-in-process.ts';

const ROOT = resolve('.');
const { dir } = useCliDatabase('tallyho-cli-', 'game.sqlite');

describe('tallyho game, player and mail', () => {
  it('sets a game up, starts it, and shows its status and mail', { timeout: 60_000 }, async () => {
    const created = await cli('game', 'create', join(ROOT, 'scenarios/duel.yaml'), '--id', 'demo');
    expect(created.err).toBe(`tallyho: database ${join(dir, 'game.sqlite')} (made now)\n`);
    expect(created.out).toMatch(/Game demo created: Channel duel/);
    const raf = await cli('player', 'add', 'demo', 'raf', '--email', 'raf@example.org', '--planes', 'R1');
    expect(raf.out).toMatch(/Secret: [a-z2-9]{4}(-[a-z2-9]{4}){3}\n/);
    expect(await cli('game', 'start', 'demo')).toMatchObject({
      code: 1,
      err: expect.stringMatching(/nobody flies G1/),
    });
    await cli('player', 'add', 'demo', 'lw', '--email', 'lw@example.org', '--planes', 'G1');
    expect((await cli('game', 'start', 'demo')).out).toMatch(/2 welcome mails queued/);
    const status = await cli('game', 'status', 'demo');
    expect(status.out).toMatch(/orders for turn 1: waiting for raf, lw/);
    expect(status.out).toMatch(/raf +raf@example.org +R1 +MISSING/);
    expect(status.out).toMatch(
      /Mail: 2 waiting to be sent, 0 sent, 0 dead letters\n {2}replies held back: none\n {2}wrong secrets: none/,
    );
    expect(JSON.parse((await cli('game', 'status', 'demo', '--json')).out).players).toHaveLength(2);
    expect((await cli('game', 'list')).out).toMatch(/\ndemo +running +1 +Channel duel/);
    const list = await cli('mail', 'list');
    expect(list.out.trim().split('\n')).toHaveLength(2);
    const shown = await cli('mail', 'show', '--latest', '--to', 'lw@example.org');
    expect(shown.out).toMatch(
      /^Message #2 \(pending\)\nFrom: referee@localhost\nTo: lw@example.org\nSubject: \[demo\] Welcome to Channel duel/,
    );
    expect(shown.out).toMatch(/#TALLYHO demo lw "T1-[0-9a-f]{24}"/);
    expect((await cli('mail', 'show', '1', '--html')).out).toMatch(/<pre style=/);
  });

  it(
    'holds a muster: every player called, its state in the status, START closing it',
    { timeout: 60_000 },
    async () => {
      await cli('game', 'create', join(ROOT, 'scenarios/duel.yaml'), '--id', 'mus');
      await cli('player', 'add', 'mus', 'raf', '--email', 'raf@example.org', '--planes', 'R1');
      expect(await cli('game', 'muster', 'mus')).toMatchObject({
        code: 1,
        err: expect.stringMatching(/nobody flies G1/),
      });
      await cli('player', 'add', 'mus', 'lw', '--email', 'lw@example.org', '--planes', 'G1');
      expect(await cli('game', 'muster', 'mus', '--within', '24')).toMatchObject({
        code: 2,
        err: expect.stringMatching(/'24' has no unit/),
      });
      const opened = await cli('game', 'muster', 'mus', '--within', '48h');
      expect(opened.out).toMatch(
        /^Muster of game mus \(Channel duel\) opened: READY by .* UTC \(2d from now\)\. Called: raf \(raf@example\.org\), lw \(lw@example\.org\)\.\n/,
      );
      const status = await cli('game', 'status', 'mus');
      expect(status.out).toMatch(
        /\n {2}muster: READY by .* UTC \(tallyho game muster --within <time> gives more\)\n {2}ready: nobody yet; not yet: raf, lw\n/,
      );
      expect(status.out).toMatch(/raf +raf@example.org +R1 +NOT READY/);
      expect(JSON.parse((await cli('game', 'status', 'mus', '--json')).out).muster).toMatchObject({
        ready: [],
        missing: ['raf', 'lw'],
        toldAt: null,
      });
      expect((await cli('game', 'start', 'mus')).out).toMatch(
        /2 welcome mails queued.*\nThe muster is closed without the READY of raf, lw/,
      );
      expect(JSON.parse((await cli('game', 'status', 'mus', '--json')).out).muster).toBeNull();
      expect(await cli('game', 'muster', 'mus')).toMatchObject({
        code: 1,
        err: expect.stringMatching(/has started already \(it is at turn 1\): a muster is held before turn 1 only/),
      });
    },
  );

  it('explains mistakes with an exit code', async () => {
    expect(await cli('game', 'status', 'nope')).toMatchObject({
      code: 1,
      err: `tallyho: database ${join(dir, 'game.sqlite')}\ntallyho: there is no game 'nope' (tallyho game create makes one)\n`,
    });
    expect((await cli('mail', 'show', '999')).err).toMatch(/there is no mail #999/);
    expect(await cli('game', 'create', join(ROOT, 'scenarios/duel.yaml'), '--id', 'Bad Id')).toMatchObject({ code: 2 });
  });

  it('stops on a bad configuration, naming the key', async () => {
    const r = spawnSync('node', [join(ROOT, 'bin/tallyho.js'), 'game', 'list'], {
      cwd: dir,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', IMAP_HOST: 'imap.example.org', DATABASE_PATH: join(dir, 'x.sqlite') },
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/configuration is not valid/);
    expect(r.stderr).toMatch(/SMTP_HOST is not set/);
  });
});
