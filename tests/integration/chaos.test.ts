/**
 * The chaos suite's bounded form (tests/support/chaos/; the long form is `npm run chaos`), against
 * the real Dovecot and Postfix: 20 kill rounds and a 2-minute loop with a header-less
 * auto-responder (both beside the other scenarios), 60 forged mails with a player's From address, 50 wrong-secret
 * mails from 50 forged senders, a small hostile corpus and 6 mails of 40 MB waiting. Each test
 * asserts the goals of its scenario but the figures of time (the worst CPU per mail, which the
 * machine's load moves: `npm run chaos` judges it); every figure is printed, so a failure shows all
 * of them.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithMailStack } from '../support/describe-mailstack.ts';
import { forgedFrom, wrongSecretFlood } from '../support/chaos/forgery.ts';
import { formatFigures, missedUntimed, timed, type ScenarioResult } from '../support/chaos/figures.ts';
import { bigMailRun, hostileRun } from '../support/chaos/heavy-mail.ts';
import { killRounds } from '../support/chaos/kill-rounds.ts';
import { responderLoop } from '../support/chaos/responder.ts';
import { chaosUsers } from '../support/chaos/rig.ts';
import { startMailStack, type MailStack } from '../support/mailstack.ts';

const MINUTE = 60_000;

/** Every figure of the scenario, and the missed goals by name (not those of time): the test fails on the latter. */
function check(r: ScenarioResult): void {
  console.log(formatFigures([r], false));
  expect(missedUntimed(r).map((f) => `${f.name}: ${f.value} (goal ${f.goal}${f.note ? `; ${f.note}` : ''})`)).toEqual(
    [],
  );
}

describeWithMailStack('chaos, bounded', () => {
  let stack: MailStack;
  let loop: Promise<ScenarioResult>;
  let kills: Promise<ScenarioResult>;

  beforeAll(async () => {
    stack = await startMailStack({ users: chaosUsers() });
    // Both mostly wait (the loop for its 2 minutes, the kill rounds at the end for the leases of the
    // killed servers to run out): they run while the scenarios below do, each on a referee of its own.
    let started = (): void => undefined;
    const ready = new Promise<void>((r) => {
      started = r;
    });
    loop = timed('header-less auto-responder (2 min)', () => responderLoop(stack, { minutes: 2, started }));
    loop.catch(() => undefined);
    // The kill rounds' set-up holds this process a moment: the loop's referee starts first.
    await Promise.race([ready, loop.catch(() => undefined)]);
    kills = timed('kill rounds (20)', () => killRounds(stack, { rounds: 20 }));
    kills.catch(() => undefined);
  });
  afterAll(async () => {
    await Promise.all([loop?.catch(() => undefined), kills?.catch(() => undefined)]);
    await stack?.stop();
  });

  it(
    "a player's orders are taken in after 60 forged mails with his From address",
    { timeout: 3 * MINUTE },
    async () => {
      check(await timed('forged From (60 mails)', () => forgedFrom(stack, { mails: 60 })));
    },
  );

  it('50 wrong-secret mails from 50 forged senders make at most one notice', { timeout: 3 * MINUTE }, async () => {
    check(await timed('wrong-secret flood (50 senders)', () => wrongSecretFlood(stack, { mails: 50 })));
  });

  it(
    'hostile mail: every mail handled, no crash, no reply over 200 KB, peak RSS at most 300 MB',
    { timeout: 4 * MINUTE },
    async () => {
      check(await timed('hostile corpus (60 mails)', () => hostileRun(stack, { mails: 60 })));
    },
  );

  it('6 mails of 40 MB waiting: peak RSS at most 300 MB', { timeout: 4 * MINUTE }, async () => {
    check(await timed('big mails waiting (6 x 40 MB)', () => bigMailRun(stack, { count: 6, mb: 40 })));
  });

  it(
    '20 kill rounds: no order lost, no turn resolved twice, at most one duplicate per crash',
    { timeout: 5 * MINUTE },
    async () => {
      check(await kills);
    },
  );

  it(
    "a header-less auto-responder gets at most 2 replies, and the player's orders right after are taken in",
    { timeout: 4 * MINUTE },
    async () => {
      check(await loop);
    },
  );
});
