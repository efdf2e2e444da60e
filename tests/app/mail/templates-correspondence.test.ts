/**
 * Golden files of the correspondence mails (tests/golden/mail/<case>.txt and .html): reminder,
 * answers to commands (player and GM), the notices of the clock and of the game master's controls,
 * the replacement's briefing and a RERUN report. UPDATE_GOLDEN=1 rewrites them; review the diff.
 */
import { describe, expect, it } from 'vitest';
import { setSetting } from '../../../src/app/gm/control.ts';
import { receive } from '../../../src/app/intake/intake.ts';
import type { OutboxRow } from '../../../src/app/ports/store.ts';
import { setGm, setPlayerZone } from '../../../src/app/setup/roster.ts';
import { tick } from '../../../src/app/turn/tick.ts';
import { envelope, mail, place, startedDuel, testReferee } from '../../support/app.ts';
import { expectGolden } from '../../support/golden-file.ts';

const RED = 'red@example.test';
const BLUE = 'blue@example.test';
const GM = 'gm@example.test';
const HOUR = 3600_000;

/** A mail against tests/golden/mail/<name> (UPDATE_GOLDEN=1 rewrites it; review the diff). */
const golden = (name: string, text: string) => expectGolden(`tests/golden/mail/${name}`, text);

/** Every kind of correspondence mail, from one game. */
function mails(): Record<string, OutboxRow> {
  const t = testReferee();
  const s = startedDuel(t, 'duel', 'Red & Blue <meet> "head-on".');
  const gm = setGm(t.deps, 'duel', { email: GM, newSecret: true }).secret!;
  const out = () => t.store.tx((tx) => tx.outbox.list());
  const find = (f: (m: OutboxRow) => boolean) => out().filter(f).at(-1)!;
  let uid = 0;
  const send = (from: string, player: string, secret: string, body: string) =>
    receive(t.deps, mail(from, envelope('duel', player, secret, body)), place(++uid));
  setPlayerZone(t.deps, 'duel', 'blue', 'America/New_York');
  setSetting(t.deps, 'duel', 'zone', 'Europe/Berlin');
  setSetting(t.deps, 'duel', 'grace', '2h');
  setSetting(t.deps, 'duel', 'misses', '1');
  setSetting(t.deps, 'duel', 'deadline', 'every 2 days at 20:00');
  const found: Record<string, OutboxRow> = {};
  found['notice-settings'] = find((m) => m.recipient === BLUE && m.subject === '[duel] The game settings changed');
  send(RED, 'red', s.red, 'R1: 1 1 1 1 1\nSTATUS');
  found['answer-status'] = find((m) => m.kind === 'answer' && m.recipient === RED);
  send(RED, 'red', s.red, 'STAUTS');
  found['answer-help'] = find((m) => m.kind === 'answer' && m.recipient === RED);
  t.tick(35 * HOUR);
  tick(t.deps);
  found.reminder = find((m) => m.kind === 'reminder');
  found['notice-waiting'] = find((m) => m.recipient === RED && m.subject.includes('still waiting'));
  t.tick(24 * HOUR);
  tick(t.deps);
  found['notice-late'] = find((m) => m.subject === '[duel] Turn 1: the deadline has passed');
  t.tick(2 * HOUR);
  tick(t.deps);
  found['notice-missed'] = find((m) => m.subject === '[duel] Turn 1: no orders from you');
  found['notice-gm-alert'] = find((m) => m.recipient === GM && m.subject.includes('GM: Players missing turns'));
  send(RED, 'red', s.red, 'R1: 1 1 1 1 1');
  send('someone@example.test', 'gm', gm, 'PREVIEW\nEXTEND 6h');
  found['answer-gm'] = find((m) => m.kind === 'answer' && m.recipient === GM);
  send('someone@example.test', 'gm', gm, 'PROCESS\nROLLBACK');
  found['notice-rollback'] = find((m) => m.recipient === RED && m.subject === '[duel] Turn 2 was rolled back');
  found['notice-rollback-gm'] = find(
    (m) => m.recipient === GM && m.subject === '[duel] Turn 2 was rolled back (sent to every player)',
  );
  send('someone@example.test', 'gm', gm, 'REPLACE blue cyan cyan@example.test\nPROCESS');
  found['welcome-replacement'] = find((m) => m.recipient === 'cyan@example.test' && m.kind === 'welcome');
  found['report-rerun'] = find((m) => m.recipient === RED && m.kind === 'report');
  return found;
}

describe('correspondence mail templates', () => {
  const all = mails();
  for (const [name, m] of Object.entries(all)) {
    it(`${name}: text within 78 columns, HTML escaped, matches the golden files`, () => {
      expect(m, name).toBeDefined();
      for (const line of m.text.split('\n')) expect(line.length, line).toBeLessThanOrEqual(78);
      expect(m.html).toMatch(/^<!DOCTYPE html>/);
      expect(m.html).not.toMatch(/<script|<meet>/);
      golden(`${name}.txt`, `Subject: ${m.subject}\n\n${m.text}`);
      golden(`${name}.html`, m.html!);
    });
  }

  it("never shows a player another player's orders or address", () => {
    // Each mail ends with its reader's own orders ready to send; never the other player's.
    for (const name of ['notice-waiting', 'answer-status', 'notice-rollback']) {
      const m = all[name]!;
      expect(m.text, name).not.toMatch(/B1: |#TALLYHO duel blue|blue@example/);
    }
    expect(all['notice-settings']!.text).not.toMatch(/R1: |#TALLYHO duel red|red@example/);
    expect(all['notice-settings']!.text).toMatch(/#TALLYHO duel blue "T1-/);
  });
});
