/**
 * Plain-word and symbol spellings of the log notations (seed 000 X.F.1 "`" and "1"; seed 001 rules
 * (1)-(11), (18)-(21)), and the matching of multi-word phrases in a plot. docs/orders.md "Plain words".
 */
import type { Manoeuvre, PlotMode } from './ast.ts';
import type { Token } from './text.ts';

/** Single-character spellings of the straight box S (seed 000 X.F.1.a writes it "`"). */
export const SYMBOL_ALIASES: Readonly<Record<string, Manoeuvre>> = {
  '`': 'S',
  '.': 'S',
  "'": 'S',
  '\u2019': 'S',
  '\u2018': 'S',
};

/** Plain words for manoeuvres, longest phrases matched first. */
export const MANOEUVRE_ALIASES: ReadonlyArray<readonly [string, Manoeuvre]> = [
  ['STRAIGHT', 'S'],
  ['FORWARD', '1'],
  ['FORWARDS', '1'],
  ['TURN LEFT', 'TL'],
  ['TURN RIGHT', 'TR'],
  ['SLIP LEFT', 'SL'],
  ['SLIP RIGHT', 'SR'],
  ['SKID LEFT', 'SLTR'],
  ['SKID RIGHT', 'SRTL'],
  ['HALF ROLL LEFT', 'HRL'],
  ['HALF ROLL RIGHT', 'HRR'],
  ['LEVEL', 'N'],
  ['LEFT BANK', 'LB'],
  ['RIGHT BANK', 'RB'],
  ['INVERTED LEFT', 'IL'],
  ['INVERTED RIGHT', 'IR'],
  ['INVERTED', 'INV'],
  ['LOOP', 'V'],
  ['HALF LOOP', 'V'],
  ['IMMELMANN LEFT', 'VLL'],
  ['IMMELMANN RIGHT', 'VRR'],
];

/** A plot's mode marks (rules (18)-(20)); STEEP is settled by the boxes' altitude changes. */
export type ModeMark = PlotMode | 'STEEP';

export const MODE_WORDS: ReadonlyArray<readonly [string, ModeMark]> = [
  ['SC', 'SC'],
  ['SD', 'SD'],
  ['VD', 'VD'],
  ['VERT', 'VD'],
  ['STEEP', 'STEEP'],
  ['STEEP CLIMB', 'SC'],
  ['STEEP DIVE', 'SD'],
  ['VERTICAL DIVE', 'VD'],
];

export type PhraseMeaning =
  | { kind: 'man'; man: Manoeuvre }
  | { kind: 'mode'; mode: ModeMark }
  | { kind: 'bomb' }
  | { kind: 'jettison' }
  | { kind: 'torpedo' }
  | { kind: 'land' }
  | { kind: 'rockets' };

const PHRASES = new Map<string, PhraseMeaning>();
for (const [p, man] of MANOEUVRE_ALIASES) PHRASES.set(p, { kind: 'man', man });
for (const [p, mode] of MODE_WORDS) PHRASES.set(p, { kind: 'mode', mode });
PHRASES.set('BOMB', { kind: 'bomb' });
PHRASES.set('JETTISON', { kind: 'jettison' });
PHRASES.set('TORPEDO', { kind: 'torpedo' });
PHRASES.set('LAND', { kind: 'land' });
PHRASES.set('ROCKETS', { kind: 'rockets' });

/** Every word used in a phrase (to split hyphenated spellings such as HALF-ROLL). */
const PHRASE_WORDS = new Set([...PHRASES.keys()].flatMap((p) => p.split(' ')));

const MAX_WORDS = 3;

export interface PhraseMatch {
  meaning: PhraseMeaning;
  /** Tokens used. */
  count: number;
  /** The phrase as written (for messages). */
  written: string;
  /** Marks glued to the last word, e.g. "+200P" of "TURN RIGHT+200P"; '' when none. */
  suffix: string;
  suffixCol: number;
}

/** Splits "RIGHT+200P" into word and marks (the marks start at the first sign). */
function splitSuffix(word: string): [string, string] {
  const i = word.search(/[+-]/);
  return i > 0 ? [word.slice(0, i), word.slice(i)] : [word, ''];
}

/** The longest phrase starting at tokens[i], if any. */
export function matchPhrase(tokens: readonly Token[], i: number): PhraseMatch | undefined {
  for (let n = Math.min(MAX_WORDS, tokens.length - i); n >= 1; n--) {
    const words = tokens.slice(i, i + n).map((t) => t.text.toUpperCase());
    const last = tokens[i + n - 1] as Token;
    const [lastWord, suffix] = splitSuffix(words[n - 1] as string);
    words[n - 1] = lastWord;
    const meaning = PHRASES.get(words.join(' '));
    if (meaning) {
      return {
        meaning,
        count: n,
        written: words.join(' '),
        suffix,
        suffixCol: last.col + lastWord.length,
      };
    }
  }
  return undefined;
}

/** Splits hyphenated phrase words ("HALF-ROLL", "half-loop") into separate tokens. */
export function splitHyphens(tokens: readonly Token[]): Token[] {
  const out: Token[] = [];
  for (const t of tokens) {
    if (/^[A-Za-z]+(-[A-Za-z]+)+$/.test(t.text)) {
      const parts = t.text.split('-');
      if (parts.every((p) => PHRASE_WORDS.has(p.toUpperCase()))) {
        let off = 0;
        for (const p of parts) {
          out.push({ text: p, col: t.col + off });
          off += p.length + 1;
        }
        continue;
      }
    }
    out.push(t);
  }
  return out;
}
