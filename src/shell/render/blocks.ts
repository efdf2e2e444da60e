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
 * - a paragraph of long lines at the margin, each wrapped on in lines indented 2 to 4 spaces (a
 *   WARNING), is prose: a <p> a line;
 * - anything else is fixed-width: the <pre> it was.
 */

/** Columns a block is sized for at least: a short one is not blown up past the usual size. */
const MIN_COLUMNS = 40;

/** How many columns escaped text is wide: its longest line, each entity one character. */
export const columnsOf = (escaped: string): number =>
  Math.max(0, ...escaped.split('\n').map((l) => l.replace(/&(?:#x?[0-9a-f]+|[a-z]+);/gi, 'x').length));

/**
 * The <pre> of fixed-width text `cols` columns wide: never wrapped, scrolled in its own box, its
 * font as large as lets its widest line fit the screen (a fixed-width character is about 0.6 of
 * the font's size; with the body's margins, 0.64), not below 7.5px nor above 13px: on a phone of
 * 390 px a 78-column map gets 7.8px, an envelope of 40 columns 13px.
 */
export function preOpen(cols: number): string {
  const vw = 100 / (Math.max(cols, MIN_COLUMNS) * 0.64);
  return `<pre style="white-space: pre; overflow-x: auto; max-width: 100%; font-size: clamp(7.5px, ${vw.toFixed(2)}vw, 13px);">`;
}

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

/** A wrapped line is at least this long before its continuation (a short first line over indented ones is a table: a log sheet). */
const WRAPPED = 50;

/**
 * The lines of a paragraph of wrapped prose (a WARNING, a summary of where a plane ends): each
 * starts at the margin, and a long one goes on in lines indented 2 to 4 spaces; undefined when the
 * paragraph is not that.
 */
function wrappedLines(lines: readonly string[]): string[] | undefined {
  const out: string[] = [];
  let previous = '';
  for (const l of lines) {
    if (FLOWING.test(l) && !columns(l)) out.push(l);
    else if (/^ {2,4}\S/.test(l) && !columns(l) && out.length && previous.length >= WRAPPED)
      out[out.length - 1] += ` ${l.trim()}`;
    else return undefined;
    previous = l;
  }
  return out;
}

/** The HTML of one block of escaped text: paragraphs, lists and <pre> blocks, in its order. */
export function textBlocks(escaped: string): string {
  const paragraphs = escaped.replace(/\n+$/, '').split(/\n[ \t]*\n/);
  const out: string[] = [];
  let fixed: string[] = [];
  const flush = (): void => {
    const text = fixed.join('\n\n');
    if (fixed.length) out.push(`${preOpen(columnsOf(text))}${text}</pre>`);
    fixed = [];
  };
  for (const p of paragraphs) {
    const lines = p.split('\n').map((l) => l.trimEnd());
    const items = listItems(lines);
    const hasText = lines.some((l) => l);
    if (items) {
      flush();
      out.push(`<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`);
      continue;
    }
    if (hasText && isProse(lines)) {
      flush();
      out.push(
        `<p>${lines
          .map((l, i) => (i < lines.length - 1 && heading(l) ? `${l}<br>` : `${l} `))
          .join('')
          .trimEnd()}</p>`,
      );
      continue;
    }
    // Worked out only for a block that is neither a list nor prose.
    const wrapped = hasText ? wrappedLines(lines) : undefined;
    if (wrapped) {
      flush();
      out.push(...wrapped.map((l) => `<p>${l}</p>`));
    } else {
      fixed.push(p.replace(/^\n+/, ''));
    }
  }
  flush();
  return out.join('\n');
}
