/**
 * Mails of one 100 KB line, as raw mail to read (shell/mail/read.ts readMail) and take in: words,
 * order-shaped words, #TALLYHO fragments and HTML of every costly shape (an unclosed attribute
 * repeated, elements nested deep, a table of many rows, an envelope in HTML). Used by
 * tests/shell/mail/read-work.test.ts (the work counted) and `npm run bench:intake` (the CPU timed).
 */
import type { AppDeps } from '../../src/app/ports/deps.ts';
import { receive } from '../../src/app/intake/intake.ts';
import { readMail } from '../../src/shell/mail/read.ts';
import { place, startedDuel, type TestReferee } from './app.ts';
import { RED, type MailCost } from './per-mail-cost.ts';

/** The length of the line. */
export const LINE = 100_000;

/** `unit(i)` repeated up to LINE characters, on one line. */
const line = (unit: (i: number) => string): string => {
  let s = '';
  for (let i = 0; s.length < LINE; i++) s += unit(i);
  return s.slice(0, LINE);
};
const half = (s: string) => s.slice(0, LINE / 2);

let n = 0;

/** A raw mail of one part. */
export const rawMail = (from: string, subject: string, body: string, type: string): Buffer =>
  Buffer.from(
    [
      `From: ${from}`,
      'To: referee@example.test',
      `Subject: ${subject}`,
      `Message-ID: <one-line.${++n}@players.example.test>`,
      'MIME-Version: 1.0',
      `Content-Type: ${type}; charset=utf-8`,
      '',
      body,
      '',
    ].join('\r\n'),
  );

/** The bodies, for the duel's red player (his secret). */
export const oneLineBodies = (secret: string): { name: string; type: string; body: string }[] => [
  { name: 'words', type: 'text/plain', body: line((i) => `word${i % 50} hello there `) },
  {
    name: 'order-shaped words',
    type: 'text/plain',
    body: line((i) => ['R1: S TR S TR 1 1 ', 'FIRE R1 ALL AT B1 ', 'HOLD R1 FIXED ', 'R1 PLAN C ', 'MAP '][i % 5]!),
  },
  { name: '#TALLYHO fragments', type: 'text/plain', body: line(() => `#TALLYHO duel red "${secret}" R1: S #END `) },
  { name: 'HTML words', type: 'text/html', body: `<div>${line(() => 'word <b>bold</b> <br>')}</div>` },
  { name: 'HTML unclosed attributes', type: 'text/html', body: line(() => '<div a="') },
  { name: 'HTML nested deep', type: 'text/html', body: half(line(() => '<div>')) + half(line(() => '</div>')) },
  { name: 'HTML table of many rows', type: 'text/html', body: `<table>${line(() => '<tr><td>a</td></tr>')}</table>` },
  {
    name: 'HTML envelope',
    type: 'text/html',
    body: `#TALLYHO duel red "${secret}"<br>R1: S<br>#END<br>${line(() => 'x ')}`,
  },
];

/** Reads a raw mail as the server does and takes it in; the CPU of both. */
export async function measureRaw(deps: AppDeps, name: string, raw: Buffer, uid: number): Promise<MailCost> {
  const list = () => deps.store.tx((tx) => tx.outbox.list());
  const before = list().length;
  const cpu = process.cpuUsage();
  const r = receive(deps, await readMail(raw), place(uid));
  const used = process.cpuUsage(cpu);
  const queued = list().slice(before);
  return {
    name,
    bytes: raw.length,
    cpuMs: (used.user + used.system) / 1000,
    outcome: r.outcome,
    detail: r.detail,
    replies: queued.map((q) => Buffer.byteLength(q.text) + Buffer.byteLength(q.html ?? '')),
    subjects: queued.map((q) => q.subject),
    texts: queued.map((q) => q.text),
    resolved: r.resolved.length,
  };
}

const STRANGER = 'someone@elsewhere.test';
const DAY = 24 * 3600 * 1000;

/**
 * Every body from the duel's red player (who has two more games) and from a stranger, with and
 * without the game in the subject, a day apart (each answered within the day's reply budget).
 * `each` runs before every mail (a test resets its counts there).
 */
export async function oneLineCosts(
  t: TestReferee,
  red: string,
  each: () => void = () => undefined,
): Promise<(MailCost & { from: string })[]> {
  startedDuel(t, 'duel2');
  startedDuel(t, 'duel3');
  const out: (MailCost & { from: string })[] = [];
  let uid = 1_000_000;
  for (const b of oneLineBodies(red))
    for (const from of [RED, STRANGER])
      for (const subject of ['hello', '[duel] hello']) {
        t.tick(DAY);
        each();
        const name = `one line: ${b.name}, ${from === RED ? 'red' : 'a stranger'}, "${subject}"`;
        out.push({ ...(await measureRaw(t.deps, name, rawMail(from, subject, b.body, b.type), ++uid)), from });
      }
  return out;
}
