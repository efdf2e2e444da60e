/**
 * Order lines outside the envelope are never passed over in silence (orders/outside.ts,
 * app/intake/outside.ts, docs/players.md "Orders outside the envelope"): with the only envelope an
 * unchanged template of the referee's, the player is asked and nothing is taken; with an edited
 * envelope, the lines are named in the acknowledgement's NOTES; quoted and indented lines, and the
 * referee's own mails, are not taken for orders.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { parseOrders } from '../../../src/orders/index.ts';
import { checkOrdersText } from '../../../src/shell/cli/orders.ts';
import { envelope, lastMail, post, startedDuel, testReferee, type TestReferee } from '../../support/app.ts';
import { templateOf } from '../../support/referee-stack.ts';
import { flat } from '../../support/text.ts';

const RED = 'red@example.test';
const accepted = (t: TestReferee, player: string) =>
  t.store.tx((tx) => tx.orders.latestAccepted('duel', 1).get(player));

describe('orders outside the envelope', () => {
  it('top-posted above the pasted welcome, its template unchanged: the player is asked, nothing is taken', () => {
    const t = testReferee();
    startedDuel(t);
    const welcome = lastMail(t, RED, 'welcome');
    // Outlook: the new lines on top, the referee's mail pasted under them without quote marks.
    const { mails } = post(
      t,
      RED,
      `R1: RB S TR 1 1\nFIRE R1 ALL AT B1\n\nRegards\nRed\n\n________________________________\nFrom: Tallyho referee\nSent: Saturday\nSubject: ${welcome.subject}\n\n${welcome.text}`,
    );
    expect(accepted(t, 'red')).toBeUndefined();
    expect(mails.map((m) => m.subject)).toEqual(['[duel] Turn 1: your orders are outside the envelope']);
    const asked = mails[0]!;
    expect(flat(asked.text)).toContain('line 1: R1: RB S TR 1 1 line 2: FIRE R1 ALL AT B1');
    expect(flat(asked.text)).toContain('nothing was taken');
    // The envelope offered has the lines put in; sent back, it is accepted as they wrote them.
    const ready = templateOf(asked.text);
    expect(ready).toContain('R1: RB S TR 1 1\nFIRE R1 ALL AT B1\n');
    post(t, RED, ready);
    expect(accepted(t, 'red')!.orders.plots.R1!.boxes.map((b) => b.man)).toEqual(['RB', 'S', 'TR', '1', '1']);
  });

  it('beside an edited envelope: the lines are named in NOTES, the envelope counts', () => {
    const t = testReferee();
    const s = startedDuel(t);
    const { mails } = post(t, RED, `FIRE R1 ALL AT B1\n\n${envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1')}`);
    const ack = mails.find((m) => m.kind === 'ack')!;
    expect(ack.subject).toContain('accepted');
    expect(flat(ack.text)).toContain(
      'this line reads as an order but stands outside the envelope, so it was not read: line 1: FIRE R1 ALL AT B1. Orders count only between the #TALLYHO line and #END.',
    );
  });

  it('with no envelope at all: the notice names the lines', () => {
    const t = testReferee();
    startedDuel(t);
    const { mails } = post(t, RED, 'R1: S TR S TR 1\n\nthanks');
    expect(mails).toHaveLength(1);
    expect(flat(mails[0]!.text)).toContain(
      'It has a line that reads as orders (line 1: R1: S TR S TR 1), but orders count only inside an envelope',
    );
  });

  it('are not taken from quoted, indented or prose lines, nor from any mail the referee sends', () => {
    const text = [
      '> R1: S TR 1 1 1',
      '    R1: RB S S TR',
      'R1: no orders: carried-over manoeuvre, then forwards, fire held',
      'Note: turn right next time',
      'R1: active in impulses 3, 5, 8: the plot needs 5 boxes.',
      'R1: 1 1 1 1 1',
      'hold R1 all',
      'F1: 2L1',
    ].join('\n');
    expect(parseOrders(text).outside).toEqual([
      { line: 6, text: 'R1: 1 1 1 1 1' },
      { line: 7, text: 'hold R1 all' },
      { line: 8, text: 'F1: 2L1' },
    ]);
    const mails = readdirSync('tests/golden/mail').filter((x) => x.endsWith('.txt'));
    expect(mails.length).toBeGreaterThanOrEqual(35); // the golden mails there are today
    for (const f of mails) {
      expect(parseOrders(readFileSync(`tests/golden/mail/${f}`, 'utf8')).outside, f).toBeUndefined();
    }
  });

  it('tallyho orders check names them and counts them', () => {
    const r = checkOrdersText('R1: S TR S TR 1 1\n#TALLYHO duel red "x"\nR1: 1 1 1 1 1\n#END\n', 'mail.txt');
    expect(r.stderr).toContain('mail.txt:1:1: outside the envelope, not read: R1: S TR S TR 1 1');
    expect(r.stderr).toContain('1 envelope, 0 errors, 1 order line outside the envelopes (not read)');
  });
});

describe('a refusal the player can answer', () => {
  it('ends with his envelope ready to correct; corrected above the pasted refusal, it counts', () => {
    const t = testReferee();
    const s = startedDuel(t);
    const refused = post(t, RED, envelope('duel', 'red', s.red, 'R1: 1 1 TR 1 1\nFIRE R1 ALL AT B1')).mails.find(
      (m) => m.kind === 'ack',
    )!;
    expect(refused.subject).toContain('NOT accepted');
    expect(refused.text).toContain('YOUR ORDERS, READY TO CORRECT');
    const ready = templateOf(refused.text);
    expect(ready).toMatch(/^#TALLYHO duel red "T1-[0-9a-f]+"\nTURN 1\nR1: 1 1 TR 1 1\nFIRE R1 ALL AT B1\n#END/);
    // Outlook: the corrected envelope on top, the refusal pasted below with its ready envelope unchanged.
    const { mails } = post(
      t,
      RED,
      `${ready.replace('R1: 1 1 TR 1 1', 'R1: RB S TR 1 1')}\n\nFrom: Tallyho referee\nSubject: ${refused.subject}\n\n${refused.text}`,
    );
    const ack = mails.find((m) => m.kind === 'ack')!;
    expect(ack.subject).toContain('orders accepted');
    expect(flat(ack.text)).toContain('is an unchanged copy of orders the referee sent you');
    expect(accepted(t, 'red')!.orders.plots.R1!.boxes.map((b) => b.man)).toEqual(['RB', 'S', 'TR', '1', '1']);
  });
});
