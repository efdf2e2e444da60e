/**
 * The first-turn sheet (docs/first-turn.md): the welcome mail opens with what to do, in three
 * steps, on its first screen; a newcomer who follows them (a letter of WAYS TO FLY in place of the
 * plot, the orders at the end sent back at the top of a reply) has a legal first turn accepted.
 * A replacement's briefing and the quick game's welcome (its own rules) do without it.
 */
import { describe, expect, it } from 'vitest';
import { replacePlayer } from '../../../src/app/setup/roster.ts';
import { lastEnvelope, lastMail, post, startedDuel, testReferee } from '../../support/app.ts';
import { flat } from '../../support/text.ts';

const RED = 'red@example.test';

describe("the welcome's first turn", () => {
  it('opens with three steps that, followed, give an accepted first turn', () => {
    const t = testReferee();
    startedDuel(t);
    const welcome = lastMail(t, RED, 'welcome');
    const screen = welcome.text.split('\n').slice(0, 24).join('\n');
    expect(screen).toContain('YOUR FIRST TURN, IN THREE STEPS');
    expect(flat(screen)).toContain(
      "a letter of WAYS TO FLY near the end of this mail, written in place of the plane's plot (R1 PLAN C)",
    );
    expect(flat(screen)).toContain(
      'Reply to this mail with YOUR ORDERS FOR TURN 1, READY TO SEND (at its end) at the top',
    );
    expect(welcome.text).toMatch(/^ C .*$/m); // the letter named is on the menu
    // No envelope words in the steps: pasted unquoted under a reply, none of them reads as an envelope.
    expect(screen).not.toMatch(/#TALLYHO|#END/);
    // Followed to the letter: the block at the end, R1's plot replaced by the plan, at the top of a reply.
    const block = lastEnvelope(welcome.text).replace(/^R1: .*$/m, 'R1 PLAN C');
    const { mails } = post(
      t,
      RED,
      `${block}\n\nOn Saturday the referee wrote:\n${welcome.text
        .split('\n')
        .map((l) => `> ${l}`)
        .join('\n')}\n`,
      { subject: `Re: ${welcome.subject}` },
    );
    const ack = mails.find((m) => m.kind === 'ack')!;
    expect(ack.subject).toBe('[duel] Turn 1 orders accepted');
    expect(flat(ack.text)).toContain('R1 PLAN C');
  });

  it("is not in a replacement's briefing, which starts from the situation", () => {
    const t = testReferee();
    startedDuel(t);
    replacePlayer(t.deps, { gameId: 'duel', oldId: 'red', newId: 'cyan', email: 'cyan@example.test' });
    const briefing = lastMail(t, 'cyan@example.test', 'welcome');
    expect(briefing.text).not.toContain('YOUR FIRST TURN, IN THREE STEPS');
    expect(briefing.text).toContain('YOUR ORDERS FOR TURN 1, READY TO SEND');
  });
});
