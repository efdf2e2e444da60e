/**
 * A referee with the test campaign of tests/fixtures/campaign (three short scenarios, two players)
 * and the game master's secret, and a way to play a game to its end by mail with the orders the
 * referee sends, firing at will (tests/app/campaigns/campaign.test.ts, tests/shell/web/campaign-browser.test.ts).
 */
import { campaignSource } from '../../src/shell/campaign-source.ts';
import { scenarioSource } from '../../src/shell/scenario-source.ts';
import { noWarningHold, outbox, send, type TestReferee, testReferee } from './app.ts';

export const RAF = 'raf@example.test';
export const LW = 'lw@example.test';
export const GM = 'gm@example.test';
const FIXTURES = 'tests/fixtures/campaign';

export function referee(path?: string): TestReferee {
  const t = testReferee({ rateLimitPerHour: 10_000, ...(path ? { path } : {}) });
  const scenarios = scenarioSource(`${FIXTURES}/scenarios`);
  t.deps.scenarios = scenarios;
  t.deps.campaigns = campaignSource(FIXTURES, scenarios);
  t.deps.referee.gm = { email: GM, secretHash: t.deps.keys.hashSecret('gm-secret') };
  return t;
}

export { flat } from './text.ts';

export const mails = (t: TestReferee, to: string, game: string, kind: string) =>
  outbox(t).filter((m) => m.recipient === to && m.gameId === game && m.kind === kind);

/** Every event of a game, with its turn. */
export const events = (t: TestReferee, game: string) =>
  t.deps.store.tx((tx) =>
    tx.archive.resolvedTurns(game).flatMap((r) => tx.events.list(game, r.turn).map((e) => ({ ...e, turn: r.turn }))),
  );

export const gm = (t: TestReferee, body: string) => send(t, GM, `#TALLYHO tc gm "gm-secret"\n${body}\n#END\n`);

/** The orders the referee's last mail to `to` holds ready to send, firing at will. */
export function readyOrders(t: TestReferee, to: string, game: string): string {
  const m = outbox(t)
    .filter((x) => x.recipient === to && x.gameId === game && (x.kind === 'welcome' || x.kind === 'report'))
    .at(-1)!;
  const block = /#TALLYHO[\s\S]*?#END/.exec(m.text)?.[0];
  if (!block) throw new Error(`no orders in the last mail to ${to}`);
  return block.replace(/^HOLD (\S+) ALL$/gm, 'FIRE $1 ALL AT ANY');
}

/** Plays the game to its end by mail; returns the turns played. */
export function playOut(t: TestReferee, game: string): number {
  // The planes fly on whatever their acknowledgements warn of: no turn waits for a CONFIRM.
  noWarningHold(t, game);
  for (let turn = 1; turn <= 30; turn++) {
    const g = t.deps.store.tx((tx) => tx.games.get(game))!;
    if (g.status === 'over') return turn - 1;
    for (const to of [RAF, LW]) {
      const players = t.deps.store.tx((tx) => tx.players.list(game));
      if (!players.some((p) => p.email === to)) continue;
      const mine = outbox(t)
        .filter((x) => x.recipient === to && x.gameId === game && (x.kind === 'welcome' || x.kind === 'report'))
        .at(-1);
      if (!mine || (/needs no orders|nothing flying/i.test(mine.text) && !/#TALLYHO/.test(mine.text))) continue;
      send(t, to, readyOrders(t, to, game));
    }
    t.tick(60_000);
  }
  throw new Error(`game ${game} did not end in 30 turns`);
}
