/**
 * iCalendar text as RFC 5545 writes it (section 3.1 and 3.3): content lines ended by CRLF, each
 * folded at 75 octets (a continuation line starts with one space, which counts), TEXT values with
 * backslash, semicolon, comma and line breaks escaped, and times in UTC (`20260112T190000Z`).
 * The feed (feed.ts) says what goes in; this file only writes it.
 */

/** The most octets of a content line, the line break not counted (RFC 5545 3.1). */
export const MAX_LINE_OCTETS = 75;

const CRLF = '\r\n';
const encoder = new TextEncoder();
const octets = (s: string): number => encoder.encode(s).length;

/**
 * A TEXT value (RFC 5545 3.3.11): `\`, `;` and `,` escaped, any line break written `\n`, and the
 * other control characters, which TEXT may not hold, left out.
 */
export function escapeText(value: string): string {
  return (
    value
      .replace(/\r\n|\r/g, '\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, '')
      .replace(/[\\;,]/g, (c) => `\\${c}`)
      .replace(/\n/g, '\\n')
  );
}

/** A time in UTC as a DATE-TIME value (RFC 5545 3.3.5, form 2): `20260112T190000Z`, whole seconds. */
export function utcTime(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** A span of whole minutes as a DURATION value (RFC 5545 3.3.6): `PT15M`, `PT1440M`. */
export const minutesDuration = (minutes: number): string => `PT${Math.max(0, Math.round(minutes))}M`;

/**
 * One content line folded to lines of at most MAX_LINE_OCTETS octets (RFC 5545 3.1): each
 * continuation starts with a space; a character is never split, so UTF-8 stays whole.
 */
export function foldLine(line: string): string[] {
  if (octets(line) <= MAX_LINE_OCTETS) return [line];
  const out: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const n = octets(ch);
    if (size + n > MAX_LINE_OCTETS) {
      out.push(current);
      current = ' ';
      size = 1;
    }
    current += ch;
    size += n;
  }
  out.push(current);
  return out;
}

/** A property line: `NAME:value`, the value written as it is (escape TEXT values first). */
export const property = (name: string, value: string): string => `${name}:${value}`;

/** A TEXT property line, its value escaped. */
export const textProperty = (name: string, value: string): string => property(name, escapeText(value));

/** Content lines as the text of an iCalendar object: every line folded, each ended by CRLF. */
export function icsText(lines: readonly string[]): string {
  return lines
    .flatMap(foldLine)
    .map((l) => `${l}${CRLF}`)
    .join('');
}
