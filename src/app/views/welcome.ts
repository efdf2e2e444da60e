/**
 * The welcome mail as a view of its facts (pure, nothing read from the store): the player's side's
 * situation at the start, his planes' cards and sheets, the how-to's examples written for his own
 * planes, and what is his own, read for him by app/mail/messages.ts queueWelcome (WelcomeFacts).
 */
import type { GameState, PlaneState } from '../../core/state.ts';
import { carriesBombs } from '../../core/damage/state.ts';
import { flying, myPlanes, myUnits } from '../../core/outcome.ts';
import { sideOfPlayer } from '../../core/spotting/fog.ts';
import { formatMoveOrder } from '../../orders/move.ts';
import type { GameRow, PlayerRow } from '../ports/store.ts';
import { docUrl } from '../words/doc-links.ts';
import { wrap } from '../words/text.ts';
import { planeCards } from './cards.ts';
import { firstSteps } from './first-steps.ts';
import { groundTemplateMove } from './ground.ts';
import { campaignWords, commonParts } from './parts.ts';
import { quickCards, quickSheet } from './quick.ts';
import { logSheet, pilotBlock, situationMap } from './sheet.ts';
import { examplePlot, markedExample } from './template.ts';
import { unitSheets } from './units.ts';

/** What a welcome tells that is its reader's own, read for him. */
export interface WelcomeFacts {
  referee: string;
  publicUrl: string | null;
  /** The seats of the computer's in the game, but his. */
  computerSeats: PlayerRow[];
  /** His campaign's words, else ''. */
  campaign: string;
  /** The fair-dice commitment of the turn. */
  commitment: string;
  /** His private calendar feed's address, else ''. */
  calendarUrl: string;
  /** What he needs for the turn (app/mail/messages.ts nextTurn). */
  next: { template: string; ways: string; orderDeadline: string } & object;
}

export function scenarioOf(game: GameRow): { name: string; description: string } {
  try {
    const s = JSON.parse(game.scenario) as { name?: string; description?: string };
    return { name: s.name ?? game.name, description: s.description ? wrap(s.description.trim(), 0) : '' };
  } catch {
    return { name: game.name, description: '' };
  }
}

/** The welcome's view: `state` what the player's side has identified; with `takeover`, a replacement's briefing. */
export function welcomeView(game: GameRow, player: PlayerRow, state: GameState, takeover: string, own: WelcomeFacts) {
  const next = own.next;
  return {
    ...commonParts(own.referee, game, player),
    takeover: takeover ? wrap(takeover, 0) : '',
    // The seats the stand-in pilot flies (docs/standin.md): who the player flies against or with.
    computer: computerWords(own.computerSeats),
    description: scenarioOf(game).description,
    planes: myPlanes(state, player.planes).map((p) => (state.quick ? quickSheet(state, p) : logSheet(state, p))),
    units: unitSheets(state, player.planes),
    cards: state.quick ? quickCards(state, player.planes) : planeCards(state, player.planes).map((c) => c.text),
    map: situationMap(state, player.planes),
    pilots: pilotBlock(state, { side: sideOfPlayer(state, player.planes) ?? '' }),
    ...campaignWords(own.campaign, 0),
    fairDice: own.commitment,
    // The whole guide (the quick game's rules) on the web archive, when the GM published it (PUBLIC_URL).
    guideUrl: own.publicUrl ? docUrl(own.publicUrl, { doc: state.quick ? 'quick' : 'players' }) : '',
    // The player's private calendar of his deadlines (app/calendar/feed.ts), when there is a web address.
    calendarUrl: own.calendarUrl,
    ...exampleIds(state, player),
    ...next,
    // What to do first, before the briefing (docs/first-turn.md); the quick game's rules are its
    // own, and a replacement's briefing starts from the situation.
    firstSteps:
      state.quick || takeover || !next.template
        ? null
        : firstSteps({
            plane: myPlanes(state, player.planes)[0]?.id ?? player.planes[0] ?? 'A1',
            turn: state.turn,
            ways: !!next.ways,
            deadline: !!next.orderDeadline,
            url: own.publicUrl ? docUrl(own.publicUrl, { doc: 'first-turn' }) : '',
          }),
  };
}

/** The welcome's words on the seats of the computer's in the game, or ''. */
function computerWords(seats: readonly PlayerRow[]): string {
  if (!seats.length) return '';
  const planes = seats.flatMap((p) => p.planes);
  return wrap(
    `The stand-in pilot, the referee's computer pilot, flies ${planes.join(', ')} (player${seats.length === 1 ? '' : 's'} ${seats.map((p) => p.id).join(', ')}). It knows only what its side sees, never anyone's orders, and each turn is resolved as soon as the players' orders are in.`,
    0,
  );
}

/** The how-to's examples: a plot the player's first plane can fly now, fire at an enemy plane, a unit's MOVE line. */
function exampleIds(
  state: GameState,
  player: PlayerRow,
): {
  examplePlane: string;
  exampleTarget: string;
  examplePlot: string;
  unitExample: string;
  groundExample: string;
  twoPhase: boolean;
  quick: boolean;
  quickWeapon: string;
  marks?: MarkHelp[];
} {
  const own = flying(myPlanes(state, player.planes)).filter((p) => !p.ground)[0];
  const enemy = state.planes.find((p) => own && p.side !== own.side && p.status === 'flying');
  if (state.quick) {
    const weapon = own ? (state.quick.cards[own.type]?.weapons[0] ?? 'F') : 'F';
    return {
      examplePlane: own?.id ?? 'A1',
      exampleTarget: enemy?.id ?? 'B1',
      examplePlot: `${own?.id ?? 'A1'}: 2R1`,
      unitExample: '',
      groundExample: '',
      twoPhase: false,
      quick: true,
      quickWeapon: weapon,
    };
  }
  const unit = myUnits(state, player.planes)[0];
  const unitExample = !unit
    ? ''
    : unit.kind === 'ship'
      ? `MOVE ${unit.id} TR ${unit.ship?.knots ?? 20}KT`
      : unit.kind === 'truck'
        ? `MOVE ${unit.id} F F`
        : `MOVE ${unit.id} L F`;
  const grounded = flying(myPlanes(state, player.planes)).find((p) => p.ground);
  const groundLine = grounded ? groundTemplateMove(grounded) : undefined;
  return {
    examplePlane: own?.id ?? 'A1',
    exampleTarget: enemy?.id ?? 'B1',
    examplePlot: own ? examplePlot(state, own) : 'A1: RB S S TR N 1+100P',
    unitExample,
    groundExample: groundLine ? formatMoveOrder(groundLine) : '',
    twoPhase: state.options.sequence === 'two-phase',
    quick: false,
    quickWeapon: '',
    marks: marksHelp(state, player),
  };
}

/**
 * The marks written before a plot's boxes that the reader's planes may use (docs/orders.md, the
 * marks of a plot): the steep and vertical modes for every plane, BOMB and JETTISON for a plane
 * with bombs aboard, TORPEDO for one with a torpedo, ROCKETS for one with air-to-ground rockets.
 * Each with an example written for one of his planes.
 */
function marksHelp(state: GameState, player: PlayerRow): MarkHelp[] {
  const mine = flying(myPlanes(state, player.planes)).filter((p) => !p.ground);
  const first = mine[0];
  if (!first) return [];
  const mark = (words: string, p: PlaneState, m: string): MarkHelp => {
    const example = markedExample(state, p, m);
    return { words, example: example ?? '', wrapped: wrap(`- ${example ? `${words}, e.g. ${example}` : words}`, 2) };
  };
  const out = [
    mark(
      'SC, SD or VD first: the whole turn a steep climb, a steep dive or a vertical dive (the log sheet says when the plane may dive vertically; leave the altitudes out and the referee works them out)',
      first,
      'SD',
    ),
  ];
  const bomber = mine.find((p) => carriesBombs(p) && !p.torpedo);
  if (bomber)
    out.push(
      mark(
        "BOMB drops the bombs in the plane's last active impulse on the hex it is in then (dive bombing from a vertical dive ending at 3,000 ft or lower, level bombing for a bomber that does not dive, glide bombing otherwise); JETTISON drops them unaimed in its first",
        bomber,
        'BOMB',
      ),
    );
  const torpedo = mine.find((p) => p.torpedo && carriesBombs(p));
  if (torpedo)
    out.push(
      mark(
        "TORPEDO drops the torpedo in the plane's last active impulse, at 100 ft or lower and no faster than the torpedo's release speed; it runs a hex ahead at once, then a hex a turn",
        torpedo,
        'TORPEDO',
      ),
    );
  const rockets = mine.find((p) => p.rocketLoad);
  if (rockets)
    out.push(
      mark(
        "ROCKETS fires the plane's air-to-ground rockets in its last active impulse at the first enemy truck, tank or ship straight ahead within 4 hexes, from 3,000 ft or lower",
        rockets,
        'ROCKETS',
      ),
    );
  return out;
}

/** One mark of the how-to: its words, an example plot, and both as a wrapped text line. */
interface MarkHelp {
  words: string;
  example: string;
  wrapped: string;
}
