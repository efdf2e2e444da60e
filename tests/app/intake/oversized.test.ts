import { describe, expect, it } from 'vitest';
import { refuseOversized } from '../../../src/app/intake/oversized.ts';
import { mail, place, startedDuel, testReferee } from '../../support/app.ts';

const TOO_BIG = 'it is 40960 KiB long; the most a mail may be is 1024 KiB';
const notices = (t: ReturnType<typeof testReferee>) =>
  t.store.tx((tx) => tx.outbox.list()).filter((r) => r.kind === 'notice');

describe('a mail over the size limit, refused unread', () => {
  it('is filed under Rejected and its sender, a player, told once in a short notice', () => {
    const t = testReferee();
    startedDuel(t);
    const big = mail('red@example.test', '', { unreadable: TOO_BIG, subject: 'my orders' });
    expect(refuseOversized(t.deps, big, place(7))).toMatchObject({
      outcome: 'unreadable',
      folder: 'Rejected',
      duplicate: false,
      detail: TOO_BIG,
    });
    const [n, ...more] = notices(t);
    expect(more).toEqual([]);
    expect(n).toMatchObject({
      recipient: 'red@example.test',
      subject: 'Tallyho: Your mail was too big to be read',
      inReplyTo: big.messageId,
    });
    expect(n!.text.replace(/\s+/g, ' ')).toContain(
      'Your mail "my orders" was not read: it is 40960 KiB long; the most a mail may be is 1024 KiB. Nothing was changed.',
    );
    expect(n!.text.split('\n').every((l) => l.length <= 78)).toBe(true);
    const row = t.store.tx((tx) => tx.inbound.findByPlace(place(7)));
    expect(row).toMatchObject({
      outcome: 'unreadable',
      folder: 'Rejected',
      detail: TOO_BIG,
      sender: 'red@example.test',
    });
    // The same mail again (a second copy, or a crash before it was moved): only filed.
    expect(refuseOversized(t.deps, big, place(7))).toMatchObject({ duplicate: true, folder: 'Rejected' });
    expect(notices(t)).toHaveLength(1);
  });

  it('tells the game master, and nobody else: not a stranger, not a robot', () => {
    const t = testReferee();
    startedDuel(t);
    t.deps.referee.gm = { email: 'gm@example.test', secretHash: null };
    refuseOversized(t.deps, mail('gm@example.test', '', { unreadable: TOO_BIG }), place(1));
    refuseOversized(t.deps, mail('stranger@example.org', '', { unreadable: TOO_BIG }), place(2));
    refuseOversized(
      t.deps,
      mail('blue@example.test', '', { unreadable: TOO_BIG, headers: { 'auto-submitted': ['auto-replied'] } }),
      place(3),
    );
    expect(notices(t).map((r) => r.recipient)).toEqual(['gm@example.test']);
    expect(t.store.tx((tx) => [1, 2, 3].map((u) => tx.inbound.findByPlace(place(u))?.folder))).toEqual([
      'Rejected',
      'Rejected',
      'Rejected',
    ]);
  });
});
