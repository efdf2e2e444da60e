/**
 * Words cut to a service's limit (docs/notifications.md "Limits"): only between graphemes (a
 * letter with its accents, an emoji with its modifiers, a flag: never half a surrogate pair), each
 * grapheme escaped on its own so that a cut never splits an escape (`\*`, `&amp;`), and '...' after
 * a cut. The markup around the words (bold, a link) is added after, whole, so it is never left open.
 */

/** How a service counts: UTF-16 code units (what JavaScript's length counts) or UTF-8 bytes. */
export type Measure = (s: string) => number;

/** UTF-16 code units: never fewer than the code points or characters a service may count instead. */
export const units: Measure = (s) => s.length;

const encoder = new TextEncoder();
export const bytes: Measure = (s) => encoder.encode(s).length;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

export const CUT_MARK = '...';

/**
 * `text` escaped by `escape`, at most `max` long as `measure` counts it: whole when it fits, else
 * the longest run of whole graphemes that fits with '...' after it. `max` below the mark's length
 * gives ''.
 */
export function fitText(text: string, max: number, escape: (s: string) => string = (s) => s, measure = units): string {
  const whole = escape(text);
  if (measure(whole) <= max) return whole;
  const room = max - measure(CUT_MARK);
  if (room < 0) return '';
  let out = '';
  let used = 0;
  for (const { segment } of graphemes.segment(text)) {
    const e = escape(segment);
    const n = measure(e);
    if (used + n > room) break;
    out += e;
    used += n;
  }
  return `${out}${CUT_MARK}`;
}

/** Whether `s` holds a UTF-16 surrogate without its pair (a string no JSON parser of UTF-8 keeps). */
export const loneSurrogate = (s: string): boolean =>
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);
