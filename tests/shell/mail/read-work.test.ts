/**
 * Bounded work per mail (docs/architecture.md "Bounded work per mail"), counted, not timed: mails of
 * one 100 KB line (words, order-shaped words, #TALLYHO fragments, HTML of every costly shape) from a
 * registered player with three games and from a stranger, read as the server reads them
 * (readMail) and taken in (receive). Counted for each: the runs of html-to-text (the referee's own,
 * and mailparser's, which reads the same package by require) and the characters they are given,
 * the table cells laid out in columns (a layout whose work grows with the square of a table's rows),
 * the templates rendered and the menus of plans worked out.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';

const work = await vi.hoisted(async () => {
  const w = { conversions: 0, chars: 0, columnCells: 0, renders: 0, menus: 0 };
  // mailparser takes htmlToText from the CommonJS build when it is first loaded: counted from here on.
  const { createRequire } = await import('node:module');
  const cjs = createRequire(import.meta.url)('html-to-text') as { htmlToText: (h: string, o?: object) => string };
  const original = cjs.htmlToText;
  cjs.htmlToText = (html, options) => {
    w.conversions++;
    w.chars += html.length;
    return original(html, options);
  };
  return w;
});

vi.mock('html-to-text', async (importOriginal) => {
  const m = await importOriginal<typeof import('html-to-text')>();
  const convert: typeof m.convert = (html, options) => {
    work.conversions++;
    work.chars += html.length;
    const columns = options?.selectors?.some((s) => s.selector === 'table' && s.format === 'dataTable');
    if (columns) work.columnCells = Math.max(work.columnCells, (html.match(/<t[dh][\s>]/gi) ?? []).length);
    return m.convert(html, options);
  };
  return { ...m, convert };
});

vi.mock('../../../src/core/plans/menu.ts', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../../src/core/plans/menu.ts')>();
  const planMenu: typeof m.planMenu = (...args) => {
    work.menus++;
    return m.planMenu(...args);
  };
  return { ...m, planMenu };
});

const { simpleParser } = await import('mailparser');
const { MAX_HTML_DEPTH, MAX_TABLE_CELLS } = await import('../../../src/shell/mail/read.ts');
const { costReferee, RED } = await import('../../support/per-mail-cost.ts');
const { LINE, oneLineCosts, rawMail } = await import('../../support/one-line-mails.ts');

describe('a mail of one 100 KB line is read and answered within a bound of work', () => {
  const { t, red } = costReferee();
  // The renderer counted: every mail the referee writes is one render.
  const render = t.deps.renderer.render.bind(t.deps.renderer);
  t.deps.renderer = { render: (name, view) => (work.renders++, render(name, view)) };
  const rows: { name: string; bytes: number; outcome: string; counted: typeof work; from: string }[] = [];

  beforeAll(async () => {
    // The count of mailparser's conversions is live: it converts an HTML mail when not told otherwise.
    const before = work.conversions;
    await simpleParser(rawMail(RED, 'x', '<p>hello</p>', 'text/html'));
    expect(work.conversions).toBe(before + 1);
    // The counts of each mail, taken when the next begins (and after the last).
    const counts: (typeof work)[] = [];
    let started = false;
    const reset = () => {
      if (started) counts.push({ ...work });
      started = true;
      Object.assign(work, { conversions: 0, chars: 0, columnCells: 0, renders: 0, menus: 0 });
    };
    const costs = await oneLineCosts(t, red, reset);
    reset();
    costs.forEach((c, i) =>
      rows.push({ name: c.name, bytes: c.bytes, outcome: c.outcome, counted: counts[i]!, from: c.from }),
    );
  });

  it('converts HTML to text once at most, over no more characters than the mail has', () => {
    for (const r of rows) {
      expect(r.counted.conversions, r.name).toBeLessThanOrEqual(1);
      expect(r.counted.chars, r.name).toBeLessThanOrEqual(r.bytes);
    }
  });

  it('lays out in columns no table of more than MAX_TABLE_CELLS cells', () => {
    for (const r of rows) expect(r.counted.columnCells, r.name).toBeLessThanOrEqual(MAX_TABLE_CELLS);
    expect(rows.filter((r) => r.name.includes('HTML table')).every((r) => r.outcome !== 'unreadable')).toBe(true);
  });

  it('does not convert HTML nested deeper than MAX_HTML_DEPTH, and tells a registered sender', () => {
    const deep = rows.filter((r) => r.name.includes('HTML nested deep'));
    expect(LINE / 2 / '<div>'.length).toBeGreaterThan(MAX_HTML_DEPTH);
    for (const r of deep) {
      expect(r.counted.conversions, r.name).toBe(0);
      expect(r.outcome, r.name).toBe('unreadable');
      expect(r.counted.renders, r.name).toBe(r.from === RED ? 1 : 0);
    }
  });

  it('writes one mail at most, and works out at most one menu (his one plane), whatever the mail holds', () => {
    for (const r of rows) {
      expect(r.counted.renders, r.name).toBeLessThanOrEqual(1);
      expect(r.counted.menus, r.name).toBeLessThanOrEqual(1);
    }
    // Each of red's mails is answered (a notice, or an acknowledgement), a stranger's only when it
    // brings red's envelope (acknowledged to red).
    for (const r of rows)
      expect(r.counted.renders, r.name).toBe(r.from === RED || r.name.includes('HTML envelope') ? 1 : 0);
  });
});
