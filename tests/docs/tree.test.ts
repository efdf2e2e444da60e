/**
 * The tests follow the tree, and nothing cites a file that is gone (docs/testing.md "Where a test
 * lives"): every test folder under tests/<layer>/ is a folder of src/<layer>/, or one of the few
 * folders of the suite as a whole; every `.ts` file named in a comment of the code, or in a doc, exists.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
/** The folders of tests/ that are of the suite as a whole, not of one part of src/. */
const WHOLE = ['golden', 'integration', 'harness', 'support', 'fixtures', 'docs'];
const SKIP = new Set(['node_modules', 'dist', '.git', 'var', 'coverage']);

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    if (SKIP.has(entry) || entry.startsWith('dist.') || entry.startsWith('.')) return [];
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

const isDir = (path: string): boolean => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

/** Where a test file should live for the tree check: the folder under tests/ it is in, or why it may not be. */
export function misplaced(testFile: string, srcDirs: ReadonlySet<string>): string | null {
  const parts = testFile.split('/');
  const top = parts[0] as string;
  if (WHOLE.includes(top)) return null;
  const folder = parts.slice(0, -1).join('/');
  if (srcDirs.has(folder)) return null;
  return `${testFile}: tests/${folder}/ is no folder of src/ (${[...WHOLE].join(', ')} are the suite's own)`;
}

/** The text of every comment of a TypeScript or JavaScript file. */
export function commentsOf(path: string, text: string): { line: number; text: string }[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const seen = new Set<number>();
  const out: { line: number; text: string }[] = [];
  const take = (ranges: ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? []) {
      if (seen.has(r.pos)) continue;
      seen.add(r.pos);
      out.push({ line: source.getLineAndCharacterOfPosition(r.pos).line + 1, text: text.slice(r.pos, r.end) });
    }
  };
  const visit = (node: ts.Node): void => {
    take(ts.getLeadingCommentRanges(text, node.pos));
    take(ts.getTrailingCommentRanges(text, node.end));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out.sort((a, b) => a.line - b.line);
}

/** A `.ts` file a text names: a file's name, or a path ending in one. */
const CITED = /(?<![\w@/.<*-])((?:[\w.-]+\/)*[\w-]+(?:\.[\w-]+)*\.ts)\b/g;

/** The cited names of a text that are no file: a path must be one from the root, src/, tests/ or the citing file's folder, or end a path of the repo; a bare name must be some file's name. */
export function staleCitations(
  text: string,
  citingDir: string,
  files: readonly string[],
  names: ReadonlySet<string>,
): string[] {
  const stale: string[] = [];
  for (const m of text.matchAll(CITED)) {
    const cite = m[1] as string;
    const ok = /^\.\.?\//.test(cite)
      ? [citingDir, '.'].some((base) => files.includes(join(base, cite)))
      : cite.includes('/')
      ? files.some((f) => f === cite || f.endsWith(`/${cite}`)) ||
        [citingDir, 'src', 'tests'].some((base) => files.includes(join(base, cite)))
      : names.has(cite);
    if (!ok) stale.push(cite);
  }
  return stale;
}

describe('the tree', () => {
  const files = walk(ROOT).map((p) => relative(ROOT, p));
  const names = new Set(files.map((f) => basename(f)));

  it('puts every test in the tests/ folder of what it tests (or in one of the suite as a whole)', () => {
    const srcDirs = new Set(
      files
        .filter((f) => f.startsWith('src/'))
        .map((f) => dirname(f).slice('src/'.length))
        .flatMap((d) => d.split('/').map((_, i, all) => all.slice(0, i + 1).join('/'))),
    );
    const tests = files.filter((f) => f.startsWith('tests/') && f.endsWith('.test.ts')).map((f) => f.slice(6));
    expect(tests.length).toBeGreaterThan(150);
    expect(tests.flatMap((t) => misplaced(t, srcDirs) ?? [])).toEqual([]);
    // And no folder of tests/ is left without its src/ folder.
    const testDirs = new Set(tests.map((t) => dirname(t)).filter((d) => !WHOLE.includes(d.split('/')[0] as string)));
    expect([...testDirs].filter((d) => !isDir(join(ROOT, 'src', d)))).toEqual([]);
  });

  it('tells a misplaced test', () => {
    const srcDirs = new Set(['app', 'app/intake', 'core', 'core/combat']);
    expect(misplaced('app/intake/x.test.ts', srcDirs)).toBeNull();
    expect(misplaced('golden/x.test.ts', srcDirs)).toBeNull();
    expect(misplaced('mail/x.test.ts', srcDirs)).toMatch(/tests\/mail\/ is no folder of src/);
    expect(misplaced('app/x.test.ts', srcDirs)).toBeNull();
    expect(misplaced('app/lost/x.test.ts', srcDirs)).toMatch(/app\/lost/);
  });

  it('names no .ts file that is not there, in a comment of the code or in a doc', () => {
    const stale: string[] = [];
    const code = files.filter(
      (f) =>
        /^(src|tests|bench|scripts|bin)\//.test(f) &&
        /\.(ts|js|cjs|mjs)$/.test(f) &&
        !f.startsWith('tests/fixtures/') &&
        !f.startsWith('tests/golden/'),
    );
    for (const f of code)
      for (const c of commentsOf(f, readFileSync(join(ROOT, f), 'utf8')))
        c.text.split('\n').forEach((line, i) => {
          for (const s of staleCitations(line, dirname(f), files, names)) stale.push(`${f}:${c.line + i}: ${s}`);
        });
    const docs = files.filter((f) => f.endsWith('.md') && !f.startsWith('tests/'));
    for (const f of docs)
      readFileSync(join(ROOT, f), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const s of staleCitations(line, dirname(f), files, names)) stale.push(`${f}:${i + 1}: ${s}`);
        });
    expect(stale).toEqual([]);
  });

  it('finds a stale citation and passes a true one', () => {
    const files = ['src/app/mail/budget.ts', 'src/core/state.ts', 'tests/core/dice.test.ts'];
    const names = new Set(files.map((f) => basename(f)));
    const cited = (text: string) => staleCitations(text, 'src/app/intake', files, names);
    expect(cited('// within the budget (budget.ts), state.ts, mail/budget.ts, tests/core/dice.test.ts')).toEqual([]);
    expect(cited('// the loop rules (reply-pool.ts), app/mail/gone.ts')).toEqual(['reply-pool.ts', 'app/mail/gone.ts']);
    expect(cited('// ../mail/budget.ts, ./groups.ts')).toEqual(['./groups.ts']);
  });

  it('reads comments, not strings', () => {
    const text = "const a = 'gone.ts'; // here.ts\n/* there.ts */ const b = `x.ts`;\n";
    expect(commentsOf('a.ts', text).map((c) => c.text)).toEqual(['// here.ts', '/* there.ts */']);
  });
});
