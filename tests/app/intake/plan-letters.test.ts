/**
 * Plans picked by letter (docs/orders.md "Pick a plan", docs/plans.md "The menu in the mail"): the
 * duel played by mail with nothing but `PLAN` letters for both sides, turn after turn, each picked
 * from the WAYS TO FLY of the mail before and replied with the envelope that mail carries; each
 * accepted, echoed as its plot and flown to where the menu said. A stale letter, a letter with no
 * turn named, a letter off the menu and a pick top-posted above a quoted template are refused or
 * asked about, never flown on a guess.
 */
import { describe, expect, it } from 'vitest';
import { hexLabel } from '../../../src/core/hex/coords.ts';
import { longNames } from '../../../src/app/views/plan-names.ts';
import { verifyGame } from '../../../src/app/history/verify.ts';
import { envelope, lastMail, realDuel, send, type TestReferee, testReferee } from '../../support/app.ts';

const RED = 'red@example.test';
const BLUE = 'blue@example.test';

interface MenuLine {
  letter: string;
  plot: string;
  ends: string;
  facing: number;
  height: number;
  names: string;
}

/** The menu of a plane in a mail's WAYS TO FLY. */
function menuOf(text: string, plane: string): MenuLine[] {
  const at = text.indexOf(`\n${plane} at `, text.indexOf('WAYS TO FLY TURN'));
  expect(at).toBeGreaterThan(0);
  const lines = text
    .slice(at + 1)
    .split('\n')
    .slice(2);
  const out: MenuLine[] = [];
  for (const l of lines) {
    // What a plan gives goes on a line of its own after a plot too long for one line.
    const more = /^ {8,}(\S.*)$/.exec(l);
    if (more && out.length) {
      out[out.length - 1]!.names += more[1]!;
      continue;
    }
    const m = /^ ([A-H]) (.+?) {2,}(\d{4}!?) +(\d+) +([\d,]+) +[\d.]+(?: {2}(.*))?$/.exec(l);
    if (!m) break;
    out.push({
      letter: m[1]!,
      plot: m[2]!.trim(),
      ends: m[3]!,
      facing: Number(m[4]),
      height: Number(m[5]!.replace(/,/g, '')),
      names: m[6] ?? '',
    });
  }
  return out;
}

/** The ready-to-send envelope at the end of a mail, with the plane's plot line replaced by a pick. */
function replyWithPick(text: string, plane: string, letter: string): string {
  const env = text.slice(text.lastIndexOf('\n#TALLYHO') + 1, text.lastIndexOf('#END') + 4);
  return env.replace(new RegExp(`^${plane}: .*$`, 'm'), `${plane} PLAN ${letter}`);
}

const stateOf = (t: TestReferee, turn: number) => t.store.tx((tx) => tx.turns.get('duel', turn)!.state);

describe('plans picked by letter', () => {
  it('plays the duel by letters alone, each accepted, echoed as its plot and flown to where the menu said', async () => {
    const t = testReferee();
    await realDuel(t);
    let redMail = lastMail(t, RED, 'welcome').text;
    let blueMail = lastMail(t, BLUE, 'welcome').text;
    const flown: string[] = [];
    for (let turn = 1; turn <= 6; turn++) {
      const picks: { plane: string; to: string; mail: string; line: MenuLine }[] = [];
      for (const [plane, to, text] of [
        ['R1', RED, redMail],
        ['G1', BLUE, blueMail],
      ] as const) {
        const state = stateOf(t, turn);
        if (state.planes.find((p) => p.id === plane)?.status !== 'flying') continue;
        const menu = menuOf(text, plane);
        expect(menu.length).toBeGreaterThanOrEqual(4);
        expect(menu.length).toBeLessThanOrEqual(8);
        // A different plan each turn, never the one straight on when another will do; as a player
        // would, none that leaves the map ("!") or is marked a trap when another will do.
        const safe = menu.filter((l) => !l.ends.endsWith('!') && !l.names.includes('TRAP'));
        const from = safe.length ? safe : menu;
        const line = from[(turn * (plane === 'R1' ? 1 : 3)) % from.length]!;
        picks.push({ plane, to, mail: text, line });
      }
      if (picks.length < 2) break;
      for (const p of picks) {
        send(t, p.to, replyWithPick(p.mail, p.plane, p.line.letter));
        const ack = lastMail(t, p.to, 'ack');
        if (!ack.subject.includes('accepted') || ack.subject.includes('NOT'))
          throw new Error(`turn ${turn}, ${p.plane} PLAN ${p.line.letter} refused:\n${ack.text}`);
        expect(ack.text).toContain(`  | ${p.plane}: ${p.line.plot}`);
        expect(ack.text).toContain('PLANS PICKED');
        expect(ack.text.replace(/\s+/g, ' ')).toContain(
          `${p.plane} PLAN ${p.line.letter} is plan ${p.line.letter} of ${p.plane}'s menu for turn ${turn}`,
        );
      }
      flown.push(picks.map((p) => `${p.plane} ${p.line.letter} ${p.line.names}`).join(' / '));
      const after = stateOf(t, turn + 1);
      for (const p of picks) {
        const plane = after.planes.find((x) => x.id === p.plane)!;
        if (plane.status === 'flying') {
          expect(
            `${hexLabel(plane.hex)}|${plane.facing === 0 ? 12 : plane.facing}|${plane.altitude}`,
            `turn ${turn} ${p.plane} PLAN ${p.line.letter}`,
          ).toBe(`${p.line.ends}|${p.line.facing}|${p.line.height}`);
        }
      }
      redMail = lastMail(t, RED, 'report').text;
      blueMail = lastMail(t, BLUE, 'report').text;
      if (redMail.includes('the game is over') || !redMail.includes('WAYS TO FLY')) break;
    }
    // Turn after turn, till the game ends or six turns are played.
    expect(flown.length, flown.join('\n')).toBeGreaterThanOrEqual(4);
    expect(verifyGame(t.deps, 'duel').differences).toEqual([]);
  });

  it("refuses a letter of last turn's menu, one with no turn named and one off the menu, each with this turn's menu", async () => {
    const t = testReferee();
    const s = await realDuel(t);
    const welcome = lastMail(t, RED, 'welcome').text;
    // No turn named: the player's own secret and no TURN line.
    send(t, RED, envelope('duel', 'red', s.red, 'R1 PLAN A'));
    let ack = lastMail(t, RED, 'ack').text;
    expect(ack).toContain('NOT accepted');
    expect(ack.replace(/\s+/g, ' ')).toContain(
      "R1 PLAN A (line 2): a plan letter stands for a plot of one turn's menu, and this envelope does not say which turn: write TURN 1 in it",
    );
    expect(ack).toContain('WAYS TO FLY TURN 1');
    expect(menuOf(ack, 'R1')).toEqual(menuOf(welcome, 'R1'));
    // With TURN 1 it is taken.
    send(t, RED, envelope('duel', 'red', s.red, 'TURN 1\nR1 PLAN B'));
    expect(lastMail(t, RED, 'ack').subject).toMatch(/Turn 1 orders accepted/);
    // Blue's turn 1 by letter too; the turn is resolved.
    send(t, BLUE, replyWithPick(lastMail(t, BLUE, 'welcome').text, 'G1', 'A'));
    expect(stateOf(t, 2).turn).toBe(2);
    // The welcome's envelope again (turn 1's token): refused, with turn 2's menu.
    send(t, RED, replyWithPick(welcome, 'R1', 'C'));
    ack = lastMail(t, RED, 'ack').text;
    expect(ack).toContain('NOT accepted');
    expect(ack.replace(/\s+/g, ' ')).toContain(
      'R1 PLAN C (line 3): picked from the menu of turn 1, whose letters no longer hold; the game is at turn 2',
    );
    expect(ack).toContain('WAYS TO FLY TURN 2');
    const report = lastMail(t, RED, 'report').text;
    expect(menuOf(ack, 'R1')).toEqual(menuOf(report, 'R1'));
    // A letter the menu does not have.
    const letters = menuOf(report, 'R1').map((l) => l.letter);
    const missing = 'ABCDEFGH'.split('').find((l) => !letters.includes(l));
    if (missing) {
      send(t, RED, replyWithPick(report, 'R1', missing));
      ack = lastMail(t, RED, 'ack').text;
      expect(ack).toContain('NOT accepted');
      expect(ack.replace(/\s+/g, ' ')).toContain(
        `R1 PLAN ${missing} (line 3): R1's menu for turn 2 has plans A to ${letters.at(-1)}`,
      );
    }
    // A plane that is not his.
    send(t, RED, envelope('duel', 'red', s.red, 'TURN 2\nG1 PLAN A'));
    expect(lastMail(t, RED, 'ack').text.replace(/\s+/g, ' ')).toContain(
      'G1 PLAN A (line 3): G1 is not one of your planes (R1)',
    );
    for (const line of ack.split('\n')) expect(line.length).toBeLessThanOrEqual(78);
  });

  it('asks about a pick top-posted above a quoted, unchanged template, with the pick put in the envelope', async () => {
    const t = testReferee();
    await realDuel(t);
    const welcome = lastMail(t, RED, 'welcome').text;
    const template = welcome.slice(welcome.lastIndexOf('\n#TALLYHO') + 1, welcome.lastIndexOf('#END') + 4);
    send(t, RED, `R1 PLAN C\n\nThanks!\n\nOn Monday the referee wrote:\n${template}\n`);
    const asked = lastMail(t, RED, 'notice');
    expect(asked.text).toContain('your orders are outside the envelope');
    expect(asked.text).toContain('line 1: R1 PLAN C');
    expect(asked.text).toMatch(/#TALLYHO duel red "T1-[0-9a-f]+"\nTURN 1\nR1 PLAN C\n/);
  });

  it('answers a pick written above a reply that quotes the whole welcome with the orders, the pick put in, ready to send', async () => {
    const t = testReferee();
    await realDuel(t);
    const welcome = lastMail(t, RED, 'welcome').text;
    send(
      t,
      RED,
      `R1 PLAN B\n\nAnn\n\nOn Monday the referee wrote:\n${welcome
        .split('\n')
        .map((l) => `> ${l}`)
        .join('\n')}\n`,
    );
    const notice = lastMail(t, RED, 'notice').text;
    expect(notice).toContain('No orders found in your mail');
    expect(notice.replace(/\s+/g, ' ')).toContain('Below are your orders for turn 1 with that line put in');
    const ready = notice.slice(notice.indexOf('READY TO SEND, WITH YOUR LINES PUT IN'));
    expect(ready).toMatch(/#TALLYHO duel red "T1-[0-9a-f]+"\nTURN 1\nR1 PLAN B\nHOLD R1 ALL\n#END/);
    send(t, RED, ready.slice(ready.indexOf('#TALLYHO')));
    const ack = lastMail(t, RED, 'ack');
    expect(ack.subject).toBe('[duel] Turn 1 orders accepted');
    expect(ack.text).toContain(`  | R1: ${menuOf(welcome, 'R1').find((l) => l.letter === 'B')!.plot}`);
  });

  it('names a plan in full once: "straight on keeping its speed" is not "straight on" again', () => {
    expect(longNames(['straight', 'keep-speed'])).toBe('straight on keeping its speed');
    expect(longNames(['straight', 'best-shot'])).toBe('straight on, best shot');
    expect(longNames(['stays-on'])).toBe('stays on the map');
  });
});
