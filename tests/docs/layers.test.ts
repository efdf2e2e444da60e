/**
 * The wall between the layers (.dependency-cruiser.cjs, docs/architecture.md "Layers"), run over
 * deliberate offenders: a tree of src/ files written to a temporary directory, each offender beside
 * files that break nothing, and dependency-cruiser run on it with the project's own config. Each
 * rule must fire on its offender and on nothing else; and the layers docs/architecture.md lists are
 * the config's, in its order.
 */
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

interface Rule {
  name: string;
  from: { path?: string; pathNot?: string[] };
}
const config = createRequire(import.meta.url)(join(ROOT, '.dependency-cruiser.cjs')) as { forbidden: Rule[] };

/** Files that break no rule: a file in each kind of layer, importing down, and zod in the core. */
const CLEAN: Record<string, string> = {
  'src/orders/ast.ts': 'export type Ast = { a: number };\n',
  'src/core/rules.ts':
    "import type { Ast } from '../orders/ast.ts';\nimport { z } from 'zod';\nexport const rule = (a: Ast): number => z.number().parse(a.a);\n",
  'src/report/text.ts':
    "import { rule } from '../core/rules.ts';\nexport const text = (): string => String(rule({ a: 1 }));\n",
  'src/app/ports/store.ts': 'export interface Store { get(): string }\n',
  'src/app/mail/mailer.ts':
    "import type { Store } from '../ports/store.ts';\nimport { text } from '../../report/text.ts';\nexport const mail = (s: Store): string => s.get() + text();\n",
  'src/shell/main.ts':
    "import { readFileSync } from 'node:fs';\nimport Database from 'better-sqlite3';\nimport { mail } from '../app/mail/mailer.ts';\nexport const main = (): unknown => [readFileSync, Database, mail];\n",
  'src/shell/web/static/page.js': 'document.title = "served to the browser, imported by nobody";\n',
};

/** The offenders: each file, and the rules it must break (as `rule from -> to`). */
const OFFENDERS: { what: string; files: Record<string, string>; expected: string[] }[] = [
  {
    what: 'a new folder of app/ that is in no layer, importing the shell',
    files: { 'src/app/util/helper.ts': "import { main } from '../../shell/main.ts';\nexport const helper = main;\n" },
    expected: ['in-a-layer src/app/util/helper.ts -> src/shell/main.ts'],
  },
  {
    what: 'a new top folder imported by the core and importing the app',
    files: {
      'src/lib/thing.ts': "import type { Store } from '../app/ports/store.ts';\nexport type Thing = Store;\n",
      'src/core/uses-lib.ts':
        "import type { Thing } from '../lib/thing.ts';\nexport const n = (t: Thing): string => t.get();\n",
    },
    expected: [
      'in-a-layer src/lib/thing.ts -> src/app/ports/store.ts',
      'import-in-a-layer src/core/uses-lib.ts -> src/lib/thing.ts',
    ],
  },
  {
    what: 'node:fs and better-sqlite3 in app/mail',
    files: {
      'src/app/mail/raw-store.ts':
        "import { writeFileSync } from 'node:fs';\nimport Database from 'better-sqlite3';\nexport const save = (): unknown => [writeFileSync, Database];\n",
    },
    expected: [
      'no-node-below-the-shell src/app/mail/raw-store.ts -> fs',
      'no-package-below-the-shell src/app/mail/raw-store.ts -> node_modules/better-sqlite3/',
    ],
  },
  {
    what: 'node:fs in report/',
    files: { 'src/report/write.ts': "import { writeFileSync } from 'node:fs';\nexport const write = writeFileSync;\n" },
    expected: ['no-node-below-the-shell src/report/write.ts -> fs'],
  },
  {
    what: 'an I/O package in the core',
    files: { 'src/core/sends.ts': "import nodemailer from 'nodemailer';\nexport const t = nodemailer;\n" },
    expected: ['no-package-below-the-shell src/core/sends.ts -> node_modules/nodemailer/'],
  },
  {
    what: 'a lone file in no layer (nothing imports it, it imports nothing)',
    files: { 'src/scratch/alone.ts': 'export const alone = 1;\n' },
    expected: ['orphan-in-a-layer src/scratch/alone.ts -> src/scratch/alone.ts'],
  },
  {
    what: 'an import up the layers',
    files: { 'src/core/reads-report.ts': "import { text } from '../report/text.ts';\nexport const t = text;\n" },
    expected: ['layer-core src/core/reads-report.ts -> src/report/text.ts'],
  },
  {
    what: 'an import circle',
    files: {
      'src/core/ping.ts': "import type { Pong } from './pong.ts';\nexport type Ping = { pong?: Pong };\n",
      'src/core/pong.ts': "import type { Ping } from './ping.ts';\nexport type Pong = { ping?: Ping };\n",
    },
    // A circle is told once, from its first file.
    expected: ['no-circular src/core/ping.ts -> src/core/pong.ts'],
  },
];

let dir = '';

/** dependency-cruiser run with the project's config over `files` in a fresh copy of the tree: its violations as `rule from -> to`. */
function cruise(files: Record<string, string>): string[] {
  const tree = mkdtempSync(join(dir, 'tree-'));
  for (const f of ['package.json', 'tsconfig.json', '.dependency-cruiser.cjs'])
    copyFileSync(join(ROOT, f), join(tree, f));
  symlinkSync(join(ROOT, 'node_modules'), join(tree, 'node_modules'));
  for (const [path, text] of Object.entries({ ...CLEAN, ...files })) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), text);
  }
  let out: string;
  try {
    out = execFileSync(process.execPath, [CLI, 'src', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], {
      cwd: tree,
      encoding: 'utf8',
      maxBuffer: 64 << 20,
    });
  } catch (e) {
    // It exits non-zero when it finds violations; its report is still on stdout.
    out = (e as { stdout?: string }).stdout ?? '';
  }
  const report = JSON.parse(out) as { summary: { violations: { rule: { name: string }; from: string; to: string }[] } };
  return report.summary.violations
    .map((v) => `${v.rule.name} ${v.from} -> ${v.to.replace(/^(?:.*\/)?(node_modules\/[^/]+\/).*$/, '$1')}`)
    .sort();
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'tallyho-layers-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the layers of src/ (.dependency-cruiser.cjs)', () => {
  it('find nothing in files that keep to them', () => {
    expect(cruise({})).toEqual([]);
  });

  it.each(OFFENDERS)('fire on $what, and only there', ({ files, expected }) => {
    expect(cruise(files)).toEqual([...expected].sort());
  });

  it('are those docs/architecture.md lists, in its order', () => {
    const placed = config.forbidden.find((r) => r.name === 'in-a-layer');
    const layers = (placed?.from.pathNot ?? []).map((p) => p.replace(/^\^src\//, '').replace('[^/]+$', '*.ts'));
    const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
    const block = /## Layers[\s\S]*?```\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
    const listed = block
      .split('\n')
      .filter((l) => /^\S/.test(l))
      .map((l) => l.split(/\s+/)[0]);
    expect(layers.length).toBeGreaterThan(10);
    expect(listed).toEqual(layers);
  });

  it("name every file of the app's folders in their rows of docs/architecture.md", () => {
    const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
    const block = /## Layers[\s\S]*?```\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
    // A row: its first line (the layer at its start) and the lines that go on under it.
    const rows = new Map<string, string>();
    let current = '';
    for (const line of block.split('\n')) {
      if (/^\S/.test(line)) current = line.split(/\s+/)[0] as string;
      rows.set(current, `${rows.get(current) ?? ''} ${line}`);
    }
    const unnamed: string[] = [];
    for (const folder of readdirSync(join(ROOT, 'src/app'))) {
      const row = rows.get(`app/${folder}/`);
      if (row === undefined) {
        unnamed.push(`app/${folder}/ has no row`);
        continue;
      }
      for (const file of readdirSync(join(ROOT, 'src/app', folder)).filter((f) => f.endsWith('.ts'))) {
        const name = file.replace(/\.ts$/, '');
        if (!new RegExp(`(^|[\\s,(])${name}\\b`).test(row)) unnamed.push(`app/${folder}/${file}`);
      }
    }
    expect(unnamed).toEqual([]);
  });
});
