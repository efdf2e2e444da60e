/**
 * The muster before turn 1 (src/app/setup/muster.ts, muster-clock.ts; docs/gm-guide.md "Muster",
 * docs/players.md "Before the game: READY"): turn 1 opens only when every player has answered
 * READY; the computer's seats need not; a second READY, a READY from a stranger, after the start or
 * in a game without a muster are answered sensibly; the reminder and the game master's alert at the
 * limit go once; REPLACE, START and MUSTER settle a muster that ran out.
 */
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../src/core/scenario.ts';
import { addPlayer, createGame, gameStatus } from '../../../src/app/setup/games.ts';
import { addComputerSeat, setGm } from '../../../src/app/setup/roster.ts';
import { openMuster } from '../../../src/app/setup/muster.ts';
import { tick } from '../../../src/app/turn/tick.ts';
import {
  DUEL,
  envelope,
  outbox,
  post,
  startedDuel,
  testCards,
  testReferee,
  type TestReferee,
} from '../../support/app.ts';
import { flat } from '../../support/text.ts';

const GM = 'gm@example.test';
const RED = 'red@example.test';
const BLUE = 'blue@example.test';
const WING = 'wing@example.test';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The duel with a second red plane: red flies R1, wing R2, blue B1 (or the computer, with `computer`). */
function club(opts: { computer?: boolean } = {}): { t: TestReferee; gm: string } {
  const t = testReferee({ rateLimitPerHour: 1000 });
  const cards = testCards();
  const r = parseScenario(
    { ...DUEL, planes: [...DUEL.planes, { ...DUEL.planes[0]!, id: 'R2', hex: '1016' }] },
    'duel',
    cards,
  );
  if (!r.ok) throw new Error(r.error.map((p) => p.message).join('\n'));
  createGame(t.deps, { id: 'club', scenario: r.value, catalog: cards });
  const gm = setGm(t.deps, 'club', { email: GM, newSecret: true }).secret as string;
  addPlayer(t.deps, { gameId: 'club', playerId: 'red', email: RED, planes: ['R1'] });
  addPlayer(t.deps, { gameId: 'club', playerId: 'wing', email: WING, planes: ['R2'], zone: 'America/New_York' });
  if (opts.computer) t.store.tx((tx) => addComputerSeat(t.deps, tx, 'club', 'blue'));
  else addPlayer(t.deps, { gameId: 'club', playerId: 'blue', email: BLUE, planes: ['B1'] });
  return { t, gm };
}

const status = (t: TestReferee) => t.store.tx((tx) => tx.games.get('club')!.status);
const welcomes = (t: TestReferee) =>
  outbox(t)
    .filter((m) => m.kind === 'welcome')
    .map((m) => m.recipient)
    .sort();
const gmMail = (t: TestReferee, gm: string, body: string) =>
  post(t, GM, envelope('club', 'gm', gm, body), { subject: 'gm' });
/** A reply to the player's muster call saying READY above the quoted call, as a mail program writes it. */
function replyReady(t: TestReferee, to: string, first = 'READY') {
  const call = outbox(t)
    .filter((m) => m.recipient === to && /Muster/.test(m.subject))
    .at(-1)!;
  const quoted = call.text
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n');
  return post(t, to, `${first}\n\nOn Saturday the referee wrote:\n${quoted}\n`, {
    subject: `Re: ${call.subject}`,
    headers: { 'in-reply-to': [call.messageId] },
  });
}

describe('the muster before turn 1', () => {
  it('calls every player, opens turn 1 only when all are READY, and mails the welcomes only then', () => {
    const { t, gm } = club();
    const opened = gmMail(t, gm, 'MUSTER 2d');
    const calls = opened.mails.filter((m) => m.subject === '[club] Muster for Test duel: answer READY');
    expect(calls.map((m) => m.recipient).sort()).toEqual([BLUE, RED, WING]);
    const wing = flat(calls.find((m) => m.recipient === WING)!.text);
    expect(wing).toContain(
      'You are wing, flying R2 (Test Fighter, Red). The other players: red, blue. Your game master: gm@example.test.',
    );
    expect(wing).toContain(
      'Answer READY by: Mon 12 Jan 2026 09:00 UTC Mon 12 Jan 2026 04:00 America/New_York (UTC-05:00), your time',
    );
    expect(wing).toContain('reply to this mail with the one word READY');
    expect(wing).toMatch(/#TALLYHO club wing "T1-[0-9a-f]+" READY #END/);
    expect(flat(opened.mails.find((m) => m.recipient === GM)!.text)).toContain(
      'Muster of game club (Test duel) opened: READY by Mon 12 Jan 2026 09:00 UTC (2d from now). Called: red (red@example.test), wing (wing@example.test), blue (blue@example.test).',
    );
    expect(status(t)).toBe('setup');

    const red = replyReady(t, RED, 'Ready!');
    expect(red.mails.map((m) => [m.recipient, m.subject])).toEqual([[RED, '[club] Answer to READY']]);
    expect(flat(red.mails[0]!.text)).toContain(
      'You are ready for game club (Test duel). Still to answer READY: wing, blue.',
    );
    // READY twice: he is ready already, and told who is not.
    const again = post(t, RED, 'READY', { subject: '[club] ready' });
    expect(flat(again.mails[0]!.text)).toContain(
      'You are ready already: your READY came at Sat 10 Jan 2026 09:00 UTC.',
    );
    expect(welcomes(t)).toEqual([]);
    // A READY in the player's envelope, with the token of the call's envelope.
    const env = /#TALLYHO club wing "[^"]+"\nREADY\n#END/.exec(calls.find((m) => m.recipient === WING)!.text)![0];
    post(t, WING, env);
    expect(status(t)).toBe('setup');
    expect(welcomes(t)).toEqual([]);
    // The last READY: an HTML mail's text, the answer above a signature.
    const last = post(t, BLUE, 'ready\nBlue leader\n-- \nsent from my phone', {
      subject: 'Re: [club] Muster for Test duel: answer READY',
    });
    expect(status(t)).toBe('running');
    expect(flat(last.mails.find((m) => m.recipient === BLUE && m.kind === 'answer')!.text)).toContain(
      'You are ready, and so is every other player: game club (Test duel) starts now.',
    );
    expect(welcomes(t)).toEqual([BLUE, RED, WING]);
    expect(last.mails.find((m) => m.recipient === GM)!.subject).toBe(
      '[club] GM: Every player is ready: game club has started',
    );
    expect(t.store.tx((tx) => tx.club.muster('club'))).toBeUndefined();
    // READY after the start: the game is running, orders are what it waits for.
    expect(flat(post(t, RED, 'READY', { subject: '[club] ready' }).mails[0]!.text)).toContain(
      'Game club (Test duel) has started already and is at turn 1: no READY is needed',
    );
  });

  it("counts the computer's seats as ready, and ignores a READY from a stranger", () => {
    const { t } = club({ computer: true });
    const lines = openMuster(t.deps, 'club', '12h');
    expect(lines[0]).toContain(
      'Called: red (red@example.test), wing (wing@example.test). Ready without answering: computer (the stand-in pilot).',
    );
    expect(
      outbox(t)
        .filter((m) => /Muster/.test(m.subject))
        .map((m) => m.recipient)
        .sort(),
    ).toEqual([RED, WING]);
    const stranger = post(t, 'eve@example.org', 'READY', { subject: 'Re: [club] Muster for Test duel: answer READY' });
    expect(stranger.r.outcome).toBe('not-for-us');
    expect(stranger.mails).toEqual([]);
    expect(t.store.tx((tx) => tx.club.ready('club').size)).toBe(0);
    replyReady(t, RED);
    replyReady(t, WING);
    expect(status(t)).toBe('running');
    expect(welcomes(t)).toEqual([RED, WING]);
  });

  it('reminds the missing once, tells the game master once at the limit, and starts when REPLACE x COMPUTER makes everyone ready', () => {
    const { t, gm } = club();
    openMuster(t.deps, 'club', '3d');
    replyReady(t, RED);
    replyReady(t, WING);
    t.tick(DAY + HOUR);
    expect(tick(t.deps)).toEqual([]);
    t.tick(DAY);
    expect(tick(t.deps)).toEqual([{ game: 'club', turn: 1, what: 'muster-reminded', players: ['blue'] }]);
    const reminder = outbox(t).filter((m) => m.kind === 'reminder');
    expect(reminder.map((m) => [m.recipient, m.subject])).toEqual([
      [BLUE, '[club] Muster for Test duel: your READY is due'],
    ]);
    expect(flat(reminder[0]!.text)).toContain('ready so far: red, wing. Answer READY by: Tue 13 Jan 2026 09:00 UTC');
    t.tick(HOUR);
    expect(tick(t.deps)).toEqual([]);
    t.tick(DAY);
    expect(tick(t.deps)).toEqual([{ game: 'club', turn: 1, what: 'muster-limit', players: ['blue'] }]);
    t.tick(HOUR);
    expect(tick(t.deps)).toEqual([]);
    const alerts = outbox(t).filter((m) => m.recipient === GM && /not ready/.test(m.subject));
    expect(alerts.map((m) => m.subject)).toEqual(['[club] GM: Muster: blue is not ready']);
    const alert = flat(alerts[0]!.text);
    expect(alert).toContain('- blue (blue@example.test), flying B1');
    expect(alert).toContain(
      'Ready: - red (red@example.test), READY at 2026-01-10 09:00 UTC - wing (wing@example.test)',
    );
    for (const c of [
      'REPLACE blue <new-player-id> <address>',
      'REPLACE blue COMPUTER',
      'START',
      'MUSTER 2d',
      'tallyho game computer club blue',
    ])
      expect(alert).toContain(c);
    expect(status(t)).toBe('setup');

    const replaced = gmMail(t, gm, 'REPLACE blue COMPUTER');
    expect(flat(replaced.mails.find((m) => m.recipient === GM)!.text)).toContain(
      'Every player is ready: game club has started, 2 welcome mails queued.',
    );
    expect(status(t)).toBe('running');
    expect(welcomes(t)).toEqual([RED, WING]);
    expect(replaced.mails.find((m) => m.recipient === BLUE)!.subject).toBe('[club] The computer flies your planes');
  });

  it("the reminder goes to the hooks of the players still to answer, and who they are to the game's", () => {
    const { t } = club();
    const hook = (playerId: string | null) =>
      t.store.tx((tx) =>
        tx.club.addHook(
          { gameId: 'club', playerId, format: 'json', url: `https://club.example.org/${playerId ?? 'room'}` },
          t.now(),
        ),
      );
    hook('red');
    hook('blue');
    hook(null);
    openMuster(t.deps, 'club', '3d');
    replyReady(t, RED);
    replyReady(t, WING);
    t.tick(2 * DAY + HOUR);
    expect(tick(t.deps).map((e) => e.what)).toEqual(['muster-reminded']);
    const told = t.store.tx((tx) => tx.club.deliveries()).map((d) => d.message);
    expect(told.map((m) => [m.player, m.event, m.title])).toEqual([
      [null, 'reminder', '[club] Muster: READY still due'],
      ['blue', 'reminder', '[club] Muster: your READY is due'],
    ]);
    expect(told[1]!.text).toMatch(
      /^Game club \(Test duel\) starts when every player has answered READY, and yours is not in yet\. Answer by Tue 13 Jan 2026 09:00 UTC \(23 hours from now\); the reminder mail has it ready to send\.$/,
    );
    expect(told[0]!.text).toBe(
      'Still to answer READY for game club: blue. The muster ends Tue 13 Jan 2026 09:00 UTC (23 hours from now).',
    );
    expect(told.every((m) => m.deadline === told[0]!.deadline && m.deadline !== null)).toBe(true);
  });

  it('takes "Ready - count me in!" with words after it, and tells a player whose mail is no READY how to write it', () => {
    const { t } = club();
    openMuster(t.deps, 'club', '3d');
    const red = replyReady(t, RED, 'Ready - count me in!\nAnn');
    expect(red.mails.map((m) => m.subject)).toEqual([expect.stringMatching(/^\[club\] Answer to READY/)]);
    expect(t.store.tx((tx) => [...tx.club.ready('club').keys()])).toEqual(['red']);
    const { mails } = replyReady(t, BLUE, 'Hello, what do I do now?');
    expect(mails.map((m) => m.subject)).toEqual(['[club] No READY found in your mail']);
    expect(flat(mails[0]!.text)).toContain(
      "Game club is mustering: to answer, reply to the muster's mail with READY alone on the first line",
    );
    expect(mails[0]!.text).not.toMatch(/edit its plots/);
    expect(t.store.tx((tx) => [...tx.club.ready('club').keys()])).toEqual(['red']);
  });

  it('a "Ready, ..." line from a player of no mustering game is no command', () => {
    const t = testReferee();
    const s = startedDuel(t);
    const { mails } = post(t, 'red@example.test', 'Ready, steady, go.\nAnn');
    expect(mails.map((m) => m.subject)).toEqual(['[duel] No orders found in your mail']);
    expect(s.red).toBeTruthy();
  });

  it("starts anyway on START, closing the muster, with every player's welcome", () => {
    const { t, gm } = club();
    openMuster(t.deps, 'club');
    replyReady(t, RED);
    const started = gmMail(t, gm, 'START');
    expect(flat(started.mails.find((m) => m.recipient === GM)!.text)).toContain(
      'The muster is closed without the READY of wing, blue',
    );
    expect(status(t)).toBe('running');
    expect(welcomes(t)).toEqual([BLUE, RED, WING]);
    expect(t.store.tx((tx) => tx.club.musters())).toEqual([]);
    t.tick(4 * DAY);
    tick(t.deps);
    expect(outbox(t).filter((m) => /not ready/.test(m.subject))).toEqual([]);
  });

  it('gives more time on MUSTER again: the missing called again, the game master told again at the new limit', () => {
    const { t, gm } = club();
    openMuster(t.deps, 'club', '1d');
    replyReady(t, RED);
    t.tick(DAY);
    tick(t.deps);
    expect(outbox(t).filter((m) => /not ready/.test(m.subject))).toHaveLength(1);
    const more = gmMail(t, gm, 'MUSTER 2d');
    expect(flat(more.mails.find((m) => m.recipient === GM)!.text)).toContain(
      'The muster of game club runs until Tue 13 Jan 2026 09:00 UTC (2d from now) now. Called again: wing (wing@example.test), blue (blue@example.test). Ready: red.',
    );
    expect(
      more.mails
        .filter((m) => /more time to answer READY/.test(m.subject))
        .map((m) => m.recipient)
        .sort(),
    ).toEqual([BLUE, WING]);
    const status1 = flat(post(t, WING, 'STATUS', { subject: '[club] status' }).mails[0]!.text);
    expect(status1).toContain(
      'The game master has called the muster: turn 1 opens when every player has answered READY, by Tue 13 Jan 2026 09:00 UTC, that is Tue 13 Jan 2026 04:00 America/New_York (UTC-05:00) for you. Ready: red. Still to answer: wing, blue. Your READY is not in yet: send READY.',
    );
    t.tick(DAY);
    expect(tick(t.deps).map((e) => e.what)).toEqual(['muster-reminded']);
    t.tick(DAY);
    expect(tick(t.deps).map((e) => e.what)).toEqual(['muster-limit']);
    expect(
      outbox(t)
        .filter((m) => /not ready/.test(m.subject))
        .map((m) => m.subject),
    ).toEqual(['[club] GM: Muster: 2 players are not ready', '[club] GM: Muster: 2 players are not ready']);
    // A READY after the limit still counts; the last one starts the game.
    replyReady(t, WING);
    replyReady(t, BLUE);
    expect(status(t)).toBe('running');
  });

  it('counts a newcomer named by REPLACE as ready and tells him so', () => {
    const { t, gm } = club();
    openMuster(t.deps, 'club');
    const r = gmMail(t, gm, 'REPLACE blue ace ace@example.test');
    expect(flat(r.mails.find((m) => m.recipient === GM)!.text)).toContain(
      'ace counts as ready in the muster. Still to answer READY: red, wing.',
    );
    expect(flat(r.mails.find((m) => m.recipient === 'ace@example.test')!.text)).toContain(
      'you are ace, flying B1 (Test Fighter, Blue). Your secret comes from the game master.',
    );
    expect(gameStatus(t.deps, 'club').muster).toMatchObject({
      ready: [{ id: 'ace', at: t.now() }],
      missing: ['red', 'wing'],
    });
    replyReady(t, RED);
    replyReady(t, WING);
    expect(welcomes(t)).toEqual(['ace@example.test', RED, WING]);
  });

  it('refuses a muster that cannot be held, and answers READY where there is none', () => {
    const { t } = club();
    expect(flat(post(t, RED, 'READY', { subject: '[club] ready' }).mails[0]!.text)).toContain(
      'Game club (Test duel) does not hold a muster',
    );
    expect(() => openMuster(t.deps, 'club', '30m')).toThrow('a muster lasts from 1h to 30d');
    expect(() => openMuster(t.deps, 'club', '31d')).toThrow('a muster lasts from 1h to 30d');
    expect(() => openMuster(t.deps, 'club', '24')).toThrow('has no unit');
    openMuster(t.deps, 'club', '48h');
    gmMail(t, setGm(t.deps, 'club', { newSecret: true }).secret as string, 'START');
    expect(() => openMuster(t.deps, 'club')).toThrow(
      "game 'club' has started already (it is at turn 1): a muster is held before turn 1 only",
    );
    const free = testReferee();
    const cards = testCards();
    const duel = parseScenario(DUEL, 'duel', cards);
    if (!duel.ok) throw new Error('bad scenario');
    createGame(free.deps, { id: 'club', scenario: duel.value, catalog: cards });
    addPlayer(free.deps, { gameId: 'club', playerId: 'red', email: RED, planes: ['R1'] });
    expect(() => openMuster(free.deps, 'club')).toThrow(
      'every plane needs a player before the game starts; nobody flies B1',
    );
  });

  it('carries READY out beside orders the game cannot take yet', () => {
    const { t } = club();
    openMuster(t.deps, 'club');
    const call = outbox(t).find((m) => m.recipient === RED && /Muster/.test(m.subject))!;
    const token = /#TALLYHO club red "([^"]+)"/.exec(call.text)![1]!;
    const r = post(t, RED, envelope('club', 'red', token, 'R1: 1 1 1 1 1\nREADY'));
    expect(r.mails.map((m) => m.subject)).toEqual(['[club] The game has not started', '[club] Answer to READY']);
    expect(t.store.tx((tx) => [...tx.club.ready('club').keys()])).toEqual(['red']);
  });
});
