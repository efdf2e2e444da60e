/**
 * A campaign by mail on the test clock (docs/campaigns.md): the game master creates it and binds
 * the players by mail, three games are played by mail to their ends with the orders templates the
 * referee sends (fire at will), and the record follows: victories with their turns and victims,
 * bail-outs and their fates, a promotion, a replacement recruit, the standing after each game; and
 * the enemy's ratings stay hidden until they show.
 */
import { describe, expect, it } from 'vitest';
import { recordOf, requireCampaign } from '../../../src/app/views/campaign.ts';
import { campaignPage, pilotPage } from '../../../src/app/archive/campaigns.ts';
import { exportCampaign, importCampaign, verifyCampaign } from '../../../src/app/history/campaign.ts';
import { gamePage } from '../../../src/app/archive/games.ts';
import { checkCampaignExport } from '../../../src/shell/export-file.ts';
import { lastMail, post } from '../../support/app.ts';
import { events, flat, GM, gm, LW, mails, playOut, RAF, referee } from '../../support/campaign.ts';

describe('a campaign by mail', () => {
  it('plays three games with the same pilots and keeps their record', () => {
    const t = referee();
    gm(
      t,
      'CAMPAIGN CREATE test-campaign\nCAMPAIGN PLAYER raf raf@example.test\nCAMPAIGN PLAYER lw lw@example.test\nCAMPAIGN ASSIGN R2 raf-2\nCAMPAIGN NEXT',
    );
    const answer = lastMail(t, GM, 'answer');
    expect(answer.text).toContain('Campaign tc created from test-campaign');
    expect(answer.text).toContain('game tc-1 of campaign tc started');
    // Game 1: each side knows its own pilots; the enemy's ratings are hidden.
    const welcome = lastMail(t, RAF, 'welcome').text;
    expect(welcome).toContain('Game 1 of campaign tc (Test campaign): bounce.');
    expect(welcome).toMatch(/Your pilots in this game: R1 F\/Lt Able, R2 P\/O Baker\./);
    expect(flat(welcome)).toContain('G1 Oblt. Dora: rating not yet known');
    expect(welcome).not.toMatch(/Dora: ace|Emil: green/);
    playOut(t, 'tc-1');
    const reports1 = mails(t, RAF, 'tc-1', 'report');
    const last1 = reports1.at(-1)!;
    // Before the last report (which tells everything), a rating shows only after its pilot fired
    // or played his ace's card.
    const firedBy = (plane: string) =>
      events(t, 'tc-1')
        .filter((e) => e.type === 'shot' && (e.plane === plane || e.ace?.plane === plane))
        .map((e) => e.turn);
    for (const [plane, rating] of [
      ['G1', 'Oblt. Dora: ace'],
      ['G2', 'Uffz. Emil: green'],
    ] as const) {
      const first = Math.min(...firedBy(plane), Infinity);
      reports1
        .slice(0, -1)
        .forEach((m, i) =>
          expect(flat(m.text).includes(rating), `${rating} in the report of turn ${i + 1}`).toBe(i + 1 >= first),
        );
    }
    expect(flat(last1.text)).toContain('THE CAMPAIGN');
    expect(flat(last1.text)).toContain('Standing: Royal Air Force 4, Luftwaffe 0 victory points.');
    expect(flat(last1.text)).toContain(
      'P/O Baker: R2, as recruit: G2 (Messerschmitt Bf 109 E-4) in turn 1; came back; promoted to green (his first sortie survived)',
    );
    // next: auto: game 2 began when game 1 ended, with the Luftwaffe's replacements flying.
    const w2 = lastMail(t, LW, 'welcome').text;
    expect(w2).toContain('Game 2 of campaign tc (Test campaign): revenge.');
    expect(w2).toMatch(/Your pilots in this game: G1 Uffz\. Otto Adler, G2 Gefr\. Hans Becker\./);
    playOut(t, 'tc-2');
    expect(flat(mails(t, RAF, 'tc-2', 'report').at(-1)!.text)).toContain(
      'Standing: Royal Air Force 4, Luftwaffe 4 victory points.',
    );
    // A wounded pilot sits the next games out, told as he does.
    gm(t, 'CAMPAIGN');
    expect(flat(lastMail(t, GM, 'answer').text)).toContain(
      'raf-3 Sgt Charlie: regular; wounded, sitting out tc-3 and 1 more game; 1 sortie',
    );
    // A rating once shown stays known in the campaign's later games: Adler fired in game 2.
    expect(flat(mails(t, RAF, 'tc-3', 'welcome')[0]!.text)).toContain('G1 Uffz. Otto Adler: green');
    playOut(t, 'tc-3');
    const rec = t.deps.store.tx((tx) => recordOf(tx, requireCampaign(tx, 'tc')));
    // Every plane shot down is a victory of the pilot who shot it, with its turn.
    for (const g of ['tc-1', 'tc-2', 'tc-3']) {
      for (const e of events(t, g).filter((x) => x.type === 'shot-down')) {
        for (const by of (e as { by: string[] }).by) {
          const kill = rec.pilots
            .flatMap((p) => p.sorties)
            .find((s) => s.game === g && s.plane === by)
            ?.kills.find((k) => k.victim === e.plane);
          expect(kill, `${by}'s victory over ${e.plane} in ${g}`).toMatchObject({
            turn: e.turn,
            share: 1 / (e as { by: string[] }).by.length,
          });
        }
      }
    }
    const pilot = (id: string) => rec.pilots.find((p) => p.id === id)!;
    expect(pilot('raf-1').sorties[0]!.kills).toEqual([
      { game: 'tc-1', turn: 2, impulse: 3, victim: 'G1', victimType: 'Messerschmitt Bf 109 E-4', share: 1 },
    ]);
    // A bail-out and its fate; a pilot killed; the replacements.
    expect(pilot('raf-3')).toMatchObject({ status: 'wounded', outFor: 1 });
    expect(pilot('raf-3').sorties[0]!.fate).toEqual({ how: 'bailed-out', outcome: 'wounded', outFor: 2, roll: 3 });
    expect(pilot('raf-1')).toMatchObject({ status: 'killed', victories: 1 });
    expect(pilot('lw-3')).toMatchObject({ name: 'Uffz. Otto Adler', joined: { how: 'replacement', game: 'tc-1' } });
    expect(pilot('raf-4')).toMatchObject({
      quality: 'recruit',
      joined: { how: 'replacement', game: 'tc-2' },
      status: 'active',
    });
    // Promotions: the recruit after his first sortie, then a victory makes him regular.
    expect(pilot('raf-2').sorties.map((s) => s.promoted?.to)).toEqual(['green', 'regular']);
    expect(rec.standing).toEqual({ raf: 4, lw: 4 });
    expect(rec.games.map((g) => g.winner)).toEqual(['raf', 'lw', null]);
    // The campaign is over: no scenario follows the third.
    expect(t.deps.store.tx((tx) => requireCampaign(tx, 'tc').status)).toBe('over');
    // By mail: ROSTER and CAMPAIGN, here as one-line replies to a report of the campaign's last game.
    post(t, RAF, 'ROSTER\n\n-- \nRAF player', { subject: 'Re: [tc-3] Turn 4 report' });
    const roster = flat(lastMail(t, RAF, 'answer').text);
    for (const line of lastMail(t, RAF, 'answer').text.split('\n')) expect(line.length, line).toBeLessThanOrEqual(78);
    expect(roster).toContain('raf-1 F/Lt Able: veteran, keen eyesight; killed; 2 sorties, 1 victory');
    expect(roster).toContain(
      'tc-2 (revenge): R2, Hawker Hurricane Mk I, as regular: no victory, 11 hits taken; bailed out and came down alive: d6 3, wounded, out 2 games',
    );
    expect(roster).toContain(
      'raf-4 P/O Peter Ayling: recruit; fit to fly; 0 sorties, 0 victories (joined as a replacement after tc-2)',
    );
    post(t, LW, 'campaign', { subject: 'Re: [tc-2] Turn 3 report' });
    const standing = flat(lastMail(t, LW, 'answer').text);
    expect(standing).toContain('Standing: Royal Air Force 4, Luftwaffe 4 (victory points)');
    expect(standing).toContain('Game 1, tc-1: bounce (bounce): Royal Air Force won; Royal Air Force +4, Luftwaffe +0');
    expect(standing).toContain('The campaign is over.');
    // The campaign over, every rating is told to everyone.
    expect(standing).toContain('raf-3 Sgt Charlie: regular');
    // The web archive: the standing, the games, the rosters, a career with its victories linked.
    const page = campaignPage(t.deps.store, 'tc')!;
    expect(page.standing).toEqual([
      { side: 'Royal Air Force', points: 4 },
      { side: 'Luftwaffe', points: 4 },
    ]);
    expect(page.games.map((g) => [g.id, g.result])).toEqual([
      ['tc-1', 'Royal Air Force won'],
      ['tc-2', 'Luftwaffe won'],
      ['tc-3', 'nobody won'],
    ]);
    expect(page.rosters.find((r) => r.player === 'lw')!.pilots.map((p) => p.name)).toEqual([
      'Oblt. Dora',
      'Uffz. Emil',
      'Uffz. Otto Adler',
      'Gefr. Hans Becker',
    ]);
    const able = pilotPage(t.deps.store, 'tc', 'raf-1')!;
    expect(able.sorties[0]!.kills).toEqual([
      { text: 'G1 (Messerschmitt Bf 109 E-4), turn 2', href: '/games/tc-1/turns/2' },
    ]);
    expect(pilotPage(t.deps.store, 'tc', 'raf-99')).toBeNull();
    expect(campaignPage(t.deps.store, 'nope')).toBeNull();
    expect(gamePage(t.deps.store, 'tc-2')!.campaign).toEqual({ id: 'tc', seq: 2, href: '/campaigns/tc' });
    // Export, import and verify carry the campaign: its record comes back from its games.
    const data = exportCampaign(t.deps, 'tc');
    const fresh = referee();
    fresh.tick(t.now() - fresh.now());
    importCampaign(fresh.deps, checkCampaignExport(JSON.parse(JSON.stringify(data)), 'tc.json'));
    expect(exportCampaign(fresh.deps, 'tc')).toEqual(data);
    expect(fresh.deps.store.tx((tx) => recordOf(tx, requireCampaign(tx, 'tc')))).toEqual(rec);
    expect(verifyCampaign(fresh.deps, 'tc').map((r) => [r.game, r.differences])).toEqual([
      ['tc-1', []],
      ['tc-2', []],
      ['tc-3', []],
    ]);
    const broken = JSON.parse(JSON.stringify(data));
    broken.campaign.games[1].gameId = 'tc-9';
    expect(() => checkCampaignExport(broken, 'tc.json')).toThrow(/do not fit together/);
    // A game outside a campaign has no roster.
    gm(t, 'CAMPAIGN ASSIGN R1 raf-1');
    expect(flat(lastMail(t, GM, 'answer').text)).toContain('CAMPAIGN ASSIGN R1 raf-1: NOT DONE: campaign tc is over');
  });
});
