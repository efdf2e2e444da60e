/**
 * `tallyho mail list|show` (src/shell/cli/mail.ts): the outbox as text and as the JSON of
 * docs/cli.md "tallyho mail", in-process on a fresh database with a started game's welcomes.
 */
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, queuedMail, useCliDatabase } from '../../support/cli-in-process.ts';

const ROOT = resolve('.');
useCliDatabase('tallyho-mail-cli-', 'mail.sqlite');

const LIST_KEYS = [
  'id',
  'status',
  'kind',
  'game',
  'player',
  'turn',
  'to',
  'subject',
  'createdAt',
  'sentAt',
  'attempts',
  'lastError',
];
const SHOW_KEYS = [...LIST_KEYS, 'from', 'messageId', 'inReplyTo', 'references', 'rejected', 'text', 'html'];

beforeAll(async () => {
  await cli('game', 'create', join(ROOT, 'scenarios/duel.yaml'), '--id', 'demo');
  await cli('player', 'add', 'demo', 'raf', '--email', 'raf@example.org', '--planes', 'R1');
  await cli('player', 'add', 'demo', 'lw', '--email', 'LW@example.org', '--planes', 'G1');
  await cli('game', 'start', 'demo');
});

describe('tallyho mail --json', () => {
  it('lists the outbox as an array of mails, oldest first, with the filters and --limit', async () => {
    const rows = queuedMail();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const r = await cli('mail', 'list', '--json');
    expect(r.code, r.err).toBe(0);
    const list = JSON.parse(r.out) as Record<string, unknown>[];
    expect(list.map((m) => m.id)).toEqual(rows.map((m) => m.id));
    for (const m of list) expect(Object.keys(m)).toEqual(LIST_KEYS);
    const first = rows[0]!;
    expect(list[0]).toEqual({
      id: first.id,
      status: 'pending',
      kind: first.kind,
      game: 'demo',
      player: first.playerId,
      turn: first.turn,
      to: first.recipient,
      subject: first.subject,
      createdAt: new Date(first.createdAt).toISOString(),
      sentAt: null,
      attempts: 0,
      lastError: null,
    });
    const lw = JSON.parse((await cli('mail', 'list', '--to', 'lw@EXAMPLE.org', '--json')).out) as { to: string }[];
    expect(lw.length).toBeGreaterThan(0);
    expect(lw.every((m) => m.to === 'lw@example.org')).toBe(true);
    const last = JSON.parse((await cli('mail', 'list', '--limit', '1', '--json')).out) as { id: number }[];
    expect(last.map((m) => m.id)).toEqual([rows.at(-1)!.id]);
    expect(JSON.parse((await cli('mail', 'list', '--status', 'dead', '--json')).out)).toEqual([]);
    expect((await cli('mail', 'list', '--status', 'dead')).out).toBe('No mail.\n');
    expect((await cli('mail', 'list', '--limit', '1')).out).toMatch(new RegExp(`^ +${rows.at(-1)!.id} {2}pending `));
  });

  it('shows one mail with its headers and both parts, by number or the newest to an address', async () => {
    const rows = queuedMail();
    const welcome = rows.find((m) => m.recipient === 'raf@example.org')!;
    const r = await cli('mail', 'show', String(welcome.id), '--json');
    expect(r.code, r.err).toBe(0);
    const shown = JSON.parse(r.out) as Record<string, unknown>;
    expect(Object.keys(shown)).toEqual(SHOW_KEYS);
    expect(shown).toMatchObject({
      id: welcome.id,
      to: 'raf@example.org',
      messageId: welcome.messageId,
      inReplyTo: welcome.inReplyTo,
      references: welcome.references,
      rejected: [],
      text: welcome.text,
      html: welcome.html,
    });
    expect(shown.from).toMatch(/@/);
    const latest = rows.filter((m) => m.recipient === 'lw@example.org').at(-1)!;
    const newest = JSON.parse((await cli('mail', 'show', '--latest', '--to', 'lw@example.org', '--json')).out) as {
      id: number;
    };
    expect(newest.id).toBe(latest.id);
    expect((await cli('mail', 'show', String(welcome.id))).out).toMatch(
      new RegExp(`^Message #${welcome.id} \\(pending\\)\\nFrom: .+\\nTo: raf@example.org\\n`),
    );
  });

  it('refuses a bad mail number or option (exit code 2) and a mail that is not there (exit code 1)', async () => {
    expect(await cli('mail', 'show', '99999', '--json')).toMatchObject({
      code: 1,
      out: '',
      err: expect.stringContaining('tallyho: there is no mail #99999\n'),
    });
    expect(await cli('mail', 'show', '--latest', '--to', 'nobody@example.org', '--game', 'demo')).toMatchObject({
      code: 1,
      err: expect.stringContaining('no mail to nobody@example.org of game demo yet'),
    });
    expect(await cli('mail', 'show', '1.5')).toMatchObject({ code: 2, out: '' });
    expect(await cli('mail', 'show', '--latest', '--html', '--json')).toMatchObject({
      code: 2,
      err: 'tallyho: --json prints both parts (text and html): leave out --html\n',
    });
    expect(await cli('mail', 'list', '--limit', '2x', '--json')).toMatchObject({ code: 2, out: '' });
  });
});
