/**
 * `npm run chaos`: the chaos suite's long form on the real test mail stack (Postfix + Dovecot, as
 * root), each figure printed against its goal. tests/support/chaos/ holds the scenarios; the
 * bounded form runs in CI as tests/integration/chaos.test.ts. Options (defaults: the long form):
 *   --rounds N        kill rounds (100)
 *   --minutes M       minutes of the auto-responder loop (10)
 *   --forged N        forged-From mails before the player's orders (60)
 *   --flood N         wrong-secret mails from as many forged senders (50, at most 50)
 *   --hostile N       mails of the hostile corpus (2000)
 *   --big N --mb M    N mails of M MB waiting in the inbox (60 x 40)
 *   --only a,b        only these scenarios: kill, responder, forged, flood, hostile, big
 *   --seed S          the kill moments and the corpus's mutations (11)
 *   --quick           a short form: 5 rounds, 1 minute, 200 hostile mails, 4 x 40 MB
 * The auto-responder loop runs beside the other scenarios (it mostly waits), each scenario on a
 * referee of its own. Exits 1 when a goal is missed.
 */
import { forgedFrom, wrongSecretFlood } from '../tests/support/chaos/forgery.ts';
import { formatFigures, timed, type ScenarioResult } from '../tests/support/chaos/figures.ts';
import { bigMailRun, hostileRun } from '../tests/support/chaos/heavy-mail.ts';
import { killRounds } from '../tests/support/chaos/kill-rounds.ts';
import { responderLoop } from '../tests/support/chaos/responder.ts';
import { chaosUsers } from '../tests/support/chaos/rig.ts';
import { mailStackAvailability, startMailStack } from '../tests/support/mailstack.ts';

const quick = process.argv.includes('--quick');
const arg = (name: string, long: number, short: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : quick ? short : long;
};
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt >= 0 ? new Set((process.argv[onlyAt + 1] ?? '').split(',')) : null;
const wanted = (s: string) => !only || only.has(s);
const seed = arg('seed', 11, 11);
const log = (line: string) => console.log(`  .. ${line}`);

const available = mailStackAvailability();
if (!available.ok) {
  console.error(`chaos needs the real mail stack: ${available.reason}`);
  process.exit(1);
}
const stack = await startMailStack({ users: chaosUsers() });
const ORDER = ['kill', 'responder', 'forged', 'flood', 'hostile', 'big'];
const results: (ScenarioResult & { key: string })[] = [];
const run = async (key: string, title: string, fn: () => Promise<ScenarioResult['figures']>) => {
  if (!wanted(key)) return;
  console.log(`${title} ...`);
  const r = { ...(await timed(title, fn)), key };
  console.log(formatFigures([r]));
  results.push(r);
};
try {
  const rounds = arg('rounds', 100, 5);
  const minutes = arg('minutes', 10, 1);
  const forged = arg('forged', 60, 60);
  const flood = arg('flood', 50, 50);
  const hostile = arg('hostile', 2000, 200);
  const [big, mb] = [arg('big', 60, 4), arg('mb', 40, 40)];
  // The responder loop mostly waits: it runs beside the other scenarios (on a referee of its own).
  // It starts first: a scenario's set-up (the kill rounds' 500 games) holds this process for a while.
  let started = (): void => undefined;
  const ready = new Promise<void>((r) => {
    started = r;
  });
  const loop = run('responder', `header-less auto-responder (${minutes} min)`, () =>
    responderLoop(stack, { minutes, progress: log, started }),
  );
  loop.catch(() => undefined); // met again where it is awaited
  await Promise.race([ready, loop.catch(() => undefined)]);
  await run('kill', `kill rounds (${rounds})`, () =>
    killRounds(stack, {
      rounds,
      seed,
      progress: (l) => {
        if (/0\//.test(l)) log(l);
      },
    }),
  );
  await run('forged', `forged From (${forged} mails)`, () => forgedFrom(stack, { mails: forged }));
  await run('flood', `wrong-secret flood (${flood} senders)`, () => wrongSecretFlood(stack, { mails: flood }));
  await run('hostile', `hostile corpus (${hostile} mails)`, () =>
    hostileRun(stack, { mails: hostile, seed, progress: log }),
  );
  await run('big', `big mails waiting (${big} x ${mb} MB)`, () => bigMailRun(stack, { count: big, mb, progress: log }));
  await loop;
} finally {
  await stack.stop();
}
console.log('\nchaos: every figure against its goal');
console.log(formatFigures(results.sort((a, b) => ORDER.indexOf(a.key) - ORDER.indexOf(b.key))));
const failed = results.flatMap((r) => r.figures.filter((f) => !f.ok));
console.log(failed.length ? `\n${failed.length} goal(s) missed` : '\nevery goal met');
process.exit(failed.length ? 1 : 0);
