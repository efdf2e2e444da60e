/**
 * tallyho export, import, verify and verify-dice, run as a game master or a player would: in this
 * process (cliAt, tests/support/cli-in-process.ts), and spawned where they read standard input.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { afterAll, describe, expect, it } from 'vitest';
import { receive } from '../../../src/app/intake/intake.ts';
import { composeMessage } from '../../../src/shell/mail/compose.ts';
import { progressBar } from '../../../src/shell/progress.ts';
import { envelope, mail, place, startedDuel, testReferee } from '../../support/app.ts';
import { cliAt } from '../../support/cli-in-process.ts';

const ROOT = resolve('.');
const dir = mkdtempSync(join(tmpdir(), 'tallyho-history-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `tallyho <args>` on the database `db` of the file's directory, run in this process. */
const cli = (db: string, args: string[]) => cliAt({ DATABASE_PATH: join(dir, db) }, dir, ...args);

/** `tallyho <args>` spawned, as a user runs it, with `input` on its standard input. */
function spawned(db: string, args: string[], input: string) {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', DATABASE_PATH: join(dir, db) };
  const r = spawnSync('node', [join(ROOT, 'bin/tallyho.js'), ...args], { cwd: dir, encoding: 'utf8', env, input });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** A duel played two turns (shots in turn 1) in a database file. */
function played(db: string) {
  const t = testReferee({ path: join(dir, db) });
  const s = startedDuel(t);
  for (let i = 0; i < 2; i++) {
    receive(
      t.deps,
      mail('red@example.test', envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1\nFIRE R1 ALL AT B1')),
      place(null),
    );
    receive(
      t.deps,
      mail('blue@example.test', envelope('duel', 'blue', s.blue, 'B1: 1 1 1 1 1\nFIRE B1 ALL AT R1')),
      place(null),
    );
  }
  const outbox = t.store.tx((tx) => tx.outbox.list({ recipient: 'red@example.test' }));
  t.store.close();
  return outbox;
}

describe('tallyho export, import and verify', () => {
  it('exports to a private file, imports into a fresh database with new secrets, and verifies it', async () => {
    played('a.sqlite');
    const file = join(dir, 'duel.json');
    const ex = await cli('a.sqlite', ['export', 'duel', '--out', file]);
    expect(ex).toMatchObject({ code: 0, err: `tallyho: database ${join(dir, 'a.sqlite')}\n` });
    expect(ex.out).toMatch(/Game duel exported to .*duel\.json: 2 players, 2 resolved turns/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect({ ...JSON.parse((await cli('a.sqlite', ['export', 'duel'])).out), exportedAt: 0 }).toEqual({
      ...JSON.parse(readFileSync(file, 'utf8')),
      exportedAt: 0,
    });
    const im = await cli('b.sqlite', ['import', file]);
    expect(im.err).toBe(`tallyho: database ${join(dir, 'b.sqlite')} (made now)\n`);
    expect(im.out).toMatch(/Game duel imported: running, turn 3, 2 resolved turns, 2 players\./);
    expect(im.out).toMatch(/red +red@example\.test +[a-z2-9]{4}(-[a-z2-9]{4}){3}\n/);
    const v = await cli('b.sqlite', ['verify', 'duel']);
    expect(v).toMatchObject({ code: 0, err: `tallyho: database ${join(dir, 'b.sqlite')}\n` }); // not a terminal: no progress bar
    expect(v.out).toMatch(
      /^Game duel: 2 resolved turns re-resolved in [\d.]+ s, [\d,]+ turns\/s\.\nEvery die, state and event is as stored\.\n$/,
    );
    expect(await cli('b.sqlite', ['import', file])).toMatchObject({
      code: 1,
      err: expect.stringMatching(/a game 'duel' exists already/),
    });
    writeFileSync(join(dir, 'bad.json'), '{"format":"tallyho-game","version":9}');
    expect(await cli('c.sqlite', ['import', join(dir, 'bad.json')])).toMatchObject({
      code: 1,
      err: expect.stringMatching(/format version 9/),
    });
    expect(spawned('c.sqlite', ['import', '-'], readFileSync(file, 'utf8')).code).toBe(0);
  });

  it('fails verify with exit code 1, naming the turn, when a stored state was changed', async () => {
    played('d.sqlite');
    const t = testReferee({ path: join(dir, 'd.sqlite') });
    t.store.db
      .prepare("UPDATE turns SET state = json_set(state, '$.planes[0].facing', 7) WHERE game_id = 'duel' AND turn = 3")
      .run();
    t.store.close();
    const v = await cli('d.sqlite', ['verify', 'duel']);
    expect(v.code).toBe(1);
    expect(v.out).toMatch(/\nturn 2: state after the turn: planes\[0\]\.facing is 7 as stored, \d+ re-resolved\n/);
    expect(v.err).toBe(
      `tallyho: database ${join(dir, 'd.sqlite')}\ntallyho: game duel: 1 turn of 2 differs from what was stored\n`,
    );
    expect(await cli('d.sqlite', ['verify', 'nope'])).toMatchObject({
      code: 1,
      err: expect.stringMatching(/no game 'nope'/),
    });
  });

  it("checks a report saved as a raw mail, with the welcome's commitment", async () => {
    const [welcome, report] = played('e.sqlite').filter((m) => m.kind !== 'ack');
    const eml = async (row: typeof welcome) =>
      new MailComposer(composeMessage(row!, { address: 'referee@example.test', name: 'Referee' })).compile().build();
    writeFileSync(join(dir, 'welcome.eml'), await eml(welcome));
    writeFileSync(join(dir, 'report.eml'), await eml(report));
    expect(readFileSync(join(dir, 'report.eml'), 'utf8')).toMatch(/Content-Transfer-Encoding: quoted-printable/);
    const ok = await cli('e.sqlite', ['verify-dice', join(dir, 'report.eml'), '--previous', join(dir, 'welcome.eml')]);
    expect(ok).toMatchObject({ code: 0, err: '' });
    expect(ok.out).toMatch(/^The dice of turn 1\n(ok {4}.*\n){5}$/);
    const bad = spawned('e.sqlite', ['verify-dice', '-', '--commitment', 'a'.repeat(64)], report!.text);
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(/FAIL {2}the server seed of turn 1 is NOT the one committed to on the command line/);
    expect(bad.err).toBe('tallyho: 1 check of the dice failed\n');
    expect(
      await cli('e.sqlite', ['verify-dice', join(dir, 'report.eml'), '--previous', join(dir, 'report.eml')]),
    ).toMatchObject({ code: 2, err: expect.stringMatching(/publishes no commitment for turn 1/) });
  });
});

describe('the progress bar', () => {
  const stream = (isTTY: boolean) => {
    const written: string[] = [];
    return { written, s: { isTTY, write: (x: string) => written.push(x) } as unknown as NodeJS.WriteStream };
  };

  it('is drawn on a terminal only, once per percent, and wiped at the end', () => {
    const tty = stream(true);
    const bar = progressBar('verify duel', tty.s);
    for (let i = 1; i <= 400; i++) bar.update(i, 400);
    bar.done();
    expect(tty.written).toHaveLength(102); // 0% to 100%, then the wipe
    expect(tty.written[0]).toBe(`\rverify duel [${'.'.repeat(30)}]   0% 1/400`);
    expect(tty.written[100]).toBe(`\rverify duel [${'#'.repeat(30)}] 100% 400/400`);
    expect(tty.written[101]).toBe('\r\x1b[2K');
    const pipe = stream(false);
    const quiet = progressBar('verify duel', pipe.s);
    quiet.update(1, 2);
    quiet.done();
    expect(pipe.written).toEqual([]);
  });
});
