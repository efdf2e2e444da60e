/**
 * A turn's report as a view of the turn's facts (docs/architecture.md "A turn's facts"): what every
 * report of the turn tells (TurnFacts, read once from the store by app/mail/report.ts), what a side
 * has identified (SideView, worked out once per side), and what is the reader's own (ReaderFacts).
 * Pure: nothing is read from the store here.
 */
import { fogEvents, fogState } from '../../core/spotting/fog.ts';
import type { GameEvent } from '../../core/events.ts';
import type { GameState } from '../../core/state.ts';
import { myPlanes } from '../../core/outcome.ts';
import { sideNames, turnLog } from '../../report/turn-log.ts';
import { flexibleShots } from '../../report/clock.ts';
import { casualties, unitLosses } from '../../report/combat-log.ts';
import { noShotLines } from '../../report/no-shot.ts';
import { deadlineText } from '../game/settings.ts';
import { revealWords, type RevealFacts } from '../game/dice.ts';
import { debriefText, onLeave, standinParts, standinText, type DebriefTurn } from '../game/standin.ts';
import type { GameRow, OrdersRow, PlayerRow } from '../ports/store.ts';
import { type Picture, reportPicture } from './pictures.ts';
import { logSheet, pilotBlock, situationMap } from './sheet.ts';
import { unitSheets } from './units.ts';
import { endText } from './outcome.ts';
import { quickCasualties, quickSheet } from './quick.ts';
import { campaignWords, commonParts } from './parts.ts';
import { wrap } from '../words/text.ts';
import { paths, webUrl } from '../words/urls.ts';

/** What the store holds of a resolved turn that every player's report tells, read once. */
export interface TurnFacts {
  /** The game as the turn left it (its next turn, or over). */
  game: GameRow;
  resolved: number;
  over: boolean;
  /** The state after the turn, and the turn's events: the whole, before any fog. */
  state: GameState;
  events: GameEvent[];
  /** A turn the game master rolled back and that was resolved again (src/app/gm/rollback.ts). */
  rerun: boolean;
  /** The orders that flew the turn (the stand-in's marked), by player. */
  orders: OrdersRow[];
  /** The last report's debrief: the stand-in's choices and reasons of every turn it flew. */
  debrief: DebriefTurn[];
  /** The game's time zone. */
  zone: string;
  /** The turn's dice, revealed in every report (docs/fair-dice.md). */
  reveal: RevealFacts;
}

/** What one side has identified after the turn (docs/spotting.md), and its picture of the map. */
export interface SideView {
  /** The side; null for everything (the game over, or no fog). */
  side: string | null;
  state: GameState;
  events: GameEvent[];
  picture: Picture;
}

/**
 * A side's view of the turn: the state and events after it as the side has identified them (the
 * last report tells everything: `side` null), and the map's picture with the tracks of the turn,
 * from `before` (the state the turn started from).
 */
export function sideView(facts: TurnFacts, before: GameState, side: string | null): SideView {
  const state = fogState(facts.state, side);
  const events = fogEvents(facts.events, facts.state, side);
  return { side, state, events, picture: reportPicture(fogState(before, side), state, events, facts.game.name) };
}

/** What a report tells that is its reader's own, read for him. */
export interface ReaderFacts {
  /** The referee's address, and its web address (PUBLIC_URL) or null. */
  referee: string;
  publicUrl: string | null;
  now: number;
  /** His campaign's words in the last report, else ''. */
  campaign: string;
  /** What he needs for the next turn (app/mail/messages.ts nextTurn), or null when the game is over. */
  next: object | null;
}

/** The report's view for one reader. */
export function reportView(facts: TurnFacts, seen: SideView, player: PlayerRow, own: ReaderFacts) {
  const { game, resolved } = facts;
  return {
    ...commonParts(own.referee, game, player),
    turn: resolved,
    rerun: facts.rerun,
    // Whose planes the stand-in pilot flew this turn; for the reader's own, what it chose and why:
    // laid out for the text mail, and as parts for the HTML's paragraphs (never <pre>: prose wraps).
    ...((parts) => ({ standin: standinText(parts), standinParts: parts }))(
      standinParts(
        facts.orders,
        player,
        player.leaveUntil === null ? null : deadlineText(player.leaveUntil, facts.zone, player.zone),
      ),
    ),
    // On leave (app/setup/leave.ts): what comes next is the stand-in's turn unless orders come.
    leaveUntil: onLeave(player, own.now) ? deadlineText(player.leaveUntil as number, facts.zone, player.zone) : '',
    // The turn's page in the web archive, when the GM published it (PUBLIC_URL).
    turnUrl: own.publicUrl ? webUrl(own.publicUrl, paths.turn(game.id, resolved)) : '',
    ...turnWords(facts, seen, player),
    ...campaignWords(own.campaign, 4),
    // The short fair-dice block near the top, the full record at the end of the mail.
    ...(({ summary, full }) => ({ fairDice: summary, fairDiceFull: full }))(
      revealWords(facts.reveal, player.id, own.publicUrl),
    ),
    ...(own.next ?? { nextTurn: null, needs: [], template: '' }),
  };
}

/** What the report tells of the turn itself, as the reader's side saw it: the map, the log, the end, the sheets. */
function turnWords(facts: TurnFacts, seen: SideView, player: PlayerRow) {
  const { state, events } = seen;
  const over = facts.over;
  return {
    map: situationMap(state, player.planes),
    // The mail's log tells the flak misses at under 1% in one line an impulse (report/combat-log.ts).
    impulses: turnLog(events, undefined, sideNames(state), {
      summariseFlak: true,
      flexible: flexibleShots(state),
    }),
    quick: !!state.quick,
    // The end explained in the first lines (endText): what left the fight this turn, who wins.
    outcome: over
      ? wrap(
          `${endText(facts.events, facts.state)} Thank you for playing.${facts.debrief.length ? " What the stand-in pilot chose and why, every turn it flew: THE STAND-IN'S DEBRIEF, near the end of this mail." : ''}`,
          0,
        )
      : '',
    debrief: debriefText(facts.debrief),
    debriefTurns: facts.debrief,
    // Why the reader's own fire orders did not fire: never another player's (they tell his orders).
    noShots: wrap(
      noShotLines(events, player.planes, (id) => state.planes.find((p) => p.id === id)?.status)
        .map((l) => `- ${l}`)
        .join('\n'),
      2,
    ),
    combat: wrap((state.quick ? quickCasualties(events) : casualties(events)).join('\n'), 4),
    losses: wrap(unitLosses(events).join('\n'), 4),
    sheets: myPlanes(state, player.planes).map((p) =>
      state.quick ? quickSheet(state, p, !over) : logSheet(state, p, !over),
    ),
    pilots: pilotBlock(state, over ? 'all' : { side: seen.side ?? '' }),
    units: unitSheets(state, player.planes),
    over,
  };
}
