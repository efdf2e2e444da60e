/**
 * Planes on the ground by mail (docs/ground.md): the welcome's log sheet and orders template for
 * a plane on a field and on a deck, MOVE lines checked and acknowledged, the take-off reported.
 */
import { describe, expect, it } from 'vitest';
import { addPlayer, createGame, startGame } from '../../../src/app/setup/games.ts';
import { loadAircraftDir } from '../../../src/shell/aircraft/catalog.ts';
import { loadOrdnance } from '../../../src/shell/ordnance/table.ts';
import { loadScenarioFile } from '../../../src/shell/scenario-file.ts';
import { loadShipDir } from '../../../src/shell/ships/catalog.ts';
import { parseOrders } from '../../../src/orders/index.ts';
import { envelope, lastMail as last, send, type TestReferee, testReferee } from '../../support/app.ts';

const RAF = 'raf@example.test';
const LW = 'lw@example.test';

function kenley(t: TestReferee) {
  const catalog = loadAircraftDir();
  const ships = loadShipDir();
  createGame(t.deps, {
    id: 'kenley',
    scenario: loadScenarioFile('scenarios/airfield-scramble.yaml', catalog, ships),
    catalog,
    ships,
    ...loadOrdnance(),
  });
  const raf = addPlayer(t.deps, {
    gameId: 'kenley',
    playerId: 'raf',
    email: RAF,
    planes: ['H1', 'H2', 'H3', 'T1', 'T2', 'AA1', 'AA2'],
  }).secret;
  const lw = addPlayer(t.deps, { gameId: 'kenley', playerId: 'lw', email: LW, planes: ['K1', 'K2', 'Z1'] }).secret;
  startGame(t.deps, 'kenley');
  return { raf, lw };
}

/** The carrier strike sample started: the USN strike for RAF's address, the IJN fighters for LW's. */
function carrierStrike(): TestReferee {
  const t = testReferee();
  const catalog = loadAircraftDir();
  const ships = loadShipDir();
  createGame(t.deps, {
    id: 'cs',
    scenario: loadScenarioFile('scenarios/carrier-strike.yaml', catalog, ships),
    catalog,
    ships,
    ...loadOrdnance(),
  });
  addPlayer(t.deps, {
    gameId: 'cs',
    playerId: 'usn',
    email: RAF,
    planes: ['D1', 'D2', 'T1', 'T2', 'D3', 'D4', 'W1', 'W2'],
  });
  addPlayer(t.deps, { gameId: 'cs', playerId: 'ijn', email: LW, planes: ['Z1', 'Z2', 'Z3'] });
  startGame(t.deps, 'cs');
  return t;
}

describe('planes on the ground by mail', () => {
  it('welcomes with the plane on the ground, what its MOVE line may hold, and a template that reads back', () => {
    const t = testReferee();
    kenley(t);
    const w = last(t, RAF, 'welcome').text;
    expect(w).toMatch(
      /H1 \(Hawker Hurricane Mk I, Royal Air Force\)\n\s+on the ground at 1518 \(airfield\), engine running, speed 2\.0; flies at 3\.0/,
    );
    expect(w).toContain('A plane on the ground takes a MOVE line too until it is in the air, for example');
    expect(w.replace(/\s+/g, ' ')).toContain('and give H1, H2 on the ground the MOVE line shown');
    expect(w).toContain('H2: on the ground: a MOVE line, not a plot');
    expect(w).toMatch(/# H2 \(on the ground, engine off\): MOVE H2 START tries the engine/);
    expect(w).toContain('MOVE H1 P');
    expect(w).toContain('MOVE H2 START');
    const template = w.slice(w.indexOf('\n#TALLYHO') + 1);
    expect(parseOrders(template).errors).toEqual([]);
    expect(template).not.toMatch(/^H1:/m);
  });

  it('refuses a plot for a plane on the ground and two factors in a turn, then takes it off and reports it', () => {
    const t = testReferee();
    const s = kenley(t);
    send(t, RAF, envelope('kenley', 'raf', s.raf, 'H1: 1 1\nMOVE H2 P B'));
    const refused = last(t, RAF, 'ack');
    expect(refused.subject).toMatch(/NOT accepted/);
    const text = refused.text.replace(/\s+/g, ' ');
    expect(text).toContain('H1 is on the ground: it takes a MOVE line');
    expect(text).toContain("H2's engine is not running: START it first");
    send(t, RAF, envelope('kenley', 'raf', s.raf, 'MOVE H1 P\nMOVE H2 START\nH3: 1 1 1 1'));
    expect(last(t, RAF, 'ack').subject).toMatch(/accepted/);
    const r = send(t, LW, envelope('kenley', 'lw', s.lw, 'K1: BOMB 1 1 1 1 1\nK2: BOMB 1 1 1 1 1\nZ1: 1 1 1 1 1 1'));
    expect(r.resolved).toEqual([{ game: 'kenley', turn: 1 }]);
    const report = last(t, RAF, 'report').text;
    expect(report).toMatch(/H1 {5}rolls 1518 -> 1517/);
    expect(report).toContain('H1     LEAVES THE GROUND at 1516: speed 3.0, 100 ft');
    expect(report).toMatch(/H2 {5}tries its engine: d6 \d/);
    // H1 now flies: its sheet is a flying plane's, and the template gives it a plot.
    expect(report).toMatch(/H1 \([^)]*\)\n\s+hex 1516, facing 12 \(N\), 100 ft, speed 3\.0/);
    expect(report).toMatch(/^H1: /m);
  });
});

describe('a plane on a carrier it does not command, by mail', () => {
  it("takes the welcome's MOVE ... LAUNCH sent back unchanged: the deck is the carrier's, whoever commands it", () => {
    const t = carrierStrike();
    const w = last(t, LW, 'welcome').text;
    expect(w).toContain('MOVE Z3 LAUNCH');
    send(t, LW, w.slice(w.indexOf('\n#TALLYHO') + 1));
    const ack = last(t, LW, 'ack');
    expect(ack.text).not.toContain('is gone');
    expect(ack.subject).toMatch(/orders accepted/);
  });
});

describe('the welcome of a strike', () => {
  it("tells the marks the reader's planes may use, each with an example the checker accepts", () => {
    const t = carrierStrike();
    const w = last(t, RAF, 'welcome');
    const text = w.text.replace(/\n {2}/g, ' ');
    expect(text).toContain("Marks written before a plot's boxes:");
    for (const [mark, what] of [
      ['SD', 'a steep dive'],
      ['BOMB', 'drops the bombs'],
      ['TORPEDO', 'drops the torpedo'],
    ] as const) {
      const line = text.split('\n').find((l) => l.startsWith('- ') && l.includes(what));
      expect(line, mark).toBeDefined();
      // Each example is one the plane can fly now (the dive bombers start in a pull-out, and
      // their example keeps its dive).
      const example = /e\.g\. (\w+: .*)$/.exec(line!)?.[1];
      expect(example, mark).toMatch(new RegExp(`^\\w+: ${mark} `));
      const parsed = parseOrders(`#TALLYHO cs usn x\n${example}\n#END`);
      expect(parsed.errors, example).toEqual([]);
    }
    expect(w.html).toContain('<li>BOMB drops the bombs');
    // The fighters' player hears of the modes, not of bombs and torpedoes he does not carry.
    const z = last(t, LW, 'welcome').text;
    expect(z).toContain('SC, SD or VD first');
    expect(z).not.toContain('TORPEDO drops');
  });
});
