/**
 * Bounded work per mail (docs/orders.md "Limits"): hostile mails through the real intake
 * (tests/support/per-mail-cost.ts) are answered with the limits they broke, and no reply weighs
 * more than 200 KB. Timings are the bench's (npm run bench:intake), not asserted here.
 */
import { describe, expect, it } from 'vitest';
import { queueAnswer, MAX_REPLY_BYTES as CAP } from '../../../src/app/mail/notify.ts';
import { costReferee, MAX_REPLY_BYTES, perMailCost, RED, type MailCost } from '../../support/per-mail-cost.ts';

describe('hostile mails through the intake', () => {
  const costs = perMailCost();
  const of = (name: string): MailCost => {
    const c = costs.find((x) => x.name === name);
    if (!c) throw new Error(`no mail ${name}`);
    return c;
  };
  const said = (name: string) => of(name).texts.join('\n').replace(/\s+/g, ' ');

  it('no reply weighs more than 200 KB, and every mail is answered or set aside', () => {
    expect(MAX_REPLY_BYTES).toBe(CAP);
    for (const c of costs) {
      for (const r of c.replies) expect(r, c.name).toBeLessThanOrEqual(MAX_REPLY_BYTES);
      expect(c.replies.length, c.name).toBeLessThanOrEqual(20);
    }
  });

  it('reports the limits as errors', () => {
    expect(said('12,000 FIRE lines')).toContain('more than 64 FIRE and HOLD lines in one envelope');
    expect(said('3,000 STATUS lines')).toContain('more than 2000 lines inside envelopes in one mail');
    expect(said('1,900 commands')).toContain('more than 20 commands in one envelope');
    expect(said('1,900 commands')).toContain('Commands written more than once are answered once');
    expect(said('max-size mail of plots')).toContain('more than 64 plots in one envelope');
    expect(said('max-size mail of blank lines')).toContain('more than 2000 lines inside envelopes');
    expect(said('many envelopes')).toContain('more than 10 #TALLYHO envelopes in one mail');
    // Ten envelopes for unknown games: notices within the sender's reply budget (2 a day), not ten.
    expect(of('many envelopes, unknown games').replies.length).toBeLessThanOrEqual(2);
  });

  it('a command past the limit of commands still gets the first 20 answered', () => {
    const c = of('1,900 commands');
    expect(c.subjects).toContain('[duel] Answer to MAP, STATUS, CARD, HISTORY, HELP, RESEND');
  });

  it('quotes no more than 40 characters of a word it does not know', () => {
    const text = said('max-size mail of long unknown words');
    expect(text).toContain(`'${'W'.repeat(40)}...' is not an order`);
    expect(text).not.toContain('W'.repeat(41));
  });

  it("a bare command's mail of one huge line is no command", () => {
    expect(of('bare command with a huge line').outcome).toBe('no-orders');
  });

  it('resolves a turn of the most fire orders', () => {
    expect(of('max fire orders (blue), resolves the turn').resolved).toBe(1);
    expect(of('battle: 64 fire orders (blue), resolves the turn').resolved).toBe(1);
  });

  it('stops carrying out commands once their answers fill a mail, and says which were not', () => {
    const c = of('battle: 20 HISTORY variants');
    expect(c.replies).toHaveLength(1);
    expect(said('battle: 20 HISTORY variants')).toMatch(
      /Not carried out, because this answer is as long as one mail may be: HISTORY 1 \d+, .*HISTORY 1 19\. Send them again in a later mail\./,
    );
  });

  it('lists at most 100 problems of orders read, then how many more', () => {
    const text = said('battle: everything wrong (red)');
    expect(text).toMatch(/\.\.\. and \d+ more problems, not listed: correct these and send the orders again/);
    expect(text.match(/ - R\d, box \d+:/g)?.length).toBeLessThanOrEqual(100);
  });
});

describe('an answer too long for one mail', () => {
  it('is cut to 200 KB, saying which sections were left out', () => {
    const { t } = costReferee();
    const player = t.store.tx((tx) => tx.players.get('duel', 'red')!);
    const game = t.store.tx((tx) => tx.games.get('duel')!);
    // '=' and '<' weigh 6 and 4 bytes in the HTML part: the cut is measured on the mail as rendered.
    const line = `${'=<'.repeat(38)}\n`;
    const sections = Array.from({ length: 30 }, (_, i) => ({ heading: `Part ${i + 1}`, text: line.repeat(100) }));
    t.store.tx((tx) =>
      queueAnswer(t.deps, tx, {
        to: RED,
        game,
        player,
        title: 'answer to everything',
        paragraphs: ['Here it is.'],
        sections,
      }),
    );
    const m = t.store.tx((tx) => tx.outbox.list()).at(-1)!;
    expect(Buffer.byteLength(m.text) + Buffer.byteLength(m.html ?? '')).toBeLessThanOrEqual(MAX_REPLY_BYTES);
    expect(m.text).toContain('PART 1\n');
    expect(m.text).not.toContain('PART 30\n');
    expect(m.text.replace(/\s+/g, ' ')).toMatch(
      /This answer was cut to stay under 200 KB, the most a mail from the referee weighs: left out are Part \d+, .*Part 30\. Ask for them again in a later mail/,
    );
  });

  it('a small answer is left whole', () => {
    const { t } = costReferee();
    const game = t.store.tx((tx) => tx.games.get('duel')!);
    t.store.tx((tx) =>
      queueAnswer(t.deps, tx, {
        to: RED,
        game,
        player: null,
        title: 'short',
        paragraphs: ['One.'],
        sections: [{ heading: 'A', text: 'x\n'.repeat(20_000) }],
      }),
    );
    const m = t.store.tx((tx) => tx.outbox.list()).at(-1)!;
    expect(m.text).toContain('x\n'.repeat(20_000));
    expect(m.text).not.toContain('was cut');
  });
});
