/**
 * The docs against themselves and the code, so that they cannot drift apart unseen: every
 * `docs/<file>.md` and `docs/<file>.md "Section"` named anywhere in src/, templates/, data/,
 * docs/ and README.md is a file with that heading; every link of the docs (and README.md) reaches
 * a file and, with `#anchor`, a heading there, as GitHub and the web archive (/docs) make them;
 * the core's citations (core/doc-refs.ts) too; the web archive serves every doc; and the commands
 * the guides list are the commands the code takes.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOC_REFS } from '../../src/core/doc-refs.ts';
import { GM_COMMANDS, PLAYER_COMMANDS } from '../../src/orders/commands.ts';
import { BARE_COMMANDS, READ_ONLY_COMMANDS } from '../../src/app/intake/commands.ts';
import { gmHelp, playerHelp } from '../../src/app/views/help.ts';
import { renderMarkdown } from '../../src/shell/web/markdown.ts';
import { DOC_GROUPS, SERVED_DOCS } from '../../src/shell/web/docs.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const DOCS = join(ROOT, 'docs');
const docFiles = readdirSync(DOCS).filter((f) => f.endsWith('.md')).map((f) => f.slice(0, -3)).sort();
const read = (path: string): string => readFileSync(path, 'utf8');

function files(dir: string, exts: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? files(p, exts) : exts.test(e.name) ? [p] : [];
  });
}

/** A doc's headings (their text, without markup) and anchors, as the archive renders them. */
const outline = new Map<string, { headings: string[]; anchors: Set<string> }>();
function outlineOf(doc: string): { headings: string[]; anchors: Set<string> } {
  let o = outline.get(doc);
  if (!o) {
    const text = read(join(DOCS, `${doc}.md`));
    const headings: string[] = [];
    let fenced = false;
    for (const line of text.split('\n')) {
      if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
      const m = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
      if (m) headings.push((m[1] as string).replace(/[`*]/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1'));
    }
    o = { headings, anchors: new Set(renderMarkdown(text, { served: SERVED_DOCS }).anchors) };
    outline.set(doc, o);
  }
  return o;
}

/**
 * A section named in a citation: a heading's text, or the start of one ("Landing" for "Landing
 * (IV.8)"), its number left out ("Deadlines" for "5. Deadlines").
 */
const hasSection = (doc: string, section: string): boolean =>
  outlineOf(doc).headings.some((h) => {
    const a = h.toLowerCase().replace(/^\d+\. /, '');
    const b = section.toLowerCase().replace(/[.,:;]$/, '');
    return a === b || (a.startsWith(b) && /^[\s(:,]/.test(a.slice(b.length)));
  });

/** `docs/x.md` and `docs/x.md "Section"` (also `, "Section"`, single or typographic quotes), across wrapped comment lines. */
const CITATION = /docs\/([a-z0-9-]+)\.md(?:,? (?:["“]([^"”]+)["”]|'([A-Z][^']+)'))?/g;

describe('the doc check', () => {
  it('finds every docs/<file>.md citation a file and every "Section" a heading', () => {
    const sources = [
      ...files(join(ROOT, 'src'), /\.ts$/), ...files(join(ROOT, 'templates'), /\.hbs$/), ...files(join(ROOT, 'data'), /\.ya?ml$/),
      ...files(DOCS, /\.md$/), join(ROOT, 'README.md'),
    ];
    const bad: string[] = [];
    let count = 0;
    for (const file of sources) {
      // A citation wrapped over two lines of a comment reads as one.
      const text = read(file).replace(/\n[ \t]*(?:\/\/|\*(?!\/)|#(?!#))?[ \t]*/g, ' ');
      for (const m of text.matchAll(CITATION)) {
        count += 1;
        const [doc, section] = [m[1] as string, m[2] ?? m[3]];
        const where = `${relative(ROOT, file)}: ${m[0]}`;
        if (!docFiles.includes(doc)) bad.push(`${where}: no such file`);
        else if (section && !hasSection(doc, section)) bad.push(`${where}: no such heading in docs/${doc}.md`);
      }
    }
    expect(count).toBeGreaterThan(100);
    expect(bad).toEqual([]);
  });

  it('finds every link of the docs and README.md a file, and every #anchor a heading there', () => {
    const bad: string[] = [];
    for (const file of [...docFiles.map((d) => join(DOCS, `${d}.md`)), join(ROOT, 'README.md')]) {
      const text = read(file).replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
      for (const m of text.matchAll(/!?\[(?:[^\]\\]|\\.)*\]\(\s*([^\s)]+)\s*\)/g)) {
        const href = m[1] as string;
        if (/^(https?:|mailto:)/.test(href)) continue;
        const [path, anchor] = href.split('#') as [string, string | undefined];
        const target = path ? resolve(dirname(file), path) : file;
        const where = `${relative(ROOT, file)}: ${href}`;
        if (!existsSync(target)) { bad.push(`${where}: no such file`); continue; }
        if (anchor === undefined) continue;
        if (!target.startsWith(DOCS) || !target.endsWith('.md') || statSync(target).isDirectory()) { bad.push(`${where}: an anchor outside docs/`); continue; }
        if (!outlineOf(relative(DOCS, target).slice(0, -3)).anchors.has(anchor)) bad.push(`${where}: no such heading`);
      }
    }
    expect(bad).toEqual([]);
  });

  it("finds the core's citations (DOC_REFS) served, each section a heading", () => {
    for (const [key, ref] of Object.entries(DOC_REFS)) {
      expect(SERVED_DOCS.has(ref.doc), key).toBe(true);
      if ('section' in ref) expect(outlineOf(ref.doc).headings, key).toContain(ref.section);
    }
  });

  it('serves every doc on the web archive, each once', () => {
    const listed = DOC_GROUPS.flatMap((g) => g.docs.map((d) => d.name));
    expect([...listed].sort()).toEqual(docFiles);
    expect(new Set(listed).size).toBe(listed.length);
  });
});

/** The command names in the first column of the tables of one section of a doc. */
function tableCommands(doc: string, heading: string): Set<string> {
  const text = read(join(DOCS, `${doc}.md`));
  const start = text.indexOf(`\n${heading}\n`);
  expect(start, `${doc}.md: ${heading}`).toBeGreaterThan(0);
  const level = (/^#+/.exec(heading) as RegExpExecArray)[0].length;
  const end = text.slice(start + 1).search(new RegExp(`\\n#{1,${level}} `));
  const section = text.slice(start, end < 0 ? undefined : start + 1 + end);
  const names = new Set<string>();
  for (const row of section.split('\n').filter((l) => l.startsWith('| `'))) {
    const first = row.split('|')[1] as string;
    for (const m of first.matchAll(/`([A-Z]+)(?: ([A-Z]+))?\b/g)) names.add(m[1] === 'CAMPAIGN' && m[2] ? 'CAMPAIGN' : m[1] as string);
  }
  return names;
}

/** The commands in a parenthesised list of backticked names after `words` in a doc. */
function listAfter(doc: string, words: string): string[] {
  const text = read(join(DOCS, `${doc}.md`)).replace(/\s+/g, ' ');
  const at = text.indexOf(words);
  expect(at, `${doc}.md: ${words}`).toBeGreaterThan(0);
  const list = /\(([^)]*)\)/.exec(text.slice(at)) as RegExpExecArray;
  return [...(list[1] as string).matchAll(/`([A-Z]+)`/g)].map((m) => m[1] as string).sort();
}

describe('the commands in the guides and in the code', () => {
  const players = Object.keys(PLAYER_COMMANDS).sort();
  const gm = Object.keys(GM_COMMANDS).sort();

  it("docs/players.md's table has every player's command, and no other", () => {
    expect([...tableCommands('players', '## Commands and deadlines')].sort()).toEqual(players);
  });

  it("docs/gm-guide.md's tables have every player's and game master's command, and no other", () => {
    expect([...tableCommands('gm-guide', '## 6. Commands by mail')].sort()).toEqual([...new Set([...players, ...gm])].sort());
  });

  it('the HELP mails name every command', () => {
    for (const c of players) expect(playerHelp(false, null), c).toContain(c);
    for (const c of gm) expect(gmHelp(null), c).toContain(c);
  });

  it('docs/players.md lists the commands answered beside mistakes and without an envelope as the code takes them', () => {
    expect(listAfter('players', 'only those that change nothing')).toEqual([...READ_ONLY_COMMANDS].sort());
    expect(listAfter('players', 'Such a mail carries no secret')).toEqual([...BARE_COMMANDS].sort());
  });
});
