/**
 * The game master's command line (src/shell/cli/game-control.ts, gm.ts, player.ts): every control
 * of a running game, run in-process on a fresh database (one command is also spawned, as a user
 * runs it), with the mail they queue.
 */
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { requestJoin } from '../../../src/app/setup/roster.ts';
import { openRuntime } from '../../../src/shell/runtime.ts';
import { cli, queuedMail, useCliDatabase } from '../../support/cli-in-process.ts';

const ROOT = resolve('.');
const { dir, db: DB } = useCliDatabase('tallyho-gm-cli-', 'game.sqlite');
const mails = queuedMail;

describe('tallyho game (controls), gm and player', () => {
  it('sets a game up with a GM and a schedule, and runs every control', async () => {
    const created = await cli(
      'game',
      'create',
      join(ROOT, 'scenarios/duel.yaml'),
      '--id',
      'demo',
      '--gm-email',
      'gm@example.org',
    );
    expect(created.out).toMatch(/Game master: gm@example.org, GM secret: [a-z2-9]{4}(-[a-z2-9]{4}){3}\n/);
    expect((await cli('gm', 'show', 'demo')).out).toMatch(/Game master of demo: gm@example.org; GM secret set/);
    expect(
      (
        await cli(
          'player',
          'add',
          'demo',
          'raf',
          '--email',
          'raf@example.org',
          '--planes',
          'R1',
          '--zone',
          'Europe/London',
        )
      ).code,
    ).toBe(0);
    expect((await cli('player', 'add', 'demo', 'gm', '--email', 'x@example.org', '--planes', 'G1')).err).toMatch(
      /'gm' is the game master's id/,
    );
    await cli('player', 'add', 'demo', 'lw', '--email', 'lw@example.org', '--planes', 'G1');
    expect((await cli('player', 'zone', 'demo', 'lw', 'europe/berlin')).out).toBe(
      "lw: deadlines in Europe/Berlin and the game's zone\n",
    );
    await cli('game', 'set', 'demo', 'zone', 'Europe/London');
    await cli('game', 'start', 'demo');
    const sched = await cli('game', 'schedule', 'demo', 'every', '2', 'days', 'at', '20:00', 'weekdays');
    expect(sched.out).toMatch(
      /^set deadline every 2 days at 20:00 weekdays\nThe deadline of turn 1:\n {4}\w{3} \d+ \w{3} \d{4} 20:00 Europe\/London/,
    );
    expect((await cli('game', 'set', 'demo', 'zone', 'Mars/Olympus')).err).toMatch(
      /'Mars\/Olympus' is not a time zone name/,
    );
    expect((await cli('game', 'set', 'demo')).out).toMatch(
      /^deadline every 2 days at 20:00 weekdays\nzone Europe\/London\n/,
    );
    const status = await cli('game', 'status', 'demo');
    expect(status.out).toMatch(/deadline: \w{3} \d+ \w{3} \d{4} 20:00 Europe\/London/);
    expect(status.out).toMatch(/game master: gm@example.org/);
    const list = JSON.parse((await cli('game', 'list', '--json')).out) as {
      id: string;
      deadline: string;
      missing: string[];
      zone: string;
    }[];
    expect(list).toEqual([
      expect.objectContaining({
        id: 'demo',
        status: 'running',
        turn: 1,
        zone: 'Europe/London',
        missing: ['raf', 'lw'],
      }),
    ]);
    expect(list[0]!.deadline).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z$/);
    expect((await cli('game', 'list')).out).toMatch(
      /^GAME {2}STATUS {3}TURN {2}NAME {10}DUE {19}MISSING\ndemo {2}running {5}1 {2}Channel duel {2}\d{4}-\d\d-\d\d \d\d:\d\d UTC {2}raf,lw\n$/,
    );
    expect((await cli('game', 'pause', 'demo', '--reason', 'Easter')).out).toBe('game demo paused at turn 1\n');
    expect((await cli('game', 'list')).out).toMatch(/PAUSED/);
    expect((await cli('game', 'resume', 'demo')).out).toMatch(
      /^game demo resumed(?: after [1-9]\d*s)?\nThe deadline of turn 1:/,
    ); // never "after 0"
    expect(await cli('game', 'extend', 'demo', '--by', '6')).toMatchObject({
      code: 2,
      err: expect.stringContaining("tallyho: '6' has no unit: write 6m for minutes, 6h for hours or 6d for days"),
    });
    expect((await cli('game', 'extend', 'demo', '--by', '6h')).out).toMatch(
      /^turn 1 extended by 6h \(extensions left: 0 more this turn, 4 in all\)/,
    );
    expect((await cli('game', 'extend', 'demo')).code).toBe(1);
    const preview = await cli('game', 'preview', 'demo');
    expect(preview.out).toMatch(
      /^PREVIEW of turn 1[\s\S]*Without orders .*: raf, lw\.[\s\S]*THE MAP AFTER TURN 1[\s\S]*IMPULSE BY IMPULSE/,
    );
    expect((await cli('game', 'process', 'demo')).out).toBe(
      'turn 1 resolved; without orders from raf, lw (their planes flew the default; each was told)\nthe game is at turn 2\n',
    );
    expect((await cli('game', 'rollback', 'demo')).out).toMatch(/turn 1 of game demo rolled back/);
    const replaced = await cli('game', 'replace', 'demo', 'lw', 'jg', '--email', 'jg@example.org');
    expect(replaced.out).toMatch(/^jg \(jg@example.org\) takes over G1 from lw; the briefing is queued\nSecret: /);
    expect((await cli('game', 'tick', '--at', '2100-01-01T00:00:00Z')).out).toBe('demo turn 1: defaulted (raf, jg)\n');
    expect((await cli('game', 'tick', '--at', 'soon')).code).toBe(2);
    expect((await cli('game', 'terminate', 'demo', '--reason', 'done')).out).toBe('game demo terminated at turn 2\n');
    const sent = mails();
    expect(sent.find((m) => m.recipient === 'jg@example.org')!.subject).toBe(
      '[demo] Welcome to Channel duel: orders for turn 1',
    );
    expect(sent.filter((m) => m.recipient === 'raf@example.org' && m.kind === 'report').map((m) => m.subject)).toEqual([
      '[demo] Turn 1 report',
      '[demo] Turn 1 report (RERUN)',
    ]);
    const notices = sent.filter((m) => m.recipient === 'raf@example.org' && m.kind === 'notice').map((m) => m.subject);
    expect(notices).toEqual(
      expect.arrayContaining([
        '[demo] The game settings changed',
        '[demo] The game is paused',
        '[demo] The game goes on',
        '[demo] Turn 1 is extended',
        '[demo] Turn 1 was rolled back',
        '[demo] Jg takes over from lw',
        '[demo] The game has ended',
      ]),
    );
  });

  it('approves and declines sign-up requests, and sets a GM secret', async () => {
    await cli('game', 'create', join(ROOT, 'scenarios/duel.yaml'), '--id', 'club');
    expect((await cli('gm', 'set', 'club', '--new-secret')).err).toMatch(/needs an address/);
    expect((await cli('gm', 'set', 'club', '--email', 'umpire@example.org', '--new-secret')).out).toMatch(
      /GM secret: \S+\n/,
    );
    await cli('game', 'set', 'club', 'signup', 'on');
    const rt = openRuntime();
    try {
      rt.store.tx((tx) => {
        requestJoin(rt.deps, tx, { gameId: 'club', playerId: 'ann', email: 'ann@example.org', note: 'RAF please' });
        requestJoin(rt.deps, tx, { gameId: 'club', playerId: 'bob', email: 'bob@example.org', note: '' });
      });
    } finally {
      rt.close();
    }
    expect((await cli('player', 'requests', 'club')).out).toBe(
      'ann          ann@example.org                RAF please\nbob          bob@example.org\n',
    );
    expect((await cli('player', 'approve', 'club', 'ann', '--planes', 'R1')).out).toMatch(
      /Player ann added to game club, flying R1; the secret was mailed to ann@example.org/,
    );
    expect((await cli('player', 'decline', 'club', 'bob')).out).toMatch(/declined/);
    expect((await cli('player', 'requests', 'club')).out).toBe('No requests.\n');
    expect(mails().find((m) => m.recipient === 'ann@example.org')!.text).toMatch(/Your secret is: \S+/);
  });

  it('prints the game list as JSON when spawned', () => {
    const r = spawnSync('node', [join(ROOT, 'bin/tallyho.js'), 'game', 'list', '--json'], {
      cwd: dir,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', DATABASE_PATH: DB },
    });
    expect(r.stderr).toBe(`tallyho: database ${DB}\n`);
    expect((JSON.parse(r.stdout) as { id: string }[]).map((g) => g.id)).toEqual(['demo', 'club']);
  });
  it('makes seats for the computer: --computer at creation, game computer for a side before start and for a player after', async () => {
    expect(
      await cli('game', 'create', join(ROOT, 'scenarios/duel.yaml'), '--id', 'cpu1', '--computer', 'martians'),
    ).toMatchObject({
      code: 2,
      err: expect.stringContaining('--computer martians: '),
    });
    expect((await cli('game', 'list')).out).not.toContain('cpu1');
    const made = await cli(
      'game',
      'create',
      join(ROOT, 'scenarios/duel.yaml'),
      '--id',
      'cpu1',
      '--computer',
      'Luftwaffe',
    );
    expect(made.out).toContain('Seat computer: the stand-in pilot flies G1 (docs/standin.md)');
    await cli('player', 'add', 'cpu1', 'raf', '--email', 'raf1@example.org', '--planes', 'R1');
    expect((await cli('game', 'start', 'cpu1')).code).toBe(0);
    expect(
      mails()
        .filter((m) => m.gameId === 'cpu1')
        .map((m) => m.recipient),
    ).toEqual(['raf1@example.org']);
    await cli('game', 'create', join(ROOT, 'scenarios/duel.yaml'), '--id', 'cpu2');
    await cli('player', 'add', 'cpu2', 'raf', '--email', 'raf2@example.org', '--planes', 'R1');
    expect((await cli('game', 'computer', 'cpu2', 'lw')).out).toBe(
      'computer: a seat the stand-in pilot flies, with G1\n',
    );
    expect((await cli('game', 'computer', 'cpu2', 'lw')).err).toContain('every plane of side lw has a player already');
    await cli('game', 'start', 'cpu2');
    expect((await cli('game', 'computer', 'cpu2', 'raf')).out).toBe(
      'computer2 (the stand-in pilot) takes over R1 from raf; the players are told\n' +
        "Every seat of turn 1 is now flown by the stand-in pilot (the computer's, or a player on leave): with no player's own orders to wait for, the turn waits for the game master's PROCESS (the turn has no deadline).\n",
    );
    expect(
      mails()
        .filter((m) => m.recipient === 'raf2@example.org')
        .map((m) => m.subject),
    ).toContain('[cpu2] The computer flies your planes');
    // Every seat is the computer's now: the turn waits for its deadline or PROCESS, never runs away.
    const status = (await cli('game', 'status', 'cpu2')).out;
    expect(status).toContain(
      'orders for turn 1: every seat flown by the stand-in pilot: the turn waits for its deadline or PROCESS',
    );
    expect(status).toContain("deadline: none (resolved by the game master's PROCESS)");
    expect((await cli('game', 'tick')).out).toBe('nothing to do\n');
    expect((await cli('game', 'process', 'cpu2')).out).toMatch(/^turn 1 resolved\n/);
    expect((await cli('verify', 'cpu2')).out).toContain('Every die, state and event is as stored.');
    // raf handed his seat to the computer: a game left before its end, in his record.
    expect((await cli('player', 'record', 'raf2@example.org')).out).toMatch(
      /^raf2@example.org: 1 game on this referee; 0 turns with their own orders in, 0\nturns missed; 0 turns flown by the stand-in pilot; 1 game left before the end\.\ngame +player +status +own +missed +stand-in +left\ncpu2 +raf +running +0 +0 +0 +yes\n$/,
    );
    expect(JSON.parse((await cli('player', 'record', 'raf2@example.org', '--json')).out).totals).toEqual({
      games: 1,
      ownOrders: 0,
      missed: 0,
      standin: 0,
      left: 1,
    });
    expect((await cli('player', 'record', 'nonsense')).code).toBe(2);
  });

  it("sets, shows, tests and turns off the game's notifications, and refuses a bad address with the reason", async () => {
    await cli('game', 'create', join(ROOT, 'scenarios/duel.yaml'), '--id', 'room');
    const set = await cli('game', 'notify', 'room', 'ntfy', 'https://push.example.org/club-room');
    expect(set.out).toMatch(
      /^The game's notifications for game room now go to an ntfy topic at https:\/\/push\.example\.org\/\.\.\.: the start, each turn open/,
    );
    expect(set.out).not.toContain('club-room');
    expect((await cli('game', 'notify', 'room')).out).toMatch(
      /go to an ntfy topic at .*: 0 delivered, 1 waiting\. tallyho game notify room off stops them; tallyho game notify room test sends a test\./,
    );
    expect((await cli('game', 'notify', 'room', 'test')).out).toMatch(/A test message is on its way/);
    const bad = await cli('game', 'notify', 'room', 'http://club.example.org/x');
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/only https addresses are called/);
    expect((await cli('game', 'notify', 'nosuch', 'off')).err).toMatch(/there is no game 'nosuch'/);
    expect((await cli('game', 'notify', 'room', 'OFF')).out).toMatch(/are off: nothing more goes to/);
  });
});
