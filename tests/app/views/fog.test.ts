/**
 * Fog of war by mail (docs/spotting.md): a side's welcome, acknowledgement, report, MAP and web
 * view never show an enemy it has not identified; a FIRE order at one is refused as at a plane
 * that does not exist; a scenario's `seen` counters are shown from the start.
 */
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../../src/core/scenario.ts';
import { addPlayer, createGame, startGame } from '../../../src/app/setup/games.ts';
import { gamePage, turnPageVia } from '../../../src/app/archive/games.ts';
import { loadSpottingTable } from '../../../src/shell/ordnance/table.ts';
import {
  envelope,
  lastMail as last,
  outbox,
  send,
  testCards,
  type TestReferee,
  testReferee,
} from '../../support/app.ts';
import { serveArchive } from '../../support/archive.ts';

const RED = 'red@example.test';
const BLUE = 'blue@example.test';

/**
 * Two fighters 80 hexes and 29,000 ft apart: past the spotting table's last band, so neither can
 * identify the other whatever the dice. ZK1 is a name no other word of a mail contains.
 */
function fogGame(t: TestReferee, seen: string[] = []): { red: string; blue: string } {
  const scenario: Scenario = {
    name: 'Fog test',
    description: 'Two fighters far apart.',
    map: { width: 99, height: 30 },
    options: { combat: 'standard', sequence: 'impulse12', oddsDie: 6, ammunition: false },
    sides: { red: { name: 'Red' }, blue: { name: 'Blue' } },
    fog: { reveal: 'over', ...(seen.length ? { seen } : {}) },
    planes: [
      {
        id: 'R1',
        side: 'red',
        type: 'tf',
        hex: '0515',
        facing: 0,
        altitude: 1000,
        speed: 5,
        bank: 'N',
        loaded: false,
        rockets: false,
      },
      {
        id: 'ZK1',
        side: 'blue',
        type: 'tf',
        hex: '8515',
        facing: 0,
        altitude: 30000,
        speed: 5,
        bank: 'N',
        loaded: false,
        rockets: false,
      },
    ],
  };
  createGame(t.deps, { id: 'fog', scenario, catalog: testCards(), spotting: loadSpottingTable() });
  const red = addPlayer(t.deps, { gameId: 'fog', playerId: 'red', email: RED, planes: ['R1'] }).secret;
  const blue = addPlayer(t.deps, { gameId: 'fog', playerId: 'blue', email: BLUE, planes: ['ZK1'] }).secret;
  startGame(t.deps, 'fog');
  return { red, blue };
}

describe('fog of war by mail', () => {
  it('a side is never shown an enemy it has not identified: welcome, acknowledgement, report, MAP, web', () => {
    const t = testReferee();
    const s = fogGame(t);
    expect(last(t, RED, 'welcome').text).not.toContain('ZK1');
    expect(last(t, BLUE, 'welcome').text).not.toMatch(/\bR1\b/);
    // A FIRE order at the unseen plane is refused exactly as one at a plane that does not exist.
    send(t, RED, envelope('fog', 'red', s.red, 'R1: 1 1 1 1 1\nFIRE R1 FIXED AT ZK1'));
    const refused = last(t, RED, 'ack');
    expect(refused.subject).toMatch(/NOT accepted/);
    send(t, RED, envelope('fog', 'red', s.red, 'R1: 1 1 1 1 1\nFIRE R1 FIXED AT QQ9'));
    expect(
      last(t, RED, 'ack')
        .text.replaceAll('QQ9', 'ZK1')
        .replace(/token \S+/g, ''),
    ).toBe(refused.text.replace(/token \S+/g, ''));
    send(t, RED, envelope('fog', 'red', s.red, 'R1: 1 1 1 1 1'));
    expect(last(t, RED, 'ack').text).not.toContain('ZK1');
    const r = send(t, BLUE, envelope('fog', 'blue', s.blue, 'ZK1: 1 1 1 1 1'));
    expect(r.resolved).toEqual([{ game: 'fog', turn: 1 }]);
    const red = last(t, RED, 'report');
    expect(red.text).not.toContain('ZK1');
    expect(last(t, BLUE, 'report').text).not.toMatch(/\bR1\b/);
    // The pictures too (the SVG behind the PNG carries every id it draws).
    for (const m of outbox(t).filter((x) => x.recipient === RED && x.kind !== 'ack'))
      expect(JSON.stringify(m)).not.toContain('ZK1');
    send(t, RED, envelope('fog', 'red', s.red, 'MAP'));
    const map = last(t, RED, 'answer');
    expect(map.text).toMatch(/R1/);
    expect(map.text).not.toContain('ZK1');
    // The public web shows no positions and no turn pages while the game runs.
    const page = gamePage(t.store, 'fog')!;
    expect(page.fog).toMatch(/fog of war/);
    expect(page.planes).toEqual([]);
    expect(page.map).toBe('');
    expect(
      turnPageVia(
        t.store,
        'fog',
        1,
        () => undefined,
        () => 'page',
      ),
    ).toBeNull();
  });

  it('the web archive over HTTP shows the notice and nothing of the positions while the game runs', async () => {
    const t = testReferee();
    const s = fogGame(t);
    send(t, RED, envelope('fog', 'red', s.red, 'R1: 1 1 1 1 1'));
    send(t, BLUE, envelope('fog', 'blue', s.blue, 'ZK1: 1 1 1 1 1'));
    const web = await serveArchive(t);
    try {
      const game = await fetch(`${web.url}/games/fog`);
      const body = await game.text();
      expect(game.status).toBe(200);
      expect(body).toContain('played with fog of war');
      expect(body).not.toContain('ZK1');
      expect(body).not.toMatch(/<svg/);
      expect(body).not.toContain('Planes at the start');
      expect(body).toContain('One turn has been resolved; it is shown here when the game is over.');
      expect((await fetch(`${web.url}/games/fog/turns/1`)).status).toBe(404);
      expect((await fetch(`${web.url}/games/fog/turns/1/planes/R1`)).status).toBe(404);
      // The plotter of R1 (its player's link) draws and lists nothing of the enemy it has not identified.
      const token = t.deps.keys.turnToken('fog', 'red', 2);
      const plotter = await fetch(`${web.url}/games/fog/plot/red/R1/${token}`);
      const plot = await plotter.text();
      expect(plotter.status).toBe(200);
      expect(plot).toContain('Plot R1 for turn 2');
      expect(plot).not.toContain('ZK1');
      const shots = await (await fetch(`${web.url}/games/fog/plot/red/R1/${token}/shots/0`)).text();
      expect(shots).toBe('{"lines":[]}');
    } finally {
      await web.close();
    }
  });

  it('counters the scenario lists as seen are shown to every side from the start', () => {
    const t = testReferee();
    fogGame(t, ['ZK1']);
    expect(last(t, RED, 'welcome').text).toContain('ZK1');
    expect(last(t, BLUE, 'welcome').text).not.toMatch(/\bR1\b/);
  });
});
