/** The web archive's game list (app/archive/games.ts listGames): what each row says of a game. */
import { describe, expect, it } from 'vitest';
import { listGames } from '../../../src/app/archive/games.ts';
import { processTurn, terminateGame } from '../../../src/app/gm/control.ts';
import { startedDuel, testReferee } from '../../support/app.ts';

describe('the game list', () => {
  it('shows a game over at its last turn played, not the turn it never reached', () => {
    const t = testReferee();
    startedDuel(t);
    processTurn(t.deps, 'duel');
    processTurn(t.deps, 'duel');
    expect(listGames(t.store)!.games.find((g) => g.id === 'duel')).toMatchObject({ turn: 3, resolved: 2 });
    terminateGame(t.deps, 'duel', 'the club meets no more');
    expect(listGames(t.store)!.games.find((g) => g.id === 'duel')).toMatchObject({ turn: 2, resolved: 2 });
  });
});

describe("the game page's planes", () => {
  it('say a plane on a deck or a field is there, not flying', async () => {
    const { addPlayer, createGame, startGame } = await import('../../../src/app/setup/games.ts');
    const { gamePage } = await import('../../../src/app/archive/games.ts');
    const { loadAircraftDir } = await import('../../../src/shell/aircraft/catalog.ts');
    const { loadShipDir } = await import('../../../src/shell/ships/catalog.ts');
    const { loadOrdnance } = await import('../../../src/shell/ordnance/table.ts');
    const { loadScenarioFile } = await import('../../../src/shell/scenario-file.ts');
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
      email: 'usn@example.test',
      planes: ['D1', 'D2', 'T1', 'T2', 'D3', 'D4', 'W1', 'W2'],
    });
    addPlayer(t.deps, { gameId: 'cs', playerId: 'ijn', email: 'ijn@example.test', planes: ['Z1', 'Z2', 'Z3'] });
    startGame(t.deps, 'cs');
    const planes = gamePage(t.store, 'cs')!.planes as { id: string; status: string }[];
    expect(planes.find((p) => p.id === 'Z3')!.status).toBe("on CV1's deck");
    expect(planes.find((p) => p.id === 'Z1')!.status).toBe('flying');
  });
});
