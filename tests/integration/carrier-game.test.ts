/**
 * The carrier scenario played by mail over the real mail stack (Postfix, Dovecot, `tallyho serve`):
 * ships by MOVE lines, dive bombing and torpedoes in the first turn, then turns played from the
 * ready-to-send templates, the Japanese player's carrying the ships' speeds.
 */
import { expect, it } from 'vitest';
import { describeWithMailStack, useMailStack } from '../support/describe-mailstack.ts';
import { confirmed, mailTo, REFEREE, sendOrders, templateOf, useScenarioGame } from '../support/referee-stack.ts';

const USN = 'usn@example.test';
const IJN = 'ijn@example.test';

describeWithMailStack('the carrier scenario by mail on Postfix + Dovecot', () => {
  const stack = useMailStack({ users: [REFEREE, USN, IJN] });
  useScenarioGame(stack, 'midway', 'carrier-strike', [
    { id: 'usn', email: USN, pieces: ['D1', 'D2', 'T1', 'T2', 'D3', 'D4', 'W1', 'W2'] },
    { id: 'ijn', email: IJN, pieces: ['Z1', 'Z2', 'Z3', 'CV1', 'BB1', 'DD1'] },
  ]);

  it('plays three turns: the strike goes in, the carrier turns away, the reports tell every bomb and torpedo', async () => {
    const [usnWelcome] = await mailTo(stack(), USN, /Welcome to Carrier strike/);
    const [ijnWelcome] = await mailTo(stack(), IJN, /Welcome to Carrier strike/);
    expect(ijnWelcome!.text).toContain('YOUR SHIPS AND VEHICLES');
    // Turn 1: the US player edits his template's plots; the Japanese player turns the carrier away.
    const usnOrders = templateOf(usnWelcome!.text)
      .replace(/^D1: .*$/m, 'D1: VD BOMB 1 1 1 1 1')
      .replace(/^D2: .*$/m, 'D2: VD BOMB 1 1 1 1 1')
      .replace(/^T1: .*$/m, 'T1: TORPEDO 1 1 1')
      .replace(/^T2: .*$/m, 'T2: TORPEDO 1 1 1');
    await sendOrders(stack(), USN, `Going in.\n\n${usnOrders}\n-- \nVT-3`, { subject: `Re: ${usnWelcome!.subject}` });
    await mailTo(stack(), USN, /Turn 1 orders accepted/);
    const ijnOrders = templateOf(ijnWelcome!.text).replace(/^MOVE CV1 .*$/m, 'move cv1 tr 34 kt');
    await sendOrders(stack(), IJN, `> ${ijnWelcome!.subject}\n\n${ijnOrders}`, {
      subject: `Re: ${ijnWelcome!.subject}`,
    });
    const [ack] = await mailTo(stack(), IJN, /Turn 1 orders accepted/);
    expect(ack!.text).toContain('CV1: impulse 7: turns to face 4 (ESE); next turn 30 knots (working up to 34).');
    const [report] = await mailTo(stack(), IJN, /\[midway\] Turn 1 report/);
    expect(report!.text).toMatch(/Impulse 7\n {2}CV1 {4}now facing 4 \(ESE\)/);
    expect(report!.text).toContain('D1 drops a 1000 lb bomb on 2412, dive bombing from 2500 ft at CV1');
    expect(report!.text).toMatch(/T1 drops torpedo T1T in 2413 from 100 ft/);
    expect(report!.text).toMatch(/T1T reaches CV1: hit chance 15\.7%/);
    for (const line of report!.text.split('\n')) expect(line.length).toBeLessThanOrEqual(78);
    // Turns 2 and 3 from the templates as mailed, flown whatever they warn of (low over the sea).
    for (let turn = 2; turn <= 3; turn++) {
      for (const who of [USN, IJN]) {
        const [latest] = await mailTo(stack(), who, new RegExp(`Turn ${turn - 1} report`));
        await sendOrders(stack(), who, confirmed(templateOf(latest!.text)), { subject: `Re: ${latest!.subject}` });
        await mailTo(stack(), who, new RegExp(`Turn ${turn} orders accepted`));
      }
      await mailTo(stack(), IJN, new RegExp(`\\[midway\\] Turn ${turn} report`));
    }
    const [second] = await mailTo(stack(), IJN, /\[midway\] Turn 2 report/);
    const [last] = await mailTo(stack(), IJN, /\[midway\] Turn 3 report/);
    // The carrier holds the speed rung down in turn 1, worked up 2 knots a turn to 34, unless the
    // strike hit her (the turn's dice are the referee's own: a hit lowers her top speed at once; a
    // torpedo's hit in impulse 12 does its damage in impulse 7 of turn 2, seed 000 VIII.5).
    const told = `${report!.text}\n${second!.text}`;
    const hit = /-> CV1: \d+ damage points/.test(told);
    if (!/CV1 SINKS/.test(told)) {
      expect(last!.text).toMatch(
        /CV1 \(IJN Hiryu, Imperial Japanese Navy\)\n {2}hex \d{4} \(sea\), facing 4 \(ESE\), \d+ knots/,
      );
      if (!hit) {
        expect(last!.text).toMatch(/facing 4 \(ESE\), 34 knots/);
        expect(last!.text).toContain('MOVE CV1 34KT');
      }
    }
  });
});
