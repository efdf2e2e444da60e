/**
 * The FAIR DICE block of the mails (docs/fair-dice.md) and its reader. The mail that opens a turn
 * publishes the commitment of the turn's seed; the report of a resolved turn reveals the seed, the
 * SHA-256 of each player's orders as flown, the orders digest and the dice seed, and the reader's
 * own orders as flown. `parseFairDice` reads all of it back from the text of a mail (quoted with
 * `>` or not), so `tallyho verify-dice` can check a turn from the report alone.
 */
import type { PlayerOrdersHash } from '../core/fair-dice.ts';
import { wrapText } from './wrap.ts';

const WIDTH = 78;

export interface RevealView {
  turn: number;
  serverSeed: string;
  commitment: string;
  orders: PlayerOrdersHash[];
  digest: string;
  diceSeed: string;
  /** The reader's own orders as flown (canonical, secret masked), when they sent any. */
  own: string | null;
}

export interface NextView {
  turn: number;
  commitment: string;
}

const LABEL = {
  seed: (turn: number) => `Server seed of turn ${turn}, secret until now:`,
  commitment: (turn: number) => `Its SHA-256, the commitment published when turn ${turn} opened:`,
  orders: "Each player's orders as flown, SHA-256:",
  digest: 'Orders digest, the SHA-256 of the lines above:',
  diceSeed: 'Dice seed, the SHA-256 of the server seed, ":" and the digest:',
  own: 'Your orders as flown (their SHA-256 is on your line above):',
  next: (turn: number) => `Commitment of turn ${turn}, the SHA-256 of the seed of its dice:`,
};

const para = (text: string): string => wrapText(text, WIDTH, 0);

function nextLines(next: NextView): string[] {
  return [`  ${LABEL.next(next.turn)}`, `    ${next.commitment}`];
}

/** The block of a mail that opens a turn without resolving one (the welcome). */
export function commitmentText(next: NextView): string {
  return [
    para(
      `The referee has drawn the secret seed for the dice of turn ${next.turn}. Here is its SHA-256, the commitment: the report of turn ${next.turn} will reveal the seed and mix it with everyone's orders, so that nobody chooses the dice alone. Keep this mail to check it.`,
    ),
    '',
    ...nextLines(next),
  ].join('\n');
}

/**
 * The block of a turn report: the revealed seed and its checks, then the next turn's commitment.
 * `howTo`: the address of the page that tells how to check it (the web archive's, with PUBLIC_URL).
 */
export function revealText(v: RevealView, next: NextView | null, howTo: string | null = null): string {
  const lines = [
    para(
      `The dice of turn ${v.turn} were thrown with a seed that neither the referee nor any player could choose alone: the seed below was committed to (its SHA-256) in the mail that opened the turn, before any orders were in, and is mixed with a hash of everyone's orders. Each line below says how it is made, so any SHA-256 tool can check it; your game master can check the whole turn from this mail for you.`,
    ),
    ...(howTo ? ['', `  How to check it: ${howTo}`] : []),
    '',
    `  ${LABEL.seed(v.turn)}`,
    `    ${v.serverSeed}`,
    `  ${LABEL.commitment(v.turn)}`,
    `    ${v.commitment}`,
    `  ${LABEL.orders}`,
    ...(v.orders.length ? v.orders.map((o) => `    ${o.player} ${o.hash}`) : ['    (none)']),
    `  ${LABEL.digest}`,
    `    ${v.digest}`,
    `  ${LABEL.diceSeed}`,
    `    ${v.diceSeed}`,
  ];
  if (v.own)
    lines.push(
      '',
      `  ${LABEL.own}`,
      ...v.own
        .trimEnd()
        .split('\n')
        .map((l) => `    | ${l}`.trimEnd()),
    );
  if (next) lines.push('', ...nextLines(next));
  return lines.join('\n');
}

/**
 * The short FAIR DICE paragraph near the top of a turn report: the revealed seed and the next
 * turn's commitment; the full record (revealText) closes the mail. Its labels differ from the full
 * record's, so parseFairDice reads the full record only.
 */
export function revealSummary(v: RevealView, next: NextView | null): string {
  const lines = [`  Turn ${v.turn}'s secret seed, now revealed:`, `    ${v.serverSeed}`];
  if (next) lines.push(`  Turn ${next.turn}'s commitment (the SHA-256 of its secret seed):`, `    ${next.commitment}`);
  lines.push(
    '',
    para('Nobody could choose these dice alone. The full record, to check them with, is at the end of this mail.'),
  );
  return lines.join('\n');
}

export interface ParsedFairDice {
  turn: number | null;
  serverSeed: string | null;
  commitment: string | null;
  orders: PlayerOrdersHash[];
  digest: string | null;
  diceSeed: string | null;
  /** The reader's orders as printed, and the player id of their envelope. */
  own: { player: string | null; text: string } | null;
  /** Commitments of turns still to come, by turn. */
  next: Map<number, string>;
}

const unquote = (line: string): string => line.replace(/^(\s*>)+/, '').trim();
const HEX = /^[0-9a-f]+$/;
const HASH = /^[0-9a-f]{64}$/;
const ORDER_LINE = /^([a-z0-9_-]{1,32}) ([0-9a-f]{64})$/;

/** Reads the FAIR DICE block(s) of a mail's text; fields not found are null (or empty). */
export function parseFairDice(text: string): ParsedFairDice {
  const lines = text.replace(/\r\n?/g, '\n').split('\n').map(unquote);
  const out: ParsedFairDice = {
    turn: null,
    serverSeed: null,
    commitment: null,
    orders: [],
    digest: null,
    diceSeed: null,
    own: null,
    next: new Map(),
  };
  const value = (i: number, re: RegExp): string | null => {
    const v = (lines[i + 1] ?? '').trim();
    return re.test(v) ? v : null;
  };
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i] as string;
    let m: RegExpExecArray | null;
    if ((m = /^Server seed of turn (\d+), secret until now:$/.exec(l))) {
      out.turn = Number(m[1]);
      out.serverSeed = value(i, HEX);
    } else if (/^Its SHA-256, the commitment published when turn \d+ opened:$/.test(l)) {
      out.commitment = value(i, HASH);
    } else if (l === LABEL.orders) {
      for (let j = i + 1; j < lines.length && (m = ORDER_LINE.exec(lines[j] as string)); j++)
        out.orders.push({ player: m[1] as string, hash: m[2] as string });
    } else if (l === LABEL.digest) {
      out.digest = value(i, HASH);
    } else if (l === LABEL.diceSeed) {
      out.diceSeed = value(i, HASH);
    } else if (l === LABEL.own) {
      const own: string[] = [];
      for (let j = i + 1; j < lines.length && (lines[j] as string).startsWith('|'); j++)
        own.push((lines[j] as string).replace(/^\| ?/, ''));
      const header = /^#\s*TALLYHO\s+\S+\s+(\S+)/i.exec(own[0] ?? '');
      out.own = { player: header ? (header[1] as string).toLowerCase() : null, text: own.join('\n') };
    } else if ((m = /^Commitment of turn (\d+), the SHA-256 of the seed of its dice:$/.exec(l))) {
      const v = value(i, HASH);
      if (v) out.next.set(Number(m[1]), v);
    }
  }
  return out;
}
