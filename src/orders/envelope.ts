/**
 * parseOrders finds the `#TALLYHO` ... `#END` envelopes of a mail and reads the lines inside them
 * (docs/orders.md). Text outside envelopes and quoted lines (`>`) are ignored. Every error is
 * reported, with its line and column; nothing throws, and the work is linear in the text.
 * formatOrders writes envelopes back in canonical form; reading that gives the same envelopes.
 */
import type { Envelope, OrderError, OutsideLine, ParseResult } from './ast.ts';
import { MAX_OUTSIDE, maybeOrderLine, orderLinesOutside } from './outside.ts';
import {
  commandTable,
  formatCommand,
  GM_PLAYER,
  KEYWORDS,
  PLAYER_COMMANDS,
  readCommand,
  type CommandSpec,
  type CommandTable,
} from './commands.ts';
import { nearest } from './suggest.ts';
import { formatQuickMoves, parseQuickMoves } from './quick.ts';
import { ErrorSink, LIMITS } from './errors.ts';
import { formatFireOrder, readFireOrder } from './fire.ts';
import { formatMoveOrder, readMoveOrder } from './move.ts';
import { formatPick, isPick, readPick } from './pick.ts';
import { END_RE, formatHeader, HEADER_RE, readHeader } from './header.ts';
import {
  addPlotTokens,
  finishPlot,
  firstBoxWords,
  formatPlot,
  PLANE_ID,
  plotHead,
  startPlot,
  startsWithBox,
  type PlotDraft,
} from './plot.ts';
import {
  cleanLine,
  colAt,
  commentStart,
  splitLines,
  tokenize,
  tooManyBytes,
  type CleanLine,
  type Token,
} from './text.ts';

export interface ParseOptions {
  /** Commands besides the players' (HELP, STATUS, RESEND, HISTORY, MAP), by name. */
  commands?: Record<string, CommandSpec>;
  /**
   * Whether the game an envelope names plays the quick game (seed 004): its `A1: 2L1` lines are
   * read as quick moves (orders/quick.ts), not plots.
   */
  quick?: (game: string) => boolean;
}

/** An envelope being read. */
interface Open {
  env: Envelope;
  hashCol: number;
  turnLine?: number;
  initiativeLine?: number;
  /** Plane -> line of its plot. */
  planes: Map<string, number>;
  /** Unit -> line of its MOVE order. */
  units: Map<string, number>;
  movesFull?: boolean;
  plot?: PlotDraft;
  /** The envelope is for a quick game (ParseOptions.quick): plot lines are quick moves. */
  quick?: boolean;
  /** The text of every line inside the envelope, and the lines of plots that could not be read. */
  texts: Map<number, string>;
  failedLines: number[];
  /** Past the limit of FIRE/HOLD lines or of commands (LIMITS): told once, the rest ignored. */
  fireFull?: boolean;
  commandsFull?: boolean;
  /** Plots begun (LIMITS.maxPlots); past the limit a plot and its continued lines are skipped. */
  plotCount: number;
  skipPlot?: boolean;
}

function endPlot(open: Open, sink: ErrorSink): void {
  if (!open.plot) return;
  const plot = finishPlot(open.plot, sink);
  if (plot) open.env.plots.push(plot);
  else open.failedLines.push(...open.plot.lines);
  open.plot = undefined;
}

/** The longest part of an unread line kept (the rest is cut off with "..."), and the most lines listed. */
const UNREAD_CHARS = 60;
const UNREAD_MAX = 20;

/**
 * The lines of an envelope that were not read: those of its plots that had errors, and every other
 * line with an error (a control character alone spoils nothing: that line was read).
 */
function unreadLines(open: Open, errors: readonly OrderError[], index: number): Envelope['unread'] {
  const lines = new Set(open.failedLines);
  for (const e of errors)
    if (e.envelope === index && e.code !== 'E_CONTROL_CHAR' && e.line !== open.env.line) lines.add(e.line);
  const out = [...lines]
    .filter((l) => open.texts.has(l))
    .sort((a, b) => a - b)
    .map((line) => {
      const text = (open.texts.get(line) as string).trim();
      return { line, text: text.length > UNREAD_CHARS ? `${text.slice(0, UNREAD_CHARS)}...` : text };
    });
  if (out.length > UNREAD_MAX)
    out.splice(UNREAD_MAX, out.length, {
      line: (out[UNREAD_MAX] as { line: number }).line,
      text: `... and ${out.length - UNREAD_MAX} more lines`,
    });
  return out.length ? out : undefined;
}

function readTurn(open: Open, tokens: readonly Token[], line: number, sink: ErrorSink): void {
  const n = tokens[1];
  const bad = !n || !/^\d{1,4}$/.test(n.text) || Number(n.text) < 1 ? (n ?? tokens[0]) : tokens[2];
  if (bad) {
    sink.add('E_BAD_TURN', { line, column: bad.col }, {});
  } else if (open.turnLine !== undefined) {
    sink.add('E_DUPLICATE_TURN', { line, column: (tokens[0] as Token).col }, { first: open.turnLine });
  } else {
    open.env.turn = Number(n?.text);
    open.turnLine = line;
  }
}

/** `A1: 2L1` in an envelope for a quick game (seed 004, docs/quick.md). */
function readQuickLine(open: Open, head: { plane: Token; rest: Token[] }, line: number, sink: ErrorSink): void {
  const at = { line, column: head.plane.col };
  const plane = head.plane.text.toUpperCase();
  if (!plane) {
    sink.add('E_NO_PLANE', at, { verb: 'PLOT' });
    return;
  }
  if (!PLANE_ID.test(plane)) {
    sink.add('E_BAD_PLANE', at, { word: head.plane.text });
    return;
  }
  if (!plotSlot(open, at, sink) || !claimPlane(open, plane, line, at, sink)) return;
  const text = head.rest.map((t) => t.text).join(' ');
  const r = parseQuickMoves(text);
  if (!r.value) {
    for (const e of r.errors)
      sink.add('E_QUICK_MOVE', { line, column: head.rest[0]?.col ?? head.plane.col }, { plane, problem: e.message });
    return;
  }
  open.env.quick = [...(open.env.quick ?? []), { plane, steps: r.value }];
}

/** `R1 PLAN C` (orders/pick.ts): in place of the plane's plot, so one plot or pick a plane. */
function readPickLine(open: Open, tokens: readonly Token[], line: number, sink: ErrorSink): void {
  const at = { line, column: (tokens[0] as Token).col };
  if (!plotSlot(open, at, sink)) return;
  const pick = readPick(tokens, line, sink);
  if (!pick || !claimPlane(open, pick.plane, line, at, sink)) return;
  open.env.picks = [...(open.env.picks ?? []), pick];
}

/** Counts a plane's line (a plot, a quick move or a pick) against LIMITS.maxPlots: false past it, told once. */
function plotSlot(open: Open, at: { line: number; column: number }, sink: ErrorSink): boolean {
  if (++open.plotCount <= LIMITS.maxPlots) return true;
  if (open.plotCount === LIMITS.maxPlots + 1) sink.add('E_TOO_MANY_PLOTS', at, {});
  return false;
}

/** Takes the plane for this line: false (E_DUPLICATE_PLOT) when an earlier line has it already. */
function claimPlane(
  open: Open,
  plane: string,
  line: number,
  at: { line: number; column: number },
  sink: ErrorSink,
): boolean {
  const earlier = open.planes.get(plane);
  if (earlier !== undefined) {
    sink.add('E_DUPLICATE_PLOT', at, { plane, first: earlier });
    return false;
  }
  open.planes.set(plane, line);
  return true;
}

/** `INITIATIVE FIRST|LAST` (two-phase games, seed 003). */
function readInitiative(open: Open, tokens: readonly Token[], line: number, sink: ErrorSink): void {
  const w = tokens[1];
  const word = w?.text.toUpperCase();
  if (!w || (word !== 'FIRST' && word !== 'LAST') || tokens[2]) {
    sink.add('E_BAD_INITIATIVE', { line, column: (tokens[2] ?? w ?? (tokens[0] as Token)).col }, {});
  } else if (open.initiativeLine !== undefined) {
    sink.add('E_DUPLICATE_INITIATIVE', { line, column: (tokens[0] as Token).col }, { first: open.initiativeLine });
  } else {
    open.env.initiative = word === 'FIRST' ? 'first' : 'last';
    open.initiativeLine = line;
  }
}

/** The first line of a plot (`R1: ...`): a new plot, unless the mail has too many or the plane has one. */
function readPlotHead(
  open: Open,
  head: NonNullable<ReturnType<typeof plotHead>>,
  line: number,
  first: Token,
  sink: ErrorSink,
): void {
  // Bounded work per mail: every plot is checked against the rules and echoed in the answer.
  if (++open.plotCount > LIMITS.maxPlots) {
    if (open.plotCount === LIMITS.maxPlots + 1) sink.add('E_TOO_MANY_PLOTS', { line, column: first.col }, {});
    open.skipPlot = true;
    return;
  }
  const d = startPlot(head.plane, line, sink);
  const earlier = open.planes.get(d.plane);
  if (earlier !== undefined && d.plane) {
    sink.add('E_DUPLICATE_PLOT', d.at, { plane: d.plane, first: earlier });
    d.failed = true;
  } else if (d.plane) open.planes.set(d.plane, line);
  addPlotTokens(d, head.rest, line, sink);
  open.plot = d;
}

/** A line that is no plot: a fire, MOVE, TURN or INITIATIVE line, a command, or a word that is none. */
function readVerbLine(
  open: Open,
  clean: CleanLine,
  end: number,
  tokens: Token[],
  line: number,
  table: CommandTable,
  sink: ErrorSink,
): void {
  const first = tokens[0] as Token;
  const verb = first.text.toUpperCase();
  const spec = table[verb];
  if (verb === 'FIRE' || verb === 'HOLD') {
    // Bounded work per mail: the fire orders are checked against one another.
    if (open.env.fire.length >= LIMITS.maxFireOrders) {
      if (!open.fireFull) sink.add('E_TOO_MANY_FIRE_ORDERS', { line, column: first.col }, {});
      open.fireFull = true;
      return;
    }
    const order = readFireOrder(tokens, line, sink);
    if (order) open.env.fire.push(order);
  } else if (verb === 'MOVE') {
    readMoveLine(open, tokens, line, sink);
  } else if (verb === 'TURN' && !startsWithBox(tokens)) {
    readTurn(open, tokens, line, sink);
  } else if (verb === 'INITIATIVE') {
    readInitiative(open, tokens, line, sink);
  } else if (spec) {
    if (open.env.commands.length >= LIMITS.maxCommands) {
      if (!open.commandsFull) sink.add('E_TOO_MANY_COMMANDS', { line, column: first.col }, {});
      open.commandsFull = true;
      return;
    }
    const cmd = readCommand(tokens, clean, end, line, spec, sink);
    if (cmd) open.env.commands.push(cmd);
  } else if (startsWithBox(tokens)) {
    sink.add('E_NO_PLOT_TO_CONTINUE', { line, column: first.col }, { word: firstBoxWords(tokens) });
  } else if (tokens.length > 1 && PLANE_ID.test(verb) && startsWithBox(tokens.slice(1))) {
    sink.add(
      'E_MISSING_COLON',
      { line, column: first.col },
      {
        word: first.text,
        rest: tokens
          .slice(1)
          .map((t) => t.text)
          .join(' '),
      },
    );
  } else {
    // A player is told the players' commands only; the game master's envelope (player `gm`) all.
    const names = open.env.player.toLowerCase() === GM_PLAYER ? Object.keys(table) : Object.keys(PLAYER_COMMANDS);
    sink.add(
      'E_UNKNOWN_WORD',
      { line, column: first.col },
      {
        word: first.text,
        commands: names.join(', '),
        suggest: nearest(first.text, [...KEYWORDS, ...names]),
        ...(open.quick ? { quick: true } : {}),
      },
    );
  }
}

/** A MOVE line of a ground unit or ship, unless the envelope has too many or the unit has one. */
function readMoveLine(open: Open, tokens: Token[], line: number, sink: ErrorSink): void {
  const first = tokens[0] as Token;
  const moves = open.env.moves ?? [];
  if (moves.length >= LIMITS.maxPlots) {
    if (!open.movesFull) sink.add('E_TOO_MANY_MOVES', { line, column: first.col }, {});
    open.movesFull = true;
    return;
  }
  const order = readMoveOrder(tokens, line, sink);
  if (!order) return;
  const earlier = open.units.get(order.unit);
  if (earlier !== undefined) {
    sink.add('E_DUPLICATE_MOVE', { line, column: first.col }, { unit: order.unit, first: earlier });
    return;
  }
  open.units.set(order.unit, line);
  open.env.moves = [...moves, order];
}

/** One line inside an envelope that is neither its header nor its end. */
function readBodyLine(open: Open, clean: CleanLine, line: number, table: CommandTable, sink: ErrorSink): void {
  const cut = commentStart(clean.text);
  const end = cut < 0 ? clean.text.length : cut;
  const tokens = tokenize(clean, 0, end);
  const first = tokens[0];
  if (!first || first.text.startsWith('#')) {
    endPlot(open, sink);
    return;
  } // blank (or only separators) or a comment
  const head = plotHead({ ...clean, text: clean.text.slice(0, end) }, tokens);
  if (open.skipPlot && !head && startsWithBox(tokens)) return; // a plot past the limit goes on
  open.skipPlot = false;
  if (isPick(tokens)) {
    endPlot(open, sink);
    readPickLine(open, tokens, line, sink);
    return;
  }
  if (head && open.quick) {
    readQuickLine(open, head, line, sink);
    return;
  }
  // A quick-game move written without its aircraft's id (`2L1` alone).
  if (
    !head &&
    open.quick &&
    /^[0-9LR\s]+$/i.test(tokens.map((t) => t.text).join(' ')) &&
    /\d/.test(first.text + tokens.map((t) => t.text).join(''))
  ) {
    sink.add(
      'E_QUICK_NO_PLANE',
      { line, column: first.col },
      {
        move: tokens
          .map((t) => t.text)
          .join('')
          .toUpperCase(),
      },
    );
    return;
  }
  if (head) {
    endPlot(open, sink);
    readPlotHead(open, head, line, first, sink);
    return;
  }
  if (open.plot && startsWithBox(tokens)) {
    open.plot.lines.push(line);
    addPlotTokens(open.plot, tokens, line, sink); // a wrapped plot line goes on
    return;
  }
  endPlot(open, sink);
  readVerbLine(open, clean, end, tokens, line, table, sink);
}

/** Reads every envelope of a mail. */
export function parseOrders(text: string, options: ParseOptions = {}): ParseResult {
  const sink = new ErrorSink();
  if (tooManyBytes(text, LIMITS.maxBytes)) {
    sink.add('E_TOO_LONG', { line: 1, column: 1 }, {}, true);
    return { envelopes: [], errors: sink.errors };
  }
  const table = commandTable(options.commands);
  const envelopes: Envelope[] = [];
  let open: Open | undefined;
  const close = (o: Open): void => {
    endPlot(o, sink);
    const unread = unreadLines(o, sink.errors, envelopes.indexOf(o.env));
    if (unread) o.env.unread = unread;
    sink.envelope = undefined;
    open = undefined;
  };
  const lines = splitLines(text);
  let inside = 0; // lines read inside envelopes (LIMITS.maxLines)
  const candidates: OutsideLine[] = []; // order-shaped lines outside envelopes (outside.ts)
  for (let n = 0; n < lines.length; n++) {
    const raw = lines[n] as string;
    const line = n + 1;
    if (!open && !raw.includes('#')) {
      // Outside envelopes only a #TALLYHO line is read; an order-shaped line is noted.
      if (candidates.length < MAX_OUTSIDE * 4 && maybeOrderLine(raw)) candidates.push({ line, text: raw });
      continue;
    }
    if (open && ++inside > LIMITS.maxLines) {
      sink.add('E_TOO_MANY_LINES', { line, column: 1 }, {});
      close(open);
      break;
    }
    const clean = cleanLine(raw);
    const trimmed = clean.text.trim();
    if (trimmed.startsWith('>')) continue; // a quoted reply
    const isHeader = HEADER_RE.test(trimmed);
    if (!open && !isHeader) continue;
    if (open && !isHeader) (open as Open).texts.set(line, clean.text);
    if (clean.length > LIMITS.maxLineLength) {
      sink.add('E_LINE_TOO_LONG', { line, column: LIMITS.maxLineLength + 1 }, { length: clean.length });
      continue;
    }
    if (isHeader) {
      if (open) {
        sink.add('E_NESTED', { line, column: colAt(clean, clean.text.indexOf('#')) }, { open: open.env.line });
        close(open);
      }
      if (envelopes.length === LIMITS.maxEnvelopes) {
        sink.add('E_TOO_MANY_ENVELOPES', { line, column: colAt(clean, clean.text.indexOf('#')) }, {});
        break;
      }
      sink.envelope = envelopes.length;
      const env: Envelope = { game: '', player: '', secret: '', plots: [], fire: [], commands: [], line };
      envelopes.push(env);
      open = {
        env,
        hashCol: colAt(clean, clean.text.indexOf('#')),
        planes: new Map(),
        units: new Map(),
        texts: new Map(),
        failedLines: [],
        plotCount: 0,
      };
      if (clean.control) sink.add('E_CONTROL_CHAR', { line, column: clean.control.col }, { code: clean.control.code });
      Object.assign(env, readHeader(clean, line, sink));
      if (options.quick && env.game && options.quick(env.game)) (open as Open).quick = true;
      continue;
    }
    const o = open as Open;
    if (clean.control) sink.add('E_CONTROL_CHAR', { line, column: clean.control.col }, { code: clean.control.code });
    if (trimmed === '--' || END_RE.test(trimmed)) {
      close(o);
      continue;
    } // #END, or a signature
    readBodyLine(o, clean, line, table, sink);
  }
  if (open) {
    const o = open as Open;
    sink.add('E_NO_END', { line: o.env.line, column: o.hashCol }, {});
    close(o);
  }
  const outside = orderLinesOutside(candidates);
  return { envelopes, errors: sink.sorted(), ...(outside.length ? { outside } : {}) };
}

/**
 * With `keepLines`, blank lines are put in so that each envelope and command lands on the line it
 * records, when the lines before leave room for it (docs/orders.md "What the referee sends back").
 */
export interface FormatOptions {
  /** Pad with blank lines so envelopes and commands keep their `line`. */
  keepLines?: boolean;
  /** Also write the lines that were not read (Envelope.unread), each followed by this mark, before #END. */
  unread?: string;
}

/** Canonical envelopes: header, TURN, INITIATIVE, plots, picked plans, quick moves, fire orders, MOVE orders, commands, #END. */
export function formatOrders(envelopes: readonly Envelope[], options: FormatOptions = {}): string {
  const out: string[] = [];
  const padTo = (line: number): void => {
    // A line beyond what a mail can hold (LIMITS.maxBytes lines) is not padded to.
    if (options.keepLines && line <= LIMITS.maxBytes + 1) while (out.length + 1 < line) out.push('');
  };
  for (const e of envelopes) {
    padTo(e.line);
    out.push(formatHeader(e));
    if (e.turn !== undefined) out.push(`TURN ${e.turn}`);
    if (e.initiative) out.push(`INITIATIVE ${e.initiative.toUpperCase()}`);
    for (const p of e.plots) out.push(formatPlot(p));
    for (const p of e.picks ?? []) out.push(formatPick(p));
    for (const q of e.quick ?? []) out.push(`${q.plane}: ${formatQuickMoves(q.steps)}`);
    for (const f of e.fire) out.push(formatFireOrder(f));
    for (const m of e.moves ?? []) out.push(formatMoveOrder(m));
    for (const c of e.commands) {
      padTo(c.line);
      out.push(formatCommand(c));
    }
    if (options.unread !== undefined) for (const u of e.unread ?? []) out.push(`${u.text}${options.unread}`);
    out.push('#END');
  }
  return out.length ? `${out.join('\n')}\n` : '';
}
