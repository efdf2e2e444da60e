/**
 * The mails of correspondence play: reminders before a deadline, notices to players (the deadline
 * passed, a missed turn, who is still missing), announcements to every player (settings changed,
 * pause, extension, rollback, replacement), alerts to the game master, and answers to commands.
 * Mail goes only to registered addresses: players' and the game master's.
 */
import { onLeave } from '../game/standin.ts';
import { utf8Bytes } from '../../orders/text.ts';
import { deadlineLine, deadlineParagraph, turnReadiness } from '../game/deadlines.ts';
import type { Picture } from '../views/pictures.ts';
import type { GameState } from '../../core/state.ts';
import type { AppDeps } from '../ports/deps.ts';
import { queueMail } from './mailer.ts';
import { nextTurn } from './messages.ts';
import type { GameRow, OutboxKind, PlayerRow, StoreTx } from '../ports/store.ts';
import { durationText } from '../game/settings.ts';
import { wrap } from '../words/text.ts';

export const DEFAULT_WORDS =
  'the manoeuvre carried over, then forwards manoeuvres at their speed, with no power or brake marks, fire held (where the rules forbid that, the nearest legal plot; the report says which)';
/** The quick game's default (seed 004, docs/quick.md): no move, straight on; the guns fire as ever. */
export const QUICK_DEFAULT_WORDS =
  'each aircraft straight on at its SPEED, its guns firing at the nearest enemy in their arcs';
export const defaultWords = (state: GameState | undefined): string =>
  state?.quick ? QUICK_DEFAULT_WORDS : DEFAULT_WORDS;

/**
 * How the planes of a player without orders fly, by the game's `missed` setting: `flew ...` / `fly ...`;
 * `planes`: how many the words are about (`G1 was flown`, `G1, G2 were flown`).
 */
export const missedFlight = (
  missed: 'default' | 'standin',
  state: GameState | undefined,
  past: boolean,
  planes = 2,
): string =>
  missed === 'standin'
    ? `${past ? (planes === 1 ? 'was' : 'were') : planes === 1 ? 'is' : 'are'} flown by the stand-in pilot (it picks from their legal ways to fly, knowing only what their side sees; the report says what it chose)`
    : `${past ? 'flew' : 'fly'} the default: ${defaultWords(state)}`;

/** The game master's address: the game's own, else the installation's (GM_EMAIL); null when none. */
export function gmAddress(deps: AppDeps, tx: StoreTx, gameId: string | null): string | null {
  const own = gameId ? tx.control.get(gameId).gmEmail : null;
  return own ?? deps.referee.gm?.email ?? null;
}

const capital = (s: string): string => `${s.charAt(0).toUpperCase()}${s.slice(1)}`;

export interface Section {
  heading: string;
  /** Preformatted text (maps, logs): at most 78 columns. */
  text: string;
  /** The map's picture (app/views/pictures.ts), shown above the text in the HTML part; a mail carries one. */
  picture?: Picture;
}

export interface AnswerInput {
  to: string;
  game: GameRow | null;
  player: PlayerRow | null;
  title: string;
  paragraphs: string[];
  sections?: Section[];
  subject?: string;
  kind?: OutboxKind;
  inboundId?: number | null;
  replyTo?: string;
  /** false: no orders ready to send at its end (the turn it would carry is resolved in the same step). */
  ready?: false;
}

/** The most an answer may weigh, its text and HTML parts together (docs/orders.md "Limits"). */
export const MAX_REPLY_BYTES = 200 * 1024;
/** Below this much text (paragraphs and sections) an answer cannot reach MAX_REPLY_BYTES: not measured. */
const SURELY_SMALL = 16 * 1024;

export { utf8Bytes };
const bytes = utf8Bytes;

/**
 * The view of an answer, its last sections left out while the rendered mail would weigh more than
 * MAX_REPLY_BYTES (HTML escaping can make the HTML part several times the text), with a paragraph
 * naming what was left out.
 */
function answerView(deps: AppDeps, a: AnswerInput, title: string, tail: Section[] = []): object {
  const sectionView = (s: Section) => ({
    heading: s.heading,
    upper: s.heading.toUpperCase(),
    text: s.text.trimEnd(),
    hasPicture: !!s.picture,
  });
  const all = (a.sections ?? []).map(sectionView);
  // The orders ready to send (readySection) end the mail, never cut.
  const last = tail.map(sectionView);
  const paragraphs = a.paragraphs.map((p) => wrap(p, 0));
  const base = { game: a.game?.id ?? '', player: a.player?.id ?? '', referee: deps.referee.address, title };
  const text = paragraphs.reduce((n, p) => n + p.length, 0) + all.reduce((n, s) => n + s.text.length, 0);
  if (text < SURELY_SMALL) return { ...base, paragraphs, sections: [...all, ...last] };
  const fits = (v: object): boolean => {
    const r = deps.renderer.render('answer', v);
    return bytes(r.text) + bytes(r.html) <= MAX_REPLY_BYTES;
  };
  const cut = (n: number): object => {
    const counts = new Map<string, number>();
    for (const x of all.slice(n)) counts.set(x.heading, (counts.get(x.heading) ?? 0) + 1);
    const left = [...counts].map(([h, k]) => (k > 1 ? `${h} (${k} times)` : h));
    const one = n === all.length - 1;
    return {
      ...base,
      sections: [...all.slice(0, n), ...last],
      paragraphs:
        n === all.length
          ? paragraphs
          : [
              ...paragraphs,
              wrap(
                `This answer was cut to stay under ${MAX_REPLY_BYTES / 1024} KB, the most a mail from the referee weighs: left out ${one ? 'is' : 'are'} ${left.join(', ')}. Ask for ${one ? 'it' : 'them'} again in a later mail, a few at a time.`,
                0,
              ),
            ],
    };
  };
  // The most sections that fit: a binary search, a handful of renders at most.
  let lo = 0;
  let hi = all.length;
  if (fits(cut(hi))) return cut(hi);
  while (lo < hi - 1) {
    const mid = (lo + hi) >> 1;
    if (fits(cut(mid))) lo = mid;
    else hi = mid;
  }
  const view = cut(lo);
  // Paragraphs too long even without sections (they are bounded by the order language's limits).
  return fits(view)
    ? view
    : {
        ...base,
        sections: [],
        paragraphs: [
          wrap(
            `This answer would weigh more than ${MAX_REPLY_BYTES / 1024} KB, the most a mail from the referee weighs, so it was not written out. Send fewer commands in one mail.`,
            0,
          ),
        ],
      };
}

/**
 * Every mail to a player that leaves his orders open ends with his orders ready to send (the ones
 * that stand for the turn, or the template), so that replying to the latest mail always works
 * (docs/players.md "Other mails from the referee"): a running game, a player with something in
 * play, and no envelope in the mail already.
 */
function readySection(deps: AppDeps, tx: StoreTx, a: AnswerInput): Section[] {
  try {
    return readyOrders(deps, tx, a);
  } catch (e) {
    // A state the referee cannot read (a turn that cannot be resolved): the mail goes without it.
    deps.log.warn(
      { game: a.game?.id, player: a.player?.id, error: (e as Error).message },
      'no orders ready to send in this mail',
    );
    return [];
  }
}

function readyOrders(deps: AppDeps, tx: StoreTx, a: AnswerInput): Section[] {
  if (!a.player || !a.game || a.ready === false) return [];
  const game = tx.games.get(a.game.id);
  if (!game || game.status !== 'running') return [];
  // A mail that holds an envelope to send already ends with it; an example with placeholders (HELP's
  // "<secret or turn token>") is none.
  if (
    [...a.paragraphs, ...(a.sections ?? []).map((x) => x.text)].some((t) =>
      /^[ \t]*(\|[ \t]*)?#TALLYHO[ \t]+\S+[ \t]+\S+[ \t]+"[^"<]/m.test(t),
    )
  )
    return [];
  const player = tx.players.get(game.id, a.player.id) ?? a.player;
  if (player.status === 'replaced') return [];
  // On leave the stand-in flies his planes: no orders to send (app/setup/leave.ts).
  if (onLeave(player, deps.clock.now())) return [];
  const state = tx.turns.get(game.id, game.turn)?.state;
  if (!state) return [];
  // A turn every order is in for is resolved as soon as this mail's work is done (turn/resolve.ts):
  // no orders ready to send for it, and the mail says why.
  if (turnReadiness(tx, game, deps.clock.now()).ready) {
    return [
      {
        heading: `Turn ${game.turn} is complete`,
        text: wrap(`Every order for turn ${game.turn} is in: it is resolved now, and its report follows.`, 0),
      },
    ];
  }
  const next = nextTurn(deps, tx, game, player, state);
  if (!next.template) return [];
  return [
    {
      heading: `Your orders for turn ${game.turn}, ready to send`,
      text: `${wrap(next.keepsText, 0)}\n\n${next.template}`,
    },
  ];
}

/** An answer or notice: a title, paragraphs and preformatted sections (templates/answer.*.hbs); returns its Message-ID. */
export function queueAnswer(deps: AppDeps, tx: StoreTx, a: AnswerInput): string {
  if (!a.to) return ''; // the computer's seat has no address (app/game/standin.ts)
  const title = capital(a.title);
  const view = answerView(deps, a, title, readySection(deps, tx, a));
  return queueMail(deps, tx, {
    kind: a.kind ?? 'answer',
    template: 'answer',
    view,
    subject: a.subject ?? (a.game ? `[${a.game.id}] ${title}` : `Tallyho: ${title}`),
    to: a.to,
    gameId: a.game?.id ?? null,
    player: a.player,
    turn: a.game?.turn ?? null,
    inboundId: a.inboundId ?? null,
    ...(a.replyTo ? { replyTo: a.replyTo } : {}),
    // The first section's picture, when the answer still carries that section (answerView may cut).
    picture:
      (a.sections ?? []).find((s, i) => s.picture && (view as { sections: unknown[] }).sections.length > i)?.picture ??
      null,
  }).messageId;
}

/**
 * The same notice to every active player of the game (and a copy to the game master); with
 * `deadline`, each mail ends with the current deadline in the game's and the reader's zone.
 */
export function announce(
  deps: AppDeps,
  tx: StoreTx,
  game: GameRow,
  title: string,
  paragraphs: string[],
  opts: { sections?: Section[]; deadline?: boolean; sectionsFor?: (p: PlayerRow) => Section[]; ready?: false } = {},
): number {
  const players = tx.players.list(game.id);
  const sections = opts.sections ?? [];
  const more = (p: PlayerRow | null) =>
    opts.deadline && game.status === 'running' ? [deadlineParagraph(tx, game, p)] : [];
  // `sectionsFor`: a player's own sections after the common ones (the game master's copy has none).
  for (const p of players)
    queueAnswer(deps, tx, {
      to: p.email,
      game,
      player: p,
      title,
      paragraphs: [...paragraphs, ...more(p)],
      sections: [...sections, ...(opts.sectionsFor?.(p) ?? [])],
      kind: 'notice',
      ...(opts.ready === false ? { ready: false as const } : {}),
    });
  const gm = gmAddress(deps, tx, game.id);
  if (gm && !players.some((p) => p.email === gm)) {
    queueAnswer(deps, tx, {
      to: gm,
      game,
      player: null,
      title: `${title} (sent to every player)`,
      paragraphs: [...paragraphs, ...more(null)],
      sections,
      kind: 'notice',
    });
  }
  return players.length;
}

/** A notice to the game master, when there is one. */
export function alertGm(
  deps: AppDeps,
  tx: StoreTx,
  game: GameRow,
  title: string,
  paragraphs: string[],
  sections: Section[] = [],
): boolean {
  const gm = gmAddress(deps, tx, game.id);
  if (!gm) {
    deps.log.warn({ game: game.id, title }, 'no game master address: alert only logged');
    return false;
  }
  queueAnswer(deps, tx, {
    to: gm,
    game,
    player: null,
    title,
    paragraphs,
    sections,
    kind: 'notice',
    subject: `[${game.id}] GM: ${capital(title)}`,
  });
  return true;
}

/** The reminder to a player whose orders are not in, with the deadline in both zones and the orders template. */
export function queueReminder(deps: AppDeps, tx: StoreTx, game: GameRow, player: PlayerRow, missing: string[]): void {
  const state = tx.turns.get(game.id, game.turn)?.state;
  if (!state) return;
  const settings = tx.control.get(game.id).settings;
  const next = nextTurn(deps, tx, game, player, state, { ways: true });
  const view = {
    game: game.id,
    gameName: game.name,
    player: player.id,
    referee: deps.referee.address,
    turn: game.turn,
    title: `Turn ${game.turn}: your orders are due`,
    intro: wrap(`No orders from you for turn ${game.turn} of game ${game.id} (${game.name}) are in yet.`, 0),
    deadline: deadlineLine(tx, game, player),
    grace: settings.graceMinutes
      ? wrap(
          `Orders are still taken for ${durationText(settings.graceMinutes)} after the deadline; then the turn is resolved.`,
          0,
        )
      : '',
    defaults: wrap(
      `Without orders by then your planes ${missedFlight(settings.missed, state, false)}. A missed turn is counted.`,
      0,
    ),
    missing: missing.join(', '),
    ...next,
    orderDeadline: '',
  };
  queueMail(deps, tx, {
    kind: 'reminder',
    template: 'reminder',
    view,
    subject: `[${game.id}] Turn ${game.turn}: your orders are due`,
    to: player.email,
    gameId: game.id,
    player,
    turn: game.turn,
  });
}

export interface Answer {
  paragraphs: string[];
  sections: Section[];
  /** Bytes of a mail of its own the command queued (RESEND's copy of a report). */
  aside?: number;
}
