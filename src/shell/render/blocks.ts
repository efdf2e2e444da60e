/**
 * A block of a mail's text in its HTML part (templates/_pre.html.hbs): prose as paragraphs and
 * lists that a phone wraps, only what is laid out in columns (a map, a table, a log sheet, an
 * envelope to send back) kept fixed-width in a <pre>. The text mail is not touched: this is the
 * HTML part's reading of the same text.
 *
 * The text comes already HTML-escaped (Handlebars escaped each field), and is cut at blank lines:
 * - a paragraph whose lines all start at the margin, none with a run of spaces (columns) and none
 *   starting with `#` or `|` (an envelope, its quoted copy), is prose: one <p>, its lines joined
 *   (a line in capitals, a heading, keeps its own line);
 * - a paragraph of `- ` items, each continued by lines indented two spaces, is a list: one <ul>;
 * - anything else is fixed-width: the <pre> it was.
 */

/** The <pre> of fixed-width text: never wrapped, scrolled in its own box, its font smaller on a phone. */
export const PRE_OPEN = '<pre style="white-space: pre; overflow-x: auto; max-width: 100%; font-size: clamp(7.5px, 2vw, 13px);">';

const FLOWING = /^[^\s#|-][^\n]*$/;
/** Columns: two spaces in a row inside a line (after its indent), or a line made of one mark repeated (a rule). */
const columns = (line: string): boolean => / {2}/.test(line.trimStart()) || /^(.)\1{3,}$/.test(line.trim());

/** A line in capitals (a card's name, `TEST FIGHTER (tf)`): the lines after it start a line of their own. */
const heading = (line: string): boolean => /[A-Z]/.test(line) && !/[a-z]/.test(line.replace(/\([^)]*\)/g, ''));

function isProse(lines: readonly string[]): boolean {
  return lines.every((l) => FLOWING.test(l) && !columns(l));
}

/** The items of a `- ` list, continuation lines joined; undefined when the paragraph is not one. */
function listItems(lines: readonly string[]): string[] | undefined {
  if (!lines[0]?.startsWith('- ')) return undefined;
  const items: string[] = [];
  for (const l of lines) {
    if (l.startsWith('- ') && !columns(l.slice(2))) items.push(l.slice(2).trim());
    else if (/^ {2}\S/.test(l) && !columns(l) && items.length) items[items.length - 1] += ` ${l.trim()}`;
    else return undefined;
  }
  return items;
}

/** The HTML of one block of escaped text: paragraphs, lists and <pre> blocks, in its order. */
export function textBlocks(escaped: string): string {
  const paragraphs = escaped.replace(/\n+$/, '').split(/\n[ \t]*\n/);
  const out: string[] = [];
  let fixed: string[] = [];
  const flush = (): void => {
    if (fixed.length) out.push(`${PRE_OPEN}${fixed.join('\n\n')}</pre>`);
    fixed = [];
  };
  for (const p of paragraphs) {
    const lines = p.split('\n').map((l) => l.trimEnd());
    const items = listItems(lines);
    if (items) {
      flush();
      out.push(`<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`);
    } else if (lines.some((l) => l) && isProse(lines)) {
      flush();
      out.push(`<p>${lines.map((l, i) => (i < lines.length - 1 && heading(l) ? `${l}<br>` : `${l} `)).join('').trimEnd()}</p>`);
    } else {
      fixed.push(p.replace(/^\n+/, ''));
    }
  }
  flush();
  return out.join('\n');
}
