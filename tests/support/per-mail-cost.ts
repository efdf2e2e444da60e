/**
 * What one mail costs: hostile mails fed through the real intake (app layer, the real SQLite store,
 * the real templates) with the CPU each took (process.cpuUsage, user + system) and the size of
 * every reply it queued. Used by tests/app/mail/per-mail-cost.test.ts (functional bounds only) and by
 * `npm run bench:intake` (bench/intake.bench.ts, the timings); a chaos suite can reuse it.
 */
import { receive } from '../../src/app/intake/intake.ts';
import type { AppDeps } from '../../src/app/ports/deps.ts';
import { addPlayer, createGame, startGame } from '../../src/app/setup/games.ts';
import { parseScenario, type Scenario } from '../../src/core/scenario.ts';
import {
  DUEL,
  envelope,
  mail,
  noWarningHold,
  place,
  startedDuel,
  testCards,
  testReferee,
  type TestReferee,
} from './app.ts';

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
    name: m.name,
    bytes: bytes(m.text),
    cpuMs: (used.user + used.system) / 1000,
    outcome: r.outcome,
    detail: r.detail,
    replies: queued.map((q) => bytes(q.text) + bytes(q.html ?? '')),
    subjects: queued.map((q) => q.subject),
    texts: queued.map((q) => q.text),
    resolved: r.resolved.length,
  };
}

const repeat = (n: number, line: (i: number) => string): string =>
  Array.from({ length: n }, (_, i) => line(i)).join('\n');
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
const DISTINCT = [
  'MAP',
  'STATUS',
  'HELP',
  'CARD',
  'CARD R1',
  'CARD B1',
  'CARD R1 B1',
  'CARD B1 R1',
  'HISTORY',
  ...Array.from({ length: 11 }, (_, i) => `HISTORY ${i + 1}`),
];

/** The hostile mails, for the duel's players (their secrets). */
export function hostileMails(s: { red: string; blue: string }): HostileMail[] {
  const red = (body: string) => envelope('duel', 'red', s.red, body);
  const gm = (body: string) => envelope('duel', 'gm', GM_SECRET, body);
  const resend = Array.from({ length: 20 }, (_, i) => `RESEND ${(i % 3) + 1}`.replace(/ 1$/, ''));
  return [
    {
      name: '20 RESEND',
      from: RED,
      text: red(
        [...new Set(resend)].concat(Array.from({ length: 17 }, (_, i) => `HISTORY ${i + 1} ${i + 3}`)).join('\n'),
      ),
    },
    {
      name: '12,000 FIRE lines',
      from: RED,
      text: red(repeat(12_000, (i) => (i % 2 ? 'FIRE R1 ALL AT B1' : 'HOLD R1 FIXED'))),
    },
    { name: '3,000 commands', from: RED, text: red(repeat(3_000, (i) => VARIANTS[i % VARIANTS.length] as string)) },
    { name: '3,000 STATUS lines', from: RED, text: red(repeat(3_000, () => 'STATUS')) },
    { name: '1,900 commands', from: RED, text: red(repeat(1_900, (i) => VARIANTS[i % VARIANTS.length] as string)) },
    { name: '20 different commands', from: RED, text: red(DISTINCT.join('\n')) },
    {
      name: 'GM: 20 different commands',
      from: GM,
      text: gm([...DISTINCT.slice(0, 17), 'PREVIEW', 'STATUS', 'MAP'].join('\n')),
    },
    {
      name: 'many envelopes',
      from: RED,
      text: repeat(400, (i) =>
        envelope(i % 3 ? 'duel' : `g${i}`, i % 2 ? 'red' : 'blue', i % 2 ? s.red : s.blue, 'MAP\nSTATUS\nR1: S S S'),
      ),
    },
    {
      name: 'many envelopes, unknown games',
      from: RED,
      text: repeat(3000, (i) => envelope(`g${i}`, 'red', 'x', 'MAP')),
    },
    { name: 'huge single line in an envelope', from: RED, text: red(`R1: ${'S '.repeat(120_000)}`) },
    { name: 'huge single line outside', from: RED, text: `#${'x'.repeat(250_000)}\n${red('STATUS')}` },
    { name: 'huge line of odd spaces', from: RED, text: red(`R1: ${'S\u00a0\u200b'.repeat(40_000)}`) },
    {
      name: 'deeply nested quoting',
      from: RED,
      text: `${red('STATUS')}\n${repeat(2000, (i) => `${'>'.repeat(i % 120)} #TALLYHO duel red "${s.red}"`)}`,
    },
    { name: 'max-size mail of unknown words', from: RED, text: red(fill(255 * 1024, (i) => `XQZ${i}`)) },
    { name: 'max-size mail of long unknown words', from: RED, text: red(fill(255 * 1024, () => 'W'.repeat(999))) },
    { name: 'max-size mail of plots', from: RED, text: red(fill(255 * 1024, (i) => `P${i}: S S S S S`)) },
    {
      name: 'max-size mail of plot lines',
      from: RED,
      text: red(`R1: S\n${fill(255 * 1024, () => 'S S S S S S S S')}`),
    },
    { name: 'max-size mail of blank lines', from: RED, text: red('\n'.repeat(255 * 1024)) },
    { name: 'bare commands', from: RED, subject: '[duel] MAP', text: repeat(3000, () => 'STATUS') },
    { name: 'bare command with a huge line', from: RED, subject: 'hello', text: `Am ${' schrieb x'.repeat(25_000)}` },
    {
      name: 'two envelopes, after the floods',
      from: RED,
      text: `${red('R1: S S S S S')}\n${red('R1: S S S S S\nSTATUS')}`,
    },
  ];
}

/** A turn resolved with the most fire orders each player may send (64 lines each). */
export function maxFireTurn(s: { red: string; blue: string }): HostileMail[] {
  const fire = (plane: string, target: string) =>
    repeat(
      64,
      (i) =>
        `FIRE ${plane} ${i % 2 ? 'FIXED' : 'ALL'} AT ${i % 3 ? target : 'ANY'} FROM ${(i % 12) + 1} WITHIN ${(i % 8) + 1}`,
    );
  return [
    {
      name: 'max fire orders (red)',
      from: RED,
      text: envelope('duel', 'red', s.red, `R1: 1 1 1 1 1\n${fire('R1', 'B1')}`),
    },
    {
      name: 'max fire orders (blue), resolves the turn',
      from: BLUE,
      text: envelope('duel', 'blue', s.blue, `B1: 1 1 1 1 1\n${fire('B1', 'R1')}`),
    },
  ];
}

/** Plays `turns` turns of default orders, so that HISTORY has something to answer. */
export function playTurns(t: TestReferee, s: { red: string; blue: string }, turns: number): void {
  for (let n = 0; n < turns; n++) {
    measureMail(t.deps, { name: 'red', from: RED, text: envelope('duel', 'red', s.red, '') });
    measureMail(t.deps, { name: 'blue', from: BLUE, text: envelope('duel', 'blue', s.blue, '') });
  }
}

/** Planes a side in the battle of maxFireBattle: each player's 64 fire orders are 8 a plane. */
const BATTLE_PLANES = 8;

/** Two formations of BATTLE_PLANES test fighters meeting head-on at close range. */
const BATTLE: Scenario = {
  ...DUEL,
  name: 'Test battle',
  description: 'Two formations of test fighters meet head-on.',
  planes: Array.from({ length: BATTLE_PLANES }, (_, i) => [
    { ...(DUEL.planes[0] as Scenario['planes'][number]), id: `R${i + 1}`, hex: `${10 + i}15` },
    { ...(DUEL.planes[1] as Scenario['planes'][number]), id: `B${i + 1}`, hex: `${10 + i}11`, altitude: 10000 },
  ]).flat(),
};

/**
 * A turn of the most fire orders: a game of two formations, each player sending 64 FIRE lines (8
 * for each of his planes, at each enemy plane and at any); the second mail resolves the turn.
 */
export function maxFireBattle(t: TestReferee): { name: string; cost: MailCost }[] {
  const cards = testCards();
  const r = parseScenario(BATTLE, 'battle', cards);
  if (!r.ok) throw new Error(r.error.map((p) => p.message).join('\n'));
  createGame(t.deps, { id: 'battle', scenario: r.value, catalog: cards });
  const ids = (side: string) => Array.from({ length: BATTLE_PLANES }, (_, i) => `${side}${i + 1}`);
  const secret = (player: string, email: string, side: string) =>
    addPlayer(t.deps, { gameId: 'battle', playerId: player, email, planes: ids(side) }).secret;
  const red = secret('red', RED, 'R');
  const blue = secret('blue', BLUE, 'B');
  startGame(t.deps, 'battle');
  const fire = (side: string, enemy: string) =>
    ids(side)
      .flatMap((p) => [
        ...ids(enemy)
          .slice(0, BATTLE_PLANES - 1)
          .map((e, i) => `FIRE ${p} ${i % 2 ? 'FIXED' : 'ALL'} AT ${e}${i % 3 ? ` WITHIN ${(i % 8) + 1}` : ''}`),
        `FIRE ${p} ALL AT ANY`,
      ])
      .join('\n');
  // Everything wrong that the order language lets through: 40 boxes of manoeuvres the planes
  // cannot fly for each of them, and every fire order at its own side.
  const odd = ['HRL', 'VLL', 'SLTR', 'IL', '1+500PPPP', 'TR-500KKKK', 'INV', 'V'];
  const wrong = [
    ...ids('R').map((p, k) => `${p}: ${Array.from({ length: 40 }, (_, i) => odd[(i + k) % odd.length]).join(' ')}`),
    ...ids('R').flatMap((p) => ids('R').map((q) => `FIRE ${p} ALL AT ${q}`)),
  ].join('\n');
  return [
    {
      name: 'battle: everything wrong (red)',
      cost: measureMail(t.deps, {
        name: 'battle: everything wrong (red)',
        from: RED,
        text: envelope('battle', 'red', red, wrong),
      }),
    },
    {
      name: 'battle: 64 fire orders (red)',
      cost: measureMail(t.deps, {
        name: 'battle: 64 fire orders (red)',
        from: RED,
        text: envelope('battle', 'red', red, fire('R', 'B')),
      }),
    },
    {
      name: 'battle: 64 fire orders (blue), resolves the turn',
      cost: measureMail(t.deps, {
        name: 'battle: 64 fire orders (blue), resolves the turn',
        from: BLUE,
        text: envelope('battle', 'blue', blue, fire('B', 'R')),
      }),
    },
    // Twenty ways of asking for the same long impulse log: each a different command, answered once.
    {
      name: 'battle: 20 HISTORY variants',
      cost: measureMail(t.deps, {
        name: 'battle: 20 HISTORY variants',
        from: RED,
        text: envelope(
          'battle',
          'red',
          red,
          Array.from({ length: 20 }, (_, i) => (i ? `HISTORY 1 ${i}` : 'HISTORY')).join('\n'),
        ),
      }),
    },
  ];
}

/** Every hostile mail through one referee (after a few turns played), then a turn of the most fire orders. */
export function perMailCost(opts: { turns?: number } = {}): MailCost[] {
  const { t, red, blue } = costReferee();
  // R1 flies off the map in the turn of the most fire orders: its warning holds no turn here.
  noWarningHold(t);
  playTurns(t, { red, blue }, opts.turns ?? 3);
  const costs = hostileMails({ red, blue }).map((m) => measureMail(t.deps, m));
  for (const m of maxFireTurn({ red, blue })) costs.push(measureMail(t.deps, m));
  for (const b of maxFireBattle(t)) costs.push(b.cost);
  return costs;
}

export const worst = (costs: readonly MailCost[]): { cpu: MailCost; reply: MailCost; replyBytes: number } => {
  const cpu = costs.reduce((a, b) => (b.cpuMs > a.cpuMs ? b : a));
  const reply = costs.reduce((a, b) => (Math.max(0, ...b.replies) > Math.max(0, ...a.replies) ? b : a));
  return { cpu, reply, replyBytes: Math.max(0, ...reply.replies) };
};

export { DUEL };
