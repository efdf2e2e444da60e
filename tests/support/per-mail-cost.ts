/**
 * What one mail costs: hostile mails fed through the real intake (app layer, the real SQLite store,
 * the real templates) with the CPU each took (process.cpuUsage, user + system) and the size of
 * every reply it queued. Used by tests/app/per-mail-cost.test.ts (functional bounds only) and by
 * `npm run bench:intake` (bench/intake.bench.ts, the timings); a chaos suite can reuse it.
 */
import { receive } from '../../src/app/intake.ts';
import type { AppDeps } from '../../src/app/deps.ts';
import { DUEL, envelope, mail, place, startedDuel, testReferee, type TestReferee } from './app.ts';

export const RED = 'red@example.test';
export const BLUE = 'blue@example.test';
export const GM = 'gm@example.test';
export const GM_SECRET = 'global-gm-secret-0123';

/** The most a reply may weigh (text and HTML parts together), whatever the mail. */
export const MAX_REPLY_BYTES = 200 * 1024;

export interface MailCost {
  name: string;
  /** The mail's text, in UTF-8 bytes. */
  bytes: number;
  /** CPU time of the intake (and of the turn it completed), user + system, in milliseconds. */
  cpuMs: number;
  outcome: string;
  detail: string;
  /** The size of each reply queued (text + HTML, UTF-8 bytes). */
  replies: number[];
  /** The subjects and the text parts of the replies, for a look at what was answered. */
  subjects: string[];
  texts: string[];
  /** Turns the mail completed. */
  resolved: number;
}

export interface HostileMail {
  name: string;
  from: string;
  text: string;
  subject?: string;
}

const bytes = (s: string): number => Buffer.byteLength(s, 'utf8');

/** A referee with a game master (GM_SECRET) and a started duel; returns the players' secrets. */
export function costReferee(): { t: TestReferee; red: string; blue: string } {
  const t = testReferee({ rateLimitPerHour: 1_000_000 });
  t.deps.referee.gm = { email: GM, secretHash: t.deps.keys.hashSecret(GM_SECRET) };
  const s = startedDuel(t);
  return { t, ...s };
}

let uid = 0;

/** Feeds one mail through receive() and measures it. */
export function measureMail(deps: AppDeps, m: HostileMail): MailCost {
  const list = () => deps.store.tx((tx) => tx.outbox.list());
  const before = list().length;
  const incoming = mail(m.from, m.text, m.subject ? { subject: m.subject } : {});
  const cpu = process.cpuUsage();
  const r = receive(deps, incoming, place(++uid));
  const used = process.cpuUsage(cpu);
  const queued = list().slice(before);
  return {
    name: m.name, bytes: bytes(m.text), cpuMs: (used.user + used.system) / 1000, outcome: r.outcome, detail: r.detail,
    replies: queued.map((q) => bytes(q.text) + bytes(q.html ?? '')), subjects: queued.map((q) => q.subject), texts: queued.map((q) => q.text), resolved: r.resolved.length,
  };
}

const repeat = (n: number, line: (i: number) => string): string => Array.from({ length: n }, (_, i) => line(i)).join('\n');
/** Lines of `line(i)` up to `max` bytes in all. */
const fill = (max: number, line: (i: number) => string): string => {
  const out: string[] = [];
  let size = 0;
  for (let i = 0; ; i++) {
    const l = line(i);
    if (size + l.length + 1 > max) break;
    out.push(l);
    size += l.length + 1;
  }
  return out.join('\n');
};

const VARIANTS = ['MAP', 'STATUS', 'CARD', 'CARD R1', 'CARD B1', 'HISTORY', 'HELP', 'RESEND'];
/** Twenty different commands that each answer with a long section. */
const DISTINCT = ['MAP', 'STATUS', 'HELP', 'CARD', 'CARD R1', 'CARD B1', 'CARD R1 B1', 'CARD B1 R1', 'HISTORY',
  ...Array.from({ length: 11 }, (_, i) => `HISTORY ${i + 1}`)];

/** The hostile mails, for the duel's players (their secrets). */
export function hostileMails(s: { red: string; blue: string }): HostileMail[] {
  const red = (body: string) => envelope('duel', 'red', s.red, body);
  const gm = (body: string) => envelope('duel', 'gm', GM_SECRET, body);
  const resend = Array.from({ length: 20 }, (_, i) => `RESEND ${(i % 3) + 1}`.replace(/ 1$/, ''));
  return [
    { name: '20 RESEND', from: RED, text: red([...new Set(resend)].concat(Array.from({ length: 17 }, (_, i) => `HISTORY ${i + 1} ${i + 3}`)).join('\n')) },
    { name: '12,000 FIRE lines', from: RED, text: red(repeat(12_000, (i) => (i % 2 ? 'FIRE R1 ALL AT B1' : 'HOLD R1 FIXED'))) },
    { name: '3,000 commands', from: RED, text: red(repeat(3_000, (i) => VARIANTS[i % VARIANTS.length] as string)) },
    { name: '3,000 STATUS lines', from: RED, text: red(repeat(3_000, () => 'STATUS')) },
    { name: '1,900 commands', from: RED, text: red(repeat(1_900, (i) => VARIANTS[i % VARIANTS.length] as string)) },
    { name: '20 different commands', from: RED, text: red(DISTINCT.join('\n')) },
    { name: 'GM: 20 different commands', from: GM, text: gm([...DISTINCT.slice(0, 17), 'PREVIEW', 'STATUS', 'MAP'].join('\n')) },
    { name: 'many envelopes', from: RED, text: repeat(400, (i) => envelope(i % 3 ? 'duel' : `g${i}`, i % 2 ? 'red' : 'blue', i % 2 ? s.red : s.blue, 'MAP\nSTATUS\nR1: S S S')) },
    { name: 'many envelopes, unknown games', from: RED, text: repeat(3000, (i) => envelope(`g${i}`, 'red', 'x', 'MAP')) },
    { name: 'huge single line in an envelope', from: RED, text: red(`R1: ${'S '.repeat(120_000)}`) },
    { name: 'huge single line outside', from: RED, text: `#${'x'.repeat(250_000)}\n${red('STATUS')}` },
    { name: 'huge line of odd spaces', from: RED, text: red(`R1: ${'S\u00a0\u200b'.repeat(40_000)}`) },
    { name: 'deeply nested quoting', from: RED, text: `${red('STATUS')}\n${repeat(2000, (i) => `${'>'.repeat(i % 120)} #TALLYHO duel red "${s.red}"`)}` },
    { name: 'max-size mail of unknown words', from: RED, text: red(fill(255 * 1024, (i) => `XQZ${i}`)) },
    { name: 'max-size mail of long unknown words', from: RED, text: red(fill(255 * 1024, () => 'W'.repeat(999))) },
    { name: 'max-size mail of plots', from: RED, text: red(fill(255 * 1024, (i) => `P${i}: S S S S S`)) },
    { name: 'max-size mail of plot lines', from: RED, text: red(`R1: S\n${fill(255 * 1024, () => 'S S S S S S S S')}`) },
    { name: 'max-size mail of blank lines', from: RED, text: red('\n'.repeat(255 * 1024)) },
    { name: 'bare commands', from: RED, subject: '[duel] MAP', text: repeat(3000, () => 'STATUS') },
    { name: 'bare command with a huge line', from: RED, subject: 'hello', text: `Am ${' schrieb x'.repeat(25_000)}` },
    { name: 'two envelopes, after the floods', from: RED, text: `${red('R1: S S S S S')}\n${red('R1: S S S S S\nSTATUS')}` },
  ];
}

/** A turn resolved with the most fire orders each player may send (64 lines each). */
export function maxFireTurn(s: { red: string; blue: string }): HostileMail[] {
  const fire = (plane: string, target: string) => repeat(64, (i) => `FIRE ${plane} ${i % 2 ? 'FIXED' : 'ALL'} AT ${i % 3 ? target : 'ANY'} FROM ${(i % 12) + 1} WITHIN ${(i % 8) + 1}`);
  return [
    { name: 'max fire orders (red)', from: RED, text: envelope('duel', 'red', s.red, `R1: 1 1 1 1 1\n${fire('R1', 'B1')}`) },
    { name: 'max fire orders (blue), resolves the turn', from: BLUE, text: envelope('duel', 'blue', s.blue, `B1: 1 1 1 1 1\n${fire('B1', 'R1')}`) },
  ];
}

/** Plays `turns` turns of default orders, so that HISTORY has something to answer. */
export function playTurns(t: TestReferee, s: { red: string; blue: string }, turns: number): void {
  for (let n = 0; n < turns; n++) {
    measureMail(t.deps, { name: 'red', from: RED, text: envelope('duel', 'red', s.red, '') });
    measureMail(t.deps, { name: 'blue', from: BLUE, text: envelope('duel', 'blue', s.blue, '') });
  }
}

/** Every hostile mail through one referee (after a few turns played), then a turn of the most fire orders. */
export function perMailCost(opts: { turns?: number } = {}): MailCost[] {
  const { t, red, blue } = costReferee();
  playTurns(t, { red, blue }, opts.turns ?? 3);
  const costs = hostileMails({ red, blue }).map((m) => measureMail(t.deps, m));
  for (const m of maxFireTurn({ red, blue })) costs.push(measureMail(t.deps, m));
  return costs;
}

export const worst = (costs: readonly MailCost[]): { cpu: MailCost; reply: MailCost; replyBytes: number } => {
  const cpu = costs.reduce((a, b) => (b.cpuMs > a.cpuMs ? b : a));
  const reply = costs.reduce((a, b) => (Math.max(0, ...b.replies) > Math.max(0, ...a.replies) ? b : a));
  return { cpu, reply, replyBytes: Math.max(0, ...reply.replies) };
};

export { DUEL };
