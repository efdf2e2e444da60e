/**
 * Standing fire orders (seed 000 VII: fixed guns once per turn in an active impulse, flexible guns
 * once per turn in any impulse; rules-notes "Playing by mail"): which guns, at which target, from
 * which impulse, within which range; HOLD keeps guns silent. docs/orders.md "Fire orders".
 */
import type { FireOrder, OrderError } from './ast.ts';
import { ErrorSink, type At } from './errors.ts';
import { PLANE_ID } from './plot.ts';
import { cleanLine, commentStart, tokenize, type Token } from './text.ts';
import { nearest } from './suggest.ts';

const GUN_GROUP = /^[A-Z0-9]{1,16}$/;
const CLAUSES = new Set(['AT', 'FROM', 'WITHIN', 'AUTO']);

/** Words a fire order reads in a target's place: no plane may be called by one of them. */
export const TARGET_WORDS: ReadonlySet<string> = new Set(['ANY', ...CLAUSES]);

function at(line: number, t: Token): At {
  return { line, column: t.col };
}

/** Reads a whole number from `lo` to `hi`, or undefined. */
function intIn(t: Token | undefined, lo: number, hi: number): number | undefined {
  if (!t || !/^\d{1,3}$/.test(t.text)) return undefined;
  const n = Number(t.text);
  return n >= lo && n <= hi ? n : undefined;
}

/**
 * The rest of a HOLD line after its plane (docs/orders.md "Fire orders"): the guns kept silent
 * (`gunTok`, read as `guns`), all of them when none are named; no clause may follow. Undefined when it had errors.
 */
function readHold(
  tokens: readonly Token[],
  line: number,
  sink: ErrorSink,
  plane: string,
  gunTok: Token | undefined,
  guns: string | undefined,
): FireOrder | undefined {
  const verb = 'HOLD';
  if (gunTok && CLAUSES.has(guns ?? '')) {
    sink.add('E_FIRE_EXTRA', at(line, gunTok), { word: gunTok.text, verb, plane });
    return undefined;
  }
  if (gunTok && !GUN_GROUP.test(guns ?? '')) {
    sink.add('E_BAD_GUNS', at(line, gunTok), { word: gunTok.text });
    return undefined;
  }
  const extra = tokens[3];
  if (extra) {
    sink.add('E_FIRE_EXTRA', at(line, extra), { word: extra.text, verb, plane });
    return undefined;
  }
  return { plane, guns: guns ?? 'ALL', hold: true, target: 'ANY' };
}

/** Reads a FIRE or HOLD line (tokens[0] is the verb). Undefined when it had errors. */
export function readFireOrder(tokens: readonly Token[], line: number, sink: ErrorSink): FireOrder | undefined {
  const verbTok = tokens[0] as Token;
  const verb = verbTok.text.toUpperCase() as 'FIRE' | 'HOLD';
  const planeTok = tokens[1];
  const plane = planeTok?.text.replace(/:$/, '').toUpperCase() ?? '';
  if (!planeTok || !plane) {
    sink.add('E_NO_PLANE', at(line, planeTok ?? verbTok), { verb });
    return undefined;
  }
  if (!PLANE_ID.test(plane)) {
    sink.add('E_BAD_PLANE', at(line, planeTok), { word: planeTok.text });
    return undefined;
  }
  const gunTok = tokens[2];
  const guns = gunTok?.text.toUpperCase();
  if (verb === 'HOLD') return readHold(tokens, line, sink, plane, gunTok, guns);
  if (!gunTok || !guns || CLAUSES.has(guns)) {
    sink.add('E_FIRE_NO_GUNS', at(line, gunTok ?? planeTok), { plane });
    return undefined;
  }
  if (!GUN_GROUP.test(guns)) {
    sink.add('E_BAD_GUNS', at(line, gunTok), { word: gunTok.text });
    return undefined;
  }
  const order: FireOrder = { plane, guns, hold: false, target: 'ANY' };
  let targetSet = false;
  let ok = true;
  const seen = new Set<string>();
  for (let i = 3; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    const word = t.text.toUpperCase();
    const arg = tokens[i + 1];
    const key = word === 'AUTO' ? 'AT' : word;
    if (CLAUSES.has(word) && (seen.has(key) || (key === 'AT' && targetSet))) {
      sink.add('E_FIRE_REPEATED', at(line, t), { word: t.text });
      ok = false;
    }
    seen.add(key);
    if (word === 'AUTO') {
      targetSet = true;
    } else if (word === 'AT') {
      const target = arg?.text.toUpperCase() ?? '';
      if (!arg || CLAUSES.has(target) || !PLANE_ID.test(target)) {
        sink.add('E_BAD_TARGET', at(line, arg && !CLAUSES.has(target) ? arg : t), {
          word: arg && !CLAUSES.has(target) ? arg.text : '',
        });
        ok = false;
        if (!arg || CLAUSES.has(target)) continue;
      }
      order.target = target;
      targetSet = true;
      i++;
    } else if (word === 'FROM' || word === 'WITHIN') {
      const [lo, hi, code] = word === 'FROM' ? [1, 12, 'E_BAD_IMPULSE' as const] : [1, 8, 'E_BAD_RANGE' as const];
      const n = intIn(arg, lo, hi);
      if (n === undefined) {
        const bad = arg && !CLAUSES.has(arg.text.toUpperCase()) ? arg : undefined;
        sink.add(code, at(line, bad ?? t), { word: bad?.text ?? '' });
        ok = false;
        if (bad) i++;
        continue;
      }
      if (word === 'FROM') order.from = n;
      else order.within = n;
      i++;
    } else {
      // A misspelt clause ("WITHN 3"): the nearest clause is suggested, and its argument is not
      // counted as a second mistake.
      const near = nearest(word, ['AT', 'AUTO', 'FROM', 'WITHIN']);
      sink.add('E_FIRE_EXTRA', at(line, t), { word: t.text, verb, plane, near: near[0] ?? '' });
      ok = false;
      if (near.length && near[0] !== 'AUTO' && arg && !CLAUSES.has(arg.text.toUpperCase())) i++;
    }
  }
  return ok ? order : undefined;
}

/** Canonical fire order: `FIRE A1 FIXED AT B1 FROM 3 WITHIN 4`, `HOLD A1 FLEX`. */
export function formatFireOrder(f: FireOrder): string {
  if (f.hold) return `HOLD ${f.plane} ${f.guns}`;
  const from = f.from !== undefined ? ` FROM ${f.from}` : '';
  const within = f.within !== undefined ? ` WITHIN ${f.within}` : '';
  return `FIRE ${f.plane} ${f.guns} AT ${f.target}${from}${within}`;
}

/** Parses one FIRE or HOLD line. */
export function parseFireOrder(text: string): { value?: FireOrder; errors: OrderError[] } {
  const sink = new ErrorSink();
  const line = cleanLine(text.split(/\r\n|\r|\n/)[0] ?? '');
  const cut = commentStart(line.text);
  const tokens = tokenize(line, 0, cut < 0 ? line.text.length : cut);
  const verb = tokens[0]?.text.toUpperCase();
  if (verb !== 'FIRE' && verb !== 'HOLD') {
    sink.add('E_FIRE_EXTRA', { line: 1, column: tokens[0]?.col ?? 1 }, { word: tokens[0]?.text ?? '', verb: 'FIRE' });
    return { errors: sink.errors };
  }
  const value = readFireOrder(tokens, 1, sink);
  return value ? { value, errors: [] } : { errors: sink.errors };
}
