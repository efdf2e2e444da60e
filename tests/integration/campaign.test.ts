/**
 * A campaign by mail over the real mail stack (Postfix, Dovecot, `tallyho serve`): the game master
 * creates the sample campaign campaigns/adlertag.yaml by mail, binds its players and starts it;
 * the players fly its first game to its end from the templates as mailed; the campaign's next game
 * starts by itself and its welcome arrives; ROSTER answers a one-line reply; the campaign's page is
 * on the web.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithMailStack, useMailStack } from '../support/describe-mailstack.ts';
import { confirmed, mailTo, REFEREE, sendOrders, startReferee, templateOf, tempDir } from '../support/referee-stack.ts';
import type { ServeProcess } from '../support/serve-process.ts';

const RAF = 'raf@example.test';
const LW = 'lw@example.test';
const GM = 'gm@example.test';

describeWithMailStack('a campaign by mail on Postfix + Dovecot', () => {
  const stack = useMailStack({ users: [REFEREE, RAF, LW, GM] });
  const dir = tempDir();
  let server: ServeProcess | undefined;
  let url = '';
  beforeAll(async () => {
    server = startReferee(stack(), dir, { GM_EMAIL: GM, GM_SECRET: 'campaign-gm-secret' });
    await server.waitFor(/IMAP inbox connected/, 20000, 'stderr');
    url = `http://127.0.0.1:${(await server.waitFor(/"http":(\d+)[^\n]*tallyho serving/, 20000, 'stderr'))[1]}`;
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is created and started by the game master, played game by game, and answered by ROSTER', async () => {
    await sendOrders(
      stack(),
      GM,
      '#TALLYHO adl gm "campaign-gm-secret"\nCAMPAIGN CREATE adlertag\nCAMPAIGN PLAYER raf raf@example.test\nCAMPAIGN PLAYER lw lw@example.test\nCAMPAIGN NEXT\n#END\n',
      { subject: 'a campaign' },
    );
    const [answer] = await mailTo(stack(), GM, /GM commands/);
    expect(answer!.text).toContain('CAMPAIGN CREATE adlertag: Campaign adl created from adlertag: Adlertag.');
    // The best pilots fly the fighters: the ace the Bf 109 (E1), not the Stuka.
    expect(answer!.text.replace(/\s+/g, ' ')).toContain(
      'game adl-1 of campaign adl started: portland (Stuka escort); R1 F/Lt John Dundas, R2 Sgt Alan Feary, S1 Oblt. Franz Seidel, E1 Lt. Erich Rudorffer',
    );
    const [welcome] = await mailTo(stack(), RAF, /\[adl-1\] Welcome to Stuka escort/);
    expect(welcome!.text).toContain('Game 1 of campaign adl (Adlertag): portland.');
    expect(welcome!.text.replace(/\s+/g, ' ')).toContain(
      "PILOTS Ratings are secret: an enemy pilot's shows once that pilot has fired at your side",
    );
    // Game 1 from the templates as mailed, until it ends (the planes fly off the map).
    let over = '';
    for (let turn = 1; turn <= 12 && !over; turn++) {
      for (const who of [RAF, LW]) {
        const subject = turn === 1 ? /\[adl-1\] Welcome/ : new RegExp(`\\[adl-1\\] Turn ${turn - 1} report`);
        const [mail] = await mailTo(stack(), who, subject);
        // The planes fly on off the map, warnings and all: CONFIRM, so no turn waits for it.
        await sendOrders(stack(), who, `Onwards.\n\n${confirmed(templateOf(mail!.text))}\n-- \n${who}`, {
          subject: `Re: ${mail!.subject}`,
        });
      }
      const [report] = await mailTo(stack(), RAF, new RegExp(`\\[adl-1\\] Turn ${turn} report`), { timeoutMs: 30000 });
      if (report!.text.includes('THE GAME IS OVER')) over = report!.text;
    }
    expect(over).toContain('THE CAMPAIGN');
    expect(over.replace(/\s+/g, ' ')).toMatch(
      /Standing: (Royal Air Force|Luftwaffe) \d+, (Royal Air Force|Luftwaffe) \d+ victory points\./,
    );
    // next: auto: game 2 begins, its welcome in the players' mailboxes.
    const [second] = await mailTo(stack(), LW, /\[adl-2\] Welcome/, { timeoutMs: 30000 });
    expect(second!.text).toContain('Game 2 of campaign adl (Adlertag)');
    // ROSTER as a one-line reply to a campaign mail.
    await sendOrders(stack(), RAF, 'ROSTER\n\n> earlier mail\n', {
      subject: `Re: ${welcome!.subject.replace('adl-1', 'adl-2')}`,
    });
    const [roster] = await mailTo(stack(), RAF, /ROSTER|roster/i);
    expect(roster!.text).toContain('raf-1  F/Lt John Dundas: veteran, keen eyesight');
    const page = await fetch(`${url}/campaigns/adl`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<h1>Adlertag</h1>');
  });
});
