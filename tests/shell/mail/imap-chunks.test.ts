import { describe, expect, it } from 'vitest';
import { fairRound, planChunks, uidSet } from '../../../src/shell/mail/imap-chunks.ts';

describe('fetching the inbox in bounded chunks', () => {
  it('writes runs of UIDs as ranges', () => {
    expect(uidSet([1, 2, 3, 5, 7, 8, 10])).toBe('1:3,5,7:8,10');
    expect(uidSet([4])).toBe('4');
  });

  it('fetches at most `batch` mails and `fetchBytes` bytes at once, in UID order, the oversized by header only', () => {
    const MB = 1024 * 1024;
    const sizes = new Map([
      [1, 2 * MB],
      [2, 3 * MB],
      [3, 4 * MB],
      [4, 40 * MB],
      [5, 1000],
      [6, 1000],
      [7, 1000],
      [9, 41 * MB],
    ]);
    const chunks = planChunks([1, 2, 3, 4, 5, 6, 7, 8, 9], sizes, { batch: 2, fetchBytes: 8 * MB, maxBytes: 5 * MB });
    expect(chunks).toEqual([
      { uids: [1, 2], headersOnly: false },
      { uids: [3, 5], headersOnly: false },
      { uids: [6, 7], headersOnly: false },
      { uids: [4, 9], headersOnly: true },
    ]);
    // A mail over fetchBytes but within the limit is fetched alone.
    expect(
      planChunks(
        [1, 2],
        new Map([
          [1, 10 * MB],
          [2, 10],
        ]),
        { batch: 50, fetchBytes: 8 * MB, maxBytes: 20 * MB },
      ),
    ).toEqual([
      { uids: [1], headersOnly: false },
      { uids: [2], headersOnly: false },
    ]);
  });

  it('takes a round of new mails with the senders taking turns, each sender’s mails in UID order', () => {
    const senders = new Map([
      [1, 'flood@x.test'],
      [2, 'flood@x.test'],
      [3, 'flood@x.test'],
      [4, 'flood@x.test'],
      [6, 'alice@x.test'],
      [7, 'flood@x.test'],
      [9, 'alice@x.test'],
      // 8: no From, a sender of its own
    ]);
    const uids = [1, 2, 3, 4, 6, 7, 8, 9];
    expect(fairRound(uids, senders, 100)).toEqual({ uids: [1, 6, 8, 2, 9, 3, 4, 7], left: 0 });
    expect(fairRound(uids, senders, 4)).toEqual({ uids: [1, 6, 8, 2], left: 4 });
    expect(fairRound([], senders, 4)).toEqual({ uids: [], left: 0 });
  });
});
