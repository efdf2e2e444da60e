/**
 * A turn that cannot be resolved is never a silent wait (docs/gm-guide.md "A turn that cannot be
 * resolved"): the first failed attempt of a turn mails the game master every problem and what he
 * can do, and tells each player the turn is delayed and why (the problems of his own planes in
 * full, the others' only counted: orders are secret). Later attempts that fail the same way only
 * count; new problems mail the game master again. The admin page shows the stall until the turn
 * resolves, which clears it.
 */
import type { Problem } from '../../core/result.ts';
import { wrapText } from '../../report/wrap.ts';
import type { AppDeps } from '../ports/deps.ts';
import { seeLink } from '../words/doc-links.ts';
import { alertGm, queueAnswer } from '../mail/notify.ts';
import type { GameRow, StoreTx } from '../ports/store.ts';
import type { StallProblem, TurnStallRow } from '../ports/control.ts';

/** The core's problems as a stall lists them: the plane, and the message with its box (and its doc's link, with PUBLIC_URL). */
export const stallProblems = (problems: readonly Problem[], publicUrl: string | null = null): StallProblem[] =>
  problems.map((p) => ({
    plane: p.plane ?? null,
    message: `${p.box ? `box ${p.box}: ` : ''}${p.message}${p.rule ? ` [${p.rule}]` : ''}${seeLink(publicUrl, p.see)}`,
  }));

/** A failure of the referee itself (an exception), as a stall lists it. */
export const crashProblem = (e: unknown): StallProblem[] => [
  { plane: null, message: `the referee failed while resolving the turn: ${(e as Error)?.message ?? String(e)}` },
];

/** One problem as a line of a mail or an answer. */
export const stallLine = (p: StallProblem): string => `- ${p.plane ? `${p.plane}: ` : ''}${p.message}`;
/** Problems as a preformatted list, each wrapped under its dash. */
const listText = (problems: readonly StallProblem[]): string =>
  problems.map((p) => wrapText(stallLine(p), 78, 2)).join('\n');
const same = (a: readonly StallProblem[], b: readonly StallProblem[]): boolean =>
  JSON.stringify(a) === JSON.stringify(b);

/** The stall of the game's current turn, when it has one not cleared. */
export function openStall(tx: StoreTx, game: GameRow): TurnStallRow | undefined {
  const s = tx.control.stall(game.id, game.turn);
  return s && s.clearedAt === null ? s : undefined;
}

/** Records a failed attempt at the game's current turn; the first (or new problems) tells people. */
export function recordStall(deps: AppDeps, tx: StoreTx, game: GameRow, problems: StallProblem[], why: string): void {
  const now = deps.clock.now();
  const before = openStall(tx, game);
  tx.control.saveStall({
    gameId: game.id,
    turn: game.turn,
    problems,
    firstAt: before?.firstAt ?? now,
    lastAt: now,
    attempts: (before?.attempts ?? 0) + 1,
    clearedAt: null,
  });
  if (before && same(before.problems, problems)) return;
  deps.log.error(
    { game: game.id, turn: game.turn, problems: problems.map(stallLine) },
    'the turn cannot be resolved; the game master and the players are told',
  );
  const told = alertGm(
    deps,
    tx,
    game,
    `turn ${game.turn} cannot be resolved`,
    [
      `Turn ${game.turn} of game ${game.id} (${game.name}) cannot be resolved: ${why}, but the referee found ${problems.length === 1 ? 'the problem below' : `the ${problems.length} problems below`}. Nothing was moved and no dice were thrown; the turn waits.`,
      [
        'What you can do:',
        `- When a player's orders are at fault, ask for new orders: the player's latest accepted orders count. Or hand the planes to another player: REPLACE <player> <new-player-id> <address>.`,
        `- When the fault is in the installation (an aircraft or scenario file changed, say), put it right and send PROCESS: the turn is resolved at once.`,
        `- ROLLBACK undoes the last resolved turn, to be flown again; PAUSE stops the clock while you look.`,
        `- PREVIEW (or tallyho game preview ${game.id}) tries the turn again without saving anything; the administration page shows this under the game.`,
      ].join('\n'),
      before
        ? 'The players were told of the delay when it began.'
        : 'The players are told the turn is delayed; nothing else is said to them.',
    ],
    [{ heading: problems.length === 1 ? 'The problem' : 'The problems', text: listText(problems) }],
  );
  if (before) return;
  for (const p of tx.players.list(game.id)) {
    const mine = problems.filter(
      (x) => x.plane !== null && p.planes.some((id) => id.toUpperCase() === x.plane?.toUpperCase()),
    );
    const own = problems.some((x) => x.plane === null);
    const theirs = problems.length - mine.length - problems.filter((x) => x.plane === null).length;
    queueAnswer(deps, tx, {
      to: p.email,
      game,
      player: p,
      kind: 'notice',
      title: `Turn ${game.turn} is delayed`,
      paragraphs: [
        `Turn ${game.turn} of game ${game.id} could not be resolved: ${why}, but the referee found a problem it cannot settle by itself. Nothing was moved and no dice were thrown. ${told ? 'The game master has been told and will put it right' : "The referee's administrator can see it on the administration page"}; the turn is resolved as soon as it is.`,
        ...(theirs
          ? [
              `${mine.length ? 'There ' : 'The problem is not with your planes: there '}${theirs === 1 ? `is ${mine.length ? 'also ' : ''}one problem` : `are ${mine.length ? 'also ' : ''}${theirs} problems`} with another player's orders, which stay secret.`,
            ]
          : []),
        ...(own ? ["The fault is the referee's own, not in anyone's orders."] : []),
        mine.length
          ? 'The problem with your planes is below. Your accepted orders stand until you send new ones: new orders that mend it (they replace the old, as always) let the turn resolve at once.'
          : 'Your accepted orders stand; you may still change them until the turn is resolved. You need do nothing.',
      ],
      sections: mine.length ? [{ heading: 'The problem with your planes', text: listText(mine) }] : [],
    });
  }
}

/** The turn resolved: its stall, if it had one, is cleared. */
export function clearStall(deps: AppDeps, tx: StoreTx, gameId: string, turn: number): void {
  const s = tx.control.stall(gameId, turn);
  if (s && s.clearedAt === null) tx.control.saveStall({ ...s, clearedAt: deps.clock.now() });
}
