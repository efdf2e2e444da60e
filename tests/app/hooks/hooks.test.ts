/**
 * Notifications beside the mail (docs/notifications.md): NOTIFY and SET NOTIFY by mail, the
 * addresses taken and refused (each format's request: formats.test.ts), the events
 * queued with the mail (a welcome, a turn open with its deadline, a reminder, a report out, the
 * end), nothing secret in any of them, and a hook given up told to its owner once.
 */
import { describe, expect, it } from 'vitest';
import { checkHookAddress, maskedAddress, readHookAddress } from '../../../src/app/hooks/address.ts';
import { isIpAddress, ownLoopback, specialAddress } from '../../../src/app/hooks/ip.ts';
import { hookGivenUp } from '../../../src/app/hooks/commands.ts';
import {
  extendTurn,
  pauseGame,
  processTurn,
  resumeGame,
  setSetting,
  terminateGame,
} from '../../../src/app/gm/control.ts';
import { rollbackTurn } from '../../../src/app/gm/rollback.ts';
import { setGm } from '../../../src/app/setup/roster.ts';
import { addPlayer, createGame, gameStatus, startGame } from '../../../src/app/setup/games.ts';
import { statusText } from '../../../src/shell/cli/game.ts';
import { parseScenario } from '../../../src/core/scenario.ts';
import { tick } from '../../../src/app/turn/tick.ts';
import { DUEL, envelope, outbox, send, testCards, testReferee, type TestReferee } from '../../support/app.ts';
import { flat } from '../../support/text.ts';

const RED = 'red@example.test';
const BLUE = 'blue@example.test';
const GM = 'gm@example.test';
const HOUR = 3_600_000;

describe('hook addresses', () => {
  it('takes https and http to this machine, and tells the format from the address or the word before it', () => {
    expect(checkHookAddress('https://discord.com/api/webhooks/1/abc')).toMatchObject({ ok: true, format: 'discord' });
    expect(checkHookAddress('https://discordapp.com/api/webhooks/1/abc')).toMatchObject({
      ok: true,
      format: 'discord',
    });
    expect(checkHookAddress('https://hooks.slack.com/services/T/B/x')).toMatchObject({ ok: true, format: 'slack' });
    expect(
      checkHookAddress(
        'https://m.example.org/_matrix/client/v3/rooms/!r:m.example.org/send/m.room.message?access_token=t',
      ),
    ).toMatchObject({ ok: true, format: 'matrix-api' });
    expect(checkHookAddress('https://ntfy.sh/club-duel')).toMatchObject({ ok: true, format: 'ntfy' });
    expect(checkHookAddress('https://club.example.org/tallyho')).toMatchObject({ ok: true, format: 'json' });
    expect(checkHookAddress('http://127.0.0.1:8080/x')).toMatchObject({ ok: true, format: 'json' });
    // [::ffff:127.0.0.1] is 127.0.0.1, the loopback test receiver, and nothing more.
    expect(checkHookAddress('http://[::ffff:127.0.0.1]:8080/x')).toMatchObject({ ok: true, format: 'json' });
    expect(checkHookAddress('http://[::1]:8080/x')).toMatchObject({ ok: true, format: 'json' });
    expect(checkHookAddress('https://8.8.8.8/x')).toMatchObject({ ok: true });
    expect(checkHookAddress('https://[2606:4700::1111]/x')).toMatchObject({ ok: true });
    expect(readHookAddress(['ntfy', 'https://push.example.org/duel'])).toMatchObject({ ok: true, format: 'ntfy' });
    expect(readHookAddress(['MATRIX', 'https://hookshot.example.org/webhook/abc'])).toMatchObject({
      ok: true,
      format: 'matrix',
    });
    // An HTML mail read as text gives a link twice: "url <url>".
    expect(readHookAddress(['https://ntfy.sh/a', '<https://ntfy.sh/a>'])).toMatchObject({
      ok: true,
      url: 'https://ntfy.sh/a',
    });
  });

  it('reads every special-purpose range of the IANA registries as not to be called, and the internet as callable', () => {
    const special = [
      '0.1.2.3',
      '10.0.0.1',
      '100.64.0.1',
      '100.127.255.255',
      '127.0.0.1',
      '127.255.0.9',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.0.0.8',
      '192.0.2.1',
      '192.88.99.1',
      '192.168.1.1',
      '198.18.0.1',
      '198.19.255.255',
      '198.51.100.7',
      '203.0.113.9',
      '224.0.0.1',
      '239.255.255.250',
      '240.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '[::ffff:10.0.0.1]',
      '::ffff:a9fe:a9fe',
      '::127.0.0.1',
      '64:ff9b::a00:1',
      '64:ff9b::808:808',
      '64:ff9b:1::1',
      '100::1',
      '2001::1',
      '2001:2::1',
      '2001:db8::1',
      '2002:a00:1::1',
      '3fff::1',
      '5f00::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1%eth0',
      'fec0::1',
      'ff02::1',
      '[fd00::1]',
    ];
    for (const ip of special) expect([ip, specialAddress(ip)]).toEqual([ip, true]);
    const callable = [
      '8.8.8.8',
      '1.1.1.1',
      '100.63.255.255',
      '100.128.0.1',
      '172.15.255.255',
      '172.32.0.1',
      '192.0.1.1',
      '192.169.0.1',
      '198.17.255.255',
      '198.20.0.1',
      '223.255.255.255',
      '::ffff:8.8.8.8',
      '2606:4700::1111',
      '2a00:1450:4001::200e',
      '[2001:4860:4860::8888]',
      '2003::1',
    ];
    for (const ip of callable) expect([ip, specialAddress(ip)]).toEqual([ip, false]);
    for (const notIp of ['example.org', '1.2.3', '256.1.1.1', '1::2::3', 'fe80::g', '']) {
      expect([notIp, isIpAddress(notIp), specialAddress(notIp)]).toEqual([notIp, false, false]);
    }
    expect(['127.0.0.1', '::1', '[::1]', '::ffff:127.0.0.1'].every(ownLoopback)).toBe(true);
    expect(['127.0.0.2', '::2', '10.0.0.1', 'localhost'].some(ownLoopback)).toBe(false);
  });

  it('refuses every other address with a reason', () => {
    const refused = (words: string[]) => {
      const r = readHookAddress(words);
      expect(r.ok).toBe(false);
      return r.ok ? '' : r.error;
    };
    expect(refused(['http://club.example.org/x'])).toMatch(/only https/);
    expect(refused(['ftp://club.example.org/x'])).toMatch(/only https/);
    expect(refused(['https://user:pw@club.example.org/x'])).toMatch(/password/);
    expect(refused(['https://10.1.2.3/x'])).toMatch(/private network/);
    expect(refused(['https://192.168.0.5/x'])).toMatch(/private network/);
    expect(refused(['https://127.0.0.1/x'])).toMatch(/private network/);
    expect(refused(['https://printer.local/x'])).toMatch(/private network/);
    // Every special-purpose range (app/hooks/ip.ts), an IPv4-mapped address as its IPv4 one.
    for (const host of [
      '127.0.0.2',
      '169.254.169.254',
      '10.0.0.1',
      '224.0.0.1',
      '100.64.0.1',
      '198.18.0.1',
      '240.0.0.1',
      '0.0.0.0',
      '[64:ff9b::a00:1]',
      '[fd00::1]',
      '[fe80::1]',
      '[::1]',
      '[::]',
      '[ff02::1]',
      '[2001:db8::1]',
      '[::ffff:127.0.0.1]',
      '[::ffff:10.0.0.1]',
    ]) {
      expect(refused([`https://${host}/x`])).toMatch(/private network/);
    }
    expect(refused(['http://127.0.0.2/x'])).toMatch(/only https/);
    expect(refused(['http://[::ffff:10.0.0.1]/x'])).toMatch(/only https/);
    expect(refused(['not-an-address'])).toMatch(/not a web address/);
    expect(refused([`https://e.example/${'a'.repeat(600)}`])).toMatch(/most taken is 500/);
    expect(refused(['https://m.example.org/_matrix/client/v3/rooms/!r:x/send/m.room.message'])).toMatch(/access token/);
    expect(refused(['https://ntfy.sh/'])).toMatch(/topic/);
    expect(refused(['telegram', 'https://e.example/x'])).toMatch(/not a format/);
    expect(refused(['https://a.example/x', 'https://b.example/y'])).toMatch(/one address/);
  });

  it('is shown masked: the secret part of the path left out', () => {
    expect(maskedAddress('https://discord.com/api/webhooks/123/SECRET')).toBe('https://discord.com/api/...');
    expect(maskedAddress('https://ntfy.sh/club-secret-topic')).toBe('https://ntfy.sh/...');
    expect(maskedAddress('https://m.example.org/_matrix/client/v3/rooms/!r:x/send/m.room.message?access_token=t')).toBe(
      'https://m.example.org/_matrix/...',
    );
  });
});

/** The duel in setup with a GM, deadlines every day at 20:00 and red and blue added; their secrets and the GM's. */
function duel(t: TestReferee) {
  const cards = testCards();
  const r = parseScenario(DUEL, 'duel', cards);
  if (!r.ok) throw new Error('scenario');
  createGame(t.deps, { id: 'duel', scenario: r.value, catalog: cards });
  const red = addPlayer(t.deps, { gameId: 'duel', playerId: 'red', email: RED, planes: ['R1'] }).secret;
  const blue = addPlayer(t.deps, { gameId: 'duel', playerId: 'blue', email: BLUE, planes: ['B1'] }).secret;
  const gm = setGm(t.deps, 'duel', { email: GM, newSecret: true }).secret as string;
  setSetting(t.deps, 'duel', 'deadline', 'every day at 20:00');
  setSetting(t.deps, 'duel', 'remind', '6h');
  return { red, blue, gm };
}

const messages = (t: TestReferee) =>
  t.store.tx((tx) => tx.club.deliveries()).map((d) => ({ hook: d.hookId, ...d.message }));
const lastAnswer = (t: TestReferee, to: string) =>
  flat(
    outbox(t)
      .filter((m) => m.recipient === to)
      .at(-1)!.text,
  );

describe('NOTIFY and SET NOTIFY in a game', () => {
  it("queues each event for the player's and the game's hooks, with nothing secret in them", () => {
    const t = testReferee();
    t.deps.referee.publicUrl = 'https://tallyho.example';
    const s = duel(t);
    send(t, RED, envelope('duel', 'red', s.red, 'NOTIFY https://ntfy.sh/red-duel'));
    expect(lastAnswer(t, RED)).toMatch(
      /now go to an ntfy topic at https:\/\/ntfy\.sh\/\.\.\..*test message is on its way/s,
    );
    send(t, GM, envelope('duel', 'gm', s.gm, 'SET NOTIFY discord https://discord.com/api/webhooks/9/club'));
    expect(lastAnswer(t, GM)).toMatch(/The game's notifications for game duel now go to a Discord webhook/);
    expect(messages(t).map((m) => [m.player, m.event])).toEqual([
      ['red', 'test'],
      [null, 'test'],
    ]);
    startGame(t.deps, 'duel');
    expect(
      messages(t)
        .slice(2)
        .map((m) => [m.player, m.event]),
    ).toEqual([
      [null, 'turn'],
      ['red', 'welcome'],
    ]);
    const welcome = messages(t)[3]!;
    expect(welcome.text).toMatch(/You play red in game duel; turn 1 is open\. Orders are due .*20:00.* from now\)/);
    expect(welcome.deadline).not.toBeNull();
    // The reminder, 6 hours before the deadline: red's hook (red is missing) and the game's, naming who is missing.
    send(t, BLUE, envelope('duel', 'blue', s.blue, 'B1: 1 1 1 1 1'));
    const deadline = welcome.deadline as number;
    tick(t.deps, deadline - 5 * HOUR);
    const reminders = messages(t).filter((m) => m.event === 'reminder');
    expect(reminders.map((m) => m.player)).toEqual([null, 'red']);
    expect(reminders[0]!.text).toMatch(/Still to send orders for turn 1: red\./);
    expect(reminders[1]!.title).toBe('[duel] Reminder: 5 hours left for turn 1');
    // Red's orders in: the turn is resolved; the report out and turn 2 open, to both hooks.
    send(t, RED, envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1'));
    const after = messages(t).filter(
      (m) => m.turn !== null && ['report', 'turn'].includes(m.event) && (m.event === 'report' || m.turn === 2),
    );
    expect(after.map((m) => [m.player, m.event, m.turn])).toEqual([
      [null, 'report', 1],
      [null, 'turn', 2],
      ['red', 'report', 1],
      ['red', 'turn', 2],
    ]);
    expect(after[0]!.url).toBe('https://tallyho.example/games/duel/turns/1');
    // The game master moves the deadline: every hook is told.
    extendTurn(t.deps, 'duel', '1d');
    pauseGame(t.deps, 'duel', 'holidays');
    t.tick(2 * HOUR);
    resumeGame(t.deps, 'duel');
    const moved = messages(t).filter((m) => m.event === 'deadline');
    expect(moved.map((m) => [m.player, m.title])).toEqual([
      [null, '[duel] Turn 2: extended by 1d'],
      ['red', '[duel] Turn 2: extended by 1d'],
      [null, '[duel] Turn 2: the game is paused'],
      ['red', '[duel] Turn 2: the game is paused'],
      [null, '[duel] Turn 2: the game goes on'],
      ['red', '[duel] Turn 2: the game goes on'],
    ]);
    expect(moved[2]).toMatchObject({
      deadline: null,
      text: 'Game duel, turn 2: the game is paused. No deadline runs while the game is paused; orders are still taken.',
    });
    expect(moved[4]!.deadline).toBe(moved[0]!.deadline! + 2 * HOUR);
    // The game master rolls turn 1 back: it is open again, and every hook is told.
    rollbackTurn(t.deps, 'duel');
    const again = messages(t).filter((m) => m.title === '[duel] Turn 1 is open again');
    expect(again.map((m) => [m.player, m.event, m.turn])).toEqual([
      [null, 'turn', 1],
      ['red', 'turn', 1],
    ]);
    // Resolved again: the report out is the RERUN.
    send(t, RED, envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1'));
    processTurn(t.deps, 'duel');
    const rerun = messages(t)
      .filter((m) => m.event === 'report')
      .at(-1)!;
    expect(rerun).toMatchObject({
      player: 'red',
      turn: 1,
      title: '[duel] The report of turn 1 is out (RERUN)',
      text: 'The report of turn 1 of game duel is in your mail (RERUN: it replaces the first report of that turn).',
    });
    expect(again[1]!.text).toMatch(
      /^The game master rolled turn 1 of game duel back: it will be resolved again, and its first report no longer counts\. Orders are due .+ The mail that says so tells whether your orders for it still stand\.$/,
    );
    // Nothing secret: no secret, turn token, envelope or plot, no map.
    const all = JSON.stringify(messages(t));
    for (const secret of [
      s.red,
      s.blue,
      s.gm,
      t.deps.keys.turnToken('duel', 'red', 2),
      '#TALLYHO',
      'R1: 1 1 1 1 1',
      'B1: 1 1 1 1 1',
      'ntfy.sh/red-duel',
      'webhooks/9',
    ])
      expect(all).not.toContain(secret);
  });

  it('a turn rolled back in a game without deadlines is said to wait for the game master, not for the orders', () => {
    const t = testReferee();
    const s = duel(t);
    setSetting(t.deps, 'duel', 'deadline', 'none');
    startGame(t.deps, 'duel');
    send(t, GM, envelope('duel', 'gm', s.gm, 'SET NOTIFY https://club.example.org/room'));
    send(t, RED, envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1'));
    send(t, BLUE, envelope('duel', 'blue', s.blue, 'B1: 1 1 1 1 1'));
    expect(
      messages(t)
        .filter((m) => m.event === 'turn')
        .map((m) => m.text),
    ).toEqual([
      expect.stringMatching(
        /Turn 2 of game duel is open\. This game has no deadlines: the turn is resolved when every player's orders are in\./,
      ),
    ]);
    rollbackTurn(t.deps, 'duel');
    expect(messages(t).at(-1)).toMatchObject({
      title: '[duel] Turn 1 is open again',
      deadline: null,
      text: expect.stringMatching(
        /no longer counts\. No deadline runs: it is resolved when the game master says so\.$/,
      ),
    });
  });

  it("a new schedule that moves the deadline, and the game master's end of the game, are told to every hook", () => {
    const t = testReferee();
    const s = duel(t);
    startGame(t.deps, 'duel');
    send(t, RED, envelope('duel', 'red', s.red, 'NOTIFY https://club.example.org/red'));
    send(t, GM, envelope('duel', 'gm', s.gm, 'SET NOTIFY https://club.example.org/room'));
    const mark = messages(t).length;
    setSetting(t.deps, 'duel', 'remind', '3h');
    expect(messages(t).length).toBe(mark);
    setSetting(t.deps, 'duel', 'deadline', 'every day at 22:00');
    const moved = messages(t).slice(mark);
    expect(moved.map((m) => [m.player, m.event, m.title])).toEqual([
      [null, 'deadline', '[duel] Turn 1: the deadline moved'],
      ['red', 'deadline', '[duel] Turn 1: the deadline moved'],
    ]);
    expect(moved[1]!.text).toMatch(/^Game duel, turn 1: the deadline moved\. Orders are due .*22:00/);
    setSetting(t.deps, 'duel', 'deadline', 'none');
    expect(messages(t).at(-1)).toMatchObject({
      event: 'deadline',
      title: '[duel] Turn 1: no deadline any more',
      deadline: null,
    });
    terminateGame(t.deps, 'duel', 'the club disbands');
    const over = messages(t).filter((m) => m.event === 'over');
    expect(over.map((m) => m.player)).toEqual([null, 'red']);
    expect(over[1]).toMatchObject({
      title: '[duel] The game is over',
      turn: 1,
      text: 'The game master ended game duel (Test duel) at turn 1: the club disbands. No more orders are taken.',
    });
  });

  it('never quotes the address back in full: not in the acknowledgement, the answer or the orders kept', () => {
    const t = testReferee();
    const s = duel(t);
    startGame(t.deps, 'duel');
    const secret = 'https://discord.com/api/webhooks/77/very-secret-token';
    // Orders and two commands in one envelope: the answer names each command.
    send(t, RED, envelope('duel', 'red', s.red, `R1: 1 1 1 1 1\nNOTIFY discord ${secret}\nCALENDAR`));
    const mine = outbox(t).filter((m) => m.recipient === RED);
    expect(mine.map((m) => m.subject)).toEqual(
      expect.arrayContaining(['[duel] Turn 1 orders accepted', '[duel] Answer to NOTIFY, CALENDAR']),
    );
    for (const m of mine) expect(`${m.text}${m.html}`).not.toContain('very-secret-token');
    expect(flat(mine.find((m) => /Answer to/.test(m.subject))!.text)).toContain(
      'NOTIFY discord https://discord.com/api/...: Your notifications',
    );
    expect(
      t.store.tx((tx) => [...tx.orders.latestAccepted('duel', 1).values()].map((o) => o.canonical).join('\n')),
    ).not.toContain('very-secret-token');
    expect(t.store.tx((tx) => tx.club.activeHook('duel', 'red'))?.url).toBe(secret);
    // The game master's SET NOTIFY, beside another command, likewise.
    send(t, GM, envelope('duel', 'gm', s.gm, 'SET NOTIFY https://ntfy.sh/club-room-topic\nSTATUS'));
    const gm = outbox(t)
      .filter((m) => m.recipient === GM)
      .at(-1)!;
    expect(flat(gm.text)).toContain("SET NOTIFY https://ntfy.sh/...: The game's notifications");
    expect(`${gm.text}${gm.html}`).not.toContain('club-room-topic');
  });

  it('shows, tests, replaces and turns off a hook, and refuses a bad address with the reason', () => {
    const t = testReferee();
    const s = duel(t);
    send(t, RED, envelope('duel', 'red', s.red, 'NOTIFY'));
    expect(lastAnswer(t, RED)).toMatch(/No notifications are set for you in game duel\. NOTIFY <address> sets one/);
    send(t, RED, envelope('duel', 'red', s.red, 'NOTIFY TEST'));
    expect(lastAnswer(t, RED)).toMatch(/no notification address is set for you/);
    send(t, RED, envelope('duel', 'red', s.red, 'NOTIFY http://hooks.example.org/x'));
    expect(lastAnswer(t, RED)).toMatch(/only https addresses are called/);
    expect(t.store.tx((tx) => tx.club.hooks('duel'))).toEqual([]);
    send(t, RED, envelope('duel', 'red', s.red, 'NOTIFY https://club.example.org/a'));
    send(t, RED, envelope('duel', 'red', s.red, 'NOTIFY https://club.example.org/b'));
    expect(lastAnswer(t, RED)).toMatch(/in place of a plain JSON POST at https:\/\/club\.example\.org\/\.\.\./);
    // The first hook's test, not sent yet, is dropped with it.
    expect(t.store.tx((tx) => tx.club.deliveries()).map((d) => d.status)).toEqual(['dead', 'pending']);
    send(t, RED, envelope('duel', 'red', s.red, 'NOTIFY'));
    expect(lastAnswer(t, RED)).toMatch(
      /go to a plain JSON POST at https:\/\/club\.example\.org\/\.\.\., set .*: 0 delivered, 1 waiting/,
    );
    send(t, RED, envelope('duel', 'red', s.red, 'NOTIFY OFF'));
    expect(lastAnswer(t, RED)).toMatch(/are off: nothing more goes to/);
    startGame(t.deps, 'duel');
    expect(messages(t).filter((m) => m.event === 'welcome')).toEqual([]);
    // Blue's NOTIFY does not touch red's hooks, and a bare NOTIFY (no envelope) changes nothing.
    send(t, BLUE, 'NOTIFY https://club.example.org/blue');
    expect(t.store.tx((tx) => tx.club.activeHooks('duel'))).toEqual([]);
  });

  it('sends five test messages an hour at most for one owner, new addresses counted, and says when the next may go', () => {
    const t = testReferee();
    const s = duel(t);
    send(t, RED, envelope('duel', 'red', s.red, 'NOTIFY https://club.example.org/a'));
    send(t, RED, envelope('duel', 'red', s.red, 'NOTIFY https://club.example.org/b'));
    t.tick(10 * 60_000);
    for (let i = 0; i < 3; i++) send(t, RED, envelope('duel', 'red', s.red, 'NOTIFY TEST'));
    const tests = () => t.store.tx((tx) => tx.club.deliveries()).filter((d) => d.event === 'test').length;
    expect(tests()).toBe(5);
    send(t, RED, envelope('duel', 'red', s.red, 'NOTIFY TEST'));
    expect(flat(lastAnswer(t, RED))).toMatch(
      /NOTIFY TEST: nothing changed: 5 test messages went out for you in game duel in the last hour \(each new address sends one, as NOTIFY TEST does\), the most an hour takes; the next may go from \w{3} \d+ \w{3} \d{4} \d\d:\d\d UTC/,
    );
    send(t, RED, envelope('duel', 'red', s.red, 'NOTIFY https://club.example.org/c'));
    expect(flat(lastAnswer(t, RED))).toMatch(/5 test messages went out for you/);
    expect(tests()).toBe(5);
    expect(t.store.tx((tx) => tx.club.activeHook('duel', 'red'))?.url).toBe('https://club.example.org/b');
    // The game's own hook and blue's are counted apart.
    send(t, GM, envelope('duel', 'gm', s.gm, 'SET NOTIFY https://club.example.org/room'));
    send(t, BLUE, envelope('duel', 'blue', s.blue, 'NOTIFY https://club.example.org/blue'));
    expect(tests()).toBe(7);
    // An hour after the first two, two more may go.
    t.tick(51 * 60_000);
    send(t, RED, envelope('duel', 'red', s.red, 'NOTIFY TEST'));
    send(t, RED, envelope('duel', 'red', s.red, 'NOTIFY https://club.example.org/c'));
    expect(t.store.tx((tx) => tx.club.activeHook('duel', 'red'))?.url).toBe('https://club.example.org/c');
    send(t, RED, envelope('duel', 'red', s.red, 'NOTIFY TEST'));
    expect(flat(lastAnswer(t, RED))).toMatch(/5 test messages went out for you/);
    expect(tests()).toBe(9);
  });

  it('a player replaced loses his notifications with his seat; the newcomer hears nothing of his', () => {
    const t = testReferee();
    const s = duel(t);
    startGame(t.deps, 'duel');
    send(t, BLUE, envelope('duel', 'blue', s.blue, 'NOTIFY https://club.example.org/blue'));
    send(t, GM, envelope('duel', 'gm', s.gm, 'REPLACE blue cyan cyan@example.test'));
    expect(t.store.tx((tx) => tx.club.activeHooks('duel'))).toEqual([]);
    expect(t.store.tx((tx) => tx.club.hooks('duel')).map((h) => h.status)).toEqual(['off']);
    // The old hook's test, not sent yet, is dropped with it.
    expect(t.store.tx((tx) => tx.club.deliveries()).map((d) => d.status)).toEqual(['dead']);
    const told = outbox(t)
      .filter((m) => m.recipient === BLUE)
      .at(-1)!;
    expect(told.subject).toBe('[duel] You were replaced');
    expect(flat(told.text)).toContain(
      'Orders from you are no longer taken in this game, and your notifications for it are off.',
    );
  });

  it('a hook given up is ended and its owner told once', () => {
    const t = testReferee();
    const s = duel(t);
    send(t, RED, envelope('duel', 'red', s.red, 'NOTIFY https://club.example.org/a'));
    send(t, GM, envelope('duel', 'gm', s.gm, 'SET NOTIFY https://club.example.org/room'));
    const [room, own] = t.store.tx((tx) => tx.club.activeHooks('duel'));
    const before = outbox(t).length;
    expect(t.store.tx((tx) => hookGivenUp(t.deps, tx, own!.id, 'the address answered 404 Not Found'))).toBe(true);
    expect(t.store.tx((tx) => hookGivenUp(t.deps, tx, own!.id, 'the address answered 404 Not Found'))).toBe(false);
    expect(t.store.tx((tx) => hookGivenUp(t.deps, tx, room!.id, 'it failed 10 times'))).toBe(true);
    const told = outbox(t).slice(before);
    expect(told.map((m) => [m.recipient, m.subject])).toEqual([
      [RED, '[duel] Your notification address was given up'],
      [GM, "[duel] GM: The game's notification address was given up"],
    ]);
    expect(flat(told[0]!.text)).toMatch(
      /gave up calling a plain JSON POST at https:\/\/club\.example\.org\/\.\.\. for game duel: the address answered 404 Not Found/,
    );
    expect(flat(told[0]!.text)).toContain(
      'Once the address works again, set it again (or a new one) with NOTIFY <address>: a test message goes to it at once.',
    );
    send(t, RED, envelope('duel', 'red', s.red, 'NOTIFY'));
    expect(lastAnswer(t, RED)).toMatch(/The last address, .* was given up: the address answered 404 Not Found/);
    // The game master's status: the hooks masked, given up with the reason; the deliveries counted.
    const text = statusText(gameStatus(t.deps, 'duel'));
    expect(text).toContain('Notifications (docs/notifications.md): 0 delivered, 0 waiting, 2 not delivered');
    expect(text).toContain(
      'red          json       https://club.example.org/... given up: the address answered 404 Not Found',
    );
    expect(text).toContain('(the game)   json       https://club.example.org/... given up: it failed 10 times');
    // And the game master's STATUS by mail.
    send(t, GM, envelope('duel', 'gm', s.gm, 'STATUS'));
    const status = outbox(t)
      .filter((m) => m.recipient === GM)
      .at(-1)!.text;
    expect(status).toContain('NOTIFICATIONS');
    expect(flat(status)).toContain(
      'red json https://club.example.org/... given up: the address answered 404 Not Found',
    );
    expect(status.split('\n').every((l) => l.length <= 78)).toBe(true);
  });
});
