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

export interface RenderOptions {
  /** The docs served, by name (`rules` for docs/rules.md): links to others show as text. */
  served: ReadonlySet<string>;
}

export interface Rendered {
  html: string;
  /** The page's first heading, as text. */
  title: string;
  /** The anchors of its headings. */
  anchors: string[];
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

/** A link's target on the archive, or null when it may not be one. */
function target(href: string, o: RenderOptions, image: boolean): string | null {
  if (image) {
    const m = /^(?:\.\/)?images\/([a-z0-9-]+\.(?:png|svg|jpg))$/.exec(href);
    return m ? `/docs/images/${m[1]}` : null;
  }
  if (/^(https?:\/\/|mailto:)[^\s"<>]+$/i.test(href)) return href;
  if (/^#[\w%-]*$/.test(href)) return href;
  const m = /^(?:\.\/)?([a-z0-9-]+)\.md(#[\w%-]*)?$/.exec(href);
  return m && o.served.has(m[1] as string) ? `/docs/${m[1]}${m[2] ?? ''}` : null;
}

/** The inline markup of a run of text: code, links, images, bold and italics; the rest escaped. */
export function inline(text: string, o: RenderOptions): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    const rest = text.slice(i);
    if (c === '\\' && /^\\[!-/:-@[-`{-~]/.test(rest)) {
      out += esc(rest[1] as string);
      i += 2;
      continue;
    }
    if (c === '`') {
      const run = /^`+/.exec(rest)?.[0] as string;
      const end = text.indexOf(run, i + run.length);
      if (end > 0) {
        const code = text.slice(i + run.length, end).replace(/\n/g, ' ');
        out += `<code>${esc(code.length > 2 && code.startsWith(' ') && code.endsWith(' ') ? code.slice(1, -1) : code)}</code>`;
        i = end + run.length;
        continue;
      }
      out += esc(run);
      i += run.length;
      continue;
    }
    const link = /^(!?)\[((?:[^[\]\\]|\\.|\[[^\]]*\])*)\]\(\s*([^\s()]*)\s*\)/.exec(rest);
    if ((c === '[' || c === '!') && link) {
      const [whole, bang, label, href] = link as unknown as [string, string, string, string];
      const to = target(href, o, bang === '!');
      if (bang) out += to ? `<img src="${esc(to)}" alt="${esc(label)}">` : esc(label);
      else out += to ? `<a href="${esc(to)}">${inline(label, o)}</a>` : inline(label, o);
      i += whole.length;
      continue;
    }
    // A citation in the text, `docs/ground.md "Landing"`, leads to the doc and its section.
    const cite =
      c === 'd' && !/\w/.test(text[i - 1] ?? '') ? /^docs\/([a-z0-9-]+)\.md(?:,? "([^"\n]+)")?/.exec(rest) : null;
    if (cite && o.served.has(cite[1] as string)) {
      out += `<a href="/docs/${cite[1]}${cite[2] ? `#${esc(headingAnchor(cite[2]))}` : ''}">${esc(cite[0])}</a>`;
      i += cite[0].length;
      continue;
    }
    const auto = /^<(https?:\/\/[^\s<>"]+)>/.exec(rest);
    if (auto) {
      out += `<a href="${esc(auto[1] as string)}">${esc(auto[1] as string)}</a>`;
      i += auto[0].length;
      continue;
    }
    const strong = /^(\*\*|__)(?=\S)([\s\S]*?\S)\1(?![*_])/.exec(rest);
    if (strong && (c === '*' || !/\w/.test(text[i - 1] ?? ''))) {
      out += `<strong>${inline(strong[2] as string, o)}</strong>`;
      i += strong[0].length;
      continue;
    }
    const em = /^([*_])(?=[^\s*_])([\s\S]*?[^\s*_\\])\1(?![*_\w])/.exec(rest);
    if (em && (c === '*' || !/\w/.test(text[i - 1] ?? ''))) {
      out += `<em>${inline(em[2] as string, o)}</em>`;
      i += em[0].length;
      continue;
    }
    out += esc(c);
    i += 1;
  }
  return out;
}

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
      const mark = fence[1] as string;
      const pad = indentOf(l);
      const body: string[] = [];
      i += 1;
      while (i < lines.length && !new RegExp(`^ {0,3}${mark[0]}{${mark.length},}\\s*$`).test(lines[i] as string)) {
        const b = lines[i] as string;
        body.push(b.slice(Math.min(pad, indentOf(b))));
        i += 1;
      }
      i += 1;
      out.push(`<pre><code>${esc(body.join('\n'))}</code></pre>`);
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
      const head = cells(l);
      i += 2;
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
      continue;
    }
    const item = ITEM.exec(l);
    if (item) {
      i = list(lines, i, cx, out);
      continue;
    }
    if (indentOf(l) >= 4) {
      const body: string[] = [];
      while (i < lines.length && (blank(lines[i] as string) || indentOf(lines[i] as string) >= 4)) {
        body.push((lines[i] as string).slice(4));
        i += 1;
      }
      while (body.length && blank(body[body.length - 1] as string)) body.pop();
      out.push(`<pre><code>${esc(body.join('\n'))}</code></pre>`);
      continue;
    }
    const para: string[] = [l.trim()];
    i += 1;
    while (i < lines.length && !blank(lines[i] as string) && !startsBlock(lines[i] as string, lines[i + 1])) {
      para.push((lines[i] as string).trim());
      i += 1;
    }
    const html = inline(para.join('\n'), cx.o);
    out.push(tight ? html : `<p>${html}</p>`);
  }
  return out.join('\n');
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

/** A whole doc as HTML. */
export function renderMarkdown(source: string, o: RenderOptions): Rendered {
  const cx: Context = { o, anchors: [], used: new Map(), title: '' };
  const html = blocks(source.replace(/\r\n?/g, '\n').replace(/\t/g, '    ').split('\n'), cx);
  return { html, title: cx.title, anchors: cx.anchors };
}
