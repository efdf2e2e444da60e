/**
 * The muster before turn 1 by mail over the real mail stack (Postfix, Dovecot, `tallyho serve`, a
 * real SQLite file; docs/gm-guide.md "Muster", docs/players.md "Before the game: READY"):
 * - the game master's MUSTER calls both players; one answers READY in a quoted one-line reply
 *   above the call, the other in an HTML-only mail; turn 1 opens and the welcomes arrive;
 * - in a second game one player never answers: at the limit (the muster set back two hours in the
 *   database, the server's clock running every second) the game master is told once who is
 *   missing, sends REPLACE x COMPUTER, and the game starts.
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addPlayer, createGame } from '../../src/app/setup/games.ts';
import { setGm } from '../../src/app/setup/roster.ts';
import { loadAircraftDir } from '../../src/shell/aircraft/catalog.ts';
import { configFrom } from '../../src/shell/config.ts';
import { openRuntime } from '../../src/shell/runtime.ts';
import { loadScenarioFile } from '../../src/shell/scenario-file.ts';
import { sendMail, type ReceivedMessage } from '../support/mail.ts';
import { describeWithMailStack, useMailStack } from '../support/describe-mailstack.ts';
import { envelope, mailTo, REFEREE, refereeEnv, sendOrders, startReferee, tempDir } from '../support/referee-stack.ts';
import { childEnv, CLI, type ServeProcess } from '../support/serve-process.ts';
import { flat, quoted } from '../support/text.ts';

const RAF = 'raf@example.test';
const LW = 'lw@example.test';
const ANN = 'ann@example.test';
const BOB = 'bob@example.test';
const GM = 'gm@example.test';
const html = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').split('\n').join('<br>');
const replyHeaders = (m: ReceivedMessage): Record<string, string> => ({
  'In-Reply-To': m.messageId ?? '',
  References: m.messageId ?? '',
});

describeWithMailStack('the muster by mail on Postfix + Dovecot', () => {
  const stack = useMailStack({ users: [REFEREE, RAF, LW, ANN, BOB, GM] });
  const dir = tempDir();
  let server: ServeProcess | undefined;
  let env: Record<string, string> = {};
  const secrets: Record<string, string> = {};

  beforeAll(async () => {
    env = refereeEnv(stack(), dir);
    const rt = openRuntime({ config: configFrom(env) });
    try {
      const catalog = loadAircraftDir();
      const scenario = loadScenarioFile('scenarios/duel.yaml', catalog);
      for (const [game, red, blue] of [
        ['mus', ['raf', RAF], ['lw', LW]],
        ['late', ['ann', ANN], ['bob', BOB]],
      ] as const) {
        createGame(rt.deps, { id: game, scenario, catalog });
        secrets[game] = setGm(rt.deps, game, { email: GM, newSecret: true }).secret as string;
        addPlayer(rt.deps, { gameId: game, playerId: red[0], email: red[1], planes: ['R1'] });
        addPlayer(rt.deps, { gameId: game, playerId: blue[0], email: blue[1], planes: ['G1'] });
      }
    } finally {
      rt.close();
    }
    // The clock every second, so that a muster past its limit is seen at once.
    server = startReferee(stack(), dir, { TICK_SECONDS: '1' });
    await server.waitFor(/IMAP inbox connected/, 20000, 'stderr');
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('opens turn 1 when both players have answered READY, in a quoted reply and in an HTML mail', async () => {
    await sendOrders(stack(), GM, envelope('mus', 'gm', secrets.mus!, 'MUSTER 2d'), { subject: 'muster' });
    const [opened] = await mailTo(stack(), GM, /\[mus\] GM commands for game mus/);
    expect(flat(opened!.text)).toContain('Muster of game mus (Channel duel) opened: READY by');
    const [rafCall] = await mailTo(stack(), RAF, /\[mus\] Muster for Channel duel: answer READY/);
    const [lwCall] = await mailTo(stack(), LW, /\[mus\] Muster for Channel duel: answer READY/);
    expect(flat(rafCall!.text)).toContain('You are raf, flying R1 (Supermarine Spitfire');
    // The RAF player top-posts READY above the quoted call, as a mail program writes a reply.
    await sendMail(stack(), {
      from: RAF,
      to: REFEREE,
      subject: `Re: ${rafCall!.subject}`,
      headers: replyHeaders(rafCall!),
      text: `READY\n\nOn Sat, the referee wrote:\n${quoted(rafCall!.text)}\n`,
    });
    const [rafReady] = await mailTo(stack(), RAF, /\[mus\] Answer to READY/);
    expect(flat(rafReady!.text)).toContain('You are ready for game mus (Channel duel). Still to answer READY: lw.');
    // The Luftwaffe player's mail program sends HTML only, the call quoted in a blockquote.
    await sendMail(stack(), {
      from: LW,
      to: REFEREE,
      subject: `Re: ${lwCall!.subject}`,
      headers: replyHeaders(lwCall!),
      html: `<html><body><div>Ready!</div><div><br></div><div>Am Samstag schrieb der Schiedsrichter:</div><blockquote>${html(lwCall!.text)}</blockquote></body></html>`,
    });
    const [lwReady] = await mailTo(stack(), LW, /\[mus\] Answer to READY/);
    expect(flat(lwReady!.text)).toContain(
      'You are ready, and so is every other player: game mus (Channel duel) starts now.',
    );
    await mailTo(stack(), RAF, /\[mus\] Welcome to Channel duel/);
    await mailTo(stack(), LW, /\[mus\] Welcome to Channel duel/);
    await mailTo(stack(), GM, /\[mus\] GM: Every player is ready: game mus has started/);
  }, 120_000);

  it('tells the game master who is missing at the limit; REPLACE x COMPUTER starts the game', async () => {
    await sendOrders(stack(), GM, envelope('late', 'gm', secrets.late!, 'MUSTER 1h'), { subject: 'muster' });
    const [annCall] = await mailTo(stack(), ANN, /\[late\] Muster for Channel duel: answer READY/);
    await mailTo(stack(), BOB, /\[late\] Muster for Channel duel: answer READY/);
    await sendMail(stack(), {
      from: ANN,
      to: REFEREE,
      subject: `Re: ${annCall!.subject}`,
      headers: replyHeaders(annCall!),
      text: `READY\nAnn\n\n${quoted(annCall!.text)}\n`,
    });
    await mailTo(stack(), ANN, /\[late\] Answer to READY/);
    // Two hours pass: the muster is set back as if it had been opened then, as a database edited
    // by hand would hold it, and the server's clock finds its limit passed, with Bob never answering.
    const Database = (await import('better-sqlite3')).default;
    const db = new Database(env.DATABASE_PATH as string);
    try {
      db.prepare(
        "UPDATE musters SET opened_at = opened_at - 7200000, until = until - 7200000 WHERE game_id = 'late'",
      ).run();
    } finally {
      db.close();
    }
    const [alert] = await mailTo(stack(), GM, /\[late\] GM: Muster: bob is not ready/);
    expect(flat(alert!.text)).toContain('- bob (bob@example.test), flying G1');
    expect(flat(alert!.text)).toContain('- ann (ann@example.test), READY at');
    expect(flat(alert!.text)).toContain('REPLACE bob COMPUTER');
    // The game's status on the command line, beside the running server.
    const status = execFileSync('node', [CLI, 'game', 'status', 'late'], {
      cwd: dir,
      env: childEnv(env),
      encoding: 'utf8',
    });
    expect(status).toMatch(/muster: READY by .* \(passed; the game master was told/);
    expect(status).toMatch(/^ {2}bob +bob@example\.test +G1 +NOT READY$/m);

    await sendOrders(stack(), GM, envelope('late', 'gm', secrets.late!, 'REPLACE bob COMPUTER'), {
      subject: 'replace',
    });
    const answers = await mailTo(stack(), GM, /\[late\] GM commands for game late/, { min: 2 });
    expect(flat(answers.at(-1)!.text)).toContain(
      'Every player is ready: game late has started, 1 welcome mail queued.',
    );
    await mailTo(stack(), ANN, /\[late\] Welcome to Channel duel/);
    await mailTo(stack(), BOB, /\[late\] The computer flies your planes/);
    expect(await mailTo(stack(), GM, /not ready/)).toHaveLength(1);
  }, 120_000);
});
