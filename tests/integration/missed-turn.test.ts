/**
 * A missed turn never stalls a game, played over the real mail stack (Postfix, Dovecot, `tallyho
 * serve`, a real SQLite file): the RAF player misses the deadline with his Spitfire banked at 300 ft
 * over the sea; the turn resolves, his plane rolling level instead of flying into the water, and
 * both players get the report. Then a turn made unresolvable on purpose (the stored state changed
 * under accepted orders, as a hand-edited database would) brings the game master's mail and each
 * player's delay notice, and resolves once the player's new orders fit.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addPlayer, createGame, startGame } from '../../src/app/setup/games.ts';
import { setGm } from '../../src/app/setup/roster.ts';
import { loadAircraftDir } from '../../src/shell/aircraft/catalog.ts';
import { configFrom } from '../../src/shell/config.ts';
import { openRuntime } from '../../src/shell/runtime.ts';
import { loadScenarioFile } from '../../src/shell/scenario-file.ts';
import { describeWithMailStack, useMailStack } from '../support/describe-mailstack.ts';
import {
  envelope,
  mailTo,
  REFEREE,
  refereeEnv,
  sendOrders,
  startReferee,
  tempDir,
  templateOf,
} from '../support/referee-stack.ts';
import type { ServeProcess } from '../support/serve-process.ts';
import { flat } from '../support/text.ts';

const RAF = 'raf@example.test';
const LW = 'lw@example.test';
const GM = 'gm@example.test';

describeWithMailStack('a missed turn by mail on Postfix + Dovecot', () => {
  const stack = useMailStack({ users: [REFEREE, RAF, LW, GM] });
  const dir = tempDir();
  let server: ServeProcess | undefined;
  let gmSecret = '';
  let dbPath = '';

  beforeAll(async () => {
    // The channel duel with the Spitfire banked left at 300 ft: flown straight on, its banked
    // forwards would lose 100 ft each (seed 000 X.E.1.f) and put it into the sea in box 3.
    mkdirSync(join(dir, 'scenarios'), { recursive: true });
    const path = join(dir, 'scenarios', 'low.yaml');
    writeFileSync(
      path,
      readFileSync('scenarios/duel.yaml', 'utf8').replace(
        'altitude: 12000, speed: 6.0, bank: N',
        'altitude: 300, speed: 5.0, bank: LB',
      ),
    );
    const env = refereeEnv(stack(), dir);
    dbPath = env.DATABASE_PATH as string;
    const rt = openRuntime({ config: configFrom(env) });
    try {
      const catalog = loadAircraftDir();
      createGame(rt.deps, { id: 'low', scenario: loadScenarioFile(path, catalog), catalog });
      gmSecret = setGm(rt.deps, 'low', { email: GM, newSecret: true }).secret as string;
      addPlayer(rt.deps, { gameId: 'low', playerId: 'raf', email: RAF, planes: ['R1'] });
      addPlayer(rt.deps, { gameId: 'low', playerId: 'lw', email: LW, planes: ['G1'] });
      startGame(rt.deps, 'low');
    } finally {
      rt.close();
    }
    server = startReferee(stack(), dir);
    await server.waitFor(/IMAP inbox connected/, 20000, 'stderr');
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('resolves at the deadline with the plane rolled level, and tells everyone of a turn that cannot be resolved', async () => {
    const [rafWelcome] = await mailTo(stack(), RAF, /Welcome to Channel duel/);
    const [lwWelcome] = await mailTo(stack(), LW, /Welcome to Channel duel/);
    // The template offers the missed-orders plot: rolled level first, not into the sea.
    expect(templateOf(rafWelcome!.text)).toMatch(/^R1: N 1 1 1 1$/m);
    await sendOrders(stack(), LW, templateOf(lwWelcome!.text), { subject: `Re: ${lwWelcome!.subject}` });
    await mailTo(stack(), LW, /Turn 1 orders accepted/);
    // The deadline is set in the past: the RAF player has missed it.
    await sendOrders(stack(), GM, envelope('low', 'gm', gmSecret, 'SET deadline dates 2000-01-01 00:00'), {
      subject: 'deadline',
    });
    const [rafReport] = await mailTo(stack(), RAF, /\[low\] Turn 1 report/);
    const [lwReport] = await mailTo(stack(), LW, /\[low\] Turn 1 report/);
    for (const r of [rafReport!, lwReport!]) {
      expect(flat(r.text)).toContain(
        'R1: no orders; flying straight on would break a rule (box 3: the plot dives into the ground here (0 ft)), so it flies the nearest legal plot instead: N 1 1 1 1; fire held',
      );
      expect(r.text).not.toMatch(/R1\s.*crash/);
    }
    const [missed] = await mailTo(stack(), RAF, /\[low\] Turn 1: no orders from you/);
    expect(flat(missed!.text)).toContain('R1 flew the default');

    // Turn 2: the RAF's orders are in; then R1's stored speed changes under them (a hand-edited
    // database), so the Luftwaffe's orders complete a turn that cannot be resolved.
    await sendOrders(stack(), RAF, templateOf(rafReport!.text), { subject: `Re: ${rafReport!.subject}` });
    await mailTo(stack(), RAF, /Turn 2 orders accepted/);
    const Database = (await import('better-sqlite3')).default;
    const db = new Database(dbPath);
    try {
      db.prepare(
        "UPDATE turns SET state = json_set(state, '$.planes[0].speed', json_extract(state, '$.planes[0].speed') + 10) WHERE game_id = 'low' AND turn = 2",
      ).run();
    } finally {
      db.close();
    }
    await sendOrders(stack(), LW, templateOf(lwReport!.text), { subject: `Re: ${lwReport!.subject}` });
    const [gmMail] = await mailTo(stack(), GM, /\[low\] GM: Turn 2 cannot be resolved/);
    expect(flat(gmMail!.text)).toMatch(/- R1: R1 is active in \d+ impulses .*the plot needs \d+ boxes/);
    expect(gmMail!.text).toContain('PROCESS');
    const [rafDelay] = await mailTo(stack(), RAF, /\[low\] Turn 2 is delayed/);
    expect(rafDelay!.text).toContain('THE PROBLEM WITH YOUR PLANES');
    const [lwDelay] = await mailTo(stack(), LW, /\[low\] Turn 2 is delayed/);
    expect(flat(lwDelay!.text)).toContain('The problem is not with your planes');
    expect(lwDelay!.text).not.toContain('R1');

    // The RAF player's new orders fit the turn: it resolves and both get the report.
    const fixed = templateOf(rafReport!.text).replace(/^(R1: .*)$/m, '$1 1');
    await sendOrders(stack(), RAF, fixed, { subject: `Re: ${rafDelay!.subject}` });
    await mailTo(stack(), RAF, /\[low\] Turn 2 report/);
    await mailTo(stack(), LW, /\[low\] Turn 2 report/);
    // Told once: one GM mail and one delay notice each.
    expect(await mailTo(stack(), GM, /cannot be resolved/)).toHaveLength(1);
    expect(await mailTo(stack(), RAF, /is delayed/)).toHaveLength(1);
  });
});
