/**
 * Replies that are true and mail as players really write it (docs/players.md): the acknowledgement
 * says a report follows only when the turn is resolved now; a refused envelope changes nothing;
 * templates carry the standing orders; two envelopes in one mail; lines for planes out of the
 * fight; commands without an envelope.
 */
import { describe, expect, it } from 'vitest';
import { pauseGame } from '../../../src/app/gm/control.ts';
import { addPlayer, createGame, startGame } from '../../../src/app/setup/games.ts';
import { rollbackTurn } from '../../../src/app/gm/rollback.ts';
import { ordersTemplate } from '../../../src/app/views/template.ts';
import { parseScenario } from '../../../src/core/scenario.ts';
import { parseOrders } from '../../../src/orders/index.ts';
import {
  DUEL,
  envelope,
  realDuel,
  startedDuel,
  testCards,
  outbox,
  post,
  testReferee,
  type TestReferee,
} from '../../support/app.ts';
import { flat } from '../../support/text.ts';

const RED = 'red@example.test';
const BLUE = 'blue@example.test';

const game = (t: TestReferee, id = 'duel') => t.store.tx((tx) => tx.games.get(id)!);
const accepted = (t: TestReferee, player: string, turn = 1) =>
  t.store.tx((tx) => tx.orders.latestAccepted('duel', turn).get(player));

const send = (t: TestReferee, from: string, player: string, secret: string, body: string) =>
  post(t, from, envelope('duel', player, secret, body));
const DAY = 86_400_000;

describe('acknowledgements that are true', () => {
  it('says the report follows only when the turn is resolved now', () => {
    const t = testReferee();
    const s = startedDuel(t);
    expect(flat(send(t, RED, 'red', s.red, 'R1: 1 1 1 1 1').mails[0]!.text)).toContain(
      'Still to send orders for turn 1: blue.',
    );
    const last = send(t, BLUE, 'blue', s.blue, 'B1: 1 1 1 1 1');
    expect(flat(last.mails[0]!.text)).toContain(
      "Every player's orders are in, so the referee resolves the turn now: its report follows in a mail of its own (or, should anything stop the turn, a notice saying what).",
    );
    expect(last.mails.filter((m) => m.kind === 'report')).toHaveLength(2);
  });

  it('says what holds the turn when a WAIT in the same envelope keeps it open', () => {
    const t = testReferee();
    const s = startedDuel(t);
    send(t, RED, 'red', s.red, 'R1: 1 1 1 1 1');
    const r = send(t, BLUE, 'blue', s.blue, 'B1: 1 1 1 1 1\nWAIT');
    expect(r.mails.map((m) => [m.kind, m.recipient])).toEqual([
      ['ack', BLUE],
      ['answer', BLUE],
      ['notice', RED],
    ]);
    const ack = flat(r.mails[0]!.text);
    expect(ack).toContain(
      "Every player's orders are in, but the turn is not resolved yet: blue asked to WAIT: the turn waits for a NOWAIT, or until the game master resolves it",
    );
    // Red, whose orders were in before, is told what the turn waits for.
    expect(flat(r.mails[2]!.text)).toContain(
      "Every player's orders for turn 1 are in, but the turn is not resolved yet: blue asked to WAIT: the turn waits for a NOWAIT, or until the game master resolves it",
    );
    expect(ack).not.toMatch(/report follows/);
    expect(game(t).turn).toBe(1);
  });

  it('says the game is paused, with orders missing or not', () => {
    const t = testReferee();
    const s = startedDuel(t);
    pauseGame(t.deps, 'duel', 'holidays');
    const first = flat(send(t, RED, 'red', s.red, 'R1: 1 1 1 1 1').mails[0]!.text);
    expect(first).toContain('Still to send orders for turn 1: blue.');
    expect(first).toContain(
      'The turn is not resolved yet: the game is paused (holidays): nothing is resolved until the game master resumes it.',
    );
    const last = flat(send(t, BLUE, 'blue', s.blue, 'B1: 1 1 1 1 1').mails[0]!.text);
    expect(last).toContain(
      "Every player's orders are in, but the turn is not resolved yet: the game is paused (holidays)",
    );
    expect(game(t).turn).toBe(1);
  });

  it('carries out no command of a refused envelope, and says so', () => {
    const t = testReferee();
    const s = startedDuel(t);
    const r = send(t, RED, 'red', s.red, 'R1: 1 1 TR 1 1\nWAIT\nZONE Europe/Berlin');
    expect(r.mails.map((m) => m.kind)).toEqual(['ack']);
    expect(r.mails[0]!.text).toContain('WAIT (line 3): not carried out: nothing in a refused envelope counts');
    expect(r.mails[0]!.text).toContain('ZONE Europe/Berlin (line 4): not carried out');
    const red = t.store.tx((tx) => tx.players.get('duel', 'red')!);
    expect(red.waitTurn).toBeNull();
    expect(red.zone).toBeNull();
    send(t, RED, 'red', s.red, 'R1: 1 1 1 1 1');
    send(t, BLUE, 'blue', s.blue, 'B1: 1 1 1 1 1');
    expect(game(t).turn).toBe(2); // no WAIT held it
  });

  it('answers the read-only commands of an envelope of commands with a mistake, and carries out no other', () => {
    const t = testReferee();
    const s = startedDuel(t);
    const r = send(t, RED, 'red', s.red, 'WAIT\nSTATSU\nSTATUS');
    expect(r.mails).toHaveLength(1);
    expect(r.mails[0]!.text).toMatch(/WAIT: not carried out, because the envelope has mistakes/);
    expect(r.mails[0]!.text).toMatch(/Orders in: none/);
    expect(t.store.tx((tx) => tx.players.get('duel', 'red')!.waitTurn)).toBeNull();
  });
});

describe('templates that hold the standing orders', () => {
  it('carries the fire orders of the last turn forward; sent back unchanged they stand', () => {
    const t = testReferee();
    const s = startedDuel(t);
    send(t, RED, 'red', s.red, 'R1: 1 1 1 1 1\nFIRE R1 ALL AT B1 WITHIN 3');
    send(t, BLUE, 'blue', s.blue, 'B1: 1 1 1 1 1');
    const report = outbox(t).find((m) => m.kind === 'report' && m.recipient === RED)!;
    expect(flat(report.text)).toContain(
      'Sent back unchanged, these orders fly every plane forwards and keep the fire orders you gave for turn 1',
    );
    expect(report.text).toContain('FIRE R1 ALL AT B1 WITHIN 3');
    expect(report.text).not.toContain('HOLD R1 ALL');
    const template = report.text.slice(report.text.indexOf('\n#TALLYHO duel red "T2-'));
    expect(flat(post(t, RED, template).mails[0]!.text)).toContain('Your orders for turn 2 of game duel are in.');
    expect(accepted(t, 'red', 2)!.orders.fire).toEqual([
      { plane: 'R1', guns: 'ALL', hold: false, target: 'B1', within: 3 },
    ]);
  });

  it('leaves out a fire order at a plane no longer flying, with a comment line that still parses', () => {
    const t = testReferee();
    startedDuel(t);
    const state = t.store.tx((tx) => tx.turns.get('duel', 1)!.state);
    const gone = {
      ...state,
      planes: state.planes.map((p) => (p.id === 'B1' ? { ...p, status: 'shot-down' as const } : p)),
    };
    const text = ordersTemplate(t.deps.keys, gone, 'duel', 'red', ['R1'], {
      plots: {},
      fire: [{ plane: 'R1', guns: 'ALL', hold: false, target: 'B1' }],
      turn: 0,
    });
    expect(text).toContain('# FIRE R1 ALL AT B1: left out, B1 is no longer flying');
    expect(text).toContain('HOLD R1 ALL');
    expect(parseOrders(text).errors).toEqual([]);
  });

  it('after a rollback, the template holds the orders that stand', () => {
    const t = testReferee();
    const s = startedDuel(t);
    send(t, RED, 'red', s.red, 'R1: RB S TR 1 1\nFIRE R1 FIXED AT B1');
    send(t, BLUE, 'blue', s.blue, 'B1: 1 1 1 1 1');
    const before = outbox(t).length;
    rollbackTurn(t.deps, 'duel');
    const notice = outbox(t)
      .slice(before)
      .find((m) => m.recipient === RED)!;
    expect(notice.text).toContain('Your accepted orders for turn 1 still stand');
    expect(notice.text).toContain('R1: RB S TR 1 1');
    expect(notice.text).toContain('FIRE R1 FIXED AT B1');
  });
});

describe('mail as players write it', () => {
  it('counts the edited envelope over an unchanged copy of the template quoted below it', () => {
    const t = testReferee();
    const s = startedDuel(t);
    const welcome = outbox(t).find((m) => m.kind === 'welcome' && m.recipient === RED)!;
    const token = t.deps.keys.turnToken('duel', 'red', 1);
    const text = `${envelope('duel', 'red', token, 'TURN 1\nR1: RB S TR 1 1\nHOLD R1 ALL')}\nThanks!\n\n-----Original Message-----\nFrom: referee@example.test\n\n${welcome.text}`;
    const r = post(t, RED, text);
    expect(r.mails.map((m) => m.kind)).toEqual(['ack']);
    expect(accepted(t, 'red')!.orders.plots.R1!.boxes[0]!.man).toBe('RB');
    expect(flat(r.mails[0]!.text)).toMatch(
      /is an unchanged copy of orders the referee sent you \(a quoted template, it seems\); it was not counted, the one on line 1 was/,
    );
    // The template above the edited orders (a top-posted reply that left the copy first) too.
    const r2 = post(t, RED, `${welcome.text}\n\n${envelope('duel', 'red', token, 'R1: LB S TL 1 1')}`);
    expect(r2.mails[0]!.subject).toBe('[duel] Turn 1 orders accepted');
    expect(accepted(t, 'red')!.orders.plots.R1!.boxes[0]!.man).toBe('LB');
    // The same edited orders twice count once.
    post(
      t,
      RED,
      `${envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1')}\n${envelope('duel', 'red', s.red, 'R1:  1 1 1 1 1')}`,
    );
    expect(accepted(t, 'red')!.orders.plots.R1!.boxes[0]!.man).toBe('1');
  });

  it('counts the corrected envelope over the pasted refusal of a typo, and never a "which counts?" echo as the referee\'s', () => {
    const t = testReferee();
    startedDuel(t);
    const token = t.deps.keys.turnToken('duel', 'red', 1);
    post(t, RED, envelope('duel', 'red', token, 'R1: RB S TX 1 1'));
    const refusal = outbox(t)
      .filter((m) => m.kind === 'ack' && m.recipient === RED)
      .at(-1)!;
    expect(refusal.subject).toMatch(/NOT accepted/);
    expect(refusal.text).toContain('R1: RB S TX 1 1');
    const outlook = (top: string) =>
      `${envelope('duel', 'red', token, top)}\n\n-----Original Message-----\nFrom: referee@example.test\n\n${refusal.text}`;
    // Outlook: the corrected orders on top, the refusal pasted below, unquoted, typo and all.
    const r = post(t, RED, outlook('R1: RB S TR 1 1'));
    expect(r.mails.map((m) => m.subject)).toEqual(['[duel] Turn 1 orders accepted']);
    expect(accepted(t, 'red')!.orders.plots.R1!.boxes[2]!.man).toBe('TR');
    expect(flat(r.mails[0]!.text)).toMatch(
      /is an unchanged copy of orders the referee sent you .*it was not counted, the one on line 1 was/,
    );
    // Two different edited envelopes: the question shows each whole, the unread line too.
    const q = post(
      t,
      RED,
      `${envelope('duel', 'red', token, 'R1: LB S TL 1 1')}\n${envelope('duel', 'red', token, 'R1: LB S TQ 1 1')}`,
    ).mails[0]!;
    expect(q.subject).toBe('[duel] Turn 1: which of your envelopes counts?');
    expect(q.text).toContain('  | R1: LB S TQ 1 1');
    // What the question echoed is the player's own, not orders the referee sent: the same new
    // orders over the pasted refusal count.
    const r2 = post(t, RED, outlook('R1: LB S TL 1 1'));
    expect(r2.mails.map((m) => m.subject)).toEqual(['[duel] Turn 1 orders accepted']);
    expect(accepted(t, 'red')!.orders.plots.R1!.boxes[2]!.man).toBe('TL');
  });

  it('refuses two different edited envelopes, quotes both and asks which one counts', () => {
    const t = testReferee();
    const s = startedDuel(t);
    send(t, RED, 'red', s.red, 'R1: 1 1 1 1 1');
    const r = post(
      t,
      RED,
      `${envelope('duel', 'red', s.red, 'R1: RB S TR 1 1')}\n${envelope('duel', 'red', s.red, 'R1: LB S TL 1 1')}`,
    );
    expect(r.mails).toHaveLength(1);
    const m = r.mails[0]!;
    expect(m.subject).toBe('[duel] Turn 1: which of your envelopes counts?');
    expect(flat(m.text)).toContain(
      'Your mail holds 2 different envelopes for game duel, player red (on lines 1 and 5). The referee does not guess which one you meant, so none of them was taken.',
    );
    expect(m.text).toMatch(/Your orders sent at .* still stand\./);
    expect(m.text).toContain('  | R1: RB S TR 1 1');
    expect(m.text).toContain('  | R1: LB S TL 1 1');
    expect(m.text).not.toContain(s.red);
    expect(accepted(t, 'red')!.orders.plots.R1!.boxes[0]!.man).toBe('1');
  });

  it('leaves aside the line of a plane out of the fight, with a note, and takes the rest', () => {
    const t = testReferee();
    const cards = testCards();
    const sc = parseScenario(
      { ...DUEL, planes: [...DUEL.planes, { ...DUEL.planes[0]!, id: 'R2', hex: '0502', facing: 0 }] },
      'duel',
      cards,
    );
    if (!sc.ok) throw new Error('bad scenario');
    createGame(t.deps, { id: 'duel', scenario: sc.value, catalog: cards });
    const red = addPlayer(t.deps, { gameId: 'duel', playerId: 'red', email: RED, planes: ['R1', 'R2'] }).secret;
    const blue = addPlayer(t.deps, { gameId: 'duel', playerId: 'blue', email: BLUE, planes: ['B1'] }).secret;
    startGame(t.deps, 'duel');
    send(t, RED, 'red', red, 'R1: 1 1 1 1 1\nR2: 1 1 1 1 1\nCONFIRM');
    send(t, BLUE, 'blue', blue, 'B1: 1 1 1 1 1');
    const r2 = t.store.tx((tx) => tx.turns.get('duel', 2)!.state.planes.find((p) => p.id === 'R2')!);
    expect(r2.status).toBe('exited');
    const ack = send(t, RED, 'red', red, 'R1: 1 1 1 1 1\nR2: 1 1 1 1 1\nFIRE R2 ALL AT ANY');
    expect(ack.mails[0]!.subject).toBe('[duel] Turn 2 orders accepted');
    expect(flat(ack.mails[0]!.text)).toContain('R2 is off the map: its plot was left aside');
    expect(flat(ack.mails[0]!.text)).toContain('R2 is off the map: its fire order FIRE R2 ALL AT ANY was left aside');
  });
});

describe('commands without an envelope', () => {
  it('answers a lone read-only command in the body or the subject, to the registered address', () => {
    const t = testReferee();
    startedDuel(t);
    const status = post(t, RED, 'STATUS\n\n-- \nRed Leader\nSent from my phone');
    expect(status.r.outcome).toBe('orders');
    expect(status.mails).toHaveLength(1);
    expect(status.mails[0]!.recipient).toBe(RED);
    expect(status.mails[0]!.text).toContain('Game duel (Test duel) is at turn 1.');
    expect(flat(status.mails[0]!.text)).toContain(
      'reminders: 1d before the deadline (none while there is no deadline)',
    );
    // Answers without a secret are within the reply budget of the address: a day apart here.
    t.tick(DAY);
    const help = post(t, RED, '', { subject: 'Re: [duel] help' });
    expect(help.mails[0]!.text).toContain('STATUS               the turn, its deadline');
    expect(help.mails[0]!.text).not.toMatch(/PAUSE|ROLLBACK/);
    // A reply that quotes the report under the command, Outlook style.
    t.tick(DAY);
    const map = post(t, RED, 'MAP\r\n\r\nFrom: referee@example.test\r\nSent: today\r\n\r\nTurn 1 of game duel ...');
    expect(map.mails[0]!.text).toMatch(/THE MAP AT THE START OF TURN 1/);
  });

  it('asks for the envelope for a command that changes the game, and changes nothing', () => {
    const t = testReferee();
    startedDuel(t);
    const r = post(t, RED, 'WAIT');
    expect(r.mails[0]!.subject).toBe('[duel] WAIT needs your envelope');
    // The envelope written out with this turn's token: sent back as it is, it does what was asked.
    const token = t.deps.keys.turnToken('duel', 'red', 1);
    expect(r.mails[0]!.text).toContain(`#TALLYHO duel red "${token}"\nTURN 1\nWAIT\n#END`);
    expect(t.store.tx((tx) => tx.players.get('duel', 'red')!.waitTurn)).toBeNull();
    const back = r.mails[0]!.text;
    post(t, RED, back.slice(back.indexOf('#TALLYHO duel red'), back.indexOf('#END') + 4));
    expect(t.store.tx((tx) => tx.players.get('duel', 'red')!.waitTurn)).toBe(1);
  });

  it('reads a command on the first line with a sign-off under it (CONFIRM, then a name) as that command', () => {
    const t = testReferee();
    startedDuel(t);
    const r = post(t, RED, 'CONFIRM\nAnn\n\n> Turn 1 of game duel ...');
    expect(r.mails[0]!.subject).toBe('[duel] CONFIRM needs your envelope');
    expect(r.mails[0]!.text).toContain(
      `#TALLYHO duel red "${t.deps.keys.turnToken('duel', 'red', 1)}"\nTURN 1\nCONFIRM\n#END`,
    );
    // An order line under it is no sign-off: the mail is one of orders outside an envelope.
    t.tick(DAY);
    const orders = post(t, RED, 'STATUS\nR1: 1 1 1 1 1');
    expect(orders.mails[0]!.subject).not.toContain('STATUS');
  });

  it('asks which game when the address plays in several, unless the subject names it', () => {
    const t = testReferee();
    startedDuel(t, 'duel');
    startedDuel(t, 'duel2');
    const r = post(t, RED, 'STATUS');
    expect(r.mails[0]!.subject).toBe('Tallyho: Which game is STATUS for?');
    expect(flat(r.mails[0]!.text)).toContain('Your games: duel (Test duel: turn 1), duel2 (Test duel: turn 1).');
    expect(post(t, RED, 'STATUS', { subject: 'Re: [duel2] Turn 1 orders accepted' }).mails[0]!.text).toContain(
      'Game duel2 (Test duel) is at turn 1.',
    );
    t.tick(DAY);
    expect(post(t, RED, 'HELP').mails[0]!.text).toContain('Your games: duel');
    expect(post(t, RED, 'When is the next turn?').mails[0]!.text).toMatch(/holds no orders envelope/);
  });

  it('lists the games of the address for an envelope naming an unknown game', () => {
    const t = testReferee();
    const s = startedDuel(t);
    const r = post(t, RED, envelope('dule', 'red', s.red, 'R1: 1 1 1 1 1'));
    expect(flat(r.mails[0]!.text)).toContain("There is no game 'dule' here.");
    expect(flat(r.mails[0]!.text)).toContain('This address plays in: duel as red.');
  });
});

describe('the path in the acknowledgement', () => {
  it('shows a window around the path and the enemy planes near it, not the whole map', () => {
    const t = testReferee();
    const cards = testCards();
    const sc = parseScenario(
      {
        ...DUEL,
        map: { width: 40, height: 40 },
        planes: [
          { ...DUEL.planes[0]!, hex: '1236' },
          { ...DUEL.planes[1]!, hex: '1203' },
        ],
      },
      'duel',
      cards,
    );
    if (!sc.ok) throw new Error('bad scenario');
    createGame(t.deps, { id: 'duel', scenario: sc.value, catalog: cards });
    const red = addPlayer(t.deps, { gameId: 'duel', playerId: 'red', email: RED, planes: ['R1'] }).secret;
    addPlayer(t.deps, { gameId: 'duel', playerId: 'blue', email: BLUE, planes: ['B1'] });
    startGame(t.deps, 'duel');
    const ack = send(t, RED, 'red', red, 'R1: 1 1 1 1 1').mails[0]!.text;
    const map = ack.slice(ack.indexOf('PATH OF R1'), ack.indexOf('Nose (clock'));
    expect(map).toContain('+12');
    expect(map).not.toContain('B1');
    expect(map.split('\n').length).toBeLessThanOrEqual(21); // the whole 24-row window was 48 lines and more
    expect(ack).toMatch(/B1 +blue +1203 .*\(not shown\)/);
  });
});

describe('an envelope whose only plot could not be read', () => {
  it('is refused orders, not an envelope of commands, and says the plot was not checked yet', () => {
    const t = testReferee();
    const s = startedDuel(t);
    const r = send(t, RED, 'red', s.red, 'R1: TX 1 1 1 1\nWAIT');
    expect(r.mails.map((m) => m.subject)).toEqual(['[duel] Turn 1 orders NOT accepted']);
    expect(r.mails[0]!.text).toContain('WAIT (line 3): not carried out');
    expect(flat(r.mails[0]!.text)).toContain(
      "R1's plot could not be read, so it was not checked against the rules (banks, turn modes, climb and dive, power) yet",
    );
    expect(t.store.tx((tx) => tx.players.get('duel', 'red')!.waitTurn)).toBeNull();
  });
});

describe("the welcome's how-to", () => {
  it('shows each player a plot his own plane can fly now, and fire orders naming his plane and an enemy', async () => {
    const t = testReferee();
    const s = await realDuel(t);
    for (const [addr, player, plane, enemy, secret] of [
      [RED, 'red', 'R1', 'G1', s.red],
      [BLUE, 'blue', 'G1', 'R1', s.blue],
    ] as const) {
      const welcome = outbox(t).find((m) => m.kind === 'welcome' && m.recipient === addr)!.text;
      const example = /for example\n\n {4}(\S+: [^\n]+)\n/.exec(welcome)![1]!;
      expect(example.startsWith(`${plane}: `)).toBe(true);
      expect(welcome).toContain(`    FIRE ${plane} FIXED AT ${enemy} WITHIN 3\n    HOLD ${plane} ALL\n`);
      const r = send(t, addr, player, secret, example);
      expect(r.mails[0]!.subject, example).toBe('[duel] Turn 1 orders accepted');
    }
  });
});

describe('bounded work per mail', () => {
  it('answers a command written many times once, in one reply', () => {
    const t = testReferee();
    const s = startedDuel(t);
    const r = send(t, RED, 'red', s.red, Array(20).fill('MAP').join('\n'));
    expect(r.mails).toHaveLength(1);
    expect(r.mails[0]!.text).toContain('Commands written more than once are answered once: MAP.');
    expect(r.mails[0]!.text.match(/THE MAP AT THE START OF TURN 1/g)).toHaveLength(1);
  });
});

describe("a registered player's mail without an envelope", () => {
  it("is answered in his game's thread with his orders ready to send, says a quoted envelope is not read, and a reply to that answer is answered too", () => {
    const t = testReferee();
    startedDuel(t);
    const welcome = outbox(t).find((m) => m.kind === 'welcome' && m.recipient === RED)!;
    const quoted = welcome.text
      .split('\n')
      .map((l) => `> ${l}`)
      .join('\n');
    // The envelope edited inside the quote: never read, and the answer says why.
    const r = post(
      t,
      RED,
      `My orders are in the quote below.\n\n${quoted.replace(/^> R1: .*$/m, '> R1: RB S TR 1 1')}`,
      { subject: `Re: ${welcome.subject}` },
    );
    expect(r.mails.map((m) => m.subject)).toEqual(['[duel] No orders found in your mail']);
    const text = flat(r.mails[0]!.text);
    expect(text).toContain(
      'Your mail has an envelope in quoted lines (behind ">"): quoted text is never read as orders',
    );
    expect(r.mails[0]!.text).toMatch(/YOUR ORDERS FOR TURN 1, READY TO SEND[\s\S]*#TALLYHO duel red "T1-[0-9a-f]+"/);
    // A person replying to that answer, puzzled: answered again (not taken for a robot's loop).
    const again = post(
      t,
      RED,
      `Sorry, I do not understand. My orders are:\nR1: RB S TR 1 1\n\n${r.mails[0]!.text.split('\n')
        .map((l) => `> ${l}`)
        .join('\n')}`,
      { subject: `Re: ${r.mails[0]!.subject}`, headers: { 'in-reply-to': [r.mails[0]!.messageId] } },
    );
    expect(again.mails.map((m) => m.subject)).toEqual(['[duel] No orders found in your mail']);
    // The same mail again is held back (the repeat rule bounds a loop), and so is a robot's.
    const third = post(
      t,
      RED,
      `Sorry, I do not understand. My orders are:\nR1: RB S TR 1 1\n\n${r.mails[0]!.text.split('\n')
        .map((l) => `> ${l}`)
        .join('\n')}`,
      { subject: `Re: ${r.mails[0]!.subject}` },
    );
    expect(third.mails).toEqual([]);
  });
});

describe('the same orders sent twice', () => {
  it('are acknowledged as the same, nothing changed; other orders as replacing them', () => {
    const t = testReferee();
    const s = startedDuel(t);
    post(t, RED, envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1'));
    const same = post(t, RED, envelope('duel', 'red', s.red, 'R1:  1 1 1 1 1')).mails[0]!;
    expect(flat(same.text)).toMatch(/They are the same orders as those you sent at .*: nothing changed\./);
    const other = post(t, RED, envelope('duel', 'red', s.red, 'R1: RB S TR 1 1')).mails[0]!;
    expect(flat(other.text)).toMatch(/They replace the orders you sent at /);
  });
});
