/**
 * Rated pilots by mail (seed 002 section 9, docs/rules.md "Pilots and the loaded condition"):
 * each side's welcome names its own pilots and their ratings, and the enemy's as not yet known;
 * a log sheet says what the pilot and the load do to the figures; a pilot who fires shows his
 * rating to the enemy (9.1.11) in the report and on the public web pages, and a sheet whose
 * figures would tell a secret rating is withheld from the web while the game runs.
 */
import { describe, expect, it } from 'vitest';
import { addPlayer, createGame, startGame } from '../../../src/app/setup/games.ts';
import { gamePage, planeSheet, SECRET_SHEET } from '../../../src/app/archive/games.ts';
import { exportGame, importGame } from '../../../src/app/history/export.ts';
import { verifyGame } from '../../../src/app/history/verify.ts';
import { loadAircraftDir } from '../../../src/shell/aircraft/catalog.ts';
import { parseExport } from '../../../src/shell/export-file.ts';
import { loadScenarioFile } from '../../../src/shell/scenario-file.ts';
import { envelope, lastMail as last, send, type TestReferee, testReferee } from '../../support/app.ts';
import { flat } from '../../support/text.ts';

const RAF = 'raf@example.test';
const LW = 'lw@example.test';

function stuka(t: TestReferee) {
  const catalog = loadAircraftDir();
  createGame(t.deps, { id: 'stuka', scenario: loadScenarioFile('scenarios/stuka-escort.yaml', catalog), catalog });
  const raf = addPlayer(t.deps, { gameId: 'stuka', playerId: 'raf', email: RAF, planes: ['R1', 'R2'] }).secret;
  const lw = addPlayer(t.deps, { gameId: 'stuka', playerId: 'lw', email: LW, planes: ['S1', 'E1'] }).secret;
  startGame(t.deps, 'stuka');
  return { raf, lw };
}

function playTurn1(t: TestReferee, s: { raf: string; lw: string }) {
  send(
    t,
    RAF,
    envelope('stuka', 'raf', s.raf, 'R1: 1 1 1 1 1 1\nR2: 1 1 1 1 1 1\nFIRE R1 FIXED AT E1\nFIRE R2 FIXED AT S1'),
  );
  return send(
    t,
    LW,
    envelope('stuka', 'lw', s.lw, 'S1: 1 1 1 1\nE1: 1 1 1 1 1 1\nFIRE E1 ALL AT ANY\nFIRE S1 ALL AT ANY'),
  );
}

describe('rated pilots by mail', () => {
  it("welcomes each side with its own pilots and the enemy's as not yet known, and says what they do to the figures", () => {
    const t = testReferee();
    stuka(t);
    const raf = flat(last(t, RAF, 'welcome').text);
    expect(raf).toContain(
      "PILOTS Ratings are secret: an enemy pilot's shows once that pilot has fired at your side or played an ace's card (seed 002 9.1.11).",
    );
    expect(raf).toContain("R1 F/Lt John Dundas: ace, keen eyesight; his ace's card still to play");
    expect(raf).toContain('R2 P/O Tom Grey: recruit');
    expect(raf).toContain('E1 Oblt. Franz Seidel: rating not yet known');
    expect(raf).not.toMatch(/Seidel: veteran|crack shot|Bauer: regular/);
    // The sheets: the pilot, and what his rating does to the figures.
    expect(raf).toContain('pilot: F/Lt John Dundas: ace, keen eyesight');
    expect(raf).toContain('an ace (turn modes one better, speeds one higher, a power factor more)');
    expect(raf).toContain('a recruit pilot (turn modes one worse)');
    const lw = flat(last(t, LW, 'welcome').text);
    expect(lw).toContain('E1 Oblt. Franz Seidel: veteran, crack shot');
    expect(lw).toContain('R1 F/Lt John Dundas: rating not yet known');
    expect(lw).not.toMatch(/Dundas: ace|Grey: recruit|a recruit pilot/);
    // The Ju 87 carries its bombs: the load's handicap of 9.2 (not agile: one step).
    expect(lw).toContain("the load's handicap (seed 002 9.2: turn modes one step worse, a power factor less)");
    expect(last(t, LW, 'welcome').html ?? '').toContain('<h2>Pilots</h2>');
  });

  it("shows a pilot's rating to the enemy once he has fired, in the report and on the web; keeps the others secret", () => {
    const t = testReferee();
    const s = stuka(t);
    const before = gamePage(t.deps.store, 'stuka');
    expect(before?.pilots).toBe(true);
    expect(before?.planes.map((p) => p.pilot)).toEqual(Array(4).fill(expect.stringContaining('rating not yet known')));
    const r = playTurn1(t, s);
    expect(r.resolved).toEqual([{ game: 'stuka', turn: 1 }]);
    const raf = flat(last(t, RAF, 'report').text);
    // E1 fired at R1 (his crack shot is in the dice line): the RAF now knows him. S1 never fired.
    expect(raf).toContain('+1 crack shot');
    expect(raf).toContain('E1 Oblt. Franz Seidel: veteran, crack shot');
    expect(raf).toContain('S1 Uffz. Karl Bauer: rating not yet known');
    const lw = flat(last(t, LW, 'report').text);
    expect(lw).toContain('R1 F/Lt John Dundas: ace, keen eyesight');
    expect(lw).toContain('R2 P/O Tom Grey: rating not yet known');
    // The public web: the shown ratings, and no sheet that would tell a hidden one.
    const page = gamePage(t.deps.store, 'stuka');
    const row = (id: string) => page?.planes.find((p) => p.id === id)?.pilot;
    expect(row('E1')).toBe('Oblt. Franz Seidel: veteran, crack shot');
    expect(row('R1')).toContain('ace');
    expect(row('S1')).toContain('rating not yet known');
    expect(planeSheet(t.deps.store, 'stuka', 1, 'S1')?.secret).toBe(SECRET_SHEET);
    expect(planeSheet(t.deps.store, 'stuka', 1, 'S1')?.sheet).toBe('');
    expect(planeSheet(t.deps.store, 'stuka', 1, 'E1')?.secret).toBe('');
    expect(planeSheet(t.deps.store, 'stuka', 1, 'E1')?.sheet).toContain(
      'pilot: Oblt. Franz Seidel: veteran, crack shot',
    );
    // Verify, export and import carry the pilots.
    expect(verifyGame(t.deps, 'stuka').differences).toEqual([]);
    const data = exportGame(t.deps, 'stuka');
    const fresh = testReferee();
    importGame(fresh.deps, parseExport(JSON.stringify(data), 'stuka.json'));
    expect(exportGame(fresh.deps, 'stuka')).toEqual(data);
  });
});
