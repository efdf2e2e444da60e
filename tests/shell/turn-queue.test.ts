/**
 * Acknowledgements first (src/shell/serve-mail.ts makeHandler, src/shell/turn-queue.ts): the
 * server's handler commits a group's acknowledgements and hands them to the outbox before the turns
 * the group completed are resolved; the queue then resolves each game once, one at a time.
 */
import { describe, expect, it } from 'vitest';
import type { Config } from '../../src/shell/config.ts';
import type { Runtime } from '../../src/shell/runtime.ts';
import { makeHandler } from '../../src/shell/serve-mail.ts';
import { TurnQueue } from '../../src/shell/turn-queue.ts';
import type { RawMail } from '../../src/shell/mail/inbox.ts';
import { envelope, outbox, startedDuel, testReferee } from '../support/app.ts';

let uid = 0;
const raw = (from: string, body: string): RawMail => ({
  raw: Buffer.from(
    [
      `From: ${from}`,
      'To: referee@example.test',
      `Subject: orders ${++uid}`,
      `Message-ID: <q${uid}@players.example.test>`,
      'Date: Sat, 10 Jan 2026 09:00:00 +0000',
      'Content-Type: text/plain; charset=utf-8',
      '',
      body,
      '',
    ].join('\r\n'),
  ),
  key: { mailbox: 'INBOX', uidValidity: 1, uid },
});

/** A kick that counts its calls. */
function kicks() {
  let count = 0;
  return { kick: () => void count++, count: () => count };
}

describe('acknowledgements first', () => {
  it('commits the acknowledgements of a group before the turns it completed are resolved, each game once', async () => {
    const t = testReferee();
    const duels = ['d1', 'd2'].map((id) => ({ id, ...startedDuel(t, id) }));
    const rt = { config: { maxMailBytes: 1_000_000 } as Config, store: t.store, deps: t.deps } as Runtime;
    const outboxKicks = kicks();
    const resolvedKicks = kicks();
    const queue = new TurnQueue(rt, resolvedKicks.kick);
    const handler = makeHandler(rt, outboxKicks.kick, queue);
    const mails = duels.flatMap((d) => [
      raw('red@example.test', envelope(d.id, 'red', d.red, 'R1: 1 1 1 1 1')),
      raw('blue@example.test', envelope(d.id, 'blue', d.blue, 'B1: 1 1 1 1 1')),
      // A second copy of red's orders for d1 in the same group: d1 is resolved once all the same.
      ...(d.id === 'd1' ? [raw('red@example.test', envelope(d.id, 'red', d.red, 'R1: 1 1 1 1 1'))] : []),
    ]);
    const results = await handler(mails);
    expect(results.map((r) => (r instanceof Error ? r.message : `${r.outcome} ${r.detail}`))).toEqual(
      Array(5).fill('orders 1 accepted'),
    );
    // The handler is back: five acknowledgements queued and the outbox told, no turn resolved yet.
    const kinds = () => outbox(t).map((m) => m.kind);
    expect(kinds().filter((k) => k === 'ack')).toHaveLength(5);
    expect(kinds()).not.toContain('report');
    expect(outboxKicks.count()).toBe(1);
    expect(t.store.tx((tx) => ['d1', 'd2'].map((g) => tx.games.get(g)!.turn))).toEqual([1, 1]);
    // Then the queue: each game's turn, one after the other, the outbox told after each slice.
    await queue.idle();
    expect(t.store.tx((tx) => ['d1', 'd2'].map((g) => tx.games.get(g)!.turn))).toEqual([2, 2]);
    expect(kinds().filter((k) => k === 'report')).toHaveLength(4);
    expect(queue.busy).toBe(false);
    expect(resolvedKicks.count()).toBeGreaterThanOrEqual(1);
    await queue.stop();
  });

  it('waits while the inbox reads mail, and resolves a slice after deferMaxMs all the same', async () => {
    const t = testReferee();
    const d = startedDuel(t, 'd1');
    const rt = { config: { maxMailBytes: 1_000_000 } as Config, store: t.store, deps: t.deps } as Runtime;
    let reading = true;
    let asked = 0;
    const queue = new TurnQueue(
      rt,
      () => {},
      () => {
        asked++;
        return reading;
      },
      60_000,
    );
    const handler = makeHandler(rt, () => {}, queue);
    await handler([
      raw('red@example.test', envelope('d1', 'red', d.red, 'R1: 1 1 1 1 1')),
      raw('blue@example.test', envelope('d1', 'blue', d.blue, 'B1: 1 1 1 1 1')),
    ]);
    // The queue asks the inbox again and again, and resolves nothing while it reads.
    while (asked < 5) await new Promise((r) => setTimeout(r, 5));
    expect(queue.busy).toBe(true);
    expect(t.store.tx((tx) => tx.games.get('d1')!.turn)).toBe(1);
    reading = false;
    await queue.idle();
    expect(t.store.tx((tx) => tx.games.get('d1')!.turn)).toBe(2);
    // With no time to wait, a slice is resolved though the inbox reads on.
    const e = startedDuel(t, 'd2');
    const eager = new TurnQueue(
      rt,
      () => {},
      () => true,
      0,
    );
    await makeHandler(
      rt,
      () => {},
      eager,
    )([
      raw('red@example.test', envelope('d2', 'red', e.red, 'R1: 1 1 1 1 1')),
      raw('blue@example.test', envelope('d2', 'blue', e.blue, 'B1: 1 1 1 1 1')),
    ]);
    await eager.idle();
    expect(t.store.tx((tx) => tx.games.get('d2')!.turn)).toBe(2);
    await queue.stop();
    await eager.stop();
  });

  it('resolves nothing once stopped', async () => {
    const t = testReferee();
    const d = startedDuel(t, 'd1');
    const rt = { config: { maxMailBytes: 1_000_000 } as Config, store: t.store, deps: t.deps } as Runtime;
    const queue = new TurnQueue(rt, () => {});
    const handler = makeHandler(rt, () => {}, queue);
    await queue.stop();
    await handler([
      raw('red@example.test', envelope('d1', 'red', d.red, 'R1: 1 1 1 1 1')),
      raw('blue@example.test', envelope('d1', 'blue', d.blue, 'B1: 1 1 1 1 1')),
    ]);
    await new Promise((r) => setTimeout(r, 10));
    expect(queue.busy).toBe(false);
    expect(t.store.tx((tx) => tx.games.get('d1')!.turn)).toBe(1);
  });
});
