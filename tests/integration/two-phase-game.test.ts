/**
 * The two-phase sequence (seed 003) played by mail over the real mail stack (Postfix, Dovecot,
 * `tallyho serve`): three turns of the head-on pass, the Luftwaffe player choosing to move last
 * when it wins the roll, the reports showing the throws, the order of movement and the phases, and
 * the web archive's turn page stepping through every impulse.
 */
import { expect, it } from 'vitest';
import { describeWithMailStack, useMailStack } from '../support/describe-mailstack.ts';
import { confirmed, mailTo, REFEREE, sendOrders, templateOf, useScenarioGame } from '../support/referee-stack.ts';

const RAF = 'raf@example.test';
const LW = 'lw@example.test';

describeWithMailStack('the two-phase sequence by mail on Postfix + Dovecot', () => {
  const stack = useMailStack({ users: [REFEREE, RAF, LW] });
  const { httpUrl } = useScenarioGame(stack, 'pass', 'two-phase-pass', [
    { id: 'raf', email: RAF, pieces: ['S1', 'S2'] },
    { id: 'lw', email: LW, pieces: ['M1', 'K1'] },
  ]);

  it('plays three turns: initiative, fastest first, half the hexes then the rest, fire after every hex', async () => {
    const [rafWelcome] = await mailTo(stack(), RAF, /Welcome to Head-on pass/);
    const [lwWelcome] = await mailTo(stack(), LW, /Welcome to Head-on pass/);
    expect(rafWelcome!.text).toContain('THIS GAME PLAYS THE TWO-PHASE SEQUENCE.');
    // Turn 1: the RAF top-posts its orders over the quoted welcome; the Luftwaffe chooses to move
    // last and fires at anything.
    const rafOrders = templateOf(rafWelcome!.text)
      .replace(/^S2: .*$/m, 'S2: 1 RB S S TR N 1')
      .replace(/^HOLD S1 ALL$/m, 'FIRE S1 FIXED AT M1')
      .replace(/^HOLD S2 ALL$/m, 'FIRE S2 FIXED AT ANY WITHIN 4');
    const quoted = rafWelcome!.text
      .split('\n')
      .map((l) => `> ${l}`)
      .join('\n');
    await sendOrders(stack(), RAF, `${rafOrders}\n\nTally ho!\n-- \n74 Squadron\n\nOn the referee's mail:\n${quoted}`, {
      subject: `Re: ${rafWelcome!.subject}`,
    });
    await mailTo(stack(), RAF, /Turn 1 orders accepted/);
    const lwOrders = templateOf(lwWelcome!.text)
      .replace(/^HOLD M1 ALL$/m, 'INITIATIVE LAST\nFIRE M1 FIXED AT ANY')
      .replace(/^HOLD K1 ALL$/m, 'FIRE K1 FLEX AUTO');
    await sendOrders(stack(), LW, lwOrders, { subject: `Re: ${lwWelcome!.subject}` });
    const [ack] = await mailTo(stack(), LW, /Turn 1 orders accepted/);
    expect(ack!.text).toContain('INITIATIVE LAST');
    expect(ack!.text).toContain('PATHS OF M1 and K1 (+n: its nth hex this turn)');
    const [report] = await mailTo(stack(), LW, /\[pass\] Turn 1 report/);
    expect(report!.text.replace(/\s+/g, ' ')).toMatch(
      /Initiative at speed 7 \(a d6 a side\): .*?(Royal Air Force|Luftwaffe) wins and moves (first|last)/,
    );
    expect(report!.text).toContain('Order of movement, for both phases:');
    expect(report!.text).toContain('FIRST PHASE: the planes move one at a time, fastest first');
    expect(report!.text).toContain('SECOND PHASE');
    expect(report!.text.replace(/\s+/g, ' ')).toContain(
      'its planes move last (INITIATIVE LAST); write INITIATIVE FIRST',
    );
    for (const line of report!.text.split('\n')) expect(line.length).toBeLessThanOrEqual(78);
    // Turns 2 and 3 from the templates as mailed.
    for (let turn = 2; turn <= 3; turn++) {
      for (const who of [RAF, LW]) {
        const [latest] = await mailTo(stack(), who, new RegExp(`Turn ${turn - 1} report`));
        // Flown as mailed, whatever the acknowledgement warns of (CONFIRM).
        await sendOrders(stack(), who, confirmed(templateOf(latest!.text)), { subject: `Re: ${latest!.subject}` });
        await mailTo(stack(), who, new RegExp(`Turn ${turn} orders accepted`));
      }
      await mailTo(stack(), LW, new RegExp(`\\[pass\\] Turn ${turn} report`));
    }
    const [last] = await mailTo(stack(), RAF, /\[pass\] Turn 3 report/);
    expect(last!.text).toContain('Order of movement, for both phases:');
    // The archive's turn page steps through the two-phase impulses, impulse zeros included.
    const page = await fetch(`${httpUrl()}/games/pass/turns/1`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/End of impulse \d+: impulse zero, the end of the first phase/);
    expect(html).toMatch(/End of impulse 1: S[12] moves \(first phase\)|End of impulse 1: M1 moves \(first phase\)/);
    expect(html).toContain('Order of movement, for both phases:');
  });
});
