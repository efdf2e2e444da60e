/**
 * "Did you mean ...?" for a word the order language does not know: the known words nearest to it
 * by edit distance (insertions, deletions, substitutions and swaps of two neighbouring letters
 * each count 1). Short words allow one edit, words of six letters or more two.
 */
import { MANOEUVRE_ALIASES, MODE_WORDS } from './aliases.ts';
import { MANOEUVRES } from './ast.ts';

/** Edit distance with adjacent transpositions (optimal string alignment). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) (d[0] as number[])[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const row = d[i] as number[];
    const prev = d[i - 1] as number[];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

/** The words a box may start with: notations first, then the words of the plain spellings. */
const BOX_WORDS: readonly string[] = [
  ...new Set([
    ...MANOEUVRES,
    ...MODE_WORDS.map(([w]) => w).filter((w) => !w.includes(' ')),
    'BOMB',
    'JETTISON',
    'TORPEDO',
    'LAND',
    'ROCKETS',
    ...[...MANOEUVRE_ALIASES.map(([w]) => w), ...MODE_WORDS.map(([w]) => w)].flatMap((w) => w.split(' ')),
  ]),
];

/** Up to three known words nearest to `word` (upper-cased), nearest first; none when nothing is near. */
export function nearest(word: string, known: readonly string[]): string[] {
  const w = word.toUpperCase();
  if (w.length < 2 || !/[A-Z]/.test(w)) return [];
  const limit = w.length >= 6 ? 2 : 1;
  // The distance is at least the difference in length: only words of about the same length are compared.
  const scored = known
    .flatMap((k, i) => (Math.abs(k.length - w.length) <= limit ? [{ k, i, d: editDistance(w, k) }] : []))
    .filter((s) => s.d > 0 && s.d <= limit);
  const best = Math.min(...scored.map((s) => s.d));
  return scored
    .filter((s) => s.d === best)
    .sort((x, y) => x.i - y.i)
    .slice(0, 3)
    .map((s) => s.k);
}

/** Suggestions for a word written where a box was expected ("TX" -> TL, TR); marks glued on are tried off. */
export function suggestBox(word: string): string[] {
  // A word of a phrase written alone ("SKID", "HALF"): the phrases that start with it.
  const starting = PHRASES.filter((p) => p.startsWith(`${word.toUpperCase()} `));
  if (starting.length) return starting.slice(0, 3);
  const direct = nearest(word, BOX_WORDS);
  if (direct.length) return direct;
  const bare = word.toUpperCase().replace(/[PK0-9]+$/, '');
  return bare !== word.toUpperCase() ? nearest(bare, BOX_WORDS) : [];
}

const PHRASES: readonly string[] = [...MANOEUVRE_ALIASES.map(([w]) => w), ...MODE_WORDS.map(([w]) => w)].filter((w) =>
  w.includes(' '),
);

/**
 * A misspelt plain-word phrase ("TRUN LEFT", "HALF RLL LEFT"): the phrase of two or three words
 * nearest to the words given, and how many of them it takes; marks glued to the last word are
 * left out of the comparison.
 */
export function suggestPhrase(words: readonly string[]): { phrase: string; count: number } | undefined {
  for (let n = Math.min(3, words.length); n >= 2; n--) {
    const w = words
      .slice(0, n)
      .map((x, i) => (i === n - 1 ? x.replace(/[+-].*$/, '') : x))
      .join(' ')
      .toUpperCase();
    const near = nearest(
      w,
      PHRASES.filter((p) => p.split(' ').length === n),
    );
    if (near.length === 1) return { phrase: near[0] as string, count: n };
  }
  return undefined;
}

/** "TL or TR", "A, B or C". */
export const orList = (words: readonly string[]): string =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
