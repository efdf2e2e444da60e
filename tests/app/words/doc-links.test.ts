/**
 * No mail sends a player to a file he does not have (docs/players.md "Other mails from the
 * referee"): with PUBLIC_URL the mails link to the docs on the web archive, at the section a refusal
 * cites; without it they name no file of docs/ and no command of the referee's, and the refusal
 * says itself what to do. Played by mail on the airfield scramble (planes on the ground).
 */
import { describe, expect, it } from 'vitest';
import { addPlayer, createGame, startGame } from '../../../src/app/setup/games.ts';
import { loadAircraftDir } from '../../../src/shell/aircraft/catalog.ts';
import { loadOrdnance } from '../../../src/shell/ordnance/table.ts';
import { loadScenarioFile } from '../../../src/shell/scenario-file.ts';
import { loadShipDir } from '../../../src/shell/ships/catalog.ts';
import { envelope, lastMail as last, outbox, send, type TestReferee, testReferee } from '../../support/app.ts';

const RAF = 'raf@example.test';
const LW = 'lw@example.test';
const URL = 'https://tallyho.example.org/club';

/** A turn of the airfield scramble by mail: a refused plot, HELP, the orders, the report. */
function play(t: TestReferee) {
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
  send(t, RAF, envelope('kenley', 'raf', raf, 'H1: 1 1'));
  const refused = last(t, RAF, 'ack').text;
  send(t, RAF, envelope('kenley', 'raf', raf, 'HELP'));
  const help = last(t, RAF, 'answer').text;
  send(t, RAF, envelope('kenley', 'raf', raf, 'MOVE H1 P\nMOVE H2 START\nH3: 1 1 1 1'));
  send(t, LW, envelope('kenley', 'lw', lw, 'K1: BOMB 1 1 1 1 1\nK2: BOMB 1 1 1 1 1\nZ1: 1 1 1 1 1 1'));
  return { welcome: last(t, RAF, 'welcome').text, refused, help, report: last(t, RAF, 'report').text };
}

/** A file of the project or a command a player by mail does not have. */
const NOT_HIS = /docs\/[a-z-]+\.md|\b[a-z-]+\.md\b|verify-dice/;

describe('the docs a mail cites', () => {
  it('without PUBLIC_URL, no mail names a doc file or verify-dice, and the refusal says what to write', () => {
    const t = testReferee();
    const m = play(t);
    for (const mail of outbox(t)) {
      expect(mail.text, `${mail.kind} ${mail.subject}`).not.toMatch(NOT_HIS);
      expect(mail.html ?? '', `${mail.kind} ${mail.subject}`).not.toMatch(NOT_HIS);
      expect(mail.text).not.toContain('/docs/');
    }
    expect(m.refused.replace(/\s+/g, ' ')).toContain(
      'H1 is on the ground: it takes a MOVE line (START, P, B, L, R) until it is in the air, not a plot: MOVE H1 START starts its engine, then MOVE H1 P each turn until it reaches its flying speed',
    );
    expect(m.help).toContain("your game master\nhas the whole player's guide");
    expect(m.report).toContain('any SHA-256\ntool can check it');
  });

  it("with PUBLIC_URL, links the guide, the refusal's section and the fair-dice check on the web archive", () => {
    const t = testReferee();
    t.deps.referee.publicUrl = URL;
    const m = play(t);
    for (const mail of outbox(t)) expect(mail.text, `${mail.kind} ${mail.subject}`).not.toMatch(NOT_HIS);
    expect(m.refused.replace(/\s+/g, ' ')).toContain(`flying speed (see ${URL}/docs/ground#orders)`);
    expect(m.welcome).toContain(`The whole player's guide, on the web:\n  ${URL}/docs/players\n`);
    expect(last(t, RAF, 'welcome').html).toContain(`<a href="${URL}/docs/players">`);
    expect(m.help).toContain(`The whole player's guide is on the web:\n${URL}/docs/players`);
    expect(m.report).toContain(`How to check it: ${URL}/docs/fair-dice#checking-a-turn`);
  });
});
