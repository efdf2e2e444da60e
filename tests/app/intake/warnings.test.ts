/**
 * No turn resolved on a warning (docs/players.md "Warnings"): accepted orders whose acknowledgement
 * carries a WARNING (a plane leaving the map, flying into the ground, ending below its minimum
 * speed) hold the turn they complete for the player's CONFIRM, new orders, or the game's `confirm`
 * time (30 minutes unless set); the acknowledgement says so, and never "change the plot" together
 * with "the turn is resolved".
 */
import { describe, expect, it } from 'vitest';
import { setSetting } from '../../../src/app/gm/control.ts';
import { tick } from '../../../src/app/turn/tick.ts';
import { envelope, post, startedDuelWith, testReferee, type TestReferee } from '../../support/app.ts';
import { parseOrders } from '../../../src/orders/index.ts';
import { flat } from '../../support/text.ts';

const RED = 'red@example.test';
const BLUE = 'blue@example.test';
const MINUTE = 60_000;
const turnOf = (t: TestReferee) => t.store.tx((tx) => tx.games.get('duel')!.turn);

const edgeDuel = startedDuelWith;

describe('orders with a warning', () => {
  it('hold the turn they complete until CONFIRM, and the acknowledgement says so truthfully', () => {
    const t = testReferee();
    const s = edgeDuel(t);
    post(t, BLUE, envelope('duel', 'blue', s.blue, 'B1: 1 1 1 1 1'));
    const { mails } = post(t, RED, envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1'));
    const ack = flat(mails.find((m) => m.kind === 'ack')!.text);
    expect(ack).toContain('WARNING: R1 leaves the map in impulse');
    expect(ack).toContain('Your orders carry a WARNING (above).');
    expect(ack).toContain(
      "Every player's orders are in, so the turn waits for you until Sat 10 Jan 2026 09:30 UTC: send new orders, or CONFIRM to have them flown as they are (the envelope at the end of this mail, YOUR ORDERS WITH CONFIRM, READY TO SEND, does it: send it back as it is)",
    );
    expect(ack).not.toMatch(/resolves the turn now|resolved now/);
    expect(mails.filter((m) => m.kind === 'report')).toHaveLength(0);
    expect(turnOf(t)).toBe(2 - 1);
    // The acknowledgement ends with the same orders and CONFIRM, this turn's token in the first line.
    const text = mails.find((m) => m.kind === 'ack')!.text;
    expect(text).toMatch(
      /YOUR ORDERS WITH CONFIRM, READY TO SEND\n\n#TALLYHO duel red "T1-[0-9a-f]+"\nTURN 1\nR1: 1 1 1 1 1\n(.*\n)*CONFIRM\n#END/,
    );
    // Sent back as it is: flown as they are, at once.
    // The whole acknowledgement sent back (a reply that pastes it unquoted): its one envelope counts.
    const confirmed = post(t, RED, `Yes, fly them.\n\n-----Original Message-----\n${text}`);
    expect(confirmed.mails.find((m) => m.kind === 'ack')!.subject).toBe('[duel] Turn 1 orders accepted');
    expect(confirmed.mails.filter((m) => m.kind === 'report')).toHaveLength(2);
    expect(turnOf(t)).toBe(2);
  });

  it('tell the players whose orders were in before what the turn waits for, once, by the mail that completes the orders', () => {
    const t = testReferee();
    const s = edgeDuel(t);
    post(t, BLUE, envelope('duel', 'blue', s.blue, 'B1: 1 1 1 1 1'));
    const { mails } = post(t, RED, envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1'));
    const told = mails.filter((m) => m.kind === 'notice');
    expect(told.map((m) => [m.recipient, m.subject])).toEqual([
      [BLUE, '[duel] Turn 1: every order is in, and the turn waits'],
    ]);
    expect(flat(told[0]!.text)).toContain(
      "Every player's orders for turn 1 are in, but the turn is not resolved yet: red's orders carry a warning: the turn waits for red's CONFIRM or new orders, until Sat 10 Jan 2026 09:30 UTC at the latest.",
    );
    // New orders from red, still with the warning: blue is not told again.
    const again = post(t, RED, envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1'));
    expect(again.mails.filter((m) => m.kind === 'notice')).toEqual([]);
    // Blue's new orders while the turn waits: nothing completes, nobody else is told.
    const blueAgain = post(t, BLUE, envelope('duel', 'blue', s.blue, 'B1: 1 1 1 1 1'));
    expect(blueAgain.mails.filter((m) => m.kind === 'notice')).toEqual([]);
  });

  it('hold it no longer than the confirm time, and not at all once new orders carry no warning', () => {
    const t = testReferee();
    const s = edgeDuel(t);
    post(t, BLUE, envelope('duel', 'blue', s.blue, 'B1: 1 1 1 1 1'));
    post(t, RED, envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1'));
    t.tick(29 * MINUTE);
    tick(t.deps);
    expect(turnOf(t)).toBe(1);
    t.tick(2 * MINUTE);
    tick(t.deps);
    expect(turnOf(t)).toBe(2);
    // Orders with a warning, then new ones without: resolved on the new ones at once.
    const u = testReferee();
    const v = edgeDuel(u, { hex: '1216', speed: 1.6 });
    post(u, BLUE, envelope('duel', 'blue', v.blue, 'B1: 1 1 1 1 1'));
    post(u, RED, envelope('duel', 'red', v.red, 'R1: 1K 1K'));
    expect(turnOf(u)).toBe(1);
    const fixed = post(u, RED, envelope('duel', 'red', v.red, 'R1: 1 1'));
    expect(flat(fixed.mails.find((m) => m.kind === 'ack')!.text)).not.toContain('WARNING');
    expect(turnOf(u)).toBe(2);
  });

  it('never hold the turn past its deadline and grace: the time said is the earlier, and the hooks hear the turn waits', () => {
    const t = testReferee();
    const s = edgeDuel(t);
    // A turn of 10 minutes (a deadline in 10, no grace) against a confirm time of 30 minutes.
    setSetting(t.deps, 'duel', 'deadline', 'dates 2026-01-10 09:10');
    t.store.tx((tx) =>
      tx.club.addHook(
        { gameId: 'duel', playerId: null, format: 'json', url: 'https://club.example.org/room' },
        t.now(),
      ),
    );
    post(t, BLUE, envelope('duel', 'blue', s.blue, 'B1: 1 1 1 1 1'));
    const { mails } = post(t, RED, envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1'));
    expect(flat(mails.find((m) => m.kind === 'ack')!.text)).toContain(
      'the turn waits for you until Sat 10 Jan 2026 09:10 UTC',
    );
    expect(flat(mails.find((m) => m.recipient === BLUE)!.text)).toContain(
      'until Sat 10 Jan 2026 09:10 UTC at the latest',
    );
    const held = t.store.tx((tx) => tx.club.deliveries()).map((d) => d.message);
    expect(held.filter((m) => m.event === 'held')).toEqual([
      expect.objectContaining({
        title: '[duel] Turn 1 waits',
        text: "Every player's orders for turn 1 of game duel are in, but the turn is not resolved yet: red's orders carry a warning: the turn waits for red's CONFIRM or new orders, until Sat 10 Jan 2026 09:10 UTC at the latest.",
      }),
    ]);
    t.tick(10 * MINUTE + 1);
    tick(t.deps);
    expect(turnOf(t)).toBe(2);
  });

  it('CONFIRM beside the orders flies them at once; SET confirm 0 holds nothing, and says so', () => {
    const t = testReferee();
    const s = edgeDuel(t);
    post(t, BLUE, envelope('duel', 'blue', s.blue, 'B1: 1 1 1 1 1'));
    const both = post(t, RED, envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1\nCONFIRM'));
    expect(flat(both.mails.find((m) => m.kind === 'ack')!.text)).toContain(
      'CONFIRM (line 3): answered in a mail of its own',
    );
    expect(turnOf(t)).toBe(2);
    const u = testReferee();
    const v = edgeDuel(u);
    setSetting(u.deps, 'duel', 'confirm', '0');
    post(u, BLUE, envelope('duel', 'blue', v.blue, 'B1: 1 1 1 1 1'));
    const ack = flat(
      post(u, RED, envelope('duel', 'red', v.red, 'R1: 1 1 1 1 1')).mails.find((m) => m.kind === 'ack')!.text,
    );
    expect(ack).toContain('this game does not hold a turn for warnings');
    expect(turnOf(u)).toBe(2);
  });

  it('warn of a stall, as the next template does: a plot ending below the minimum speed', () => {
    const t = testReferee();
    const s = edgeDuel(t, { hex: '1216', speed: 1.6 });
    const ack = flat(
      post(t, RED, envelope('duel', 'red', s.red, 'R1: 1K 1K')).mails.find((m) => m.kind === 'ack')!.text,
    );
    expect(ack).toContain(
      'WARNING: R1 ends the turn at speed 1.2, below its minimum speed of 2 at that altitude: it stalls',
    );
    // CONFIRM with nothing to confirm, or no orders: said.
    const none = post(t, BLUE, envelope('duel', 'blue', s.blue, 'CONFIRM'));
    expect(flat(none.mails.find((m) => m.kind === 'answer')!.text)).toContain(
      'You have no orders in for turn 1, so there is nothing to confirm',
    );
  });
});

describe('a ready-to-send template that would fly a plane off the map', () => {
  it('says so inside the envelope, before it is sent', () => {
    const t = testReferee();
    edgeDuel(t);
    const welcome = t.store.tx((tx) => tx.outbox.list()).find((m) => m.kind === 'welcome' && m.recipient === RED)!;
    const template = welcome.text.slice(welcome.text.lastIndexOf('\n#TALLYHO') + 1);
    expect(flat(template.replace(/\n# {2,}/g, ' '))).toMatch(
      /# WARNING, this plot flown as written: R1 leaves the map in impulse \d+ and is out of the game/,
    );
    expect(parseOrders(template).errors).toEqual([]);
    // The other player's template, nowhere near an edge, says nothing of the kind.
    const blue = t.store.tx((tx) => tx.outbox.list()).find((m) => m.kind === 'welcome' && m.recipient === BLUE)!;
    expect(blue.text).not.toContain('WARNING, this plot');
  });
});
