/**
 * The stand-in's levels and debrief in a game (docs/standin.md "Levels", "The debrief"): the
 * game's `standin` setting flies its seat at that level, marked so and re-derived by verify; once
 * the game is over its last report, the GM's TERMINATE notice and the turn pages tell every choice
 * and reason, which only the side it flew for saw while the game ran.
 */
import { describe, expect, it } from 'vitest';
import { verifyGame } from '../../../src/app/history/verify.ts';
import { setSetting, terminateGame } from '../../../src/app/gm/control.ts';
import { startGame } from '../../../src/app/setup/games.ts';
import { turnPageVia } from '../../../src/app/archive/games.ts';
import { applySetting, DEFAULT_SETTINGS, settingLines } from '../../../src/app/game/settings.ts';
import { debriefOf, debriefText } from '../../../src/app/game/standin.ts';
import { computerDuel, lastEnvelope, lastMail, lastWithEnvelope, send, type TestReferee } from '../../support/app.ts';

const RED = 'red@example.test';

const status = (t: TestReferee) => t.store.tx((tx) => tx.games.get('duel')!.status);
const marks = (t: TestReferee, turn: number) =>
  t.store.tx((tx) => tx.orders.latestAccepted('duel', turn)).get('computer')?.standin;
const page = (t: TestReferee, n: number) =>
  turnPageVia(
    t.store,
    'duel',
    n,
    () => undefined,
    (v) => v,
  );

/** Red's reply with the ready-to-send orders of his last mail. */
function reply(t: TestReferee): void {
  send(t, RED, lastEnvelope(lastWithEnvelope(t, RED)));
}

/** The duel, red flying R1 and the computer's seat the other side, its stand-in at `level`, started. */
async function soloDuel(level?: string): Promise<TestReferee> {
  const { t } = await computerDuel('lw');
  if (level) setSetting(t.deps, 'duel', 'standin', level);
  startGame(t.deps, 'duel');
  return t;
}

describe("the stand-in's level, a game setting", () => {
  it('reads recruit, regular and ace (also as `level ace`), refuses anything else by naming the three, and lists it', () => {
    expect(DEFAULT_SETTINGS.standinLevel).toBe('ace');
    const r = applySetting(DEFAULT_SETTINGS, 'standin', 'Recruit');
    expect(r.ok && r.value.standinLevel).toBe('recruit');
    const l = applySetting(DEFAULT_SETTINGS, 'standin', 'level regular');
    expect(l.ok && l.value.standinLevel).toBe('regular');
    const bad = applySetting(DEFAULT_SETTINGS, 'standin', 'expert');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toContain('recruit, regular, ace');
    expect(settingLines(DEFAULT_SETTINGS)).toContain('standin ace');
  });
});

describe("the stand-in's debrief", () => {
  it("a recruit flies the computer's seat to the end, marked so; verify re-derives it; the last report and the turn pages tell every choice", async () => {
    const t = await soloDuel('recruit');
    reply(t);
    // While the game runs: its reasons are not on the public turn page, nor in red's report.
    const one = marks(t, 1)!;
    expect(one.level).toBe('recruit');
    expect(one.choices.length).toBe(1);
    expect(page(t, 1)!.standin).toEqual([]);
    expect(lastMail(t, RED, 'report').text).not.toContain(one.choices[0]!.why);
    // Every report says at which level it flies the computer's seat.
    expect(lastMail(t, RED, 'report').text.replace(/\s+/g, ' ')).toContain(
      "It flies the computer's seat (player computer) as a recruit, knowing only",
    );
    for (let i = 0; i < 40 && status(t) === 'running'; i++) reply(t);
    expect(status(t)).toBe('over');
    expect(verifyGame(t.deps, 'duel').differences).toEqual([]);
    const last = lastMail(t, RED, 'report');
    const turns = t.store.tx((tx) => tx.games.get('duel')!.turn) - 1;
    const text = last.text;
    expect(text).toContain("THE STAND-IN'S DEBRIEF");
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain("THE STAND-IN'S DEBRIEF, near the end of this mail");
    for (let n = 1; n <= turns; n++) {
      const m = marks(t, n)!;
      expect(m.level).toBe('recruit');
      expect(text).toContain(`Turn ${n}, flying the computer's seat (player computer), as a recruit:`);
      for (const c of m.choices) {
        expect(text).toContain(`  ${c.text}`);
        expect(flat).toContain(c.why.replace(/\s+/g, ' '));
      }
      // The turn's page, now the game is over.
      const p = page(t, n)!;
      expect(p.standin).toEqual([
        {
          who: "the computer's seat (player computer), as a recruit",
          choices: m.choices.map((c) => ({ text: c.text, why: c.why })),
        },
      ]);
    }
    expect(last.html).toContain('<h2 id="debrief">The stand-in\'s debrief</h2>');
    expect(last.html).toContain(`<code>${marks(t, 1)!.choices[0]!.text}</code>`);
    // The text report stays within the mail's columns.
    expect(text.split('\n').filter((l) => l.length > 78)).toEqual([]);
  });

  it("a game the GM ends: every player's notice has the debrief of the turns resolved", async () => {
    const t = await soloDuel();
    reply(t);
    reply(t);
    expect(marks(t, 2)?.level).toBeUndefined();
    terminateGame(t.deps, 'duel', 'time to go');
    const notice = lastMail(t, RED, 'notice').text;
    expect(notice).toContain('The game has ended');
    expect(notice).toContain("Turn 1, flying the computer's seat (player computer):");
    expect(notice).toContain("Turn 2, flying the computer's seat (player computer):");
    expect(notice).not.toContain('Turn 3, flying');
    expect(page(t, 1)!.standin.length).toBe(1);
  });

  it('tells each flight for whom it flew, turn by turn, leave not named as leave', () => {
    const mark = (reason: 'missed' | 'leave' | 'computer', level?: 'recruit') => ({
      reason,
      version: 4,
      planes: ['G1'],
      ...(level ? { level } : {}),
      choices: [{ plane: 'G1', text: 'G1: 3F', why: 'flying on' }],
    });
    const turns = debriefOf(
      new Map([
        [
          2,
          new Map([
            ['bob', { playerId: 'bob', standin: mark('leave') }],
            ['amy', { playerId: 'amy', standin: null }],
          ]),
        ],
        [1, new Map([['bob', { playerId: 'bob', standin: mark('missed', 'recruit') }]])],
        [3, new Map([['amy', { playerId: 'amy', standin: null }]])],
      ]),
    );
    expect(turns.map((x) => x.turn)).toEqual([1, 2]);
    expect(debriefText(turns)).toBe(
      [
        "Turn 1, flying bob's planes, who missed the turn, as a recruit:",
        '  G1: 3F',
        '      flying on',
        '',
        "Turn 2, flying bob's planes:",
        '  G1: 3F',
        '      flying on',
      ].join('\n'),
    );
  });
});
