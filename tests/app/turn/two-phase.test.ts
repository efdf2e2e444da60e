/**
 * The two-phase sequence by mail (seed 003, docs/rules.md "The two-phase sequence"): the welcome
 * says how the game is played and what each plane's plot needs, INITIATIVE lines are taken and
 * kept from turn to turn (and refused in a twelve-impulse game), FROM is refused, previews number
 * a plane's hexes, and the report shows the throws, the order of movement and the phases.
 */
import { describe, expect, it } from 'vitest';
import { addPlayer, createGame, startGame } from '../../../src/app/setup/games.ts';
import { loadAircraftDir } from '../../../src/shell/aircraft/catalog.ts';
import { exportGame, importGame } from '../../../src/app/history/export.ts';
import { verifyGame } from '../../../src/app/history/verify.ts';
import { parseExport } from '../../../src/shell/export-file.ts';
import { loadScenarioFile } from '../../../src/shell/scenario-file.ts';
import { envelope, lastMail as last, send, type TestReferee, testReferee } from '../../support/app.ts';
import { flat } from '../../support/text.ts';

const RAF = 'raf@example.test';
const LW = 'lw@example.test';

function pass(t: TestReferee, scenario = 'scenarios/two-phase-pass.yaml') {
  const catalog = loadAircraftDir();
  createGame(t.deps, { id: 'pass', scenario: loadScenarioFile(scenario, catalog), catalog });
  const raf = addPlayer(t.deps, { gameId: 'pass', playerId: 'raf', email: RAF, planes: ['S1', 'S2'] }).secret;
  const lw = addPlayer(t.deps, { gameId: 'pass', playerId: 'lw', email: LW, planes: ['M1', 'K1'] }).secret;
  startGame(t.deps, 'pass');
  return { raf, lw };
}

describe('the two-phase sequence by mail', () => {
  it("welcomes with how the game is played, each plane's hexes per phase and the standing initiative", () => {
    const t = testReferee();
    pass(t);
    const w = flat(last(t, RAF, 'welcome').text);
    expect(w).toContain('THIS GAME PLAYS THE TWO-PHASE SEQUENCE.');
    // The log sheet speaks of boxes and phases, not impulses.
    expect(w).toContain('next plot: 7 boxes, 7 hexes: 3 in the first phase, 4 in the second');
    expect(w).toContain('climb up to 300 ft (100 ft in 3 boxes)');
    expect(w).not.toMatch(/impulses? \d/);
    expect(w).toContain(
      'S1: moves 7 hexes this turn, 3 in the first phase and 4 in the second: the plot needs 7 boxes.',
    );
    expect(w).toContain(
      'Initiative: when your side wins the d6 for a tie of speed, its planes move first (INITIATIVE FIRST, the default); write INITIATIVE LAST',
    );
    const html = last(t, RAF, 'welcome').html ?? '';
    expect(html).toContain('This game plays the two-phase sequence.');
  });

  it('takes INITIATIVE LAST, refuses FROM, previews hexes by count, and keeps the choice for the next turn', () => {
    const t = testReferee();
    const s = pass(t);
    send(
      t,
      LW,
      envelope('pass', 'lw', s.lw, 'INITIATIVE LAST\nM1: 1 1 1 1 1 1 1\nK1: 1 1 1 1 1\nFIRE M1 FIXED AT S1 FROM 4'),
    );
    const refused = last(t, LW, 'ack');
    expect(refused.subject).toMatch(/NOT accepted/);
    expect(flat(refused.text)).toContain('FIRE M1 ... FROM 4: this game plays the two-phase sequence');
    send(t, LW, envelope('pass', 'lw', s.lw, 'INITIATIVE LAST\nM1: 1 1 1 1 1 1 1\nK1: 1 1 1 1 1\nFIRE M1 FIXED AT S1'));
    const ack = last(t, LW, 'ack');
    expect(ack.subject).toMatch(/accepted/);
    expect(ack.text).toContain('INITIATIVE LAST');
    expect(ack.text).toContain('PATHS OF M1 and K1 (+n: its nth hex this turn)');
    expect(flat(ack.text)).toMatch(/M1 would fire NOSE\+WING at S1 in the first phase, range 8/);
    const r = send(
      t,
      RAF,
      envelope('pass', 'raf', s.raf, 'S1: 1 1 1 1 1 1 1\nS2: 1 RB S S TR N 1\nFIRE S1 FIXED AT M1'),
    );
    expect(r.resolved).toEqual([{ game: 'pass', turn: 1 }]);
    const report = last(t, RAF, 'report').text;
    expect(flat(report)).toMatch(
      /Initiative at speed 7 \(a d6 a side\): .*: (Royal Air Force|Luftwaffe) wins and moves (first|last)/,
    );
    expect(report).toContain('Order of movement, for both phases:');
    expect(report).toContain('FIRST PHASE: the planes move one at a time, fastest first');
    expect(report).toContain('SECOND PHASE');
    // lw's choice stands in turn 2: told in its report.
    expect(flat(last(t, LW, 'report').text)).toContain(
      'its planes move last (INITIATIVE LAST); write INITIATIVE FIRST',
    );
    // Verify, export and import take a two-phase game as any other, its INITIATIVE line with it.
    expect(verifyGame(t.deps, 'pass')).toEqual({
      game: 'pass',
      turns: 1,
      legacyTurns: 0,
      differences: [],
      explanations: [],
    });
    const data = exportGame(t.deps, 'pass');
    const fresh = testReferee();
    importGame(fresh.deps, parseExport(JSON.stringify(data), 'pass.json'));
    expect(exportGame(fresh.deps, 'pass')).toEqual(data);
    expect(verifyGame(fresh.deps, 'pass').differences).toEqual([]);
  });

  it('refuses INITIATIVE in a game played in twelve impulses', () => {
    const t = testReferee();
    const catalog = loadAircraftDir();
    createGame(t.deps, { id: 'duel', scenario: loadScenarioFile('scenarios/duel.yaml', catalog), catalog });
    const state = loadScenarioFile('scenarios/duel.yaml', catalog);
    const ids = state.planes.map((p) => p.id);
    const secret = addPlayer(t.deps, { gameId: 'duel', playerId: 'a', email: RAF, planes: [ids[0]!] }).secret;
    addPlayer(t.deps, { gameId: 'duel', playerId: 'b', email: LW, planes: ids.slice(1) });
    startGame(t.deps, 'duel');
    send(t, RAF, envelope('duel', 'a', secret, 'INITIATIVE FIRST'));
    const ack = last(t, RAF, 'ack');
    expect(ack.subject).toMatch(/NOT accepted/);
    expect(flat(ack.text)).toContain(
      'INITIATIVE FIRST: this game is played in twelve impulses (seed 000), where nobody rolls for initiative; leave the line out',
    );
  });
});
