/**
 * Text handling for orders mails (docs/orders.md "The envelope"): line splitting, the
 * clean-up of what mail clients do to text (non-breaking and other odd spaces, zero-width characters,
 * tabs), control characters, and words with the columns they were written at.
 */

/** A word of a line, with its 1-based column in the line as written. */
export interface Token {
  text: string;
  col: number;
}

/** A line after clean-up: `text[i]` was written at column `cols[i]` (column i + 1 without `cols`). */
export interface CleanLine {
  text: string;
  cols?: number[];
  /** Column and code of the first control character, if any (it reads as a space in `text`). */
  control?: { col: number; code: string };
  /** Length of the line as written, in characters. */
  length: number;
}

/** Characters that read as a space: tab, non-breaking and typographic spaces, line separators. */
const SPACES = new Set([
  0x09, 0xa0, 0x1680, 0x2007, 0x202f, 0x205f, 0x3000, 0x2028, 0x2029, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005,
  0x2006, 0x2008, 0x2009, 0x200a,
]);

/** Invisible characters that are dropped: zero-width, joiners, direction marks, soft hyphen, BOM. */
function isInvisible(c: number): boolean {
  return (
    (c >= 0x200b && c <= 0x200f) ||
    (c >= 0x202a && c <= 0x202e) ||
    (c >= 0x2060 && c <= 0x2064) ||
    c === 0xfeff ||
    c === 0xad ||
    c === 0x180e ||
    c === 0x034f
  );
}

function isControl(c: number): boolean {
  return c < 0x20 || (c >= 0x7f && c <= 0x9f);
}

/** Splits on CRLF, CR or LF. */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

/** Length of the text in UTF-8 bytes (counts without allocating). */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** True when the text is longer than `max` bytes in UTF-8. */
export function tooManyBytes(text: string, max: number): boolean {
  return text.length > max || utf8Bytes(text) > max; // UTF-8 never takes fewer bytes than UTF-16 code units
}

/** Cleans one line (columns count characters as written, a surrogate pair as one). */
export function cleanLine(raw: string): CleanLine {
  if (/^[\x20-\x7e]*$/.test(raw)) return { text: raw, length: raw.length }; // plain ASCII: nothing to do
  let text = '';
  const cols: number[] = [];
  let control: CleanLine['control'];
  let col = 0;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    col++;
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < raw.length) {
      text += raw.slice(i, i + 2);
      cols.push(col, col);
      i++;
      continue;
    }
    if (isInvisible(c)) continue;
    if (SPACES.has(c)) {
      text += ' ';
      cols.push(col);
      continue;
    }
    if (isControl(c)) {
      if (!control) control = { col, code: `U+${c.toString(16).toUpperCase().padStart(4, '0')}` };
      text += ' ';
      cols.push(col);
      continue;
    }
    text += raw[i];
    cols.push(col);
  }
  return control ? { text, cols, control, length: col } : { text, cols, length: col };
}

/** Column of text index `i` (one past the end: one past the last column). */
export function colAt(line: CleanLine, i: number): number {
  const cols = line.cols;
  if (!cols) return i + 1;
  return cols[i] ?? (cols.length ? (cols[cols.length - 1] as number) + 1 : 1);
}

/** Index where a trailing `//` comment starts (at line start or after a space), or -1. */
export function commentStart(text: string): number {
  let from = 0;
  for (;;) {
    const i = text.indexOf('//', from);
    if (i < 0) return -1;
    if (i === 0 || text[i - 1] === ' ') return i;
    from = i + 2;
  }
}

/** Words of text[from..to), split at spaces, commas and '|'. */
export function tokenize(line: CleanLine, from = 0, to = line.text.length): Token[] {
  const out: Token[] = [];
  const t = line.text;
  let start = -1;
  for (let i = from; i <= to; i++) {
    const ch = i < to ? t[i] : ' ';
    const sep = ch === ' ' || ch === ',' || ch === '|';
    if (sep) {
      if (start >= 0) out.push({ text: t.slice(start, i), col: colAt(line, start) });
      start = -1;
    } else if (start < 0) start = i;
  }
  return out;
}

/** Collapses runs of spaces and trims (secrets and text arguments). */
export function squeeze(s: string): string {
  return s.replace(/ +/g, ' ').trim();
}
