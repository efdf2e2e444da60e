/**
 * The quick game (seed 004) played by PLAN letters alone over the real mail stack (Postfix,
 * Dovecot, `tallyho serve`; docs/quick.md "Pick a move", docs/plans.md "The quick game"): each
 * side picks a move from the WAYS TO FLY of its latest mail, turn after turn, the Royal Air Force
 * top-posted above the quoted report with a signature, the Luftwaffe sending the envelope back;
 * each pick accepted and echoed as its move; the game then verifies.
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithMailStack, useMailStack } from '../support/describe-mailstack.ts';
import {
  mailTo,
  REFEREE,
  refereeEnv,
  sendOrders,
  setUpScenario,
  startReferee,
  tempDir,
  templateOf,
} from '../support/referee-stack.ts';
import { childEnv, CLI, type ServeProcess } from '../support/serve-process.ts';

const RAF = 'raf@example.test';
const LW = 'lw@example.test';

/** The letters of an aircraft's menu of moves in a mail, but those of moves that leave the map ("!") when there are others. */
function letters(mail: string, plane: string): string[] {
  const at = mail.indexOf(`\n${plane} at `, mail.indexOf('WAYS TO FLY TURN'));
  if (at < 0) return [];
  const out: { letter: string; off: boolean }[] = [];
  for (const l of mail
    .slice(at + 1)
    .split('\n')
    .slice(2)) {
    const m = /^ ([A-H]) \S+ +\d{4}(!?) /.exec(l);
    if (!m) break;
    out.push({ letter: m[1]!, off: m[2] === '!' });
  }
  const on = out.filter((x) => !x.off);
  return (on.length ? on : out).map((x) => x.letter);
}

/** The ready-to-send orders of a mail with the aircraft's move replaced by a pick. */
const picked = (mail: string, plane: string, letter: string): string =>
  templateOf(mail).replace(new RegExp(`^${plane}: .*$`, 'm'), `${plane} PLAN ${letter}`);

describeWithMailStack('the quick game by PLAN letters alone on Postfix + Dovecot', () => {
  const stack = useMailStack({ users: [REFEREE, RAF, LW] });
  const dir = tempDir();
  let env: Record<string, string> = {};
  let server: ServeProcess | undefined;
  beforeAll(async () => {
    env = refereeEnv(stack(), dir);
    setUpScenario(env, 'qduel', 'quick-duel', [
      { id: 'raf', email: RAF, pieces: ['S1'] },
      { id: 'lw', email: LW, pieces: ['M1'] },
    ]);
    server = startReferee(stack(), dir);
    await server.waitFor(/IMAP inbox connected/, 20000, 'stderr');
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is accepted turn after turn, each pick echoed as its move, and verifies', async () => {
    let raf = (await mailTo(stack(), RAF, /Welcome to Quick duel/))[0]!.text;
    let lw = (await mailTo(stack(), LW, /Welcome to Quick duel/))[0]!.text;
    let played = 0;
    for (let turn = 1; turn <= 3; turn++) {
      const rl = letters(raf, 'S1');
      const ml = letters(lw, 'M1');
      if (!rl.length || !ml.length) break;
      const r = rl[(turn * 2) % rl.length]!;
      const m = ml[(turn * 3 + 1) % ml.length]!;
      const quoted = raf
        .split('\n')
        .map((l) => `> ${l}`)
        .join('\n');
      await sendOrders(
        stack(),
        RAF,
        `${picked(raf, 'S1', r)}\n\n-- \nAnn\n\nOn Saturday the referee wrote:\n${quoted}\n`,
        { subject: `Re: [qduel] turn ${turn}` },
      );
      const [a] = await mailTo(stack(), RAF, new RegExp(`\\[qduel\\] Turn ${turn} orders accepted`));
      expect(a!.text.replace(/\s+/g, ' ')).toContain(`S1 PLAN ${r} is move ${r} of S1's menu for turn ${turn}`);
      await sendOrders(stack(), LW, picked(lw, 'M1', m), { subject: `Re: [qduel] turn ${turn}` });
      const [b] = await mailTo(stack(), LW, new RegExp(`\\[qduel\\] Turn ${turn} orders accepted`));
      expect(b!.text.replace(/\s+/g, ' ')).toContain(`M1 PLAN ${m} is move ${m} of M1's menu for turn ${turn}`);
      raf = (await mailTo(stack(), RAF, new RegExp(`\\[qduel\\] Turn ${turn} report`)))[0]!.text;
      lw = (await mailTo(stack(), LW, new RegExp(`\\[qduel\\] Turn ${turn} report`)))[0]!.text;
      played = turn;
      if (!raf.includes('WAYS TO FLY')) break;
    }
    expect(played).toBeGreaterThanOrEqual(2);
    const verify = execFileSync('node', [CLI, 'verify', 'qduel'], { cwd: dir, env: childEnv(env), encoding: 'utf8' });
    expect(verify).toContain('Every die, state and event is as stored.');
  }, 180_000);
});
