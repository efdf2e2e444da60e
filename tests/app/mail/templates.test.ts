/**
 * Golden files of every mail template (tests/golden/mail/<case>.txt and .html), rendered from a
 * real game in the test referee. UPDATE_GOLDEN=1 rewrites them; review the diff.
 */
import { describe, expect, it } from 'vitest';
import { intake, receive } from '../../../src/app/intake/intake.ts';
import type { OutboxRow } from '../../../src/app/ports/store.ts';
import { renderCard } from '../../../src/report/card.ts';
import { envelope, mail, place, startedDuel, startedDuelWith, testCards, testReferee } from '../../support/app.ts';
import { expectGolden } from '../../support/golden-file.ts';
import { columnsOf, preOpen } from '../../../src/shell/render/blocks.ts';

const RED = 'red@example.test';
/** Fixed-width text in a mail: unwrapped, scrolled inside its own box, its font sized for its widest line (templates/_pre.html.hbs, shell/render/blocks.ts). */
const PRE =
  /^<pre style="white-space: pre; overflow-x: auto; max-width: 100%; font-size: clamp\(7\.5px, \d+\.\d\dvw, 13px\);">$/;
const BLUE = 'blue@example.test';

/** A mail against tests/golden/mail/<name> (UPDATE_GOLDEN=1 rewrites it; review the diff). */
const golden = (name: string, text: string) => expectGolden(`tests/golden/mail/${name}`, text);

let blueReport: OutboxRow | undefined;

/** Every kind of mail, from one short game. */
function mails(): Record<string, OutboxRow> {
  const t = testReferee();
  // A description with HTML-special characters, to see the HTML escaped.
  const s = startedDuel(t, 'duel', 'Red & Blue <meet> "head-on" at 10,000 ft.');
  const out = () => t.store.tx((tx) => tx.outbox.list());
  const last = () => out().at(-1)!;
  const found: Record<string, OutboxRow> = {};
  found.welcome = out()[0]!;
  intake(t.deps, mail(RED, envelope('duel', 'red', s.red, 'R1: 1 1 TR 1 1\nFIRE B1 ALL AT R1\nSTATUS')), place(1));
  found['ack-refused'] = out()
    .filter((m) => m.kind === 'ack')
    .at(-1)!; // the STATUS beside refused orders is not carried out
  // A misspelt manoeuvre: the plot is not read, and shown as written, marked.
  intake(t.deps, mail(RED, envelope('duel', 'red', s.red, 'R1: 1 TX 1\n  1 1\nFIRE R1 ALL')), place(7));
  found['ack-misspelt'] = last();
  intake(t.deps, mail(RED, envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1')), place(2));
  intake(t.deps, mail(RED, envelope('duel', 'red', s.red, 'R1: RB S TR 1 1\nFIRE R1 ALL AT B1 WITHIN 2')), place(3));
  found['ack-accepted'] = last();
  intake(t.deps, mail(BLUE, envelope('duel', 'blue', 'guess', 'B1: 1 1 1 1 1')), place(4));
  found['notice-wrong-secret'] = last();
  intake(t.deps, mail(BLUE, 'Is it my turn?'), place(5));
  found['notice-no-orders'] = last();
  receive(
    t.deps,
    mail(BLUE, envelope('duel', 'blue', s.blue, 'B1: 1 1 LB S TL\nFIRE B1 ALL AT R1 WITHIN 1')),
    place(6),
  );
  found.report = out().find((m) => m.kind === 'report' && m.recipient === RED)!;
  blueReport = out().find((m) => m.kind === 'report' && m.recipient === BLUE)!;
  // Turn 2: two different edited envelopes in one mail; commands without an envelope.
  intake(
    t.deps,
    mail(
      RED,
      `${envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1')}\n${envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1\nHOLD R1 ALL')}`,
    ),
    place(8),
  );
  found['notice-which-envelope'] = last();
  intake(t.deps, mail(RED, 'WAIT\n\n-- \nRed'), place(9));
  found['answer-needs-envelope'] = last();
  intake(t.deps, mail(RED, 'MAP', { subject: 'Re: [duel] Turn 1 report' }), place(10));
  found['answer-bare-map'] = last();
  // Outlook-style: order lines above the pasted report, whose template is unchanged: which count?
  const pasted = found.report!;
  intake(
    t.deps,
    mail(
      RED,
      `R1: RB S TR 1 1\nFIRE R1 ALL AT B1\n\nSent from Outlook\n\nFrom: Tallyho referee\nSubject: ${pasted.subject}\n\n${pasted.text}`,
    ),
    place(11),
  );
  found['notice-outside'] = last();
  // A plot that takes R1 off the map: the acknowledgement's WARNING holds the turn; CONFIRM answers it.
  const u = testReferee();
  const e = startedDuelWith(u);
  const uOut = () => u.store.tx((tx) => tx.outbox.list());
  intake(u.deps, mail(BLUE, envelope('duel', 'blue', e.blue, 'B1: 1 1 1 1 1')), place(1));
  intake(u.deps, mail(RED, envelope('duel', 'red', e.red, 'R1: 1 1 1 1 1')), place(2));
  found['ack-warning'] = uOut().at(-1)!;
  receive(u.deps, mail(RED, envelope('duel', 'red', e.red, 'CONFIRM')), place(3));
  found['answer-confirm'] = uOut()
    .filter((m) => m.kind === 'answer')
    .at(-1)!;
  // R1 left the map: the game is over, explained first in the last report.
  found['report-over'] = uOut().find((m) => m.kind === 'report' && m.recipient === RED)!;
  // The "(secret)" of WHAT WAS READ sent back: a placeholder, answered with the envelope ready.
  const w = testReferee();
  startedDuel(w);
  intake(w.deps, mail(RED, envelope('duel', 'red', '(secret)', 'R1: 1 1 1 1 1')), place(1));
  found['notice-placeholder'] = w.store.tx((tx) => tx.outbox.list()).at(-1)!;
  return found;
}

describe('mail templates', () => {
  const all = mails();
  for (const [name, m] of Object.entries(all)) {
    it(`${name}: text within 78 columns, HTML escaped, matches the golden files`, () => {
      for (const line of m.text.split('\n')) expect(line.length, line).toBeLessThanOrEqual(78);
      expect(m.html).toMatch(/^<!DOCTYPE html>/);
      expect(m.html).not.toMatch(/<script|<meet>/);
      golden(`${name}.txt`, `Subject: ${m.subject}\n\n${m.text}`);
      golden(`${name}.html`, m.html!);
    });
  }

  it('puts maps in <pre> and escapes what the player or the scenario wrote', () => {
    expect(all.welcome!.html).toContain('Red &amp; Blue &lt;meet&gt; &quot;head-on&quot;');
    expect(all.welcome!.text).toContain('Red & Blue <meet> "head-on"');
    expect(all.report!.html).toMatch(/<pre style="[^"]*">[^<]*R1[^<]*<\/pre>/);
    expect(all['ack-accepted']!.html).toMatch(/<h2>Path of R1<\/h2>/);
  });

  it('keeps every <pre> of every mail unwrapped and scrolling inside its own box on a narrow screen', () => {
    for (const [name, m] of Object.entries(all)) {
      // Mail programs drop <style> elements and <head> rules: the style has to be on the element.
      for (const tag of m.html!.match(/<pre\b[^>]*>/g) ?? []) expect(tag, name).toMatch(PRE);
      expect(m.html, name).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    }
  });

  it("puts the card of the player's aircraft type in the welcome, naming the planes that fly it", () => {
    const card = renderCard(testCards().get('tf')!);
    const welcome = all.welcome!.text;
    expect(welcome).toContain(`YOUR AIRCRAFT\n\nR1 flies this type.\n\n${card}\n`);
    // In the HTML part its words as paragraphs, its tables fixed-width (src/shell/render/blocks.ts).
    const esc = (s: string): string => s.replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#x27;');
    const [head, ...tables] = card.split('\n\n');
    expect(all.welcome!.html).toContain(
      `<p>R1 flies this type.</p>\n<p>${esc(head!).replace('\n', '<br>').replace(/\n/g, ' ')}</p>\n${preOpen(columnsOf(esc(tables.join('\n\n'))))}${esc(tables.join('\n\n'))}</pre>`,
    );
  });

  it("says why the reader's own fire orders did not fire, and nothing of the other side's", () => {
    const red = all.report!;
    expect(red.text).toMatch(
      /YOUR FIRE ORDERS THAT DID NOT FIRE\n\n- FIRE R1 ALL AT B1 WITHIN 2: no shot - closest chance in impulse \d+,/,
    );
    expect(red.html).toContain('<h2>Your fire orders that did not fire</h2>');
    expect(red.text).not.toMatch(/FIRE B1|WITHIN 1/);
    expect(red.html).not.toMatch(/FIRE B1|WITHIN 1/);
    expect(blueReport!.text).toMatch(/- FIRE B1 ALL AT R1 WITHIN 1: no shot - /);
    expect(blueReport!.text).not.toMatch(/FIRE R1|WITHIN 2/);
  });

  it('gives the welcome and every report a template that parses as the orders it shows, the last fire orders carried', () => {
    expect(all.welcome!.text).toMatch(
      /\n#TALLYHO duel red "T\d+-[0-9a-f]{24}"\nTURN \d+\nR1: [^\n]+\nHOLD R1 ALL\n#END\n/,
    );
    expect(all.report!.text).toMatch(
      /\n#TALLYHO duel red "T\d+-[0-9a-f]{24}"\nTURN \d+\nR1: [^\n]+\nFIRE R1 ALL AT B1 WITHIN 2\n#END\n/,
    );
  });
});
