/**
 * Traps (docs/plans.md "Traps", docs/players.md "Warnings"): a plot after which every way of the
 * next turn leaves the map is told of in the acknowledgement a turn ahead (TRAP:), with the plans of
 * the menu that avoid it; the plot flies as written, so the turn is not held for it. A plane none of
 * whose ways stays on the map this turn is told so plainly, without "change the plot", and holds
 * nothing either.
 */
import { describe, expect, it } from 'vitest';
import { envelope, lastMail, post, startedDuelWith, testReferee } from '../../support/app.ts';
import { flat } from '../../support/text.ts';

const RED = 'red@example.test';
const BLUE = 'blue@example.test';

describe('a trap', () => {
  it("is told a turn ahead, and holds nothing: straight on to the map's last row, facing out", () => {
    const t = testReferee();
    const s = startedDuelWith(t, { hex: '1207' });
    post(t, BLUE, envelope('duel', 'blue', s.blue, 'B1: 1 1 1 1 1'));
    const { mails } = post(t, RED, envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1'));
    const ack = flat(mails.find((m) => m.kind === 'ack')!.text);
    expect(ack).toMatch(
      /TRAP: R1 ends the turn in a trap: from 1202 facing 12 \(N\) at 10,000 ft and speed 5\.0, every way it can fly next turn leaves the map\. Plans of this turn's menu that avoid it: [A-H] \([a-z ]+\)(, [A-H] \([a-z ,]+\))*\. Change the plot if that is not what you want\./,
    );
    // Told, not held: the turn is resolved.
    expect(ack).not.toContain('Your orders carry a WARNING');
    expect(mails.filter((m) => m.kind === 'report')).toHaveLength(2);
    // The menu of the welcome marks the trap: straight on is one.
    const welcome = lastMail(t, RED, 'welcome');
    expect(welcome?.text).toMatch(/ A 1 1 1 1 1 +1202 +12 .*straight on.* TRAP:off/);
    expect(flat(welcome!.text)).toContain('TRAP:off: a trap, after it every way it can fly next turn leaves the map.');
  });

  it('that cannot be helped is told plainly: every way of the turn leaves the map, nothing to change, nothing held', () => {
    const t = testReferee();
    const s = startedDuelWith(t, { hex: '1201' });
    post(t, BLUE, envelope('duel', 'blue', s.blue, 'B1: 1 1 1 1 1'));
    const { mails } = post(t, RED, envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1'));
    const ack = flat(mails.find((m) => m.kind === 'ack')!.text);
    expect(ack).toMatch(
      /NOTE: R1 leaves the map in impulse \d+ and is out of the game: every way it can fly this turn leaves the map, so no plot can keep it in\./,
    );
    expect(ack).not.toContain('Change the plot');
    expect(ack).not.toContain('WARNING');
    expect(mails.filter((m) => m.kind === 'report')).toHaveLength(2);
  });
});
