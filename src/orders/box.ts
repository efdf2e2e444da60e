/**
 * One impulse box (seed 000 X.F.1.c): a manoeuvre notation, then an optional altitude change, power
 * marks (P, seed 000 X.C.1) and brake marks (K, X.C.2). Written compactly as `TR+200P`; the plain
 * word spellings are in aliases.ts. docs/orders.md "Boxes".
 */
import type { Box, Manoeuvre, OrderError } from './ast.ts';
import { MANOEUVRES } from './ast.ts';
import { matchPhrase, SYMBOL_ALIASES, type PhraseMatch } from './aliases.ts';
import { ErrorSink, LIMITS } from './errors.ts';
import { suggestBox } from './suggest.ts';
import { cleanLine, tokenize, type Token } from './text.ts';

/** Marks written on a box; a field is present when it was written. */
export interface Marks {
  alt?: number;
  power?: number;
  brake?: number;
}

export type MarkCode = 'E_BAD_ALTITUDE' | 'E_BAD_POWER' | 'E_BAD_BRAKE' | 'E_DUPLICATE_MODIFIER';

export interface MarkProblem {
  code: MarkCode;
  /** The offending piece as written, e.g. '+250' or 'P5'. */
  word: string;
  /** What the box already has (E_DUPLICATE_MODIFIER). */
  what: string;
  /** Offset of the piece in the parsed string. */
  offset: number;
}

const WHAT = { alt: 'an altitude change', power: 'power', brake: 'brake' } as const;

/** Longest names first, so SLTR is not read as SL + "TR". */
const BY_LENGTH: readonly Manoeuvre[] = [...MANOEUVRES].sort((a, b) => b.length - a.length);

/**
 * Reads marks such as "+200PP", "-100K2" or "P" (upper case) into `into`. Returns undefined when the
 * string is not made of marks at all (the caller then reports a word it does not know).
 */
export function parseMarks(s: string, into: Marks = {}): { marks: Marks } | { problem: MarkProblem } | undefined {
  if (!/^[+\-PK0-9]*$/.test(s)) return undefined;
  const marks = into;
  let i = 0;
  while (i < s.length) {
    const start = i;
    const ch = s[i] as string;
    if (ch === 'P' || ch === 'K') {
      while (s[i] === ch) i++;
      const letters = i - start;
      const digitsAt = i;
      while (i < s.length && s[i]! >= '0' && s[i]! <= '9') i++;
      const word = s.slice(start, i);
      const digits = s.slice(digitsAt, i);
      const n = digits ? (letters === 1 && digits.length <= 2 ? Number(digits) : -1) : letters;
      const key = ch === 'P' ? 'power' : 'brake';
      const max = ch === 'P' ? LIMITS.maxPower : LIMITS.maxBrake;
      if (n < 1 || n > max)
        return { problem: { code: ch === 'P' ? 'E_BAD_POWER' : 'E_BAD_BRAKE', word, what: '', offset: start } };
      if (marks[key] !== undefined)
        return { problem: { code: 'E_DUPLICATE_MODIFIER', word, what: WHAT[key], offset: start } };
      marks[key] = n;
      continue;
    }
    // An altitude change: a sign and a multiple of 100 feet (seed 000 X.D, X.F.2).
    const signed = ch === '+' || ch === '-';
    if (signed) i++;
    while (i < s.length && s[i]! >= '0' && s[i]! <= '9') i++;
    if (i === start) i++; // a lone character that fits nothing
    const word = s.slice(start, i);
    const digits = signed ? word.slice(1) : word;
    const value = digits.length > 0 && digits.length <= 5 ? Number(digits) : NaN;
    if (!signed || !(value % 100 === 0) || value > LIMITS.maxAltitude) {
      return { problem: { code: 'E_BAD_ALTITUDE', word, what: '', offset: start } };
    }
    if (marks.alt !== undefined)
      return { problem: { code: 'E_DUPLICATE_MODIFIER', word, what: WHAT.alt, offset: start } };
    marks.alt = value === 0 ? 0 : ch === '-' ? -value : value;
  }
  return { marks };
}

export type WordResult = { box: Box; marks: Marks } | { problem: MarkProblem } | undefined;

function boxOf(man: Manoeuvre, marks: Marks): Box {
  return { man, alt: marks.alt ?? 0, power: marks.power ?? 0, brake: marks.brake ?? 0 };
}

function withMarks(man: Manoeuvre, rest: string, offset: number): WordResult {
  const r = parseMarks(rest);
  if (!r) return undefined;
  if ('problem' in r) return { problem: { ...r.problem, offset: r.problem.offset + offset } };
  return { box: boxOf(man, r.marks), marks: r.marks };
}

/** Reads a compact box such as "TR+200P", "'" or "sltr-100k". Undefined: not a manoeuvre. */
export function parseBoxWord(word: string): WordResult {
  const u = word.toUpperCase();
  const sym = SYMBOL_ALIASES[u[0] ?? ''];
  if (sym) return withMarks(sym, u.slice(1), 1);
  for (const m of BY_LENGTH) {
    if (!u.startsWith(m)) continue;
    const r = withMarks(m, u.slice(m.length), m.length);
    if (r) return r;
  }
  return undefined;
}

/** A manoeuvre written in plain words ("TURN RIGHT+200P"), or undefined if the phrase is no manoeuvre. */
export function boxFromPhrase(p: PhraseMatch): WordResult {
  if (p.meaning.kind !== 'man') return undefined;
  const r = withMarks(p.meaning.man, p.suffix.toUpperCase(), 0);
  return r ?? { problem: { code: 'E_BAD_ALTITUDE', word: p.suffix, what: '', offset: 0 } };
}

/** The word to name when a box is not understood: the part before its altitude change. */
export function unknownWord(word: string): string {
  const i = word.search(/[+-]/);
  return i > 0 ? word.slice(0, i) : word;
}

/** Canonical box: manoeuvre, signed altitude change if any, P per power factor, K per brake factor. */
export function formatBox(b: Box): string {
  const alt = b.alt > 0 ? `+${b.alt}` : b.alt < 0 ? String(b.alt) : '';
  return `${b.man}${alt}${'P'.repeat(b.power)}${'K'.repeat(b.brake)}`;
}

/**
 * Reports a mark problem found in token `t` (the marks start `at` characters into the token); the
 * message quotes the piece as written, or `written` when the marks were spelt out ("POWER 9").
 */
export function reportMark(
  sink: ErrorSink,
  p: MarkProblem,
  t: Token,
  line: number,
  box: number,
  at = 0,
  written?: string,
): void {
  const from = at + p.offset;
  const where = { line, column: written ? t.col : t.col + from, box };
  const word = written ?? (t.text.slice(from, from + p.word.length) || p.word);
  if (p.code === 'E_DUPLICATE_MODIFIER') sink.add(p.code, where, { word, what: p.what });
  else sink.add(p.code, where, { word });
}

/**
 * Parses one box as written in a plot: compact ("TR+200P") or in plain words ("turn right+200P").
 * Marks written as separate words ("TR +200") belong to plots; see parsePlot.
 */
export function parseBox(text: string): { value?: Box; errors: OrderError[] } {
  const sink = new ErrorSink();
  const tokens = tokenize(cleanLine(text));
  const first = tokens[0];
  if (!first) {
    sink.add('E_UNKNOWN_MANOEUVRE', { line: 1, column: 1, box: 1 }, { word: '' });
    return { errors: sink.errors };
  }
  const phrase = matchPhrase(tokens, 0);
  const r =
    tokens.length === 1
      ? (parseBoxWord(first.text) ?? (phrase && boxFromPhrase(phrase)))
      : phrase && phrase.count === tokens.length
        ? boxFromPhrase(phrase)
        : undefined;
  if (r && 'box' in r) return { value: r.box, errors: [] };
  if (r) {
    const t = phrase && tokens.length > 1 ? (tokens[phrase.count - 1] as Token) : first;
    const at = phrase && tokens.length > 1 ? phrase.suffixCol - t.col : 0;
    reportMark(sink, r.problem, t, 1, 1, at);
  } else {
    const t = tokens.length === 1 || !phrase ? first : (tokens[phrase.count] as Token);
    const word = unknownWord(t.text);
    sink.add('E_UNKNOWN_MANOEUVRE', { line: 1, column: t.col, box: 1 }, { word, suggest: suggestBox(word) });
  }
  return { errors: sink.errors };
}
