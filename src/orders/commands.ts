/**
 * Commands: one per line, a name and its arguments (docs/orders.md "Commands"). The players'
 * commands are built in; a caller may add more (for example the game master's) through
 * ParseOptions.commands.
 */
import type { Command } from './ast.ts';
import { ErrorSink } from './errors.ts';
import { cleanLine, squeeze, tokenize, type CleanLine, type Token } from './text.ts';

export interface CommandSpec {
  minArgs: number;
  maxArgs: number;
  /** int: whole numbers (written back without leading zeros); word: single words as written; text: the rest of the line. */
  argKind: 'int' | 'word' | 'text';
  /** How the command is written, for the message when its arguments are wrong ("HISTORY [from [to]]"). */
  usage?: string;
}

export type CommandTable = Readonly<Record<string, CommandSpec>>;

/** The players' commands. */
export const PLAYER_COMMANDS: CommandTable = {
  HELP: { minArgs: 0, maxArgs: 0, argKind: 'int', usage: 'HELP alone on its line' },
  STATUS: { minArgs: 0, maxArgs: 0, argKind: 'int', usage: 'STATUS alone on its line' },
  RESEND: { minArgs: 0, maxArgs: 1, argKind: 'int', usage: 'RESEND for the last report, or RESEND 3 for turn 3' },
  HISTORY: {
    minArgs: 0,
    maxArgs: 2,
    argKind: 'int',
    usage: 'HISTORY, HISTORY 3 (from turn 3) or HISTORY 3 5 (turns 3 to 5)',
  },
  MAP: { minArgs: 0, maxArgs: 0, argKind: 'int', usage: 'MAP alone on its line' },
  CARD: {
    minArgs: 0,
    maxArgs: 1,
    argKind: 'word',
    usage: 'CARD for your planes, CARD G1 for a plane, CARD bf-109e for a type',
  }, // CARD [plane or aircraft type]
  WAIT: { minArgs: 0, maxArgs: 0, argKind: 'int', usage: 'WAIT alone on its line' }, // no early resolution of this turn
  NOWAIT: { minArgs: 0, maxArgs: 0, argKind: 'int', usage: 'NOWAIT alone on its line' },
  CONFIRM: { minArgs: 0, maxArgs: 0, argKind: 'int', usage: 'CONFIRM alone on its line' },
  LEAVE: {
    minArgs: 1,
    maxArgs: 2,
    argKind: 'word',
    usage: 'LEAVE 5 DAYS: the stand-in pilot flies your planes for five days',
  }, // docs/players.md "Away for a while"
  BACK: { minArgs: 0, maxArgs: 0, argKind: 'int', usage: 'BACK alone on its line' }, // the end of a LEAVE // fly orders with a WARNING as they are
  SECRET: { minArgs: 0, maxArgs: 0, argKind: 'int', usage: 'SECRET alone on its line' }, // a new secret, mailed to the registered address
  JOIN: { minArgs: 0, maxArgs: 1, argKind: 'text' }, // JOIN [a word to the game master]
  ZONE: {
    minArgs: 1,
    maxArgs: 1,
    argKind: 'word',
    usage: 'ZONE and one time zone, e.g. ZONE Europe/Berlin, or ZONE GAME',
  },
  ROSTER: { minArgs: 0, maxArgs: 0, argKind: 'int', usage: 'ROSTER alone on its line' }, // a campaign game: your pilots
  CAMPAIGN: { minArgs: 0, maxArgs: 0, argKind: 'int', usage: 'CAMPAIGN alone on its line' }, // a campaign game: the standing
  // NOTIFY <url> | NOTIFY <format> <url> | NOTIFY OFF | NOTIFY TEST | NOTIFY: docs/notifications.md
  NOTIFY: {
    minArgs: 0,
    maxArgs: 3,
    argKind: 'word',
    usage: 'NOTIFY <webhook address>, NOTIFY <format> <address>, NOTIFY OFF, NOTIFY TEST, or NOTIFY alone to see yours',
  },
  CALENDAR: { minArgs: 0, maxArgs: 0, argKind: 'int', usage: 'CALENDAR alone on its line' }, // the link of the player's calendar feed
  READY: { minArgs: 0, maxArgs: 0, argKind: 'int', usage: 'READY alone on its line' }, // the answer to a muster: docs/players.md "Before the game: READY"
};

/** The player id of the game master's envelope. */
export const GM_PLAYER = 'gm';

/**
 * The game master's commands, in an envelope for the player id `gm` with the GM secret
 * (docs/gm-guide.md "Commands by mail"). A caller adds them through ParseOptions.commands.
 */
export const GM_COMMANDS: CommandTable = {
  CREATE: { minArgs: 1, maxArgs: 1, argKind: 'word' }, // CREATE <scenario>: the game of the envelope
  START: { minArgs: 0, maxArgs: 0, argKind: 'int' },
  MUSTER: {
    minArgs: 0,
    maxArgs: 1,
    argKind: 'word',
    usage: 'MUSTER, or MUSTER 2d: every player answers READY within that time (3d without one), then turn 1 opens',
  }, // docs/gm-guide.md "Muster"
  PAUSE: { minArgs: 0, maxArgs: 1, argKind: 'text' }, // PAUSE [reason]
  RESUME: { minArgs: 0, maxArgs: 0, argKind: 'int' },
  EXTEND: { minArgs: 0, maxArgs: 1, argKind: 'word' }, // EXTEND [24h]
  PROCESS: { minArgs: 0, maxArgs: 0, argKind: 'int' },
  PREVIEW: { minArgs: 0, maxArgs: 0, argKind: 'int' },
  ROLLBACK: { minArgs: 0, maxArgs: 0, argKind: 'int' },
  REPLACE: {
    minArgs: 2,
    maxArgs: 3,
    argKind: 'word',
    usage: 'REPLACE <player> <new player> <address>, or REPLACE <player> COMPUTER',
  }, // REPLACE <player> <new player> <address> | COMPUTER
  COMPUTER: {
    minArgs: 1,
    maxArgs: 1,
    argKind: 'word',
    usage: 'COMPUTER <player> (the stand-in flies his planes from now on), or COMPUTER <side> before START',
  },
  TERMINATE: { minArgs: 0, maxArgs: 1, argKind: 'text' }, // TERMINATE [reason]
  APPROVE: { minArgs: 2, maxArgs: 17, argKind: 'word' }, // APPROVE <player> <plane> ...
  DECLINE: { minArgs: 1, maxArgs: 1, argKind: 'word' },
  SET: { minArgs: 1, maxArgs: 1, argKind: 'text' }, // SET <setting> <value>
  RECORD: {
    minArgs: 1,
    maxArgs: 1,
    argKind: 'word',
    usage: "RECORD <address>: a player's record of turns on time and missed",
  }, // docs/gm-guide.md "A player's record"
  // CAMPAIGN [CREATE <file> | PLAYER <player> <address> | ASSIGN <plane> <pilot> | NEXT]: docs/campaigns.md
  CAMPAIGN: {
    minArgs: 0,
    maxArgs: 3,
    argKind: 'word',
    usage:
      'CAMPAIGN, CAMPAIGN CREATE <file>, CAMPAIGN PLAYER <player> <address>, CAMPAIGN ASSIGN <plane> <pilot> or CAMPAIGN NEXT',
  },
};

/** Words that start other kinds of lines; a command of that name could never be reached. */
export const KEYWORDS: ReadonlySet<string> = new Set(['PLOT', 'PLAN', 'FIRE', 'HOLD', 'MOVE', 'TURN', 'INITIATIVE']);

/** The built-in table with the caller's additions (names in upper case; keywords left out). */
export function commandTable(extra?: Record<string, CommandSpec>): CommandTable {
  const table: Record<string, CommandSpec> = { ...PLAYER_COMMANDS };
  for (const [name, spec] of Object.entries(extra ?? {})) {
    const key = name.toUpperCase();
    if (!KEYWORDS.has(key) && /^[A-Z][A-Z0-9_-]*$/.test(key)) table[key] = spec;
  }
  return table;
}

function takes(spec: CommandSpec): string {
  const noun = spec.argKind === 'int' ? 'number' : 'word';
  const n = (k: number) => `${k} ${noun}${k === 1 ? '' : 's'}`;
  if (spec.maxArgs === 0) return 'nothing after its name';
  if (spec.argKind === 'text') return spec.minArgs > 0 ? 'a text after its name' : 'at most a text after its name';
  if (spec.minArgs === spec.maxArgs) return `exactly ${n(spec.minArgs)}`;
  if (spec.minArgs === 0) return `at most ${n(spec.maxArgs)}`;
  return `${spec.minArgs} to ${n(spec.maxArgs)}`;
}

/**
 * Reads a command line (tokens[0] is a name of the table). For `text` commands the argument is the
 * rest of the line with its spaces squeezed. Undefined when it had errors.
 */
export function readCommand(
  tokens: readonly Token[],
  clean: CleanLine,
  end: number,
  line: number,
  spec: CommandSpec,
  sink: ErrorSink,
): Command | undefined {
  const nameTok = tokens[0] as Token;
  const name = nameTok.text.toUpperCase();
  let args: string[];
  let argToks = tokens.slice(1);
  if (spec.argKind === 'text') {
    const start = clean.text.indexOf(nameTok.text) + nameTok.text.length;
    const rest = squeeze(clean.text.slice(start, end));
    args = rest ? [rest] : [];
    argToks = argToks.slice(0, args.length);
  } else {
    args = argToks.map((t) => t.text);
  }
  if (args.length < spec.minArgs || args.length > spec.maxArgs) {
    const t = argToks[spec.maxArgs] ?? nameTok;
    sink.add(
      'E_COMMAND_ARGS',
      { line, column: t.col },
      spec.usage ? { name, takes: takes(spec), usage: spec.usage } : { name, takes: takes(spec) },
    );
    return undefined;
  }
  if (spec.argKind === 'int') {
    for (const t of argToks) {
      if (!/^\d{1,6}$/.test(t.text)) {
        sink.add('E_BAD_NUMBER', { line, column: t.col }, { word: t.text, name });
        return undefined;
      }
    }
    args = args.map((a) => String(Number(a)));
  }
  return { name, args, line };
}

/** Canonical command line: the name and its arguments. */
export function formatCommand(c: Command): string {
  return [c.name, ...c.args].join(' ');
}

/**
 * Reads one line as a command of the table (the players' by default), as written alone in a mail
 * without an envelope: the command, an error message, or null when the line is not a command.
 * parseCommand(formatCommand(c)) gives c back (its line is 1).
 */
export function parseCommand(
  text: string,
  table: CommandTable = PLAYER_COMMANDS,
): { command: Command } | { error: string } | null {
  const clean = cleanLine(text.trim());
  const tokens = tokenize(clean);
  const first = tokens[0];
  const spec = first ? table[first.text.toUpperCase()] : undefined;
  if (!first || !spec || clean.text.length > 200) return null;
  const sink = new ErrorSink();
  const command = readCommand(tokens, clean, clean.text.length, 1, spec, sink);
  return command
    ? { command }
    : { error: (sink.errors[0]?.message ?? 'not a command').replace(/^line 1(, column \d+)?: /, '') };
}
