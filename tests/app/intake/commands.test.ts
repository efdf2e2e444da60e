/**
 * Every command by mail (src/app/intake/commands.ts, gm-envelope.ts): the players' (HELP, STATUS, RESEND,
 * HISTORY, MAP, CARD, WAIT/NOWAIT, ZONE, JOIN), an unknown one, and the game master's in the GM envelope
 * (CREATE, SET, START, PAUSE, RESUME, EXTEND, PROCESS, PREVIEW, ROLLBACK, REPLACE, TERMINATE,
 * APPROVE, DECLINE), with the secret checked and the answers only to registered addresses.
 */
import { describe, expect, it } from 'vitest';
import { setGm } from '../../../src/app/setup/roster.ts';
import { tick } from '../../../src/app/turn/tick.ts';
import { parseScenario } from '../../../src/core/scenario.ts';
import { renderCard } from '../../../src/report/card.ts';
import {
  DUEL,
  envelope,
  startedDuel,
  testCards,
  outbox,
  post,
  testReferee,
  type TestReferee,
} from '../../support/app.ts';
import { expectGolden } from '../../support/golden-file.ts';

const RED = 'red@example.test';
const BLUE = 'blue@example.test';
const GM = 'gm@example.test';
const GLOBAL = 'global-gm-secret-0123';

const game = (t: TestReferee, id = 'duel') => t.store.tx((tx) => tx.games.get(id)!);

/** A mail against tests/golden/mail/<name> (UPDATE_GOLDEN=1 rewrites it; review the diff). */
const golden = (name: string, text: string) => expectGolden(`tests/golden/mail/${name}`, text);

/** A referee with an installation GM and a scenario source holding the test duel. */
function referee(): TestReferee {
  const t = testReferee();
  t.deps.referee.gm = { email: GM, secretHash: t.deps.keys.hashSecret(GLOBAL) };
  t.deps.scenarios = {
    names: () => ['duel'],
    load: (name) => {
      if (name !== 'duel') throw new Error(`no scenario ${name}`);
      const cards = testCards();
      const r = parseScenario(DUEL, 'duel', cards);
      if (!r.ok) throw new Error('bad scenario');
      return { scenario: r.value, catalog: cards };
    },
  };
  return t;
}

/** Sends `body` in an envelope and returns the mails it queued. */
function send(t: TestReferee, from: string, game_: string, player: string, secret: string, body: string) {
  return post(t, from, envelope(game_, player, secret, body));
}

describe("players' commands by mail", () => {
  it('answers HELP, STATUS, MAP, ZONE and an unknown command (with the HELP text), without orders', () => {
    const t = referee();
    const s = startedDuel(t);
    const help = send(t, RED, 'duel', 'red', s.red, 'HELP');
    expect(help.r.outcome).toBe('orders');
    expect(help.mails).toHaveLength(1);
    expect(help.mails[0]).toMatchObject({ kind: 'answer', recipient: RED, subject: '[duel] Answer to HELP' });
    expect(help.mails[0]!.text).toContain('HISTORY [from [to]]  the impulse logs');
    // HELP's example envelope is no envelope to send: the answer ends with the player's, ready.
    expect(help.mails[0]!.text).toMatch(/YOUR ORDERS FOR TURN 1, READY TO SEND[\s\S]*#TALLYHO duel red "T1-[0-9a-f]+"/);
    expect(t.store.tx((tx) => tx.orders.latestAccepted('duel', 1).size)).toBe(0);
    const zone = send(t, RED, 'duel', 'red', s.red, 'ZONE america/new_york\nSTATUS');
    const status = zone.mails[0]!.text;
    expect(status).toContain('ZONE america/new_york: Deadlines are now given in America/New_York too.');
    expect(status).toContain('Game duel (Test duel) is at turn 1.');
    expect(status).toContain('Orders in: none. Still missing: red, blue.');
    expect(status.replace(/\s+/g, ' ')).toMatch(
      /You are red, flying R1; missed turns: 0; deadlines in your time zone America\/New_York/,
    );
    expect(status).toContain('SETTINGS');
    expect(send(t, RED, 'duel', 'red', s.red, 'ZONE Mars/Olympus').mails[0]!.text).toMatch(
      /'Mars\/Olympus' is not a time zone name/,
    );
    const map = send(t, RED, 'duel', 'red', s.red, 'MAP').mails[0]!;
    expect(map.text).toMatch(/THE MAP AT THE START OF TURN 1\n\n[\s\S]*R1/);
    const unknown = send(t, RED, 'duel', 'red', s.red, 'STATSU');
    expect(unknown.mails[0]!.subject).toBe('[duel] Commands you can send');
    expect(unknown.mails[0]!.text).toMatch(/line 2: 'STATSU' is not an order/);
    expect(unknown.mails[0]!.text).toContain('COMMANDS\n\nCommands go one per line');
    const gmOnly = send(t, RED, 'duel', 'red', s.red, 'PAUSE');
    expect(gmOnly.mails[0]!.text).toContain("PAUSE is a game master's command; it was ignored.");
    expect(game(t).turn).toBe(1);
    for (const m of outbox(t)) for (const line of m.text.split('\n')) expect(line.length, line).toBeLessThanOrEqual(78);
  });

  it('answers commands next to orders, and RESEND and HISTORY after turns are resolved', () => {
    const t = referee();
    const s = startedDuel(t);
    const both = send(t, RED, 'duel', 'red', s.red, 'R1: 1 1 1 1 1\nSTATUS');
    expect(both.mails.map((m) => m.kind)).toEqual(['ack', 'answer']);
    expect(both.mails[0]!.text).toContain('STATUS (line 3): answered in a mail of its own');
    expect(both.mails[1]!.text).toContain('Orders in: red. Still missing: blue.');
    send(t, BLUE, 'duel', 'blue', s.blue, 'B1: 1 1 1 1 1');
    send(t, RED, 'duel', 'red', s.red, 'R1: 1 1 1 1 1');
    send(t, BLUE, 'duel', 'blue', s.blue, 'B1: 1 1 1 1 1');
    expect(game(t).turn).toBe(3);
    const resend = send(t, RED, 'duel', 'red', s.red, 'RESEND 1');
    const copy = resend.mails.find((m) => m.kind === 'report')!;
    const first = outbox(t).find((m) => m.kind === 'report' && m.recipient === RED && m.turn === 1)!;
    expect(copy.subject).toBe('[duel] Turn 1 report (sent again)');
    expect(copy.text).toBe(first.text);
    expect(copy.messageId).not.toBe(first.messageId);
    expect(resend.mails.find((m) => m.kind === 'answer')!.text).toContain('The report of turn 1 is sent again');
    expect(send(t, RED, 'duel', 'red', s.red, 'RESEND').mails.find((m) => m.kind === 'report')!.subject).toBe(
      '[duel] Turn 2 report (sent again)',
    );
    expect(send(t, RED, 'duel', 'red', s.red, 'RESEND 7').mails[0]!.text).toContain(
      'No report of turn 7 was mailed to you',
    );
    const history = send(t, RED, 'duel', 'red', s.red, 'HISTORY 1 2').mails[0]!;
    expect(history.text).toMatch(/The impulse logs of turns 1 to 2 of game duel\./);
    expect(history.text).toMatch(/TURN 1\n\n[\s\S]*TURN 2\n\n/);
    expect(send(t, RED, 'duel', 'red', s.red, 'HISTORY 5').mails[0]!.text).toContain(
      'Turns 5 are not resolved; the resolved turns are 1 to 2.',
    );
  });

  it("answers CARD with the card of a plane, an enemy plane, a type or the player's own planes, and lists what there is when nothing matches", () => {
    const t = referee();
    const s = startedDuel(t);
    const card = renderCard(testCards().get('tf')!);
    const own = send(t, RED, 'duel', 'red', s.red, 'CARD').mails;
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ kind: 'answer', subject: '[duel] Answer to CARD' });
    expect(own[0]!.text).toContain(`CARD OF R1\n\nR1 flies this type.\n\n${card}\n`);
    golden('answer-card.txt', `Subject: ${own[0]!.subject}\n\n${own[0]!.text}`);
    expect(send(t, RED, 'duel', 'red', s.red, 'card r1').mails[0]!.text).toBe(own[0]!.text);
    const enemy = send(t, RED, 'duel', 'red', s.red, 'CARD B1').mails[0]!.text;
    expect(enemy).toContain(`CARD OF B1\n\nB1 flies this type.\n\n${card}\n`);
    const type = send(t, RED, 'duel', 'red', s.red, 'CARD TF').mails[0]!.text;
    expect(type).toContain(`CARD OF R1, B1\n\nR1 and B1 fly this type.\n\n${card}\n`);
    const unknown = send(t, RED, 'duel', 'red', s.red, 'CARD spitfire-1a').mails[0]!;
    golden('answer-card-unknown.txt', `Subject: ${unknown.subject}\n\n${unknown.text}`);
    expect(unknown.text.replace(/\s+/g, ' ')).toContain(
      "'spitfire-1a' is neither a plane nor an aircraft type of this game. The planes: R1 (tf), B1 (tf). The types: tf.",
    );
    const gm = send(t, GM, 'duel', 'gm', GLOBAL, 'CARD B1').mails.find((m) => m.recipient === GM)!;
    expect(gm.text).toContain(`B1 flies this type.\n\n${card}\n`);
    for (const m of outbox(t)) for (const line of m.text.split('\n')) expect(line.length, line).toBeLessThanOrEqual(78);
  });

  it('holds the turn for a WAIT until NOWAIT', () => {
    const t = referee();
    const s = startedDuel(t);
    expect(send(t, RED, 'duel', 'red', s.red, 'WAIT').mails[0]!.text).toMatch(
      /waits, even when every order is in, until you send NOWAIT/,
    );
    send(t, RED, 'duel', 'red', s.red, 'R1: 1 1 1 1 1');
    send(t, BLUE, 'duel', 'blue', s.blue, 'B1: 1 1 1 1 1');
    expect(game(t).turn).toBe(1);
    expect(send(t, BLUE, 'duel', 'blue', s.blue, 'STATUS').mails[0]!.text).toMatch(/the turn waits: red asked to WAIT/);
    const r = send(t, RED, 'duel', 'red', s.red, 'NOWAIT');
    expect(r.r.resolved).toEqual([{ game: 'duel', turn: 1 }]);
    expect(game(t).turn).toBe(2);
  });

  it('takes a JOIN for a game open to sign-up; the GM approves by mail and the player gets the secret', () => {
    const t = referee();
    const created = send(t, GM, 'club', 'gm', GLOBAL, 'CREATE duel\nSET signup on');
    expect(created.mails).toHaveLength(1);
    expect(created.mails[0]).toMatchObject({ recipient: GM, subject: '[club] GM commands for game club' });
    expect(created.mails[0]!.text).toContain('CREATE duel: Game club created from duel: Test duel.');
    expect(created.mails[0]!.text).toContain('SET signup on: set signup on');
    // The JOIN is answered with a token only; the game master hears of it once the address confirms.
    const join = send(t, 'ann@example.test', 'club', 'ann', 'anything', 'JOIN I fly red, please');
    expect(join.r.outcome).toBe('orders');
    expect(join.mails.map((m) => [m.recipient, m.subject])).toEqual([
      ['ann@example.test', '[club] CONFIRM JFEEDFACE02 to join'],
    ]);
    expect(join.mails[0]!.text).not.toContain('I fly red');
    const confirm = post(t, 'ann@example.test', '> old text', { subject: `Re: ${join.mails[0]!.subject}` });
    expect(confirm.mails.map((m) => [m.recipient, m.subject])).toEqual([
      [GM, "[club] GM: Player 'ann' asks to join"],
      ['ann@example.test', '[club] Your request to join'],
    ]);
    expect(confirm.mails[0]!.text).toContain('"I fly red, please"');
    // A JOIN for a game not open to sign-up is not answered (the sender is not registered).
    expect(send(t, 'eve@example.test', 'duel2', 'eve', 'x', 'JOIN').mails).toEqual([]);
    const bob = send(t, 'bob@example.test', 'club', 'bob', 'x', 'JOIN');
    post(t, 'bob@example.test', `CONFIRM ${/CONFIRM (\S+)/.exec(bob.mails[0]!.subject)![1]}`);
    const approve = send(t, 'someone@else.test', 'club', 'gm', GLOBAL, 'APPROVE ann R1\nDECLINE bob');
    const secretMail = approve.mails.find((m) => m.recipient === 'ann@example.test')!;
    expect(secretMail.subject).toBe('[club] You are in');
    const secret = /Your secret is: (\S+)/.exec(secretMail.text)![1]!;
    expect(approve.mails.find((m) => m.recipient === 'bob@example.test')!.subject).toBe(
      '[club] Your request to join was declined',
    );
    expect(approve.mails.find((m) => m.recipient === GM)!.text).toMatch(
      /APPROVE ann R1: ann \(ann@example.test\) joins flying R1/,
    );
    expect(approve.mails.some((m) => m.recipient === 'someone@else.test')).toBe(false);
    expect(send(t, 'ann@example.test', 'club', 'ann', secret, 'STATUS').mails[0]!.text).toContain('is being set up');
  });
});

describe("the game master's commands by mail", () => {
  it('runs the game: SET, EXTEND, PAUSE, RESUME, PREVIEW, PROCESS, ROLLBACK, REPLACE, TERMINATE', () => {
    const t = referee();
    const s = startedDuel(t);
    const own = setGm(t.deps, 'duel', { email: 'umpire@example.test', newSecret: true }).secret!;
    const gm = (body: string) => send(t, 'anyone@example.test', 'duel', 'gm', own, body);
    const set = gm('SET zone Europe/Berlin\nSET deadline every 2 days at 20:00\nSET grace 2h');
    const answer = set.mails.find((m) => m.recipient === 'umpire@example.test' && m.kind === 'answer')!;
    expect(answer.text).toContain('SET deadline every 2 days at 20:00: set deadline every 2 days at 20:00');
    expect(
      set.mails.filter((m) => m.recipient === RED && m.subject === '[duel] The game settings changed'),
    ).toHaveLength(3);
    const ext = gm('EXTEND 12\nEXTEND 12h\nEXTEND');
    expect(ext.mails.at(-1)!.text).toMatch(
      /EXTEND 12: NOT DONE: '12' has no unit: write 12m for minutes, 12h for hours\s+or\s+12d\s+for\s+days/,
    );
    expect(ext.mails.at(-1)!.text).toMatch(/EXTEND 12h: turn 1 extended by 12h/);
    expect(ext.mails.at(-1)!.text).toMatch(/EXTEND: NOT DONE: turn 1 was extended 1 time\(s\) already/);
    expect(
      gm('PAUSE snow\nRESUME')
        .mails.filter((m) => m.recipient === BLUE)
        .map((m) => m.subject),
    ).toEqual(['[duel] The game is paused', '[duel] The game goes on']);
    send(t, RED, 'duel', 'red', s.red, 'R1: 1 1 1 1 1');
    const preview = gm('PREVIEW');
    expect(preview.mails).toHaveLength(1);
    expect(preview.mails[0]!.recipient).toBe('umpire@example.test');
    expect(preview.mails[0]!.text).toMatch(
      /PREVIEW of turn 1[\s\S]*THE MAP AFTER TURN 1[\s\S]*B1[\s\S]*IMPULSE BY IMPULSE/,
    );
    expect(game(t).turn).toBe(1);
    const processed = gm('PROCESS');
    expect(processed.mails.filter((m) => m.kind === 'report')).toHaveLength(2);
    expect(game(t).turn).toBe(2);
    expect(gm('ROLLBACK').mails.some((m) => m.recipient === RED && m.subject === '[duel] Turn 1 was rolled back')).toBe(
      true,
    );
    expect(game(t).turn).toBe(1);
    const replace = gm('REPLACE blue cyan cyan@example.test');
    const reply = replace.mails.find((m) => m.recipient === 'umpire@example.test' && m.kind === 'answer')!;
    expect(reply.text).toMatch(/The secret of cyan is: \S+/);
    expect(replace.mails.find((m) => m.recipient === 'cyan@example.test')!.kind).toBe('welcome');
    gm('PROCESS');
    expect(
      outbox(t)
        .filter((m) => m.recipient === 'cyan@example.test' && m.kind === 'report')
        .map((m) => m.subject),
    ).toEqual(['[duel] Turn 1 report (RERUN)']);
    const end = gm('TERMINATE thanks all\nSTART');
    expect(end.mails.find((m) => m.recipient === 'umpire@example.test' && m.kind === 'answer')!.text).toMatch(
      /START: NOT DONE: game 'duel' has started already/,
    );
    expect(game(t).status).toBe('over');
    expect(tick(t.deps)).toEqual([]);
  });

  it('refuses a wrong GM secret (told to the GM only), plots in the GM envelope, CREATE without the global secret', () => {
    const t = referee();
    startedDuel(t);
    const own = setGm(t.deps, 'duel', { email: 'umpire@example.test', newSecret: true }).secret!;
    const wrong = send(t, 'mallory@example.test', 'duel', 'gm', 'guess', 'PROCESS');
    expect(wrong.r.outcome).toBe('auth-failed');
    expect(wrong.mails.map((m) => [m.recipient, m.subject])).toEqual([
      ['umpire@example.test', '[duel] GM commands with a wrong secret were refused'],
    ]);
    expect(game(t).turn).toBe(1);
    const odd = send(t, 'x@example.test', 'other', 'gm', own, 'CREATE duel');
    expect(odd.r.outcome).toBe('auth-failed');
    const plots = send(t, 'x@example.test', 'duel', 'gm', own, 'R1: 1 1 1 1 1\nHELP');
    expect(plots.mails[0]!.text.replace(/\s+/g, ' ')).toContain(
      "Plots, plans picked and fire orders in the game master's envelope are not taken",
    );
    const picks = send(t, 'x@example.test', 'duel', 'gm', own, 'R1 PLAN A\nHELP');
    expect(picks.mails[0]!.text.replace(/\s+/g, ' ')).toContain(
      "Plots, plans picked and fire orders in the game master's envelope are not taken",
    );
    expect(plots.mails[0]!.text).toContain("GAME MASTER'S COMMANDS");
    expect(send(t, 'x@example.test', 'duel', 'gm', GLOBAL, 'STATUS').mails[0]!.recipient).toBe(GM);
  });
});
