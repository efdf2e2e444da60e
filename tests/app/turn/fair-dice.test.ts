/**
 * Verifiable dice in the mail (docs/fair-dice.md): the mail that opens a turn commits to its seed,
 * the report reveals it with every step a player can check; the dice depend on everyone's orders.
 */
import { describe, expect, it } from 'vitest';
import { receive } from '../../../src/app/intake/intake.ts';
import type { OutboxRow } from '../../../src/app/ports/store.ts';
import { commitmentOf, effectiveSeed } from '../../../src/core/fair-dice.ts';
import { checkFairDice } from '../../../src/report/fair-dice-check.ts';
import { parseFairDice } from '../../../src/report/fair-dice.ts';
import { envelope, mail, place, startedDuel, testReferee, type TestReferee } from '../../support/app.ts';

const RED = 'red@example.test';
const BLUE = 'blue@example.test';
let uid = 0;

const mails = (t: TestReferee, to: string, kind: OutboxRow['kind']) =>
  t.store.tx((tx) => tx.outbox.list()).filter((m) => m.recipient === to && m.kind === kind);

function play(t: TestReferee, s: { red: string; blue: string }, blueOrders = 'B1: 1 1 1 1 1\nFIRE B1 ALL AT R1'): void {
  receive(t.deps, mail(RED, envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1\nFIRE R1 ALL AT B1')), place(++uid));
  receive(t.deps, mail(BLUE, envelope('duel', 'blue', s.blue, blueOrders)), place(++uid));
}

const failures = (checks: ReturnType<typeof checkFairDice>) => checks.filter((c) => c.result !== 'ok');

describe('verifiable dice', () => {
  it("commits to each turn's seed in the mail that opens it and reveals it in the report, every check passing", () => {
    const t = testReferee();
    const s = startedDuel(t);
    const welcome = parseFairDice(mails(t, RED, 'welcome')[0]!.text);
    const c1 = welcome.next.get(1)!;
    expect(c1).toBe(commitmentOf('feedface01'));
    // Nothing stored in the open shows the secret seed before the turn is resolved.
    const stored = t.store.tx((tx) => JSON.stringify([tx.games.get('duel'), tx.turns.get('duel', 1)]));
    expect(stored).not.toContain('feedface01');
    expect(t.store.tx((tx) => tx.games.get('duel')!.seed)).toBe(c1);

    play(t, s);
    play(t, s);
    const [r1, r2] = mails(t, RED, 'report').map((m) => parseFairDice(m.text)) as [
      ReturnType<typeof parseFairDice>,
      ReturnType<typeof parseFairDice>,
    ];
    expect(r1).toMatchObject({ turn: 1, serverSeed: 'feedface01', commitment: c1, own: { player: 'red' } });
    expect(r1.orders.map((o) => o.player)).toEqual(['blue', 'red']);
    expect(r1.own!.text).toBe('#TALLYHO duel red "(secret)"\nR1: 1 1 1 1 1\nFIRE R1 ALL AT B1\n#END');
    expect(failures(checkFairDice(r1, { published: { commitment: c1, from: 'in the welcome' } }))).toEqual([]);
    expect(r2).toMatchObject({ turn: 2, serverSeed: 'feedface02' });
    expect(failures(checkFairDice(r2, { published: { commitment: r1.next.get(2)!, from: 'in report 1' } }))).toEqual(
      [],
    );
    expect(r2.next.get(3)).toBe(commitmentOf('feedface03'));
    // Blue's report shows blue's orders, and the same seed, digest and dice seed.
    const b1 = parseFairDice(mails(t, BLUE, 'report')[0]!.text);
    expect(b1.own!.player).toBe('blue');
    expect([b1.serverSeed, b1.digest, b1.diceSeed]).toEqual([r1.serverSeed, r1.digest, r1.diceSeed]);
    expect(failures(checkFairDice(b1))).toEqual([
      { result: 'note', text: expect.stringMatching(/not compared with the commitment/) },
    ]);
    // What was stored threw the dice of the turn.
    const row = t.store.tx((tx) => tx.dice.get('duel', 1)!);
    expect(row).toMatchObject({ ordersDigest: r1.digest, effectiveSeed: effectiveSeed('feedface01', r1.digest!) });
    expect(t.store.tx((tx) => tx.turns.get('duel', 2)!.state.dice.seed)).toBe(r1.diceSeed);
  });

  it('throws other dice when any player sends other orders, with the same committed seed', () => {
    const a = testReferee();
    play(a, startedDuel(a));
    const b = testReferee();
    play(b, startedDuel(b), 'B1: 1 1 1 1 1\nFIRE B1 ALL AT R1\n# a comment changes nothing');
    const c = testReferee();
    play(c, startedDuel(c), 'B1: 1 1 1 1 1\nHOLD B1 ALL');
    const rows = [a, b, c].map((t) => t.store.tx((tx) => tx.dice.get('duel', 1)!));
    expect(new Set(rows.map((r) => r.commitment)).size).toBe(1);
    for (const r of rows) expect(r.effectiveSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[1]!.effectiveSeed).toBe(rows[0]!.effectiveSeed); // the canonical orders are the same
    expect(rows[2]!.effectiveSeed).not.toBe(rows[0]!.effectiveSeed);
  });

  it('catches a report whose seed, commitment, digest, dice seed or orders were changed', () => {
    const t = testReferee();
    const s = startedDuel(t);
    const c1 = parseFairDice(mails(t, RED, 'welcome')[0]!.text).next.get(1)!;
    play(t, s);
    const text = mails(t, RED, 'report')[0]!.text;
    const r = parseFairDice(text);
    const check = (changed: string, published = c1) =>
      failures(checkFairDice(parseFairDice(changed), { published: { commitment: published, from: 'before' } }))
        .map((c) => c.text)
        .join('\n');
    expect(check(text)).toBe('');
    expect(check(text.replaceAll('feedface01', 'feedface02'))).toMatch(
      /hashes to .*not to the commitment printed[^]*NOT the one committed to before/,
    );
    expect(check(text.replace(r.commitment!, commitmentOf('feedface02')), commitmentOf('feedface02'))).toMatch(
      /not to the commitment printed/,
    );
    expect(check(text, commitmentOf('x'))).toMatch(/NOT the one committed to before/);
    expect(check(text.replace(r.orders[0]!.hash, 'f'.repeat(64)))).toMatch(/not the orders digest printed/);
    expect(check(text.replace(r.diceSeed!, 'e'.repeat(64)))).toMatch(/not the dice seed printed/);
    expect(check(text.replace('| R1: 1 1 1 1 1', '| R1: 1 1 1 1 2'))).toMatch(
      /your orders as printed hash to .*not to your line/,
    );
    expect(check('Hello')).toMatch(/no revealed dice seed found/);
    // Quoted in a reply, it still reads.
    expect(
      check(
        text
          .split('\n')
          .map((l) => `> ${l}`)
          .join('\n'),
      ),
    ).toBe('');
  });
});
