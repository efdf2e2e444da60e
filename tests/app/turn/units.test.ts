/**
 * Trucks, tanks and ships played by mail (seed 000 V): orders taken from the envelope, checked and
 * acknowledged, the turn waiting for a player who has only units, the reports telling what they did.
 */
import { describe, expect, it } from 'vitest';
import { addPlayer, createGame, startGame } from '../../../src/app/setup/games.ts';
import { exportGame, importGame } from '../../../src/app/history/export.ts';
import { verifyGame } from '../../../src/app/history/verify.ts';
import { diceWith, turnOrders, withDiceSeed } from '../../../src/app/game/dice.ts';
import { resolveTurn } from '../../../src/core/turn.ts';
import type { GameState } from '../../../src/core/state.ts';
import { gamePage } from '../../../src/app/archive/games.ts';
import { unitNeeds } from '../../../src/app/views/units.ts';
import { parseExport } from '../../../src/shell/export-file.ts';
import { loadBombingTable, loadTorpedoTable } from '../../../src/shell/ordnance/table.ts';
import { loadAircraftDir } from '../../../src/shell/aircraft/catalog.ts';
import { loadScenarioFile } from '../../../src/shell/scenario-file.ts';
import { loadShipDir } from '../../../src/shell/ships/catalog.ts';
import { parseOrders } from '../../../src/orders/index.ts';
import {
  editStoredEvents,
  envelope,
  lastMail as last,
  send,
  type TestReferee,
  testReferee,
} from '../../support/app.ts';

const USN = 'usn@example.test';
const IJN = 'ijn@example.test';

function carrierGame(t: TestReferee): { usn: string; ijn: string } {
  const catalog = loadAircraftDir();
  const ships = loadShipDir();
  createGame(t.deps, {
    id: 'midway',
    scenario: loadScenarioFile('scenarios/carrier-strike.yaml', catalog, ships),
    catalog,
    ships,
    bombing: loadBombingTable(),
    torpedoes: loadTorpedoTable(),
  });
  const usn = addPlayer(t.deps, {
    gameId: 'midway',
    playerId: 'usn',
    email: USN,
    planes: ['D1', 'D2', 'T1', 'T2', 'D3', 'D4', 'W1', 'W2'],
  }).secret;
  const ijn = addPlayer(t.deps, {
    gameId: 'midway',
    playerId: 'ijn',
    email: IJN,
    planes: ['Z1', 'Z2', 'Z3', 'CV1', 'BB1', 'DD1'],
  }).secret;
  startGame(t.deps, 'midway');
  return { usn, ijn };
}

describe('ships by mail', () => {
  it('welcomes the player with his ships, what each may do, and MOVE lines in the template that read back', () => {
    const t = testReferee();
    carrierGame(t);
    const w = last(t, IJN, 'welcome').text;
    expect(w).toContain('YOUR SHIPS AND VEHICLES');
    expect(w).toMatch(/CV1 \(IJN Hiryu, Imperial Japanese Navy\)\n\s+hex 2412 \(sea\), facing 3 \(E\), 28 knots/);
    expect(w).toContain('# CV1 (IJN Hiryu, 28 knots): enters no hex this turn; it may turn 30 degrees');
    expect(w).toContain('MOVE CV1 28KT');
    // The how-to shows a MOVE line too, for a player with ships.
    expect(w).toContain('Your ships and vehicles take a MOVE line instead of a plot, for example');
    const template = w.slice(w.indexOf('\n#TALLYHO') + 1);
    expect(parseOrders(template).errors).toEqual([]);
    expect(last(t, USN, 'welcome').text).not.toContain('YOUR SHIPS AND VEHICLES');
  });

  it('refuses MOVE lines for units of another player or against the rules, every problem in one acknowledgement', () => {
    const t = testReferee();
    const s = carrierGame(t);
    send(t, IJN, envelope('midway', 'ijn', s.ijn, 'MOVE CV1 TR TR\nMOVE BB1 40KT\nMOVE D1 F\nMOVE DD1 F'));
    const ack = last(t, IJN, 'ack');
    expect(ack.subject).toBe('[midway] Turn 1 orders NOT accepted');
    const text = ack.text.replace(/\s+/g, ' ');
    expect(text).toContain('CV1 turns at most once a turn');
    expect(text).toContain('BB1 (IJN Kirishima) makes at most 30 knots; 40KT is faster');
    expect(text).toContain('D1 is not one of your units');
    expect(text).toContain('DD1 is a ship: it runs its speed on its own in impulse 7');
  });

  it('resolves the turn with the ships moving in impulse 7 and reports it to both sides', () => {
    const t = testReferee();
    const s = carrierGame(t);
    const r1 = send(
      t,
      IJN,
      `Hiryu turns away.\n\n${envelope('midway', 'ijn', s.ijn, 'Z1: 1 1 1 1 1 1\nZ2: 1 1 1 1 1 1\nMOVE CV1 TR 34KT')}\n-- \nKido Butai`,
    );
    expect(r1.outcome).toBe('orders');
    const ack = last(t, IJN, 'ack');
    expect(ack.subject).toMatch(/accepted/);
    expect(ack.text).toContain('MOVE CV1 TR 34KT');
    // What the ships will do, flown alone before the turn is resolved.
    expect(ack.text).toContain('YOUR SHIPS AND VEHICLES THIS TURN');
    expect(ack.text).toContain('CV1: impulse 7: turns to face 4 (ESE); next turn 30 knots (working up to 34).');
    expect(ack.text).toContain('BB1: stays where it is.');
    const r2 = send(t, USN, envelope('midway', 'usn', s.usn, 'D1: VD BOMB 1 1 1 1 1\nD2: VD 1 1 1 1 1'));
    expect(r2.resolved).toEqual([{ game: 'midway', turn: 1 }]);
    const report = last(t, IJN, 'report').text;
    expect(report).toMatch(/Impulse 7\n {2}CV1 {4}now facing 4 \(ESE\)/);
    expect(report).toContain('CV1    speed 28 -> 30 knots (rung down: 34)');
    expect(report).toContain('YOUR SHIPS AND VEHICLES');
    // Every side sees every ship (spotting is still to come): the other player's map lists them.
    expect(last(t, USN, 'report').text).toMatch(/CV1 +ijn +2412 +4 \(ESE\) +ship: IJN Hiryu +30 kt/);
    // The next template carries the speed rung down, and it reads back.
    const next = last(t, IJN, 'report').text;
    expect(next).toContain('MOVE CV1 34KT');
  });
});

describe('what a ship may do, as the mails say it', () => {
  it('is what the ship planner accepts: a stopped ship is told it cannot turn', () => {
    const t = testReferee();
    carrierGame(t);
    const state = t.store.tx((tx) => tx.turns.get('midway', 1)!.state);
    const cv1 = state.units!.find((u) => u.id === 'CV1')!;
    expect(unitNeeds(state, cv1)).toContain('it may turn 30 degrees after moving');
    const stopped = { ...cv1, ship: { ...cv1.ship!, knots: 0, ordered: 0 } };
    expect(unitNeeds(state, stopped)).toContain(
      'CV1 (IJN Hiryu, 0 knots): enters no hex this turn; it is stopped, and turns only with way on',
    );
  });
});

describe('trucks and tanks by mail', () => {
  function convoy(t: TestReferee) {
    const catalog = loadAircraftDir();
    createGame(t.deps, { id: 'ardennes', scenario: loadScenarioFile('scenarios/road-convoy.yaml', catalog), catalog });
    const lw = addPlayer(t.deps, {
      gameId: 'ardennes',
      playerId: 'lw',
      email: 'lw@example.test',
      planes: ['J1', 'J2', 'H1'],
    }).secret;
    const fr = addPlayer(t.deps, {
      gameId: 'ardennes',
      playerId: 'bef',
      email: 'fr@example.test',
      planes: ['T1', 'T2', 'T3', 'T4', 'K1', 'K2'],
    }).secret;
    startGame(t.deps, 'ardennes');
    return { lw, fr };
  }

  it('waits for a player who has only trucks and tanks, takes MOVE lines alone as orders, and moves them in impulses 4, 7 and 9', () => {
    const t = testReferee();
    const s = convoy(t);
    const r1 = send(t, 'lw@example.test', envelope('ardennes', 'lw', s.lw, 'J1: VD BOMB 1 1 1 1 1\nJ2: 1 1 1 1 1'));
    expect(r1.resolved).toEqual([]);
    const r2 = send(t, 'fr@example.test', envelope('ardennes', 'bef', s.fr, 'MOVE T1 F F\nMOVE T4 - F\nMOVE K1 F'));
    expect(r2.outcome).toBe('orders');
    expect(last(t, 'fr@example.test', 'ack').subject).toMatch(/accepted/);
    expect(r2.resolved).toEqual([{ game: 'ardennes', turn: 1 }]);
    const report = last(t, 'fr@example.test', 'report').text;
    expect(report).toMatch(/Impulse 4\n {2}T1 {5}1518 -> 1517/);
    expect(report).toMatch(/Impulse 7\n {2}K1 {5}1523 -> 1522/);
    expect(report).toMatch(/Impulse 9\n {2}T1 {5}1517 -> 1516\n {2}T4 {5}1521 -> 1520/);
    expect(report).toContain('# T1 (truck, on a road): 2 movement points, in impulses 4 and 9');
  });

  it('refuses three steps for a truck on a road, saying what it has', () => {
    const t = testReferee();
    const s = convoy(t);
    send(t, 'fr@example.test', envelope('ardennes', 'bef', s.fr, 'MOVE T1 R F\nMOVE T2 R F F'));
    const text = last(t, 'fr@example.test', 'ack').text.replace(/\s+/g, ' ');
    expect(text).toContain('T2 starts the turn on a road: it has 2 movement points');
  });
});

describe('a game with ships, bombs and torpedoes in the archive', () => {
  it('exports, imports and verifies: every turn re-resolved from its stored orders gives the same state', () => {
    const t = testReferee();
    const s = carrierGame(t);
    send(t, IJN, envelope('midway', 'ijn', s.ijn, 'MOVE CV1 TR 34KT\nMOVE DD1 TL'));
    const r = send(
      t,
      USN,
      envelope(
        'midway',
        'usn',
        s.usn,
        'D1: VD BOMB 1 1 1 1 1\nD2: VD BOMB 1 1 1 1 1\nT1: TORPEDO 1 1 1\nT2: TORPEDO 1 1 1',
      ),
    );
    expect(r.resolved).toEqual([{ game: 'midway', turn: 1 }]);
    const turn1 = t.store.tx((tx) => tx.events.list('midway', 1));
    expect(turn1.filter((e) => e.type === 'bomb')).toHaveLength(2);
    expect(turn1.filter((e) => e.type === 'torpedo-run')).toHaveLength(2);
    expect(verifyGame(t.deps, 'midway')).toEqual({
      game: 'midway',
      turns: 1,
      legacyTurns: 0,
      differences: [],
      explanations: [],
    });
    // The web archive's game page lists the ships with their speed and damage; spent torpedoes are
    // told in the turn's log, not listed.
    const page = gamePage(t.store, 'midway')!;
    expect(page.units.find((u) => u.id === 'CV1')).toMatchObject({
      what: 'IJN Hiryu',
      facing: '4 (ESE)',
      speed: '30 kt',
      status: 'active',
    });
    expect(page.units.map((u) => u.id)).toEqual(['CV1', 'BB1', 'DD1']);
    const data = exportGame(t.deps, 'midway');
    const fresh = testReferee();
    importGame(fresh.deps, parseExport(JSON.stringify(data), 'midway.json'));
    expect(exportGame(fresh.deps, 'midway')).toEqual(data);
    expect(verifyGame(fresh.deps, 'midway').differences).toEqual([]);
  });

  it('verifies a turn stored when a torpedo hit in the impulse of release did its damage at once, as it was resolved then', () => {
    const t = testReferee();
    const s = carrierGame(t);
    send(t, IJN, envelope('midway', 'ijn', s.ijn, 'MOVE CV1 TR 34KT'));
    send(
      t,
      USN,
      envelope(
        'midway',
        'usn',
        s.usn,
        'D1: VD BOMB 1 1 1 1 1\nD2: VD BOMB 1 1 1 1 1\nT1: TORPEDO 1 1 1\nT2: TORPEDO 1 1 1',
      ),
    );
    // With these orders' dice T2's torpedo hits BB1 in impulse 12: its damage waits for impulse 7 of
    // turn 2 (seed 000 VIII.5, V.D.5).
    const events = t.store.tx((tx) => tx.events.list('midway', 1));
    expect(events.find((e) => e.type === 'torpedo-run' && e.hit)).toMatchObject({
      plane: 'T2T',
      target: 'BB1',
      impulse: 12,
      phase: 'E',
      strikes: 'next-turn',
    });
    // The turn as the referee resolved it before: the same dice, BB1's damage in impulse 12.
    const { before, dice, latest } = t.store.tx((tx) => ({
      before: JSON.parse(tx.turns.stateText('midway', 1)!) as GameState,
      dice: tx.dice.get('midway', 1)!,
      latest: tx.orders.latestAccepted('midway', 1),
    }));
    const old = resolveTurn(withDiceSeed(before, diceWith(dice, latest).seed), turnOrders(latest), undefined, {
      torpedoAtRelease: true,
    });
    if (!old.ok) throw new Error('the turn does not resolve');
    const hit = old.value.events.findIndex((e) => e.type === 'torpedo-run' && e.hit);
    expect(old.value.events[hit + 1]).toMatchObject({
      type: 'unit-damage',
      plane: 'BB1',
      impulse: 12,
      phase: 'E',
      by: 'T2',
    });
    const db = t.store.db;
    db.prepare("UPDATE turns SET events = NULL WHERE game_id = 'midway' AND turn = 1").run();
    t.store.tx((tx) => tx.events.insertAll('midway', 1, old.value.events));
    db.prepare("UPDATE turns SET state = ? WHERE game_id = 'midway' AND turn = 2").run(JSON.stringify(old.value.state));
    expect(verifyGame(t.deps, 'midway').differences).toEqual([]);
    // Still checked die for die: a tampered roll of that turn is caught.
    editStoredEvents(t.store, 'midway', (events, turn) =>
      events.map((e) => (turn === 1 && e.plane === 'T1T' && e.type === 'torpedo-run' ? { ...e, roll: 1 } : e)),
    );
    expect(verifyGame(t.deps, 'midway').differences.map((d) => d.what)).toContainEqual(
      expect.stringMatching(/^events: \[\d+\]\.roll is 1 as stored, \d+ re-resolved$/),
    );
  });
});
