/**
 * The end of a game explained (docs/players.md "The report"): a campaign's game the game master
 * ends with TERMINATE sends each player the campaign block a played-out game's last report has; a
 * rolled-back turn's page says it was rerun; the game's page says how it ended.
 */
import { describe, expect, it } from 'vitest';
import { gamePage, turnPageVia } from '../../src/app/archive/games.ts';
import { processTurn, terminateGame } from '../../src/app/gm/control.ts';
import { rollbackTurn } from '../../src/app/gm/rollback.ts';
import { envelope, lastMail, post, startedDuel, testReferee } from '../support/app.ts';
import { flat, gm, GM, RAF, referee } from '../support/campaign.ts';

describe('the end of a game', () => {
  it('TERMINATE of a campaign game: each player gets the campaign block, the game page the reason', () => {
    const t = referee();
    gm(t, 'CAMPAIGN CREATE test-campaign\nCAMPAIGN PLAYER raf raf@example.test\nCAMPAIGN PLAYER lw lw@example.test\nCAMPAIGN ASSIGN R2 raf-2\nCAMPAIGN NEXT');
    expect(lastMail(t, GM, 'answer').text).toContain('game tc-1 of campaign tc started');
    terminateGame(t.deps, 'tc-1', 'the clubhouse burnt down');
    const notice = lastMail(t, RAF, 'notice');
    expect(notice.subject).toBe('[tc-1] The game has ended');
    expect(flat(notice.text)).toContain('The game master ended game tc-1 at turn 1: the clubhouse burnt down.');
    expect(notice.text).toContain('THE CAMPAIGN');
    expect(flat(notice.text)).toMatch(/Standing: .* victory points\./);
    expect(gamePage(t.store, 'tc-1')?.result).toBe('The game master ended the game at turn 1: the clubhouse burnt down.');
  });

  it('a turn rolled back and resolved again says so on its page', () => {
    const t = testReferee();
    const s = startedDuel(t);
    post(t, 'red@example.test', envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1'));
    post(t, 'blue@example.test', envelope('duel', 'blue', s.blue, 'B1: 1 1 1 1 1'));
    const page = (n: number) => turnPageVia(t.store, 'duel', n, () => undefined, (v) => v);
    expect(page(1)?.rerun).toBe(false);
    rollbackTurn(t.deps, 'duel');
    processTurn(t.deps, 'duel');
    expect(page(1)?.rerun).toBe(true);
    expect(gamePage(t.store, 'duel')?.result).toBe('');
  });
});
