/**
 * Which .env and which database every command uses (src/shell/config.ts configDir and loadConfig,
 * src/shell/runtime.ts withRuntime): one rule for serve and the other commands and
 * bin/send-orders.js; no command but game create, import and serve makes a database; the
 * database opened is named on standard error; the demo secrets are kept per database.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../../bin/compiled.js';
import { configDir, configFrom, INSTALL_DIR, loadConfig } from '../../../src/shell/config.ts';
import { demoFile, ensureDemo } from '../../../src/shell/local/demo.ts';
import { openRuntime } from '../../../src/shell/runtime.ts';

const dir = realpathSync(mkdtempSync(join(tmpdir(), 'tallyho-db-cli-')));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function cli(cwd: string, env: Record<string, string>, ...args: string[]) {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/tallyho.js'), ...args], {
    cwd,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('the configuration directory', () => {
  it("is the installation's from anywhere inside it, unless a nearer directory has a .env; elsewhere the working directory", () => {
    const install = join(dir, 'install');
    mkdirSync(join(install, 'docs/deep'), { recursive: true });
    mkdirSync(join(dir, 'elsewhere'));
    expect(configDir(install, install)).toBe(install);
    expect(configDir(join(install, 'docs/deep'), install)).toBe(install);
    expect(configDir(join(dir, 'elsewhere'), install)).toBe(join(dir, 'elsewhere'));
    writeFileSync(join(install, 'docs/.env'), 'HTTP_PORT=9000\n');
    expect(configDir(join(install, 'docs/deep'), install)).toBe(join(install, 'docs'));
    expect(configDir(install, install)).toBe(install);
    expect(INSTALL_DIR).toBe(ROOT);
  });

  it('reads that .env and takes a relative DATABASE_PATH from its directory, saying where the path came from', () => {
    const home = join(dir, 'home');
    mkdirSync(join(home, 'sub'), { recursive: true });
    writeFileSync(join(home, '.env'), 'DATABASE_PATH=data/club.sqlite\nHTTP_PORT=9000\n');
    const c = loadConfig({ envFile: join(home, '.env'), env: {} });
    expect(c).toMatchObject({
      databasePath: join(home, 'data/club.sqlite'),
      httpPort: 9000,
      databaseFrom: `DATABASE_PATH in ${join(home, '.env')}`,
    });
    expect(loadConfig({ envFile: join(home, '.env'), env: { DATABASE_PATH: 'x.sqlite' } })).toMatchObject({
      databasePath: join(home, 'x.sqlite'),
      databaseFrom: 'DATABASE_PATH in the environment',
    });
    expect(loadConfig({ cwd: join(home, 'sub'), env: {} })).toMatchObject({
      databasePath: join(home, 'sub/var/tallyho.sqlite'),
      databaseFrom: `the default var/tallyho.sqlite in ${join(home, 'sub')} (no .env there)`,
    });
  });
});

describe('commands and the database', () => {
  const env = { DATABASE_PATH: join(dir, 'cli/club.sqlite') };

  it('fails a command that needs a database where there is none, naming the path, and makes none', () => {
    mkdirSync(join(dir, 'cli'));
    for (const args of [
      ['game', 'list'],
      ['game', 'list', '--json'],
      ['game', 'status', 'club'],
      ['export', 'club'],
      ['verify', 'club'],
      ['mail', 'list'],
      ['gm', 'show', 'club'],
      ['game', 'start', 'club'],
    ]) {
      const r = cli(join(dir, 'cli'), env, ...args);
      expect(r, args.join(' ')).toEqual({
        code: 1,
        out: '',
        err: [
          `tallyho: there is no database at ${env.DATABASE_PATH}`,
          '  the path is DATABASE_PATH in the environment',
          '  tallyho game create or tallyho serve makes one there; tallyho import restores a game into one; DATABASE_PATH names another',
          '',
        ].join('\n'),
      });
    }
    expect(existsSync(env.DATABASE_PATH)).toBe(false);
    const bare = cli(join(dir, 'cli'), {}, 'game', 'list');
    expect(bare.err).toMatch(
      new RegExp(
        `^tallyho: there is no database at ${join(dir, 'cli/var/tallyho.sqlite')}\n  the path is the default var/tallyho.sqlite in ${join(dir, 'cli')} \\(no .env there\\)\n`,
      ),
    );
    expect(existsSync(join(dir, 'cli/var'))).toBe(false);
    // game create makes one, but not for a scenario it cannot read.
    const bad = cli(join(dir, 'cli'), {}, 'game', 'create', 'nothere.yaml', '--id', 'club');
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/cannot read nothere\.yaml/);
    expect(existsSync(join(dir, 'cli/var'))).toBe(false);
    // Nor for a quick-game scenario (seed 004) that is not valid.
    writeFileSync(join(dir, 'cli/quick-bad.yaml'), 'ruleset: quick\nname: Bad\nsides: {}\n');
    const quick = cli(join(dir, 'cli'), {}, 'game', 'create', 'quick-bad.yaml', '--id', 'club');
    expect(quick.code).toBe(1);
    expect(quick.err).toMatch(/quick-bad\.yaml is not a valid quick-game scenario/);
    expect(existsSync(join(dir, 'cli/var'))).toBe(false);
  });

  it('names the database on standard error, made or opened, leaving standard output to the command', () => {
    const made = cli(join(dir, 'cli'), env, 'game', 'create', join(ROOT, 'scenarios/duel.yaml'), '--id', 'club');
    expect(made).toMatchObject({ code: 0, err: `tallyho: database ${env.DATABASE_PATH} (made now)\n` });
    const list = cli(join(dir, 'cli'), env, 'game', 'list', '--json');
    expect(list.err).toBe(`tallyho: database ${env.DATABASE_PATH}\n`);
    expect(JSON.parse(list.out)).toMatchObject([{ id: 'club', status: 'setup' }]);
  });

  it('reads the database from the .env of the working directory as serve does', () => {
    writeFileSync(join(dir, 'cli/.env'), 'DATABASE_PATH=club.sqlite\n');
    const list = cli(join(dir, 'cli'), {}, 'game', 'list');
    expect(list.err).toBe(`tallyho: database ${env.DATABASE_PATH}\n`);
    expect(list.out).toMatch(/\nclub +setup +1 +Channel duel\n$/);
  });
});

describe('the demo secrets', () => {
  const open = (db: string) => openRuntime({ config: configFrom({ DATABASE_PATH: db, LOG_LEVEL: 'silent' }) });
  const demo = (db: string) => {
    const rt = open(db);
    try {
      return ensureDemo(rt);
    } finally {
      rt.close();
    }
  };

  it('are kept per database: a second database beside the first has its own file', () => {
    mkdirSync(join(dir, 'demo'));
    const a = join(dir, 'demo/a.sqlite');
    const b = join(dir, 'demo/b.sqlite');
    const first = demo(a);
    const second = demo(b);
    expect(first.created && second.created).toBe(true);
    expect(demoFile(a)).toBe(join(dir, 'demo/a.demo-players.txt'));
    expect(first.players.map((p) => p.secret)).not.toEqual(second.players.map((p) => p.secret));
    expect(demo(a)).toEqual({ created: false, players: first.players });
    expect(demo(b)).toEqual({ created: false, players: second.players });
  });

  it('are taken over from the one file per directory of older installations only when they open this database', () => {
    const a = join(dir, 'demo/a.sqlite');
    const b = join(dir, 'demo/b.sqlite');
    const players = demo(a).players;
    writeFileSync(join(dir, 'demo/demo-players.txt'), readFileSync(demoFile(a)));
    rmSync(demoFile(a));
    rmSync(demoFile(b));
    expect(demo(b).players).toEqual([]);
    expect(existsSync(demoFile(b))).toBe(false);
    expect(demo(a).players).toEqual(players);
    expect(readFileSync(demoFile(a), 'utf8')).toMatch(/^raf raf@localhost R1 /m);
  });
});

describe('bin/send-orders.js', () => {
  it('sends to LOCAL_SMTP_PORT of the .env, as serve reads it', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream: SMTPServerDataStream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    try {
      const home = join(dir, 'send');
      mkdirSync(home);
      writeFileSync(join(home, '.env'), `LOCAL_SMTP_PORT=${(server.server.address() as AddressInfo).port}\n`);
      writeFileSync(join(home, 'raf.txt'), '#TALLYHO demo raf "T1-abc"\nR1: 1 1 1 1 1\n#END\n');
      const r = await new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
        // Asynchronous: the SMTP server answers from this process.
        import('node:child_process').then(({ execFile }) =>
          execFile(
            process.execPath,
            [join(ROOT, 'bin/send-orders.js'), 'raf.txt'],
            { cwd: home, env: { PATH: process.env.PATH ?? '' } },
            (e, out, err) => resolve({ code: e ? ((e as { code?: number }).code ?? 1) : 0, out, err }),
          ),
        );
      });
      expect(r.err).toBe('');
      expect(r.out).toMatch(/^sent <.*> from raf@localhost to referee@localhost: 250/);
      expect(received[0]).toMatch(/R1: 1 1 1 1 1/);
      writeFileSync(join(home, '.env'), 'LOCAL_SMTP_PORT=0\n');
      const zero = spawnSync(process.execPath, [join(ROOT, 'bin/send-orders.js'), 'raf.txt'], {
        cwd: home,
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '' },
      });
      expect(zero.status).toBe(2);
      expect(zero.stderr).toMatch(/LOCAL_SMTP_PORT is 0 .*give --port/);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});
