/**
 * The end of a game explained (docs/players.md "The report"): a campaign's game the game master
 * ends with TERMINATE sends each player the campaign block a played-out game's last report has; a
 * rolled-back turn's page says it was rerun; the game's page says how it ended.
 */
import { describe, expect, it } from 'vitest';
import { gamePage, turnPageVia } from '../../../src/app/archive/games.ts';
import { processTurn, terminateGame } from '../../../src/app/gm/control.ts';
import { rollbackTurn } from '../../../src/app/gm/rollback.ts';
import { replacePlayer, setGm } from '../../../src/app/setup/roster.ts';
import { gameStatus } from '../../../src/app/setup/games.ts';
import { listGames } from '../../../src/app/gm/overview.ts';
import { envelope, lastMail, post, startedDuel, startedDuelWith, testReferee } from '../../support/app.ts';
import { flat, gm, GM, RAF, referee } from '../../support/campaign.ts';

describe('the end of a game', () => {
  it('TERMINATE of a campaign game: each player gets the campaign block, the game page the reason', () => {
    const t = referee();
    gm(
      t,
      'CAMPAIGN CREATE test-campaign\nCAMPAIGN PLAYER raf raf@example.test\nCAMPAIGN PLAYER lw lw@example.test\nCAMPAIGN ASSIGN R2 raf-2\nCAMPAIGN NEXT',
    );
    expect(lastMail(t, GM, 'answer').text).toContain('game tc-1 of campaign tc started');
    // The campaign's words in the HTML welcome are paragraphs, not fixed-width text (a phone wraps them).
    const html = lastMail(t, RAF, 'welcome').html!;
    expect(html).toMatch(/<p>Game 1 of campaign tc \([^<]*\): [^<]*<\/p>/);
    expect(html).not.toMatch(/<pre[^>]*>Game 1 of campaign/);
    terminateGame(t.deps, 'tc-1', 'the clubhouse burnt down');
    const notice = lastMail(t, RAF, 'notice');
    expect(notice.subject).toBe('[tc-1] The game has ended');
    expect(flat(notice.text)).toContain('The game master ended game tc-1 at turn 1: the clubhouse burnt down.');
    expect(notice.text).toContain('THE CAMPAIGN');
    expect(flat(notice.text)).toMatch(/Standing: .* victory points\./);
    expect(gamePage(t.store, 'tc-1')?.result).toBe(
      'The game master ended the game before turn 1 was flown: the clubhouse burnt down.',
    );
  });

  it('a reply to a finished game is answered once, in its game: over, how it ended, what comes next; nothing about envelopes', () => {
    const t = testReferee();
    startedDuel(t);
    terminateGame(t.deps, 'duel', 'the clubhouse burnt down');
    const last = lastMail(t, 'red@example.test', 'notice');
    // Top-posted under the notice, subject and thread as a mail program writes them.
    const reply = (subject: string, extra = {}) =>
      post(
        t,
        'red@example.test',
        `gg, thanks!\n\nOn Sunday the referee wrote:\n> ${last.text.split('\n').slice(0, 4).join('\n> ')}\n`,
        { subject, ...extra },
      );
    const { mails } = reply(`Re: ${last.subject}`);
    expect(mails).toHaveLength(1);
    const answer = mails[0]!;
    expect(answer.subject).toBe('[duel] Game duel is over');
    const words = flat(answer.text);
    expect(words).toMatch(
      /Game 'duel' \(Test duel\) ended on [\d-]+ [\d:]+ UTC\. The game master ended the game before turn 1 was flown: the clubhouse burnt down\./,
    );
    expect(words).toContain('A new game starts with a welcome mail of its own: ask your game master for one.');
    expect(words).not.toMatch(/envelope|#TALLYHO|No orders found/i);
    // The same reply again is not answered twice running (the reply budget's repeat rule).
    expect(reply(`Re: ${last.subject}`).mails).toHaveLength(0);
    // No subject tag: the thread (In-Reply-To, References) tells the game, not his only open game;
    // the answer names the game he plays on in.
    const t2 = testReferee();
    const s2 = startedDuel(t2);
    startedDuel(t2, 'duel-2');
    terminateGame(t2.deps, 'duel');
    const ended = lastMail(t2, 'red@example.test', 'notice');
    const thread = post(t2, 'red@example.test', 'Thanks for refereeing!', {
      subject: 'Re: that was fun',
      headers: { 'in-reply-to': [ended.messageId], references: [...ended.references, ended.messageId] },
    }).mails;
    expect(thread.map((m) => m.subject)).toEqual(['[duel] Game duel is over']);
    expect(flat(thread[0]!.text)).toContain("You play on in game 'duel-2': orders for it go in its own envelope.");
    // Where a new game is one command away (local mode's solo game), the answer says how.
    const t3 = testReferee();
    startedDuel(t3);
    startedDuel(t3, 'solo');
    t3.deps.referee.playAgain = {
      games: /^solo(-\d+)?$/,
      text: 'To fly against the stand-in pilot again, start the referee with npm start -- --solo.',
    };
    terminateGame(t3.deps, 'duel');
    terminateGame(t3.deps, 'solo');
    const solo = post(t3, 'red@example.test', 'gg', { subject: 'Re: [solo] The game has ended' }).mails;
    expect(flat(solo[0]!.text)).toContain(
      'To fly against the stand-in pilot again, start the referee with npm start -- --solo.',
    );
    // Not of a club game that ended beside it: its players ask their game master.
    t3.tick(3_600_000);
    const club = post(t3, 'red@example.test', 'gg all', { subject: 'Re: [duel] The game has ended' }).mails;
    expect(flat(club[0]!.text)).toContain('ask your game master for one');
    expect(club[0]!.text).not.toContain('--solo');
    // Orders for the game over: the same words, in that game.
    post(t2, 'red@example.test', envelope('duel', 'red', s2.red, 'R1: 1 1 1 1 1'));
    const refused = lastMail(t2, 'red@example.test', 'notice');
    expect(refused.subject).toBe('[duel] Game duel is over');
    expect(flat(refused.text)).toContain(
      'The game master ended the game before turn 1 was flown. No orders are taken for it any more',
    );
  });

  it('a game played out: the game master is told how it ended; a player replaced in it who writes is told too', () => {
    const t = testReferee();
    const e = startedDuelWith(t);
    setGm(t.deps, 'duel', { email: 'gm@example.test' });
    const blue = replacePlayer(t.deps, { gameId: 'duel', oldId: 'blue', newId: 'navy', email: 'navy@example.test' });
    post(t, 'navy@example.test', envelope('duel', 'navy', blue.secret, 'B1: 1 1 1 1 1'));
    post(t, 'red@example.test', envelope('duel', 'red', e.red, 'R1: 1 1 1 1 1\nCONFIRM'));
    expect(t.store.tx((tx) => tx.games.get('duel')!.status)).toBe('over');
    // Its last turn is the one played, not the one after it the final state stands at.
    expect(gameStatus(t.deps, 'duel').lastTurn).toBe(1);
    expect(listGames(t.deps).find((g) => g.id === 'duel')!.turn).toBe(1);
    const told = lastMail(t, 'gm@example.test', 'notice');
    expect(told.subject).toBe('[duel] GM: Game duel is over');
    expect(flat(told.text)).toMatch(/Game duel \(Test duel\) ended with turn 1\. /);
    const bye = post(t, 'blue@example.test', 'gg, how did it end?', {
      subject: 'Re: [duel] the computer flies your planes',
    }).mails;
    expect(bye.map((m) => m.subject)).toEqual(['[duel] Game duel is over']);
  });

  it('a turn rolled back and resolved again says so on its page', () => {
    const t = testReferee();
    const s = startedDuel(t);
    post(t, 'red@example.test', envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1'));
    post(t, 'blue@example.test', envelope('duel', 'blue', s.blue, 'B1: 1 1 1 1 1'));
    const page = (n: number) =>
      turnPageVia(
        t.store,
        'duel',
        n,
        () => undefined,
        (v) => v,
      );
    expect(page(1)?.rerun).toBe(false);
    rollbackTurn(t.deps, 'duel');
    processTurn(t.deps, 'duel');
    expect(page(1)?.rerun).toBe(true);
    expect(gamePage(t.store, 'duel')?.result).toBe('');
  });
});
