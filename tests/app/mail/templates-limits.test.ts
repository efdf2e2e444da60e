/**
 * Golden files of the mails of the limits on replies (tests/golden/mail/<case>.txt and .html): the
 * wrong-secret notice that counts the attempts of an hour, the JOIN confirmation and its answer,
 * and a notice after replies were held back. UPDATE_GOLDEN=1 rewrites them; review the diff.
 */
import { describe, expect, it } from 'vitest';
import { setSetting } from '../../../src/app/gm/control.ts';
import { createGame } from '../../../src/app/setup/games.ts';
import { receive } from '../../../src/app/intake/intake.ts';
import type { OutboxRow } from '../../../src/app/ports/store.ts';
import { setGm } from '../../../src/app/setup/roster.ts';
import { tick } from '../../../src/app/turn/tick.ts';
import { parseScenario } from '../../../src/core/scenario.ts';
import { DUEL, envelope, mail, place, startedDuel, testCards, testReferee } from '../../support/app.ts';
import { expectGolden } from '../../support/golden-file.ts';

const RED = 'red@example.test';
const HOUR = 3600_000;

/** A mail against tests/golden/mail/<name> (UPDATE_GOLDEN=1 rewrites it; review the diff). */
const golden = (name: string, text: string) => expectGolden(`tests/golden/mail/${name}`, text);

function mails(): Record<string, OutboxRow> {
  const t = testReferee();
  const s = startedDuel(t);
  const out = () => t.store.tx((tx) => tx.outbox.list());
  let uid = 0;
  const post = (from: string, text: string, subject = 'orders') =>
    receive(t.deps, mail(from, text, { subject }), place(++uid));
  const found: Record<string, OutboxRow> = {};
  // Wrong secrets: one told at once, the next ones collected and told by the tick an hour later.
  post('forger@evil.example', envelope('duel', 'red', 'guess', 'R1: 1 1 1 1 1'));
  for (const [i, from] of ['forger@evil.example', 'other@evil.example', 'forger@evil.example', RED].entries()) {
    t.tick(5 * 60_000);
    post(from, envelope('duel', 'red', `guess-${i}`, 'R1: 1 1 1 1 1'));
  }
  t.tick(HOUR);
  tick(t.deps);
  found['notice-wrong-secret-collected'] = out().at(-1)!;
  // Replies held back, then one a day later that says so.
  post(RED, 'Is it my turn?');
  post(RED, 'STATUS');
  post(RED, 'MAP');
  post(RED, 'Hello?');
  t.tick(24 * HOUR);
  post(RED, 'Anyone there?', 'question');
  found['notice-after-held-back'] = out().at(-1)!;
  post(RED, envelope('duel', 'red', s.red, 'R1: 1 1 1 1 1'));
  // Sign-up: the token, then the answer to the confirmation.
  const cards = testCards();
  const club = parseScenario(DUEL, 'duel', cards);
  if (!club.ok) throw new Error('bad scenario');
  createGame(t.deps, { id: 'club', scenario: club.value, catalog: cards });
  setGm(t.deps, 'club', { email: 'gm@example.test' });
  setSetting(t.deps, 'club', 'signup', 'on');
  post('ann@example.test', envelope('club', 'ann', 'x', 'JOIN RAF please'));
  found['notice-join-confirm'] = out().at(-1)!;
  post('ann@example.test', '', `Re: ${found['notice-join-confirm'].subject}`);
  found['notice-join-confirmed'] = out().at(-1)!;
  return found;
}

describe('mails of the limits on replies', () => {
  const all = mails();
  for (const [name, m] of Object.entries(all)) {
    it(`${name}: text within 78 columns, matches the golden files`, () => {
      for (const line of m.text.split('\n')) expect(line.length, line).toBeLessThanOrEqual(78);
      golden(`${name}.txt`, `Subject: ${m.subject}\n\n${m.text}`);
      golden(`${name}.html`, m.html!);
    });
  }
});
