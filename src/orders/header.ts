/**
 * The envelope's first and last lines: `#TALLYHO <game> <player> "<secret>"` and `#END`
 * (docs/orders.md "The envelope"). The secret proves the mail comes from the player.
 */
import type { Envelope } from './ast.ts';
import { ErrorSink, LIMITS } from './errors.ts';
import { colAt, squeeze, type CleanLine } from './text.ts';

export const HEADER_RE = /^#\s*TALLYHO(?=\s|$)/i;
export const END_RE = /^#\s*END(?=\s|$)/i;
export const ID_RE = /^[a-z0-9_-]{1,32}$/;

/** Opening quotes (straight and typographic: mail clients replace one by the other). */
const OPEN = '"\u201c\u201d\u201e\u00ab';
const CLOSE = '"\u201c\u201d\u00bb';
const ANY_QUOTE = /["\u201c\u201d\u201e\u00ab\u00bb]/;

export interface Header {
  game: string;
  player: string;
  secret: string;
}

/** Next word of `s` from index `i`: [start, end), or undefined at the end. */
function word(s: string, i: number): [number, number] | undefined {
  while (s[i] === ' ') i++;
  if (i >= s.length) return undefined;
  let j = i;
  while (j < s.length && s[j] !== ' ') j++;
  return [i, j];
}

function readId(
  line: CleanLine,
  span: [number, number],
  lineNo: number,
  code: 'E_BAD_GAME' | 'E_BAD_PLAYER',
  sink: ErrorSink,
): string {
  const written = line.text.slice(span[0], span[1]);
  const id = written.toLowerCase();
  if (ID_RE.test(id)) return id;
  sink.add(code, { line: lineNo, column: colAt(line, span[0]) }, { word: written });
  return '';
}

/**
 * Reads a #TALLYHO line (the caller has matched HEADER_RE). Fields it cannot read are left empty and
 * reported; the envelope is opened anyway so its lines are not taken for text outside envelopes.
 */
export function readHeader(line: CleanLine, lineNo: number, sink: ErrorSink): Header {
  const s = line.text;
  const keyword = /#\s*TALLYHO/i.exec(s) as RegExpExecArray;
  const hashCol = colAt(line, keyword.index);
  const g = word(s, keyword.index + keyword[0].length);
  const p = g && word(s, g[1]);
  const out: Header = { game: '', player: '', secret: '' };
  if (g) out.game = readId(line, g, lineNo, 'E_BAD_GAME', sink);
  if (p) out.player = readId(line, p, lineNo, 'E_BAD_PLAYER', sink);
  let i = p ? p[1] : s.length;
  while (s[i] === ' ') i++;
  if (i >= s.length) {
    sink.add('E_BAD_HEADER', { line: lineNo, column: hashCol }, {});
    return out;
  }
  const secretCol = colAt(line, i);
  let secret: string;
  let after: number;
  if (OPEN.includes(s[i] as string)) {
    let j = i + 1;
    while (j < s.length && !CLOSE.includes(s[j] as string)) j++;
    if (j >= s.length) {
      sink.add('E_UNCLOSED_QUOTE', { line: lineNo, column: secretCol }, {});
      return out;
    }
    secret = squeeze(s.slice(i + 1, j));
    after = j + 1;
  } else {
    const w = word(s, i) as [number, number];
    secret = s.slice(w[0], w[1]);
    after = w[1];
  }
  const extra = word(s, after);
  if (extra)
    sink.add('E_HEADER_EXTRA', { line: lineNo, column: colAt(line, extra[0]) }, { word: s.slice(extra[0], extra[1]) });
  else if (!secret || secret.length > LIMITS.maxSecret || ANY_QUOTE.test(secret)) {
    sink.add('E_BAD_SECRET', { line: lineNo, column: secretCol }, {});
  } else out.secret = secret;
  return out;
}

/**
 * Canonical first line of an envelope. A game or player id left empty because it could not be read
 * is written `?`, so the fields keep their places and reading it back reports it again.
 */
export function formatHeader(e: Pick<Envelope, 'game' | 'player' | 'secret'>): string {
  return `#TALLYHO ${e.game || '?'} ${e.player || '?'} "${e.secret}"`;
}
