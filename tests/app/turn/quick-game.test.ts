/**
 * The quick game (seed 004, docs/quick.md) by mail: the welcome with the Aircraft Turn Record, the
 * card, the how-to and a template that reads back; moves in the seed's notation checked, refused
 * with every mistake and acknowledged with the path; the turn resolved and reported in words; the
 * aircraft lost; and the standard game's orders refused in a quick game.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { addPlayer, createQuickGame, startGame } from '../../../src/app/setup/games.ts';
import { parseOrders } from '../../../src/orders/index.ts';
import { loadQuickCards } from '../../../src/shell/quick.ts';
import { envelope, lastMail as last, send, type TestReferee, testReferee } from '../../support/app.ts';
import { setSetting } from '../../../src/app/gm/control.ts';
import { exportGame, importGame } from '../../../src/app/history/export.ts';
import { verifyGame } from '../../../src/app/history/verify.ts';
import { parseExport } from '../../../src/shell/export-file.ts';
import { tick } from '../../../src/app/turn/tick.ts';
import { flat } from '../../support/text.ts';

const HOUR = 3600_000;

const RAF = 'raf@example.test';
const LW = 'lw@example.test';

function duel(t: TestReferee, file = 'scenarios/quick-duel.yaml') {
  createQuickGame(t.deps, { id: 'qd', data: parse(readFileSync(file, 'utf8')), file, cards: loadQuickCards() });
  const raf = addPlayer(t.deps, { gameId: 'qd', playerId: 'raf', email: RAF, planes: ['S1'] }).secret;
  const lw = addPlayer(t.deps, { gameId: 'qd', playerId: 'lw', email: LW, planes: ['M1'] }).secret;
  startGame(t.deps, 'qd');
  return { raf, lw };
}

describe('the quick game by mail', () => {
  it('offers each aircraft a menu of moves, and flies a move picked by letter: echoed, flown where the menu said; a stale letter refused with the menu', () => {
    const t = testReferee();
    duel(t);
    const w = last(t, RAF, 'welcome').text;
    expect(w).toContain('WAYS TO FLY TURN 1');
    expect(w).toMatch(
      /^S1 at 1015 facing 12 \(N\), SPEED 3:\n {3}move +ends +fc SPEED +gives\n A 3 +1012 +12 +3 +straight on$/m,
    );
    for (const line of w.split('\n')) expect(line.length).toBeLessThanOrEqual(78);
    const pick = (mail: string, plane: string, letter: string): string => {
      const env = mail.slice(mail.lastIndexOf('\n#TALLYHO') + 1, mail.lastIndexOf('#END') + 4);
      return env.replace(new RegExp(`^${plane}: .*$`, 'm'), `${plane} PLAN ${letter}`);
    };
    // Move E of S1's menu (the hard right, R1R: 1114 facing 2); M1 flies its menu's A.
    send(t, RAF, pick(w, 'S1', 'E'));
    const ack = last(t, RAF, 'ack');
    expect(ack.subject).toBe('[qd] Turn 1 orders accepted');
    expect(flat(ack.text)).toContain(
      "S1 PLAN E is move E of S1's menu for turn 1 (hard right): S1: R1R ending in 1114 facing 2, SPEED 3.",
    );
    expect(ack.text).toContain('  | S1: R1R');
    send(t, LW, pick(last(t, LW, 'welcome').text, 'M1', 'A'));
    const report = last(t, RAF, 'report').text;
    expect(report).toMatch(/S1 flies 1015 -> 1114, now facing 2/);
    expect(report).toContain('WAYS TO FLY TURN 2');
    // The welcome's envelope again: its letters were turn 1's.
    send(t, RAF, pick(w, 'S1', 'A'));
    const stale = last(t, RAF, 'ack');
    expect(stale.subject).toMatch(/NOT accepted/);
    expect(flat(stale.text)).toContain(
      'S1 PLAN A (line 3): picked from the menu of turn 1, whose letters no longer hold; the game is at turn 2, whose menu is below',
    );
    expect(stale.text).toContain('WAYS TO FLY TURN 2');
    expect(verifyGame(t.deps, 'qd').differences).toEqual([]);
  });

  it('welcomes with the turn record, the card, the how-to and a template that reads back', () => {
    const t = testReferee();
    duel(t);
    const w = last(t, RAF, 'welcome').text;
    expect(w).toMatch(
      /S1 \(Spitfire I, Royal Air Force\)\n {2}hex 1015, facing 12 \(N\), SPEED 3\n {2}ENGINE {3}OOOO {3}4 of 4\n {2}FUSELAGE OOO {4}3 of 3\n {2}TO-HIT {3}3/,
    );
    expect(w).toContain('SPITFIRE I (spitfire)');
    expect(w).toContain('YOUR AIRCRAFT TURN RECORD\n\nS1 (Spitfire I, Royal Air Force)');
    expect(flat(w)).toContain('Each of your aircraft gets a line: its id, a colon, then its move for the turn.');
    expect(flat(w)).toContain(
      "S1: SPEED 3 now. This turn's move spends 2 to 4 SPEED, 1 for each hex ahead and 1 for each L or R; at most 2 L or R, never two in a row: e.g. S1: 1R1",
    );
    expect(w).not.toMatch(/alt ft|100s of ft|impulse/);
    // The quick game's whole rules are in its welcome: a mail-only player needs nothing else.
    expect(w).toContain('THE WHOLE RULES');
    expect(flat(w)).toContain(
      'A hit rolls one more d6: 1-4 one FUSELAGE, 5 one ENGINE, 6 the gun on the side facing the shooter',
    );
    expect(w).not.toContain('docs/quick.md');
    const template = w.slice(w.indexOf('\n#TALLYHO') + 1);
    const read = parseOrders(template, { quick: (g) => g === 'qd' });
    expect(read.errors).toEqual([]);
    expect(read.envelopes[0]?.quick).toEqual([{ plane: 'S1', steps: [{ kind: 'F', n: 3 }] }]);
  });

  it('refuses a move that spends too much, turns twice in a row or names a weapon it lacks, every mistake at once', () => {
    const t = testReferee();
    const s = duel(t);
    send(t, RAF, envelope('qd', 'raf', s.raf, 'S1: 1LL3\nFIRE S1 B AT M1'));
    const refused = last(t, RAF, 'ack');
    expect(refused.subject).toMatch(/NOT accepted/);
    const text = flat(refused.text);
    expect(text).toContain('S1 flies at SPEED 3 with ENGINE 4: this turn it spends 2 to 4');
    expect(text).toContain('two turns in a row');
    expect(text).toContain('FIRE S1 B: S1 (Spitfire I) has no rear gun; its only gun is F (front)');
    send(t, RAF, envelope('qd', 'raf', s.raf, 'S1: 2R1 -- a plain word 2X is not a move\nS1: 3'));
    expect(last(t, RAF, 'ack').subject).toMatch(/NOT accepted/);
    // A move without its aircraft's id, and a gun side that is no side.
    send(t, RAF, envelope('qd', 'raf', s.raf, 'L1L1\nFIRE S1 NOSE AT M1\nFIRE S1 F AT BOB'));
    const why = flat(last(t, RAF, 'ack').text);
    expect(why).toContain(
      "'L1L1' reads as a move, but whose? Write the aircraft's id and a colon before it, e.g. S1: L1L1",
    );
    expect(why).toContain('FIRE S1 NOSE: name the side of a gun: F front, L left, R right or B rear; S1 has F (front)');
    expect(why).toContain('there is no aircraft BOB in this game (the enemy: M1)');
  });

  it('acknowledges the path, resolves the turn when both are in and reports it in words', () => {
    const t = testReferee();
    const s = duel(t);
    send(t, RAF, envelope('qd', 'raf', s.raf, 'S1: 2L1\nFIRE S1 F AT M1'));
    const ack = last(t, RAF, 'ack');
    expect(ack.subject).toMatch(/accepted/);
    expect(ack.text).toContain('PATH OF S1 (+n: the nth hex of its move)');
    expect(flat(ack.text)).toContain('S1 flies 2L1 and ends the turn in 1012, facing 11 (NNW), SPEED 4.');
    const r = send(t, LW, envelope('qd', 'lw', s.lw, 'M1: 3'));
    expect(r.resolved).toEqual([{ game: 'qd', turn: 1 }]);
    const report = last(t, RAF, 'report').text;
    expect(report).toContain('Movement (all at once)');
    expect(report).toContain('S1 flies 1015 -> 1012, now facing 11 (NNW), SPEED 4');
    expect(report).toContain('M1 flies 1106 -> 1109, now facing 6 (S), SPEED 3');
    expect(report).toMatch(/Combat\n {2}Initiative: (Royal Air Force|Luftwaffe) rolled \d/);
    expect(report).toMatch(/#TALLYHO qd raf "T2-[0-9a-f]+"\nTURN 2\nS1: 4\nFIRE S1 F AT M1\n#END/);
    expect(report).toContain('WHAT HAPPENED\n');
    expect(report).toContain('YOUR AIRCRAFT TURN RECORD\n');
    expect(report).not.toMatch(/impulse|manoeuvre carried over/i);
    // Verify, export and import take a quick game as any other.
    expect(verifyGame(t.deps, 'qd')).toEqual({
      game: 'qd',
      turns: 1,
      legacyTurns: 0,
      differences: [],
      explanations: [],
    });
    const data = exportGame(t.deps, 'qd');
    const fresh = testReferee();
    importGame(fresh.deps, parseExport(JSON.stringify(data), 'qd.json'));
    expect(exportGame(fresh.deps, 'qd')).toEqual(data);
    expect(verifyGame(fresh.deps, 'qd').differences).toEqual([]);
    for (const line of report.split('\n')) expect(line.length).toBeLessThanOrEqual(78);
  });

  it("refuses the standard game's plots and a HOLD line in a quick game", () => {
    const t = testReferee();
    const s = duel(t);
    send(t, RAF, envelope('qd', 'raf', s.raf, 'S1: RB S TR\nHOLD S1'));
    const text = flat(last(t, RAF, 'ack').text);
    expect(text).toContain("'B' is not part of a move");
    expect(text).toContain("S1's move could not be read, so it was not checked against the rules (SPEED, turns) yet");
    expect(text).toContain('HOLD S1: in the quick game every weapon fires');
  });

  it("answers CARD, MAP, STATUS and HISTORY with the quick game's own words", () => {
    const t = testReferee();
    const s = duel(t);
    send(t, RAF, envelope('qd', 'raf', s.raf, 'S1: 2L1'));
    send(t, LW, envelope('qd', 'lw', s.lw, 'M1: 3'));
    send(t, RAF, envelope('qd', 'raf', s.raf, 'CARD\nCARD M1\nMAP\nSTATUS\nHISTORY 1'));
    const a = last(t, RAF, 'answer').text;
    expect(a).toContain('SPITFIRE I (spitfire)');
    expect(a).toContain('BF 109 E (bf109)');
    expect(a).toContain('plane  side      hex    facing     SPEED');
    expect(a).toContain('Movement (all at once)');
    send(t, RAF, envelope('qd', 'raf', s.raf, 'HELP'));
    const help = last(t, RAF, 'answer').text;
    expect(help).toContain('The welcome mail has the whole rules.');
    expect(help).toContain('CARD S1, CARD spitfire');
    expect(help).not.toContain('impulse');
    expect(a).not.toMatch(/alt ft|impulse \d/i);
    if (process.env.PEEK) console.log(a);
  });

  it("keeps a deadline: a reminder and a missed turn told in the quick game's words, the aircraft flown straight on", () => {
    const t = testReferee();
    const s = duel(t);
    setSetting(t.deps, 'qd', 'deadline', 'every 2 days at 20:00');
    send(t, RAF, envelope('qd', 'raf', s.raf, 'S1: 2L1'));
    for (let h = 0; h < 80 && t.store.tx((tx) => tx.games.get('qd')!.turn) === 1; h++) {
      t.tick(HOUR);
      tick(t.deps);
    }
    expect(t.store.tx((tx) => tx.games.get('qd')!.turn)).toBe(2);
    const reminder = last(t, LW, 'reminder').text.replace(/\s+/g, ' ');
    expect(reminder).toContain(
      'each aircraft straight on at its SPEED, its guns firing at the nearest enemy in their arcs',
    );
    const report = last(t, LW, 'report').text;
    expect(report).toContain('M1 flies 1106 -> 1109, now facing 6 (S), SPEED 3');
  });
});
