/**
 * Sign-up by double opt-in (src/app/setup/signup.ts; docs/players.md "Joining a game"): a JOIN is
 * answered with a token only, limited per address and in all; the game master sees the request
 * only once the address brings the token back; tokens expire.
 */
import { describe, expect, it } from 'vitest';
import { gameClock } from '../../../src/app/gm/overview.ts';
import { setGm } from '../../../src/app/setup/roster.ts';
import { tick } from '../../../src/app/turn/tick.ts';
import { setSetting } from '../../../src/app/gm/control.ts';
import { createGame } from '../../../src/app/setup/games.ts';
import { parseScenario } from '../../../src/core/scenario.ts';
import { JOIN_CONFIRMATIONS_PER_HOUR } from '../../../src/app/setup/signup.ts';
import { DUEL, envelope, testCards, post, testReferee, type TestReferee } from '../../support/app.ts';

const GM = 'gm@example.test';
const ANN = 'ann@example.test';
const HOUR = 3600_000;

const join = (t: TestReferee, from: string, player: string, note = '') =>
  post(t, from, envelope('club', player, 'x', `JOIN ${note}`.trim()));
const tokenOf = (m: { subject: string }) => /CONFIRM (J[0-9A-F]+)/.exec(m.subject)![1]!;
const requests = (t: TestReferee) => t.store.tx((tx) => tx.control.joinRequests('club'));

function club(): TestReferee {
  const t = testReferee({ rateLimitPerHour: 1000 });
  const cards = testCards();
  const r = parseScenario(DUEL, 'duel', cards);
  if (!r.ok) throw new Error('bad scenario');
  createGame(t.deps, { id: 'club', scenario: r.value, catalog: cards });
  setGm(t.deps, 'club', { email: GM });
  setSetting(t.deps, 'club', 'signup', 'on');
  return t;
}

describe('JOIN by double opt-in', () => {
  it('answers a JOIN with a token only; the game master sees it once the address confirms', () => {
    const t = club();
    const asked = join(t, ANN, 'ann', 'I fly <b>red</b>, call me on 555-0100');
    expect(asked.r.outcome).toBe('orders');
    expect(asked.mails.map((m) => [m.recipient, m.subject])).toEqual([
      [ANN, `[club] CONFIRM ${tokenOf(asked.mails[0]!)} to join`],
    ]);
    expect(asked.mails[0]!.text).not.toMatch(/555|red/);
    expect(asked.mails[0]!.text).toContain(`\nCONFIRM ${tokenOf(asked.mails[0]!)}\n`);
    expect(requests(t)).toEqual([]);
    expect(gameClock(t.deps, 'club').joinRequests).toEqual([]);
    const confirmed = post(t, ANN, `confirm ${tokenOf(asked.mails[0]!).toLowerCase()}\n\nAnn`);
    expect(confirmed.mails.map((m) => [m.recipient, m.subject])).toEqual([
      [GM, "[club] GM: Player 'ann' asks to join"],
      [ANN, '[club] Your request to join'],
    ]);
    expect(confirmed.mails[0]!.text.replace(/\s+/g, ' ')).toContain('I fly <b>red</b>, call me on 555-0100');
    expect(requests(t).map((r) => [r.playerId, r.email])).toEqual([['ann', ANN]]);
    // The token is used up.
    expect(post(t, ANN, `CONFIRM ${tokenOf(asked.mails[0]!)}`).mails).toEqual([]);
    // Another address cannot take over the confirmed request for 'ann'.
    expect(join(t, 'eve@example.org', 'ann').mails).toEqual([]);
    expect(requests(t).map((r) => [r.playerId, r.email])).toEqual([['ann', ANN]]);
  });

  it('takes the token only from the address it was sent to, and only before it expires', () => {
    const t = club();
    const token = tokenOf(join(t, ANN, 'ann').mails[0]!);
    expect(post(t, 'eve@example.org', `CONFIRM ${token}`, { subject: 'hi' }).mails).toEqual([]);
    expect(requests(t)).toEqual([]);
    t.tick(48 * HOUR);
    tick(t.deps);
    expect(post(t, ANN, `CONFIRM ${token}`).mails).toEqual([]);
    expect(requests(t)).toEqual([]);
    // A new JOIN after expiry gets a new token.
    const again = join(t, ANN, 'ann').mails;
    expect(again).toHaveLength(1);
    expect(tokenOf(again[0]!)).not.toBe(token);
  });

  it('sends one token per address and game at a time, and at most JOIN_CONFIRMATIONS_PER_HOUR in all', () => {
    const t = club();
    expect(join(t, ANN, 'ann').mails).toHaveLength(1);
    expect(join(t, ANN, 'ann2').mails).toEqual([]);
    expect(gameClock(t.deps, 'club').heldBack).toMatchObject({ 'join-limit': 1 });
    for (let i = 0; i < JOIN_CONFIRMATIONS_PER_HOUR - 1; i++)
      expect(join(t, `p${i}@example.org`, `p${i}`).mails).toHaveLength(1);
    expect(join(t, 'late@example.org', 'late').mails).toEqual([]);
    expect(gameClock(t.deps, 'club').heldBack).toMatchObject({ 'join-limit': 2 });
    t.tick(HOUR);
    expect(join(t, 'late@example.org', 'late').mails).toHaveLength(1);
  });

  it('does not answer a JOIN for a game closed to sign-up', () => {
    const t = club();
    setSetting(t.deps, 'club', 'signup', 'off');
    expect(join(t, ANN, 'ann').mails).toEqual([]);
  });
});
