import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPages } from '../../../src/shell/web/views.ts';

/**
 * Every unescaped Handlebars output in templates/ (triple-stash `{{{x}}}` and `{{& x}}`), and why it
 * is safe. Anything not on this list fails: escape it, or make it here with a reason.
 */
const ALLOWED: Record<string, string> = {
  // The turn map: src/report/svg-map.ts writes it and escapes every text and attribute it contains.
  'templates/web/turn.hbs {{{map}}}': 'SVG from svgMap, escaped inside',
  // The game's current map: the same.
  'templates/web/game.hbs {{{map}}}': 'SVG from svgMap, escaped inside',
  'templates/web/plotter.hbs {{{map}}}': 'SVG from svgMap, escaped inside',
  'templates/web/plotter.hbs {{{data}}}':
    'JSON for a script block, < > & written as \\u escapes (shell/web/plotter.ts scriptJson)',
  // A page of the docs: src/shell/web/markdown.ts escapes every text and allows only safe links.
  'templates/web/doc.hbs {{{html}}}': 'HTML from renderMarkdown, escaped inside',
};

/** `{{{x}}}`, `{{& x}}`, with `~` and spaces, and raw blocks `{{{{x}}}}`; group 1 is the expression. */
const UNESCAPED = /\{\{~?\s*(?:\{+|&)\s*([^}~\s]+)/g;

function hbsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? hbsFiles(join(dir, e.name)) : e.name.endsWith('.hbs') ? [join(dir, e.name)] : [],
  );
}

describe('unescaped output in templates', () => {
  it('is only where the allow-list says', () => {
    const found: string[] = [];
    for (const file of hbsFiles('templates')) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(UNESCAPED)) found.push(`${relative('.', file)} {{{${m[1]}}}}`);
    }
    expect(found.sort()).toEqual(Object.keys(ALLOWED).sort());
  });

  it('catches a triple-stash and an ampersand', () => {
    const names = [...'a {{{x}}} b {{& y.z}} c {{~{ w }~}} {{v}} {{{{raw}}}}'.matchAll(UNESCAPED)].map((m) => m[1]);
    expect(names).toEqual(['x', 'y.z', 'w', 'raw']);
  });
});

describe('the pages and their descriptions', () => {
  it('pass metaDescription to the head on every page but the error and the admin pages', () => {
    const pages = readdirSync('templates/web').filter((n) => /^[a-z].*\.hbs$/.test(n));
    const described = pages.filter((n) =>
      /^\{\{> head [^}]*metaDescription=metaDescription\}\}/.test(readFileSync(join('templates/web', n), 'utf8')),
    );
    expect(pages.filter((n) => !described.includes(n)).sort()).toEqual(
      ['admin-game.hbs', 'admin-login.hbs', 'admin-result.hbs', 'admin.hbs', 'error.hbs'].sort(),
    );
    expect(readFileSync('templates/web/_head.hbs', 'utf8')).toContain(
      '{{#if metaDescription}}<meta name="description" content="{{metaDescription}}">',
    );
  });
});

describe('a page rendered without its description', () => {
  it('is an error, but for the error and admin pages', () => {
    const pages = createPages();
    expect(() => pages('docs', { title: 'Docs', local: false, groups: [] })).toThrow(/metaDescription/);
    expect(pages('error', { title: 'Not found', message: 'x', local: false })).not.toContain('name="description"');
    expect(pages('docs', { title: 'Docs', local: false, groups: [], metaDescription: 'All "the" docs' })).toContain(
      '<meta name="description" content="All &quot;the&quot; docs">',
    );
  });
});
