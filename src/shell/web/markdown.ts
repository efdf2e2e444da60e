/**
 * The docs' Markdown as HTML for the web archive (web/docs.ts): the part of GitHub's Markdown the
 * docs use, and nothing that could carry markup of its own. Headings (with GitHub's anchors, so a
 * link to `rules.md#the-map` works here too), paragraphs, lists (nested, with code inside), fenced
 * and indented code, tables, block quotes, rules; inline code, bold, italics, links and images.
 * Every text is escaped: HTML written in a doc shows as text. A link goes out only to http(s) or
 * mailto, to a heading of the page, or to a served doc (`rules.md#x` becomes `/docs/rules#x`); an
 * image only from /docs/images; any other target shows its text alone. A citation in the text
 * (`docs/ground.md "Landing"`) is a link too.
 */
import { escapeHtml } from '../../report/escape.ts';
import { headingAnchor } from '../../core/doc-refs.ts';
import { inline, type RenderOptions } from './markdown-inline.ts';

export { inline, type RenderOptions };

export interface Rendered {
  html: string;
  /** The page's first heading, as text. */
  title: string;
  /** The anchors of its headings. */
  anchors: string[];
  /** Its first paragraph as plain text on one line ('' when it has none): the page's description. */
  lead: string;
}

const esc = escapeHtml;

const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const RULE = /^ {0,3}([-*_])(\s*\1){2,}\s*$/;
const ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])( +|$)(.*)$/;
const QUOTE = /^ {0,3}> ?(.*)$/;
const TABLE_SEP = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

const blank = (l: string): boolean => l.trim() === '';
const indentOf = (l: string): number => l.length - l.trimStart().length;

/** The cells of a table row: split at the pipes that are not escaped nor inside code. */
function cells(row: string): string[] {
  const t = row.trim().replace(/^\|/, '').replace(/\|$/, '');
  const out: string[] = [];
  let cur = '';
  let code = false;
  for (let i = 0; i < t.length; i += 1) {
    const ch = t[i] as string;
    if (ch === '\\' && t[i + 1] === '|') {
      cur += '|';
      i += 1;
      continue;
    }
    if (ch === '`') code = !code;
    if (ch === '|' && !code) {
      out.push(cur.trim());
      cur = '';
      continue;
    }
    cur += ch;
  }
  out.push(cur.trim());
  return out;
}

interface Context {
  o: RenderOptions;
  anchors: string[];
  used: Map<string, number>;
  title: string;
  lead: string;
}

/** Does this line start a block other than a paragraph (so that it ends one)? */
const startsBlock = (l: string, next: string | undefined): boolean =>
  FENCE.test(l) ||
  HEADING.test(l) ||
  RULE.test(l) ||
  QUOTE.test(l) ||
  /^ {0,3}([-*+]|1[.)]) +\S/.test(l) ||
  (l.trimStart().startsWith('|') && next !== undefined && TABLE_SEP.test(next));

/** The blocks of some lines (a page, a list item's or a quote's content) as HTML. `tight`: paragraphs without <p>. */
function blocks(lines: string[], cx: Context, tight = false): string {
  const out: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const l = lines[i] as string;
    if (blank(l)) {
      i += 1;
      continue;
    }
    const fence = FENCE.exec(l);
    if (fence) {
      i = fencedCode(lines, i, fence[1] as string, out);
      continue;
    }
    const heading = HEADING.exec(l);
    if (heading) {
      const level = (heading[1] as string).length;
      const text = heading[2] as string;
      const base = headingAnchor(text);
      const n = cx.used.get(base) ?? 0;
      cx.used.set(base, n + 1);
      const id = n ? `${base}-${n}` : base;
      cx.anchors.push(id);
      if (!cx.title) cx.title = text.replace(/[`*]/g, '');
      out.push(
        `<h${level} id="${esc(id)}">${inline(text, cx.o)} <a class="anchor" href="#${esc(id)}" aria-label="link to this section">#</a></h${level}>`,
      );
      i += 1;
      continue;
    }
    if (RULE.test(l)) {
      out.push('<hr>');
      i += 1;
      continue;
    }
    if (QUOTE.test(l)) {
      const body: string[] = [];
      while (i < lines.length && !blank(lines[i] as string)) {
        body.push(QUOTE.exec(lines[i] as string)?.[1] ?? (lines[i] as string));
        i += 1;
      }
      out.push(`<blockquote>${blocks(body, cx)}</blockquote>`);
      continue;
    }
    if (l.trimStart().startsWith('|') && TABLE_SEP.test(lines[i + 1] ?? '')) {
      i = table(lines, i, cx, out);
      continue;
    }
    const item = ITEM.exec(l);
    if (item) {
      i = list(lines, i, cx, out);
      continue;
    }
    if (indentOf(l) >= 4) {
      i = indentedCode(lines, i, out);
      continue;
    }
    const para: string[] = [l.trim()];
    i += 1;
    while (i < lines.length && !blank(lines[i] as string) && !startsBlock(lines[i] as string, lines[i + 1])) {
      para.push((lines[i] as string).trim());
      i += 1;
    }
    const html = inline(para.join('\n'), cx.o);
    if (!cx.lead && !tight) cx.lead = plainText(html);
    out.push(tight ? html : `<p>${html}</p>`);
  }
  return out.join('\n');
}

/** A fenced code block from line `start`, fenced by `mark`; returns the line after its closing fence. */
function fencedCode(lines: string[], start: number, mark: string, out: string[]): number {
  const pad = indentOf(lines[start] as string);
  const body: string[] = [];
  let i = start + 1;
  while (i < lines.length && !new RegExp(`^ {0,3}${mark[0]}{${mark.length},}\\s*$`).test(lines[i] as string)) {
    const b = lines[i] as string;
    body.push(b.slice(Math.min(pad, indentOf(b))));
    i += 1;
  }
  i += 1;
  out.push(`<pre><code>${esc(body.join('\n'))}</code></pre>`);
  return i;
}

/** A table from line `start` (its head, then the line under it); returns the line after its last row. */
function table(lines: string[], start: number, cx: Context, out: string[]): number {
  const head = cells(lines[start] as string);
  let i = start + 2;
  const rows: string[][] = [];
  while (i < lines.length && (lines[i] as string).trimStart().startsWith('|')) {
    rows.push(cells(lines[i] as string));
    i += 1;
  }
  out.push(
    `<div class="doc-table"><table><thead><tr>${head.map((h) => `<th>${inline(h, cx.o)}</th>`).join('')}</tr></thead>\n<tbody>\n${rows
      .map((r) => `<tr>${r.map((d) => `<td>${inline(d, cx.o)}</td>`).join('')}</tr>`)
      .join('\n')}\n</tbody></table></div>`,
  );
  return i;
}

/** A code block indented by four spaces from line `start`; returns the line after it. */
function indentedCode(lines: string[], start: number, out: string[]): number {
  const body: string[] = [];
  let i = start;
  while (i < lines.length && (blank(lines[i] as string) || indentOf(lines[i] as string) >= 4)) {
    body.push((lines[i] as string).slice(4));
    i += 1;
  }
  while (body.length && blank(body[body.length - 1] as string)) body.pop();
  out.push(`<pre><code>${esc(body.join('\n'))}</code></pre>`);
  return i;
}

/** A list from line `start`: its items, each its own blocks; returns the line after it. */
function list(lines: string[], start: number, cx: Context, out: string[]): number {
  const first = ITEM.exec(lines[start] as string) as RegExpExecArray;
  const ordered = /\d/.test(first[2] as string);
  const items: string[][] = [];
  let loose = false;
  let i = start;
  while (i < lines.length) {
    const m = ITEM.exec(lines[i] as string);
    if (!m || /\d/.test(m[2] as string) !== ordered || (m[1] as string).length > (first[1] as string).length + 1) break;
    const width = (m[1] as string).length + (m[2] as string).length + Math.max(1, Math.min((m[3] as string).length, 4));
    const body = [m[4] as string];
    i += 1;
    while (i < lines.length) {
      const l = lines[i] as string;
      if (blank(l)) {
        const next = lines.slice(i + 1).find((x) => !blank(x));
        if (next === undefined || indentOf(next) < width) break;
        body.push('');
        i += 1;
        continue;
      }
      if (indentOf(l) >= width) {
        body.push(l.slice(width));
        i += 1;
        continue;
      }
      // A line less indented: a lazy continuation of the item's paragraph, unless it starts a block.
      if (blank(body[body.length - 1] as string) || ITEM.test(l) || startsBlock(l, lines[i + 1])) break;
      body.push(l.trim());
      i += 1;
    }
    if (body.some(blank)) loose = true;
    items.push(body);
    let j = i;
    while (j < lines.length && blank(lines[j] as string)) j += 1;
    if (j > i && j < lines.length && ITEM.test(lines[j] as string)) {
      loose = true;
      i = j;
    }
  }
  const tag = ordered ? 'ol' : 'ul';
  const from =
    ordered && Number.parseInt(first[2] as string, 10) !== 1
      ? ` start="${Number.parseInt(first[2] as string, 10)}"`
      : '';
  out.push(`<${tag}${from}>\n${items.map((b) => `<li>${blocks(b, cx, !loose)}</li>`).join('\n')}\n</${tag}>`);
  return i;
}

/** A paragraph's HTML (inline's, tags and numeric references only) as plain text on one line. */
const plainText = (html: string): string =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&#(\d+);/g, (_m, n: string) => String.fromCharCode(Number(n)))
    .replace(/\s+/g, ' ')
    .trim();

/** A whole doc as HTML. */
export function renderMarkdown(source: string, o: RenderOptions): Rendered {
  const cx: Context = { o, anchors: [], used: new Map(), title: '', lead: '' };
  const html = blocks(source.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').split('\n'), cx);
  return { html, title: cx.title, anchors: cx.anchors, lead: cx.lead };
}
