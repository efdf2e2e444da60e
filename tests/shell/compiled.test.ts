/**
 * The compiled tree (dist/, made by bin/build.js) and the choice between it and the sources
 * (bin/compiled.js): dist/ finds every file the program reads relative to the package, its SMTP
 * thread sends, `tallyho impulses` loads no heavy package, and an edit to src/ is never silently
 * ignored. The global setup (tests/support/build-setup.ts) has built dist/ when it was stale.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { DIST, ROOT, sourceStamp, staleReason } from '../../bin/compiled.js';

const temps: string[] = [];
const temp = (prefix: string): string => {
  const d = mkdtempSync(join(tmpdir(), prefix));
  temps.push(d);
  return d;
};
afterAll(() => {
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

const compiled = (module: string): Promise<Record<string, unknown>> =>
  import(pathToFileURL(join(DIST, `${module}.js`)).href);

describe('the compiled tree', () => {
  it('is current for the sources the tests run', () => {
    expect(staleReason()).toBeNull();
  });

  it('finds the templates, migrations, aircraft, scenarios and web files of the package', async () => {
    const dirs = [
      (await compiled('shell/render/handlebars')).DEFAULT_TEMPLATES_DIR,
      (await compiled('shell/web/views')).WEB_TEMPLATES_DIR,
      (await compiled('shell/db/migrations')).DEFAULT_MIGRATIONS_DIR,
      (await compiled('shell/aircraft/catalog')).DEFAULT_AIRCRAFT_DIR,
      (await compiled('shell/scenario-source')).DEFAULT_SCENARIOS_DIR,
      (await compiled('shell/campaign-source')).DEFAULT_CAMPAIGNS_DIR,
      (await compiled('shell/campaign-source')).DEFAULT_NAMES_FILE,
      (await compiled('shell/local/demo')).DEMO_SCENARIO,
      (await compiled('shell/web/archive')).STATIC_DIR,
    ] as string[];
    expect(dirs).toEqual(
      [
        'templates',
        'templates/web',
        'migrations',
        'data/aircraft',
        'scenarios',
        'campaigns',
        'data/pilots/names.yaml',
        'scenarios/duel.yaml',
        'src/shell/web/static',
      ].map((d) => join(ROOT, d)),
    );
    for (const d of dirs) expect(existsSync(d), d).toBe(true);
  });

  it('sends mail from its own SMTP thread (dist/shell/mail/smtp-thread.js, no tsx)', async () => {
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
    const { smtpTransport } = (await compiled('shell/mail/transport')) as {
      smtpTransport: (c: object) => { send(m: object): Promise<{ accepted: string[] }>; close(): void };
    };
    const transport = smtpTransport({
      host: '127.0.0.1',
      port: (server.server.address() as AddressInfo).port,
      security: 'none',
      user: '',
      auth: 'password',
      password: '',
    });
    try {
      const r = await transport.send({
        from: 'referee@example.test',
        to: 'ann@example.test',
        envelope: { from: 'referee@example.test', to: ['ann@example.test'] },
        subject: 'Turn 1 report',
        text: 'R1 at 12,000 ft.\n',
      });
      expect(r.accepted).toEqual(['ann@example.test']);
      expect(received[0]).toMatch(/^Subject: Turn 1 report/m);
    } finally {
      transport.close();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it('starts `tallyho impulses` from dist/ without loading SQLite, express, the mail packages or the templates', () => {
    const log = join(temp('tallyho-imports-'), 'imports.log');
    const r = spawnSync(
      process.execPath,
      [
        '--import',
        join(ROOT, 'tests/support/log-imports.mjs'),
        join(ROOT, 'bin/tallyho.js'),
        'impulses',
        '5',
        '--json',
      ],
      {
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '', TALLYHO_IMPORT_LOG: log },
      },
    );
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout).impulses).toEqual([3, 5, 8, 10, 12]);
    const urls = readFileSync(log, 'utf8').trim().split('\n');
    expect(urls).toContain(pathToFileURL(join(DIST, 'shell/cli/impulses.js')).href);
    expect(urls.filter((u) => u.includes('/src/'))).toEqual([]);
    const packages = new Set(
      urls.filter((u) => u.includes('/node_modules/')).map((u) => u.replace(/^.*\/node_modules\//, '').split('/')[0]),
    );
    expect([...packages]).toEqual(['commander']);
  });
});

describe('the choice between dist/ and src/', () => {
  /** A copy of the package's code (times kept, so the copied stamp still holds) on the real node_modules. */
  function copyPackage(): string {
    const root = temp('tallyho-package-');
    for (const d of ['bin', 'src', 'dist'])
      cpSync(join(ROOT, d), join(root, d), { recursive: true, preserveTimestamps: true });
    for (const f of ['package.json', 'tsconfig.json', 'tsconfig.build.json'])
      cpSync(join(ROOT, f), join(root, f), { preserveTimestamps: true });
    symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'));
    return root;
  }
  const run = (root: string, ...args: string[]) =>
    spawnSync(process.execPath, [join(root, 'bin/tallyho.js'), ...args], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '' },
    });

  it('says why dist/ is stale: a source changed, added or removed, or no build', () => {
    const root = temp('tallyho-stamp-');
    mkdirSync(join(root, 'src/app'), { recursive: true });
    mkdirSync(join(root, 'dist'));
    writeFileSync(join(root, 'src/app/a.ts'), 'export const a = 1;\n');
    writeFileSync(join(root, 'tsconfig.json'), '{}\n');
    expect(staleReason(root)).toMatch(/no compiled code/);
    writeFileSync(join(root, 'dist/build-stamp.json'), JSON.stringify({ files: sourceStamp(root) }));
    expect(staleReason(root)).toBeNull();
    writeFileSync(join(root, 'src/app/a.ts'), 'export const a = 2;\n');
    utimesSync(join(root, 'src/app/a.ts'), 1e9, 1e9);
    expect(staleReason(root)).toBe('src/app/a.ts changed since the last build');
    writeFileSync(join(root, 'dist/build-stamp.json'), JSON.stringify({ files: sourceStamp(root) }));
    writeFileSync(join(root, 'src/app/b.ts'), 'export const b = 1;\n');
    expect(staleReason(root)).toBe('src/app/b.ts is new since the last build');
    unlinkSync(join(root, 'src/app/b.ts'));
    unlinkSync(join(root, 'src/app/a.ts'));
    expect(staleReason(root)).toBe('src/app/a.ts was removed since the last build');
    writeFileSync(join(root, 'tsconfig.json'), '{ "compilerOptions": {} }\n');
    writeFileSync(join(root, 'src/app/a.ts'), 'export const a = 2;\n');
    utimesSync(join(root, 'src/app/a.ts'), 1e9, 1e9);
    expect(staleReason(root)).toBe('tsconfig.json changed since the last build');
  });

  it('runs dist/ while it is current, and the edited sources, with a warning, once src/ changes', () => {
    const root = copyPackage();
    const fresh = run(root, 'impulses', 'fast');
    expect(fresh.status).toBe(2);
    expect(fresh.stderr).toBe(
      "tallyho: 'fast' is not a speed: write a number of speed points with at most one decimal, e.g. 5 or 5.5\n",
    );
    const file = join(root, 'src/shell/cli/impulses.ts');
    writeFileSync(file, readFileSync(file, 'utf8').replace('is not a speed: write', 'is no speed: write'));
    const edited = run(root, 'impulses', 'fast');
    expect(edited.status).toBe(2);
    expect(edited.stderr).toBe(
      [
        'tallyho: src/shell/cli/impulses.ts changed since the last build: running the TypeScript sources (a slower start); `npm run build` compiles them.',
        "tallyho: 'fast' is no speed: write a number of speed points with at most one decimal, e.g. 5 or 5.5",
        '',
      ].join('\n'),
    );
    rmSync(join(root, 'dist'), { recursive: true });
    expect(run(root, 'impulses', '5', '--json').stderr).toMatch(
      /^tallyho: there is no compiled code \(dist\/build-stamp.json is missing\): running the TypeScript sources/,
    );
  });
});
