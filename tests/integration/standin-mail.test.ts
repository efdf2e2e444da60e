/**
 * The stand-in pilot by mail over the real mail stack (Postfix, Dovecot, `tallyho serve`, a real
 * SQLite file; docs/gm-guide.md "The stand-in", docs/players.md "Away for a while"):
 * - a missed turn flown by the stand-in once the game master set `missed standin`;
 * - a LEAVE sent as a reply to the report (quoted, with a signature) and a BACK;
 * - a seat created for the computer playing a whole game to its end against a player replying in
 *   HTML mail;
 * and `tallyho verify` passes on each game.
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addPlayer, createGame, startGame } from '../../src/app/setup/games.ts';
import { addComputerSeat, setGm } from '../../src/app/setup/roster.ts';
import { loadAircraftDir } from '../../src/shell/aircraft/catalog.ts';
import { configFrom } from '../../src/shell/config.ts';
import { openRuntime } from '../../src/shell/runtime.ts';
import { loadScenarioFile } from '../../src/shell/scenario-file.ts';
import { sendMail } from '../support/mail.ts';
import { describeWithMailStack, useMailStack } from '../support/describe-mailstack.ts';
import {
  confirmed,
  envelope,
  mailTo,
  REFEREE,
  refereeEnv,
  sendOrders,
  startReferee,
  tempDir,
  templateOf,
} from '../support/referee-stack.ts';
import { childEnv, CLI, type ServeProcess } from '../support/serve-process.ts';
import { flat, quoted } from '../support/text.ts';

const RAF = 'raf@example.test';
const LW = 'lw@example.test';
const GM = 'gm@example.test';
const SOLO = 'ace@example.test';

describeWithMailStack('the stand-in pilot by mail on Postfix + Dovecot', () => {
  const stack = useMailStack({ users: [REFEREE, RAF, LW, GM, SOLO] });
  const dir = tempDir();
  let server: ServeProcess | undefined;
  let env: Record<string, string> = {};
  let gmSecret = '';
  const verify = (game: string) =>
    execFileSync('node', [CLI, 'verify', game], { cwd: dir, env: childEnv(env), encoding: 'utf8' });

  beforeAll(async () => {
    env = refereeEnv(stack(), dir);
    const rt = openRuntime({ config: configFrom(env) });
    try {
      const catalog = loadAircraftDir();
      const scenario = loadScenarioFile('scenarios/duel.yaml', catalog);
      // The club game must last three turns whatever the dice: the two fighters start 60 hexes
      // apart abreast on a wide map, out of each other's reach for longer than that.
      const apart = {
        ...scenario,
        map: { ...scenario.map, width: 80, height: 80 },
        planes: scenario.planes.map((p) => ({ ...p, hex: p.id === 'R1' ? '1070' : '7070', facing: 0 })),
      };
      createGame(rt.deps, { id: 'club', scenario: apart, catalog });
      gmSecret = setGm(rt.deps, 'club', { email: GM, newSecret: true }).secret as string;
      addPlayer(rt.deps, { gameId: 'club', playerId: 'raf', email: RAF, planes: ['R1'] });
      addPlayer(rt.deps, { gameId: 'club', playerId: 'lw', email: LW, planes: ['G1'] });
      startGame(rt.deps, 'club');
      createGame(rt.deps, { id: 'cpu', scenario, catalog });
      addPlayer(rt.deps, { gameId: 'cpu', playerId: 'ace', email: SOLO, planes: ['R1'] });
      rt.store.tx((tx) => addComputerSeat(rt.deps, tx, 'cpu', 'lw'));
      startGame(rt.deps, 'cpu');
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

  it("flies a missed turn, then a player's leave until he is back; verify passes", async () => {
    await sendOrders(stack(), GM, envelope('club', 'gm', gmSecret, 'SET missed standin'), { subject: 'settings' });
    await mailTo(stack(), GM, /GM commands for game club/);
    const [lwWelcome] = await mailTo(stack(), LW, /\[club\] Welcome/);
    await sendOrders(stack(), LW, templateOf(lwWelcome!.text), { subject: `Re: ${lwWelcome!.subject}` });
    await mailTo(stack(), LW, /\[club\] Turn 1 orders accepted/);
    // The deadline is set in the past: the RAF player has missed it, and the stand-in flies R1.
    await sendOrders(stack(), GM, envelope('club', 'gm', gmSecret, 'SET deadline dates 2000-01-01 00:00'), {
      subject: 'deadline',
    });
    const [rafReport] = await mailTo(stack(), RAF, /\[club\] Turn 1 report/);
    const [lwReport] = await mailTo(stack(), LW, /\[club\] Turn 1 report/);
    expect(rafReport!.text).toContain('THE STAND-IN PILOT');
    expect(flat(rafReport!.text)).toContain(
      'It flew your planes this turn (no orders from you were in by the deadline',
    );
    expect(rafReport!.text).toMatch(/^ {2}R1: .+$/m);
    expect(flat(lwReport!.text)).toContain(
      "It flew raf's planes this turn: no orders from them were in by the deadline.",
    );
    const [missed] = await mailTo(stack(), RAF, /\[club\] Turn 1: no orders from you/);
    expect(flat(missed!.text)).toContain('The stand-in pilot flew R1');

    // Turn 2: the RAF player goes on leave, replying to his report as a mail program does.
    const token = /^#TALLYHO club raf "([^"]+)"/m.exec(rafReport!.text)![1]!;
    await sendMail(stack(), {
      from: RAF,
      to: REFEREE,
      subject: `Re: ${rafReport!.subject}`,
      text: `${envelope('club', 'raf', token, 'LEAVE 3 DAYS')}\nOff to the coast.\n-- \nRAF\n\nOn Sat, the referee wrote:\n${quoted(rafReport!.text)}\n`,
    });
    const [leave] = await mailTo(stack(), RAF, /\[club\] Answer to LEAVE/);
    expect(flat(leave!.text)).toContain('You are on leave until');
    expect(flat(leave!.text)).toContain('Leave left after this: 11 days');
    const [told] = await mailTo(stack(), LW, /\[club\] The stand-in flies raf's planes/);
    expect(told!.text).not.toMatch(/leave|coast/i);
    // The Luftwaffe's orders alone resolve turn 2.
    await sendOrders(stack(), LW, templateOf(lwReport!.text), { subject: `Re: ${lwReport!.subject}` });
    const [raf2] = await mailTo(stack(), RAF, /\[club\] Turn 2 report/);
    const [lw2] = await mailTo(stack(), LW, /\[club\] Turn 2 report/);
    expect(flat(raf2!.text)).toContain('It flew your planes this turn (you are on leave until');
    expect(flat(lw2!.text)).toContain("It flew raf's planes this turn. It knows only");

    // BACK: turn 3 waits for both players again.
    const token3 = /^#TALLYHO club raf "([^"]+)"/m.exec(raf2!.text)?.[1] ?? token;
    await sendOrders(stack(), RAF, envelope('club', 'raf', token3, 'BACK'), { subject: `Re: ${raf2!.subject}` });
    const [back] = await mailTo(stack(), RAF, /\[club\] Answer to BACK/);
    expect(flat(back!.text)).toContain('Welcome back: you fly your planes again from turn 3 on');
    await mailTo(stack(), LW, /\[club\] The stand-in no longer flies raf's planes/);
    await sendOrders(stack(), LW, templateOf(lw2!.text), { subject: `Re: ${lw2!.subject}` });
    await mailTo(stack(), LW, /\[club\] Turn 3 orders accepted/);
    await sendOrders(stack(), RAF, templateOf(raf2!.text), { subject: `Re: ${raf2!.subject}` });
    const [raf3] = await mailTo(stack(), RAF, /\[club\] Turn 3 report/);
    expect(raf3!.text).not.toContain('THE STAND-IN PILOT');
    expect(verify('club')).toContain('Every die, state and event is as stored.');
  }, 240_000);

  it('a seat of the computer plays a whole game to its end against a player in HTML mail; verify passes', async () => {
    const [welcome] = await mailTo(stack(), SOLO, /\[cpu\] Welcome/);
    let last = welcome!;
    let over = false;
    for (let turn = 1; turn <= 40 && !over; turn++) {
      // CONFIRM: a plot that leaves the map (say) is flown as it is, the turn not held for it.
      const orders = confirmed(templateOf(last.text));
      // HTML only, as some mail programs send it: the envelope in a <pre>, a signature below.
      await sendMail(stack(), {
        from: SOLO,
        to: REFEREE,
        subject: `Re: ${last.subject}`,
        html: `<html><body><p>My turn ${turn}.</p><pre>${orders.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</pre><p>-- <br>Ace</p></body></html>`,
      });
      const [report] = await mailTo(stack(), SOLO, new RegExp(`\\[cpu\\] Turn ${turn} report`), { timeoutMs: 30000 });
      expect(flat(report!.text)).toContain("It flies the computer's seat (player computer)");
      last = report!;
      over = /the game is over/.test(report!.subject);
    }
    expect(over).toBe(true);
    expect(verify('cpu')).toContain('Every die, state and event is as stored.');
  }, 300_000);
});
