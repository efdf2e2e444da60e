/**
 * The quick game (seed 004) played by mail over the real mail stack (Postfix, Dovecot, `tallyho
 * serve`): three turns of the quick bounce, the US Navy player's first orders written by hand in a
 * reply with a signature, the rest sent back from the templates as mailed; the reports in words;
 * the web archive's turn page with its combat and replay.
 */
import { expect, it } from 'vitest';
import { describeWithMailStack, useMailStack } from '../support/describe-mailstack.ts';
import { mailTo, REFEREE, sendOrders, templateOf, useScenarioGame } from '../support/referee-stack.ts';

const USN = 'usn@example.test';
const IJN = 'ijn@example.test';

describeWithMailStack('the quick game by mail on Postfix + Dovecot', () => {
  const stack = useMailStack({ users: [REFEREE, USN, IJN] });
  const { httpUrl } = useScenarioGame(stack, 'bounce', 'quick-bombers', [
    { id: 'usn', email: USN, pieces: ['W1', 'W2'] },
    { id: 'ijn', email: IJN, pieces: ['J1', 'Z1'] },
  ]);

  it('plays three turns: moves like 2L1, the initiative, every shot and its damage, the turn records', async () => {
    const [usnWelcome] = await mailTo(stack(), USN, /Welcome to Quick bounce/);
    const [ijnWelcome] = await mailTo(stack(), IJN, /Welcome to Quick bounce/);
    expect(usnWelcome!.text).toMatch(
      /W1 \(F4F-4 Wildcat, US Navy\)\n {2}hex 0915, facing 12 \(N\), SPEED 3\n {2}ENGINE {3}OOO/,
    );
    expect(usnWelcome!.text.replace(/\s+/g, ' ')).toContain(
      'Each of your aircraft gets a line: its id, a colon, then its move',
    );
    // Turn 1: the US Navy writes its moves by hand above a signature; Japan sends the template back.
    const first = templateOf(usnWelcome!.text)
      .replace(/^W1: .*$/m, 'W1: 1R1R1')
      .replace(/^W2: .*$/m, 'w2: 2 L 1')
      .replace(/^#END$/m, 'FIRE W2 F AT J1\n#END');
    await sendOrders(stack(), USN, `Going after the Stuka.\n\n${first}\n\n-- \nVF-3`, {
      subject: `Re: ${usnWelcome!.subject}`,
    });
    // A Wildcat's ENGINE 3: too much SPEED and too many turns, every mistake told at once.
    const [refused] = await mailTo(stack(), USN, /Turn 1 orders NOT accepted/);
    const why = refused!.text.replace(/\s+/g, ' ');
    expect(why).toContain('W1 flies at SPEED 3 with ENGINE 3: this turn it spends 2 to 3');
    expect(why).toContain('W1 turns at most 1 clock point a turn');
    expect(why).toContain('W2 flies at SPEED 3 with ENGINE 3');
    await sendOrders(
      stack(),
      USN,
      `Fixed.\n\n${first.replace('W1: 1R1R1', 'W1: 1R1').replace('w2: 2 L 1', 'W2: 1L1')}`,
      { subject: `Re: ${refused!.subject}` },
    );
    const [ack] = await mailTo(stack(), USN, /Turn 1 orders accepted/);
    expect(ack!.text).toContain('W2 flies 1L1 and ends the turn in');
    await sendOrders(stack(), IJN, templateOf(ijnWelcome!.text), { subject: `Re: ${ijnWelcome!.subject}` });
    const [report] = await mailTo(stack(), USN, /\[bounce\] Turn 1 report/);
    expect(report!.text).toContain('Movement (all at once)');
    expect(report!.text).toMatch(/W2 flies 1115 -> \d{4}, now facing 11 \(NNW\), SPEED 3/);
    expect(report!.text).toMatch(/Combat\n {2}Initiative: /);
    for (const line of report!.text.split('\n')) expect(line.length).toBeLessThanOrEqual(78);
    // Turns 2 and 3 from the templates as mailed (while both sides have aircraft flying).
    let played = 1;
    for (let turn = 2; turn <= 3; turn++) {
      const [latest] = await mailTo(stack(), USN, new RegExp(`\\[bounce\\] Turn ${turn - 1} report`));
      if (/no (planes|aircraft) left in the fight/.test(latest!.text)) break;
      played = turn;
      for (const who of [USN, IJN]) {
        const [mail] = await mailTo(stack(), who, new RegExp(`Turn ${turn - 1} report`));
        await sendOrders(stack(), who, templateOf(mail!.text), { subject: `Re: ${mail!.subject}` });
        await mailTo(stack(), who, new RegExp(`Turn ${turn} orders accepted`));
      }
      await mailTo(stack(), IJN, new RegExp(`\\[bounce\\] Turn ${turn} report`));
    }
    const [lastReport] = await mailTo(stack(), USN, new RegExp(`\\[bounce\\] Turn ${played} report`));
    // Three turns, unless one side lost every aircraft before.
    expect(played === 3 || /no (planes|aircraft) left in the fight/.test(lastReport!.text)).toBe(true);
    expect(lastReport!.text).toMatch(/ENGINE {3}[Ox]+ +\d of 3/);
    const page = await fetch(`${httpUrl()}/games/bounce/turns/1`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('End of the movement');
    expect(html).toContain('End of the combat');
    expect(html).toMatch(/<h3>The initiative and every gun<\/h3>\s*<pre class="combat">Initiative: /);
    expect(html).not.toMatch(/<th>altitude<\/th>/);
  });
});
