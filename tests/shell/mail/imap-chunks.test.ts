import { describe, expect, it } from 'vitest';
import { planChunks, uidSet } from '../../../src/shell/mail/imap-inbox.ts';

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
});
