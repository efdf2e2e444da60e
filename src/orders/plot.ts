/**
 * Plots: one box per active impulse for the whole turn (seed 000 X.F; rules-notes "Playing by
 * mail"), with the whole-turn marks of seed 001 rules (18)-(21) (SC, SD, VD, BOMB). A plot line is
 * `A1: ...` or `PLOT A1 ...`; the lines right after it that start with a box go on with it.
 */
import type { Box, OrderError, Plot } from './ast.ts';
import { matchPhrase, splitHyphens, type ModeMark } from './aliases.ts';
import { boxFromPhrase, formatBox, parseBoxWord, parseMarks, reportMark, unknownWord, type Marks } from './box.ts';
import { ErrorSink, LIMITS, type At } from './errors.ts';
import { suggestBox, suggestPhrase } from './suggest.ts';
import { cleanLine, colAt, commentStart, splitLines, tokenize, type CleanLine, type Token } from './text.ts';

export const PLANE_ID = /^[A-Z0-9_-]{1,16}$/;

/** A plot being read, possibly over several lines. */
export interface PlotDraft {
  plane: string;
  at: At;
  mode?: ModeMark;
  modeWord?: string;
  modeAt?: At;
  bomb: boolean;
  jettison?: boolean;
  torpedo?: boolean;
  land?: boolean;
  rockets?: boolean;
  boxes: Box[];
  /** Boxes written so far, understood or not (for "box n" in messages). */
  slots: number;
  /** The box that separate marks ("+200", "POWER") go to; 'bad' after a box not understood. */
  last?: { box: Box; marks: Marks } | 'bad';
  failed: boolean;
  tooMany?: boolean;
  /** The lines the plot was written on. */
  lines: number[];
}

/** The plane id of a plot line and where its boxes start, or undefined if the line is no plot line. */
export function plotHead(line: CleanLine, tokens: readonly Token[]): { plane: Token; rest: Token[] } | undefined {
  const m = /^ *([^ :,|]+) *:/.exec(line.text);
  if (m) {
    const at = line.text.indexOf(m[1] as string);
    const plane = { text: m[1] as string, col: colAt(line, at) };
    return { plane, rest: tokenize(line, m[0].length) };
  }
  const first = tokens[0];
  if (!first || first.text.toUpperCase() !== 'PLOT') return undefined;
  let rest = tokens.slice(1);
  const p = rest[0];
  if (!p || p.text === ':') return { plane: { text: '', col: p?.col ?? first.col + 4 }, rest: rest.slice(p ? 1 : 0) };
  rest = rest.slice(1);
  if (rest[0]?.text === ':') rest = rest.slice(1);
  return { plane: { text: p.text.replace(/:$/, ''), col: p.col }, rest };
}

/** Opens a plot for the plane token (its id is checked here). */
export function startPlot(plane: Token, line: number, sink: ErrorSink): PlotDraft {
  const id = plane.text.toUpperCase();
  const d: PlotDraft = {
    plane: id,
    at: { line, column: plane.col },
    bomb: false,
    boxes: [],
    slots: 0,
    failed: false,
    lines: [line],
  };
  if (!id) {
    sink.add('E_NO_PLANE', d.at, { verb: 'PLOT' });
    d.failed = true;
  } else if (!PLANE_ID.test(id)) {
    sink.add('E_BAD_PLANE', d.at, { word: plane.text });
    d.failed = true;
  }
  return d;
}

const MARK_WORD = /^([+-]|[PK][PK0-9]*$)/i;

/** True when the first word of a line is a box, a mark or a mode: the line goes on with a plot. */
export function startsWithBox(tokens: readonly Token[]): boolean {
  const t = splitHyphens(tokens.slice(0, 3));
  const first = t[0];
  if (!first) return false;
  const u = first.text.toUpperCase();
  return (
    MARK_WORD.test(u) ||
    ['POWER', 'BRAKE', 'CLIMB', 'DIVE'].includes(u) ||
    parseBoxWord(first.text) !== undefined ||
    matchPhrase(t, 0) !== undefined
  );
}

/** The first box of a line as written ("TR+200", "TURN LEFT"), for messages. */
export function firstBoxWords(tokens: readonly Token[]): string {
  const t = splitHyphens(tokens.slice(0, 3));
  const p = parseBoxWord(t[0]?.text ?? '') ? undefined : matchPhrase(t, 0);
  return t
    .slice(0, p ? p.count : 1)
    .map((x) => x.text)
    .join(' ');
}

function pushBox(d: PlotDraft, box: Box, marks: Marks, t: Token, line: number, sink: ErrorSink): void {
  d.slots++;
  if (d.boxes.length === LIMITS.maxBoxes) {
    if (!d.tooMany) sink.add('E_TOO_MANY_BOXES', { line, column: t.col, box: d.slots }, { plane: d.plane });
    d.tooMany = true;
    d.failed = true;
    d.last = 'bad';
    return;
  }
  d.boxes.push(box);
  d.last = { box, marks };
}

function badBox(d: PlotDraft): void {
  d.slots++;
  d.failed = true;
  d.last = 'bad';
}

/** Separate marks ("+200", "PP", "POWER 2", "CLIMB 300") for the box before them. */
function attachMarks(d: PlotDraft, marks: string, written: string, t: Token, line: number, sink: ErrorSink): void {
  if (!d.last) {
    sink.add('E_MODIFIER_FIRST', { line, column: t.col }, { word: written });
    d.failed = true;
    return;
  }
  if (d.last === 'bad') return; // the box itself was already reported
  const r = parseMarks(marks.toUpperCase(), { ...d.last.marks });
  const at = { line, column: t.col, box: d.slots };
  if (!r) {
    sink.add('E_BAD_ALTITUDE', at, { word: written });
  } else if ('problem' in r) {
    const asWritten = written.toUpperCase() === marks.toUpperCase();
    reportMark(sink, r.problem, t, line, d.slots, 0, asWritten ? undefined : written);
  } else {
    Object.assign(d.last.box, { alt: r.marks.alt ?? 0, power: r.marks.power ?? 0, brake: r.marks.brake ?? 0 });
    d.last.marks = r.marks;
    return;
  }
  d.failed = true;
}

/** The whole-turn marks that are flags of the plot, each written once (seed 000 VIII; docs/ground.md). */
const FLAG_MARKS = {
  ROCKETS: 'rockets',
  LAND: 'land',
  TORPEDO: 'torpedo',
  BOMB: 'bomb',
  JETTISON: 'jettison',
} as const;
type FlagMark = keyof typeof FLAG_MARKS;

function setMode(d: PlotDraft, mode: ModeMark | FlagMark, word: string, at: At, sink: ErrorSink): void {
  if (mode in FLAG_MARKS) {
    const flag = FLAG_MARKS[mode as FlagMark];
    if (d[flag]) {
      sink.add('E_REPEATED_MARK', at, { word });
      d.failed = true;
    }
    d[flag] = true;
    return;
  }
  if (d.mode !== undefined) {
    if (d.mode === mode) sink.add('E_REPEATED_MARK', at, { word });
    else sink.add('E_TWO_MODES', at, { word, first: d.modeWord ?? '' });
    d.failed = true;
    return;
  }
  Object.assign(d, { mode, modeWord: word, modeAt: at });
}

/** Reads the boxes and marks of one line into the plot (seed 000 X.F.1-2). */
export function addPlotTokens(d: PlotDraft, input: readonly Token[], line: number, sink: ErrorSink): void {
  const tokens = splitHyphens(input);
  let i = 0;
  while (i < tokens.length) {
    const t = tokens[i] as Token;
    const u = t.text.toUpperCase();
    const next = tokens[i + 1];
    if (MARK_WORD.test(u)) {
      attachMarks(d, u, t.text, t, line, sink);
      i++;
    } else if (u === 'POWER' || u === 'BRAKE') {
      const n = next && /^\d+$/.test(next.text) ? next.text : '';
      attachMarks(d, `${u === 'POWER' ? 'P' : 'K'}${n}`, n ? `${t.text} ${n}` : t.text, t, line, sink);
      i += n ? 2 : 1;
    } else if (u === 'CLIMB' || u === 'DIVE') {
      const n = next && /^\+?\d+$/.test(next.text) ? next.text.replace('+', '') : '';
      attachMarks(
        d,
        n ? `${u === 'CLIMB' ? '+' : '-'}${n}` : 'x',
        n ? `${t.text} ${next?.text}` : t.text,
        t,
        line,
        sink,
      );
      i += n ? 2 : 1;
    } else {
      const compact = parseBoxWord(t.text);
      const phrase = compact ? undefined : matchPhrase(tokens, i);
      const at: At = { line, column: t.col, box: d.slots + 1 };
      if (compact || phrase?.meaning.kind === 'man') {
        const r = compact ?? (phrase && boxFromPhrase(phrase));
        if (r && 'box' in r) pushBox(d, r.box, r.marks, t, line, sink);
        else {
          const last = phrase ? (tokens[i + phrase.count - 1] as Token) : t;
          if (r) reportMark(sink, r.problem, last, line, d.slots + 1, phrase ? phrase.suffixCol - last.col : 0);
          badBox(d);
        }
      } else if (phrase && !phrase.suffix) {
        const m = phrase.meaning;
        setMode(
          d,
          m.kind === 'bomb'
            ? 'BOMB'
            : m.kind === 'jettison'
              ? 'JETTISON'
              : m.kind === 'torpedo'
                ? 'TORPEDO'
                : m.kind === 'land'
                  ? 'LAND'
                  : m.kind === 'rockets'
                    ? 'ROCKETS'
                    : m.mode,
          phrase.written,
          { line, column: t.col },
          sink,
        );
      } else {
        // A misspelt first word of a phrase ("TRUN LEFT") is suggested with the words after it,
        // which are then not reported again.
        const whole = suggestPhrase(tokens.slice(i, i + 3).map((x) => x.text));
        const word = whole
          ? tokens
              .slice(i, i + whole.count)
              .map((x) => unknownWord(x.text))
              .join(' ')
          : unknownWord(t.text);
        sink.add('E_UNKNOWN_MANOEUVRE', at, { word, suggest: whole ? [whole.phrase] : suggestBox(word) });
        badBox(d);
        i += whole ? whole.count : 1;
        continue;
      }
      i += phrase ? phrase.count : 1;
    }
  }
}

/** Ends a plot: settles STEEP (rules (18)-(19)), checks it has boxes. Undefined if it had errors. */
export function finishPlot(d: PlotDraft, sink: ErrorSink): Plot | undefined {
  if (d.mode === 'STEEP' && !d.failed) {
    const climbs = d.boxes.some((b) => b.alt > 0);
    const dives = d.boxes.some((b) => b.alt < 0);
    if (climbs !== dives) d.mode = climbs ? 'SC' : 'SD';
    else {
      sink.add('E_STEEP_UNCLEAR', d.modeAt ?? d.at, { which: climbs ? 'both' : 'neither' });
      d.failed = true;
    }
  }
  if (d.slots === 0 && !d.failed) {
    sink.add('E_EMPTY_PLOT', d.at, { plane: d.plane });
    d.failed = true;
  }
  if (d.failed) return undefined;
  const plot: Plot = { plane: d.plane, bomb: d.bomb, boxes: d.boxes };
  if (d.jettison) plot.jettison = true;
  if (d.torpedo) plot.torpedo = true;
  if (d.land) plot.land = true;
  if (d.rockets) plot.rockets = true;
  if (d.mode) plot.mode = d.mode as Plot['mode'];
  return plot;
}

/** Canonical plot line: `A1: SC BOMB S TR+200P 1 1`. */
export function formatPlot(p: Plot): string {
  const head = [
    p.mode,
    p.bomb ? 'BOMB' : undefined,
    p.torpedo ? 'TORPEDO' : undefined,
    p.jettison ? 'JETTISON' : undefined,
    p.land ? 'LAND' : undefined,
    p.rockets ? 'ROCKETS' : undefined,
  ]
    .filter(Boolean)
    .join(' ');
  return `${p.plane}:${head ? ` ${head}` : ''} ${p.boxes.map(formatBox).join(' ')}`;
}

/** Parses one plot: a plot line, and any further lines as its continuation. */
export function parsePlot(text: string): { value?: Plot; errors: OrderError[] } {
  const sink = new ErrorSink();
  let d: PlotDraft | undefined;
  splitLines(text).forEach((raw, n) => {
    const line = cleanLine(raw);
    const cut = commentStart(line.text);
    const tokens = tokenize(line, 0, cut < 0 ? line.text.length : cut);
    if (d) {
      addPlotTokens(d, tokens, n + 1, sink);
      return;
    }
    if (tokens.length === 0) return;
    const head = plotHead(line, tokens);
    if (!head) {
      const first = tokens[0] as Token;
      sink.add(
        'E_MISSING_COLON',
        { line: n + 1, column: first.col },
        {
          word: first.text,
          rest: tokens
            .slice(1)
            .map((t) => t.text)
            .join(' '),
        },
      );
      return;
    }
    d = startPlot(head.plane, n + 1, sink);
    addPlotTokens(d, head.rest, n + 1, sink);
  });
  if (!d && sink.errors.length === 0) sink.add('E_NO_PLANE', { line: 1, column: 1 }, { verb: 'PLOT' });
  const value = d && finishPlot(d, sink);
  return value ? { value, errors: sink.errors } : { errors: sink.sorted() };
}
