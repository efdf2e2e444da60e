/**
 * The muster before turn 1 (docs/gm-guide.md "Muster", docs/players.md "Before the game: READY"):
 * the game master calls it on a game ready to start (MUSTER [span], tallyho game muster), every
 * player is mailed a call to answer READY by a limit, and turn 1 opens the moment the last one has.
 * The computer's seats need not answer; a seat the game master hands to a newcomer or to the
 * computer during the muster counts as ready. At the limit the game master is told once who is
 * missing (muster-clock.ts); until he decides, a late READY still counts.
 */
import { calendarUrl } from '../calendar/feed.ts';
import { AppError, type AppDeps } from '../ports/deps.ts';
import { checkStart, musterState, requireGame, startGame, type MusterState } from './games.ts';
import { alertGm, gmAddress, queueAnswer } from '../mail/notify.ts';
import { deadlineLines, deadlineText, durationText, parseDuration } from '../game/settings.ts';
import { formatInZone } from '../game/zones.ts';
import type { GameState } from '../../core/state.ts';
import type { GameRow, PlayerRow, StoreTx } from '../ports/store.ts';

const MINUTE = 60_000;
/** How long players have to answer when the game master gives no time: three days. */
export const MUSTER_DEFAULT_MINUTES = 3 * 1440;
/** The shortest muster (an hour) and the longest (30 days). */
export const MUSTER_MIN_MINUTES = 60;
export const MUSTER_MAX_MINUTES = 30 * 1440;

/** The muster's time span in minutes, as the settings write times (`3d`, `48h`, `90m`); the default without one. */
export function musterMinutes(text: string | undefined): number {
  if (text === undefined || !text.trim()) return MUSTER_DEFAULT_MINUTES;
  const d = parseDuration(text);
  if (!d.ok) throw new AppError('E_USAGE', `MUSTER ${text}: ${d.error}`);
  if (d.value < MUSTER_MIN_MINUTES || d.value > MUSTER_MAX_MINUTES) {
    throw new AppError(
      'E_USAGE',
      `MUSTER ${text}: a muster lasts from ${durationText(MUSTER_MIN_MINUTES)} to ${durationText(MUSTER_MAX_MINUTES)} (${durationText(MUSTER_DEFAULT_MINUTES)} when no time is given)`,
    );
  }
  return d.value;
}

/** A player's planes and units in words: `R1 (Spitfire I, RAF)`. */
export function piecesWords(state: GameState, ids: readonly string[]): string {
  const side = (s: string) => state.sides[s]?.name ?? s;
  return (
    ids
      .map((id) => {
        const plane = state.planes.find((p) => p.id === id);
        if (plane)
          return `${id} (${state.quick?.cards[plane.type]?.name ?? state.aircraft[plane.type]?.name ?? plane.type}, ${side(plane.side)})`;
        const unit = (state.units ?? []).find((u) => u.id === id);
        return unit
          ? `${id} (${unit.kind === 'ship' ? (state.ships?.[unit.type]?.name ?? unit.type) : unit.kind}, ${side(unit.side)})`
          : id;
      })
      .join(', ') || 'nothing'
  );
}

/** The seats ready, for a message: `ann, computer (the stand-in pilot)`. */
export const readyWords = (m: MusterState): string =>
  m.ready.map((r) => `${r.player.id}${r.at === null ? ' (the stand-in pilot)' : ''}`).join(', ') || 'nobody yet';

/** The envelope a player may send back instead of a one-line READY (its first line carries the turn token). */
export const readyEnvelope = (deps: AppDeps, game: GameRow, player: PlayerRow): string =>
  `#TALLYHO ${game.id} ${player.id} "${deps.keys.turnToken(game.id, player.id, game.turn)}"\nREADY\n#END`;

/** How a player's planes fly a turn he sends no orders for, by the game's `missed` setting, in short. */
export const missedWords = (missed: 'default' | 'standin'): string =>
  missed === 'standin' ? 'are flown by the stand-in pilot' : 'fly the default (forwards, fire held)';

/** How to answer, what happens without an answer: the words of the call and of the reminder. */
export function howToAnswer(tx: StoreTx, game: GameRow): string[] {
  const s = tx.control.get(game.id).settings;
  return [
    'To answer, reply to this mail with the one word READY on the first line (the quoted mail below it may stay), or send a mail whose subject or text is READY from this address, or send back the envelope at the end of this mail.',
    `Without your READY by then, the game master is told and decides: another player or the stand-in pilot (the referee's computer pilot) may take over your planes, or the game starts without waiting, and each turn without your orders your planes ${missedWords(s.missed)}. A READY that comes after the limit still counts until the game master has decided.`,
  ];
}

/** The games an address holds a seat in that muster now (READY is for them). */
export function musteringGames(tx: StoreTx, email: string): string[] {
  return tx.players
    .byEmail(email)
    .filter((p) => p.status !== 'replaced' && tx.club.muster(p.gameId))
    .map((p) => p.gameId);
}

/** The call to one player (again: a muster given more time), with the limit in the game's zone and his. */
function callPlayer(
  deps: AppDeps,
  tx: StoreTx,
  game: GameRow,
  state: GameState,
  p: PlayerRow,
  m: MusterState,
  again: boolean,
): void {
  const s = tx.control.get(game.id).settings;
  const gm = gmAddress(deps, tx, game.id);
  const others = [...m.ready.map((r) => r.player), ...m.missing]
    .filter((o) => o.id !== p.id)
    .map((o) => (o.email ? o.id : `${o.id} (the stand-in pilot)`));
  const calendar = calendarUrl(deps, tx, p.email);
  queueAnswer(deps, tx, {
    to: p.email,
    game,
    player: p,
    kind: 'notice',
    title: again ? `muster for ${game.name}: more time to answer READY` : `muster for ${game.name}: answer READY`,
    paragraphs: [
      again
        ? `The game master has given the muster of game ${game.id} (${game.name}) more time, and no READY from you is in yet. Turn 1 opens as soon as every player has answered READY.`
        : `The game master calls the muster of game ${game.id} (${game.name}): turn 1 opens as soon as every player has answered READY.`,
      `You are ${p.id}, flying ${piecesWords(state, p.planes)}. ${others.length ? `The other players: ${others.join(', ')}. ` : ''}${gm ? `Your game master: ${gm}.` : ''}`.trim(),
      [`Answer READY by:`, ...deadlineLines(m.until, s.zone, p.zone).map((l) => `    ${l}`)].join('\n'),
      ...howToAnswer(tx, game),
      "Nothing else is needed now: the welcome, with the map, your aircraft's cards and your orders for turn 1, comes when the game starts. One reminder comes before the limit if your READY is not in.",
      ...(calendar
        ? [
            `The muster's limit, and then your deadlines, as a calendar (subscribe to it, keep it private):\n  ${calendar}`,
          ]
        : []),
    ],
    sections: [{ heading: 'Ready to send', text: readyEnvelope(deps, game, p) }],
  });
}

/**
 * Every seat ready: the muster is closed and the game starts (startGame, the welcomes queued). The
 * game master is alerted when the start comes from anyone but himself (`by`: what made it, '' when
 * the clock found it so; null: his own command, answered with the lines returned).
 */
export function musterComplete(deps: AppDeps, tx: StoreTx, game: GameRow, by: string | null): string[] {
  const r = startGame(deps, game.id);
  if (by !== null) {
    alertGm(deps, tx, r.game, `every player is ready: game ${game.id} has started`, [
      `${by ? `${by} ` : ''}Every player of game ${game.id} (${game.name}) is ready, so the muster is over and turn 1 is open: ${r.welcomes} welcome mail${r.welcomes === 1 ? '' : 's'} went out.`,
    ]);
  }
  return [
    `Every player is ready: game ${game.id} has started, ${r.welcomes} welcome mail${r.welcomes === 1 ? '' : 's'} queued.`,
  ];
}

/**
 * MUSTER [span] (tallyho game muster): opens the muster of a game that could start now, calling
 * every player to answer READY within the span; on a muster already open, a new limit from now,
 * the players not ready called again and the game master told again at the new limit. The lines
 * of the answer.
 */
export function openMuster(deps: AppDeps, gameId: string, span?: string): string[] {
  const minutes = musterMinutes(span);
  return deps.store.tx((tx) => {
    const g = requireGame(tx, gameId);
    if (g.status !== 'setup') {
      throw new AppError(
        'E_STATE',
        g.status === 'over'
          ? `game '${g.id}' is over`
          : `game '${g.id}' has started already (it is at turn ${g.turn}): a muster is held before turn 1 only`,
      );
    }
    const { game, state } = checkStart(tx, g.id);
    const now = deps.clock.now();
    const again = musterState(tx, game.id) !== null;
    if (!again) for (const p of tx.players.list(game.id)) tx.club.setReady(game.id, p.id, null);
    tx.club.openMuster({ gameId: game.id, openedAt: now, until: now + minutes * MINUTE });
    const m = musterState(tx, game.id) as MusterState;
    const zone = tx.control.get(game.id).settings.zone;
    const limit = `${formatInZone(m.until, zone)} (${durationText(minutes)} from now)`;
    if (!m.missing.length)
      return [`Nobody in game ${game.id} has to answer: ${readyWords(m)}.`, ...musterComplete(deps, tx, game, null)];
    for (const p of m.missing) callPlayer(deps, tx, game, state, p, m, again);
    const called = m.missing.map((p) => `${p.id} (${p.email})`).join(', ');
    return again
      ? [
          `The muster of game ${game.id} runs until ${limit} now. Called again: ${called}. Ready: ${readyWords(m)}.`,
          'You are told again at the new limit if anyone is still missing.',
        ]
      : [
          `Muster of game ${game.id} (${game.name}) opened: READY by ${limit}. Called: ${called}.${m.ready.length ? ` Ready without answering: ${readyWords(m)}.` : ''}`,
          'Turn 1 opens when every player has answered READY; at the limit you are told who is missing, with what you can do then.',
        ];
  });
}

/** Who is still to answer, and until when, in the reader's zones (for the answers to READY and STATUS). */
function stillToAnswer(tx: StoreTx, m: MusterState, reader: PlayerRow | null): string {
  const s = tx.control.get(m.gameId).settings;
  const limit = deadlineText(m.until, s.zone, reader?.zone ?? null);
  return `Still to answer READY: ${m.missing.map((p) => p.id).join(', ')}. ${
    m.toldAt !== null
      ? `The muster's limit (${limit}) has passed and the game master has been told: the game starts when they are ready or when the game master decides.`
      : `Turn 1 opens when they have answered, or the game master decides at the limit, ${limit}.`
  }`;
}

/**
 * READY from a player (in his envelope, or a mail of that one line from his address): he is marked
 * ready, once; the last READY starts the game. The paragraphs of the answer.
 */
export function musterReady(deps: AppDeps, tx: StoreTx, gameRow: GameRow, player: PlayerRow): string[] {
  const game = tx.games.get(gameRow.id) ?? gameRow;
  if (game.status === 'running')
    return [
      `Game ${game.id} (${game.name}) has started already and is at turn ${game.turn}: no READY is needed, only your orders (STATUS tells the deadline).`,
    ];
  if (game.status === 'over') return [`Game ${game.id} (${game.name}) is over.`];
  const m = musterState(tx, game.id);
  if (!m)
    return [
      `Game ${game.id} (${game.name}) does not hold a muster: the game master starts it when every plane has its player, and your welcome, with the map and your orders for turn 1, comes then. Nothing is needed from you until then.`,
    ];
  const zone = tx.control.get(game.id).settings.zone;
  const said = m.ready.find((r) => r.player.id === player.id);
  if (said)
    return [
      `You are ready already: your READY came at ${deadlineText(said.at ?? m.openedAt, zone, player.zone)}. ${stillToAnswer(tx, m, player)} Your welcome, with the map and your orders for turn 1, comes when the game starts.`,
    ];
  tx.club.setReady(game.id, player.id, deps.clock.now());
  const after = musterState(tx, game.id) as MusterState;
  if (!after.missing.length) {
    musterComplete(deps, tx, game, `The last READY came from ${player.id}.`);
    return [
      `You are ready, and so is every other player: game ${game.id} (${game.name}) starts now. Your welcome, with the map and your orders for turn 1, comes in a mail of its own.`,
    ];
  }
  return [
    `You are ready for game ${game.id} (${game.name}). ${stillToAnswer(tx, after, player)} Your welcome, with the map and your orders for turn 1, comes when the game starts.`,
  ];
}

/**
 * A seat that changed hands during a muster (REPLACE, COMPUTER: roster.ts): the newcomer counts as
 * ready (the game master named him), and is told so while others are still to answer; when that
 * makes every seat ready, the game starts. The lines for the game master's answer.
 */
export function musterSeatTaken(deps: AppDeps, tx: StoreTx, gameId: string, seat: PlayerRow, from: string): string[] {
  const game = requireGame(tx, gameId);
  if (game.status !== 'setup' || !musterState(tx, game.id)) return [];
  if (seat.email) tx.club.setReady(game.id, seat.id, deps.clock.now());
  const m = musterState(tx, game.id) as MusterState;
  if (!m.missing.length) return musterComplete(deps, tx, game, null);
  if (seat.email) {
    const state = tx.turns.get(game.id, game.turn)?.state;
    queueAnswer(deps, tx, {
      to: seat.email,
      game,
      player: seat,
      kind: 'notice',
      title: `you are in: ${game.name}`,
      paragraphs: [
        `The game master has given you the planes of ${from} in game ${game.id} (${game.name}): you are ${seat.id}, flying ${state ? piecesWords(state, seat.planes) : seat.planes.join(', ')}. Your secret comes from the game master.`,
        `He counts you as ready in the game's muster. ${stillToAnswer(tx, m, seat)} Your welcome, with the map and your orders for turn 1, comes when the game starts.`,
      ],
    });
  }
  return [`${seat.id} counts as ready in the muster. ${stillToAnswer(tx, m, null)}`];
}

/** The muster in a STATUS answer: its limit in the reader's zones, who is ready and who is not; null without one. */
export function musterStatus(tx: StoreTx, game: GameRow, reader: PlayerRow | null): string | null {
  const m = game.status === 'setup' ? musterState(tx, game.id) : null;
  if (!m) return null;
  const zone = tx.control.get(game.id).settings.zone;
  const mine = reader && m.missing.some((p) => p.id === reader.id) ? ' Your READY is not in yet: send READY.' : '';
  return `The game master has called the muster: turn 1 opens when every player has answered READY, by ${deadlineText(m.until, zone, reader?.zone ?? null)}${m.toldAt !== null ? ' (that limit has passed: the game master decides)' : ''}. Ready: ${readyWords(m)}. Still to answer: ${m.missing.map((p) => p.id).join(', ') || 'nobody'}.${mine}`;
}
